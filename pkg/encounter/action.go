package encounter

import (
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Action is one thing a combatant does on its turn (pp. 30-31, 41-43):
// Move, UsePower, PickUp, GrabThing, Other, Pass, StrikeAction or Smash.
// Each carries only its own fields; Do dispatches on the type. The set is
// closed: record is unexported.
type Action interface {
	// record is the action as its event keeps it.
	record() ActionRecord
}

// Move moves the actor up to its movement speed (p. 30), or teleports
// (pp. 76-77), glides on a Retractable Glider (p. 52) or stretches with
// Elasticity (p. 55).
type Move struct {
	Actor  string
	Metres int
	// Teleport makes the move a teleport (also when farther than the
	// speed and Teleport is the only power that goes farther); Upwards a
	// vertical one (twice the stamina); Carry, CarryKg and Blind are its
	// load and blindness (pp. 76-77).
	Teleport, Upwards bool
	Carry             []string
	CarryKg           int
	Blind             bool
	// Glide: 10 m a panel at most, the flight clock rolled when gliding
	// starts (p. 52). Stretch: an Elasticity stretch, a panel (p. 55).
	Glide, Stretch bool
	Note           string
}

// UsePower uses or switches on a power (pp. 51-78): a double-panel unless
// the power says a single one (Panels 1).
type UsePower struct {
	Actor  string
	Power  rulebook.PowerID
	Effect string // a PresetEffect name, a psychic power, spell or shield
	Target string
	Points int
	Pool   string
	Panels int
	Form   string // Shapechange's specific form (p. 70)
	Count  int    // Duplication's copies (default 1)
	// Contest: a psychic power's, spell's or device's details.
	Contest PowerContest
	// Spell: an illusion's, a hallucination's, a cancel's or a gift's.
	Spell SpellDetails
	Note  string
}

// PowerContest is what a psychic power, spell or device needs beyond the
// power (combat.MentalInput): the mass Telekinesis moves, the pool
// Psychic Drain empties, Transmutation's modifiers, Empathy's or
// Telepathy's mode, the target resisting (a double-panel reaction, p. 43)
// or willing, and the hero points on the will contest's d20s (p. 14).
type PowerContest struct {
	MassKg    int
	Drain     string
	Modifiers []string
	Mode      string
	Resist    bool
	Willing   bool
	// HeroPoints re-roll the will contest's d20s.
	HeroPoints combat.ContestSpends
}

// SpellDetails are an illusion's Radius and Distance in metres (0: the
// base 2 m and 20 m, pp. 63, 67), Hurt: a hallucination hurts on a
// success (p. 68), Spell: the spell a cancel ends (p. 62), Gift: Bestow
// Gift's gift (p. 63).
type SpellDetails struct {
	Radius   int
	Distance int
	Hurt     bool
	Spell    string
	Gift     string
}

// PickUp picks up an object: a panel (p. 31).
type PickUp struct{ Actor, Object, Note string }

// GrabThing grabs anything not fighting back, automatically: a panel
// (p. 41). A grab of a combatant is a StrikeAction.
type GrabThing struct{ Actor, Object, Note string }

// Other is any other action, for the panels the GM rules (1 or 2, p. 31).
type Other struct {
	Actor, Note string
	Panels      int
}

// Pass ends the actor's turn; Hold keeps an unused panel into the next
// page (p. 31).
type Pass struct {
	Actor string
	Hold  bool
}

// StrikeAction is an attack, a grab of a combatant or a finishing move
// (Attack), with the house rules it is ruled by.
type StrikeAction struct {
	Strike Strike
	Rules  combat.Options
}

func (m Move) record() ActionRecord {
	return ActionRecord{Actor: m.Actor, Kind: ActMove, Metres: m.Metres, Teleport: m.Teleport, Upwards: m.Upwards,
		Carry: m.Carry, CarryKg: m.CarryKg, Blind: m.Blind, Glide: m.Glide, Stretch: m.Stretch, Note: m.Note}
}

func (u UsePower) record() ActionRecord {
	c, s := u.Contest, u.Spell
	return ActionRecord{Actor: u.Actor, Kind: ActPower, Power: u.Power, Effect: u.Effect, Target: u.Target,
		Points: u.Points, Pool: u.Pool, Panels: u.Panels, Form: u.Form, Count: u.Count,
		MassKg: c.MassKg, Drain: c.Drain, Modifiers: c.Modifiers, Mode: c.Mode, Resist: c.Resist, Willing: c.Willing,
		AttackerHeroPoints: c.HeroPoints.Attacker, DefenderHeroPoints: c.HeroPoints.Defender,
		AttackerOpponentHeroPoints: c.HeroPoints.AttackerOpponent, DefenderOpponentHeroPoints: c.HeroPoints.DefenderOpponent,
		Radius: s.Radius, Distance: s.Distance, Hurt: s.Hurt, Spell: s.Spell, Gift: s.Gift, Note: u.Note}
}

func (p PickUp) record() ActionRecord {
	return ActionRecord{Actor: p.Actor, Kind: ActPickUp, Object: p.Object, Note: p.Note}
}

func (g GrabThing) record() ActionRecord {
	return ActionRecord{Actor: g.Actor, Kind: ActGrab, Object: g.Object, Note: g.Note}
}

func (o Other) record() ActionRecord {
	return ActionRecord{Actor: o.Actor, Kind: ActOther, Note: o.Note, Panels: o.Panels}
}

func (p Pass) record() ActionRecord {
	if p.Hold {
		return ActionRecord{Actor: p.Actor, Kind: ActHold}
	}
	return ActionRecord{Actor: p.Actor, Kind: ActPass}
}

// BreakFree is a bound combatant's attempt to break free of a Snare
// binding or a Restraint spell: a double-panel on its turn and a d100
// against the escape chance (pp. 64, 73). Its event is the escape roll's.
type BreakFree struct{ Actor string }

func (b BreakFree) record() ActionRecord    { return ActionRecord{Actor: b.Actor} }
func (s StrikeAction) record() ActionRecord { return ActionRecord{Actor: s.Strike.Actor} }
func (s Smash) record() ActionRecord        { return ActionRecord{Actor: s.Actor} }
func (a ActionRecord) record() ActionRecord { return a }

// Typed returns the typed action a record keeps, refusing a kind no
// action has.
func (a ActionRecord) Typed() (Action, error) {
	switch a.Kind {
	case ActMove:
		return Move{Actor: a.Actor, Metres: a.Metres, Teleport: a.Teleport, Upwards: a.Upwards, Carry: a.Carry,
			CarryKg: a.CarryKg, Blind: a.Blind, Glide: a.Glide, Stretch: a.Stretch, Note: a.Note}, nil
	case ActPower:
		return UsePower{Actor: a.Actor, Power: a.Power, Effect: a.Effect, Target: a.Target, Points: a.Points,
			Pool: a.Pool, Panels: a.Panels, Form: a.Form, Count: a.Count,
			Contest: PowerContest{MassKg: a.MassKg, Drain: a.Drain, Modifiers: a.Modifiers, Mode: a.Mode,
				Resist: a.Resist, Willing: a.Willing, HeroPoints: combat.ContestSpends{
					Attacker: a.AttackerHeroPoints, Defender: a.DefenderHeroPoints,
					AttackerOpponent: a.AttackerOpponentHeroPoints, DefenderOpponent: a.DefenderOpponentHeroPoints}},
			Spell: SpellDetails{Radius: a.Radius, Distance: a.Distance, Hurt: a.Hurt, Spell: a.Spell, Gift: a.Gift},
			Note:  a.Note}, nil
	case ActPickUp:
		return PickUp{Actor: a.Actor, Object: a.Object, Note: a.Note}, nil
	case ActGrab:
		if a.Target != "" {
			return nil, refusal.Errorf("grabbing a combatant needs a to-hit roll: make it an attack (`fight act --attack %s --grab`)", a.Target)
		}
		return GrabThing{Actor: a.Actor, Object: a.Object, Note: a.Note}, nil
	case ActOther:
		return Other{Actor: a.Actor, Note: a.Note, Panels: a.Panels}, nil
	case ActPass, ActHold:
		return Pass{Actor: a.Actor, Hold: a.Kind == ActHold}, nil
	case ActAid:
		return Aid{Actor: a.Actor, Target: a.Target, Note: a.Note}, nil
	}
	return nil, refusal.Errorf("unknown action %q", a.Kind)
}
