package encounter

// Mind Control (p. 68), Hypnotism (p. 63) and the mind control device
// (p. 53) in a fight: a controlled combatant acts as its controller
// directs, so it fights for the controller's side (FightsFor) and the
// autopilot picks its enemies so (autoEnemy); the autopilot casts Mind
// Control by Psychic Ability's Auto hook (mindControlUses). The contests
// that start control go the mental powers' path (doMental, contests.go),
// which asks these powers' rows (mindControlRule, hypnotismRule) what
// they allow and what they leave.

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// EffectHypnotised is the state of a combatant under Hypnotism or the
// mind-control device (pp. 53, 63).
const EffectHypnotised = combat.StateHypnotised

// mindControlRule is Mind Control's share of the mental powers' path
// (p. 68): the targets it may take, and the mind-control state it leaves
// on a success.
var mindControlRule = powerRule{Mental: &mentalRule{
	Check:   func(e *Encounter, c, target *Combatant) error { return e.mindControlCheck(c, target) },
	Outcome: func(*Combatant, *combat.MentalResult) string { return ", control taken (p. 68)" },
	Leaves: func(e *Encounter, ctx Ctx, c, def *Combatant, res *combat.MentalResult) error {
		if res.State != combat.StateMindControl {
			return nil
		}
		ef, _ := PresetEffect(combat.StateMindControl)
		ef.Source = c.ID
		return e.AddEffect(ctx, def.ID, ef)
	},
}}

// mindControlCheck refuses a mind control the book does not allow: no
// target, on oneself, or more targets than one per six will (p. 68). The
// cost is combat.Mental's.
func (e *Encounter) mindControlCheck(c, target *Combatant) error {
	if target == nil {
		return refusal.Errorf("mind control needs a target (--target ID)")
	}
	if target == c {
		return refusal.Errorf("%s cannot mind-control itself", c.ID)
	}
	held := 0
	for i := range e.Combatants {
		for _, ef := range e.Combatants[i].Effects {
			if ef.Name == combat.StateMindControl && ef.Source == c.ID {
				held++
				if e.Combatants[i].ID == target.ID {
					return refusal.Errorf("%s already controls %s", c.ID, target.ID)
				}
			}
		}
	}
	will := c.Hero.Abilities.Final.Will
	if most := combat.MindControlTargets(will); held >= most {
		return refusal.Errorf("%s controls %d already, the most for will %d (one per 6 will, at least one, p. 68)", c.ID, held, will)
	}
	return nil
}

// hypnotismRule is Hypnotism's (p. 63) and the mind-control device's
// (p. 53) share of the mental powers' path: no second hold on one
// target, and on a success 1d6 double-panels of establishing control,
// then the hypnotised state.
var hypnotismRule = powerRule{Mental: &mentalRule{
	Check: func(_ *Encounter, c, target *Combatant) error {
		if target == nil {
			return nil
		}
		for _, ef := range target.Effects {
			if ef.Name == EffectHypnotised && ef.Source == c.ID {
				return refusal.Errorf("%s already controls %s", c.ID, target.ID)
			}
		}
		return nil
	},
	Outcome: func(_ *Combatant, res *combat.MentalResult) string {
		if res.Establish > 0 {
			return fmt.Sprintf(", control after %d double-panels of establishing, neither acting (pp. 53, 63)", res.Establish)
		}
		return ", it works"
	},
	Leaves: func(e *Encounter, ctx Ctx, c, def *Combatant, res *combat.MentalResult) error {
		if res.State != combat.StateHypnotised {
			return nil
		}
		// Establishing: 1d6 double-panels in which neither acts (pp. 53,
		// 63), owed by both.
		owed := res.Establish * rulebook.DoublePanel
		c.Panels.Owed += owed
		def.Panels.Owed += owed
		e.appendEvent(Event{Kind: KindEffect, Actor: c.ID, Target: def.ID, Panels: owed,
			Summary: fmt.Sprintf("%s and %s spend %d panels establishing control (%d double-panels), neither acting", c.ID, def.ID, owed, res.Establish)})
		power := string(rulebook.PowerMagic)
		note := "Hypnotism (p. 63): obeys commands that do not violate its principles; broken by 20 stamina damage, a knockout or another mind control; renewed hourly for 10 MP"
		if res.Kind == combat.MentalDevice {
			power = string(rulebook.PowerCybernetics)
			note = "mind-control device (p. 53): obeys commands that do not violate its principles; broken by 20 stamina damage, a knockout or another mind control; renewed hourly"
		}
		return e.AddEffect(ctx, def.ID, Effect{Name: EffectHypnotised, Power: power, Source: c.ID, Note: note})
	},
}}

// controlledBy is the combatant directing c (Mind Control, p. 68;
// Hypnotism, p. 63; the mind control device, p. 53), or nil: the source
// of a mind-control, controlled or hypnotised effect on c that is still
// in the fight.
func (e *Encounter) controlledBy(c *Combatant) *Combatant {
	for _, ef := range c.Effects {
		switch ef.Name {
		case combat.StateMindControl, EffectControlled, EffectHypnotised:
		default:
			continue
		}
		if ef.Source == "" || ef.Source == c.ID {
			continue
		}
		if s := e.Find(ef.Source); s != nil && s.Gone == "" {
			return s
		}
	}
	return nil
}

// FightsFor is the side c fights for: "the target acts as you direct"
// (p. 68), so a controlled combatant fights for its controller's side;
// anyone else for its own. The autopilot plays and targets by it: a
// controlled combatant attacks its old side and is not attacked by its
// controller's. (Who has won is still counted by the sides of the file.)
// A chain of control (a controller itself controlled) is followed to its
// end (a loop of control is followed no further than once round).
func (e *Encounter) FightsFor(c *Combatant) string {
	for range e.Combatants {
		s := e.controlledBy(c)
		if s == nil {
			break
		}
		c = s
	}
	return c.Side
}

// autoEnemy reports whether the autopilot playing c may target o: o
// stands and fights for another side than c.
func (e *Encounter) autoEnemy(c, o *Combatant) bool {
	return o != c && !o.Out() && e.FightsFor(o) != e.FightsFor(c) && e.locates(c, o)
}

// mindControlUses are Mind Control's uses the autopilot may make on c's
// turn (Psychic Ability's Auto hook, p. 68): cast on each enemy standing,
// worth the chance the will contest succeeds (contestOdds: 1d20 + will
// each, the target's Confidence Table bonus) times the target's threat
// taken off the enemy side and added to c's (threats: its best attack's
// OutProgress on each side), when c knows the power, has the psi (10, a
// speciality's 5) and the double-panel, and holds fewer targets than
// its will allows (one per 6). The last enemy standing is never
// controlled: control decides no fight, which is won by the sides of the
// file (FightsFor), and with nobody left to fight against c's side the
// targets c holds are let go, taking no panel (p. 68: control is kept by
// a psi a round).
func mindControlUses(e *Encounter, c *Combatant, opt combat.Options, out []autoUse) []autoUse {
	if !combat.KnowsSpell(&c.Hero, rulebook.PowerPsychicAbility, string(rulebook.PsiMindControl)) {
		return out
	}
	var sides []string
	if e.batch != nil {
		sides = e.batch.sides[:0]
	}
	ci, enemies := 0, 0
	for i := range e.Combatants {
		o := &e.Combatants[i]
		sides = append(sides, e.FightsFor(o))
		if o == c {
			ci = i
		}
	}
	if e.batch != nil {
		e.batch.sides = sides
	}
	side := sides[ci]
	for i := range e.Combatants {
		if !e.Combatants[i].Out() && sides[i] != side {
			enemies++
		}
	}
	held := e.heldBy(c)
	if enemies == 0 {
		if held == 0 || e.Over() {
			return out
		}
		return append(out, autoUse{worth: 1, free: func() { e.letGo(c) }})
	}
	if enemies < 2 || held >= combat.MindControlTargets(c.Hero.Abilities.Final.Will) || e.PhaseLeft(c) < rulebook.DoublePanel {
		return out
	}
	mp, _ := combat.FindMentalPower(rulebook.PsiMindControl)
	spec := combat.SpellSpeciality(&c.Hero, string(rulebook.PsiMindControl))
	points, err := combat.MentalCost(mp, combat.MentalInput{Power: mp.Slug}, spec)
	pool := c.Hero.FindPool(mp.Pool)
	if err != nil || pool == nil {
		return out
	}
	limit := pool.CapPerAction
	if limit == 0 {
		limit = rulebook.PoolCapPerAction
	}
	if cost := combat.SpecialityCost(points, spec); cost > pool.Current || cost > limit {
		return out
	}
	for i := range e.Combatants {
		t := &e.Combatants[i]
		if !e.autoEnemy(c, t) {
			continue
		}
		odds := contestOdds(c.Hero.Abilities.Final.Will, t.Hero.Abilities.Final.Will, combat.MentalWillBonus(&t.Hero))
		against, own := e.threats(t, sides, side, opt)
		worth := odds * (against + own)
		if worth > 0 {
			u := UsePower{Actor: c.ID, Power: rulebook.PowerPsychicAbility, Effect: string(rulebook.PsiMindControl), Target: t.ID}
			out = append(out, autoUse{worth: worth, panels: rulebook.DoublePanel, use: u})
		}
	}
	return out
}

// heldBy counts the combatants c holds by Mind Control.
func (e *Encounter) heldBy(c *Combatant) int {
	n := 0
	for i := range e.Combatants {
		for _, ef := range e.Combatants[i].Effects {
			if ef.Name == combat.StateMindControl && ef.Source == c.ID {
				n++
			}
		}
	}
	return n
}

// letGo ends every Mind Control c keeps up (p. 68: it stops paying the
// psi a round that keeps control).
func (e *Encounter) letGo(c *Combatant) {
	for ci := range e.Combatants {
		h := &e.Combatants[ci]
		for i := 0; i < len(h.Effects); i++ {
			if ef := h.Effects[i]; ef.Name == combat.StateMindControl && ef.Source == c.ID {
				e.endEffect(h, i, "let go: nobody stands against its controller's side, and the fight is won by the sides of the file (p. 68)")
				i--
			}
		}
	}
	e.refreshAll()
}
