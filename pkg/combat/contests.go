package combat

// The mental powers as contests between two heroes: the one place that
// decides each psychic power's, spell's and the mind-control device's
// numbers (pp. 43, 53, 63-64, 67-69). `contest` (two hero files),
// `fight act --power psychic-ability|magic|cybernetics --effect NAME`
// and the one-off `psychic` all call Mental or its parts; Mental is pure:
// ApplyMental writes the result onto the two heroes.

import (
	"fmt"
	"strings"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// The kinds of mental attack.
const (
	MentalPsychic = "psychic" // a psychic power, psi from the psi pool (pp. 67-69)
	MentalMagic   = "magic"   // a spell, magic points (pp. 62-65)
	MentalDevice  = "device"  // the mind-control device's own "Will" (p. 53)
)

// The states a mental power leaves on its target.
const (
	StateMindControl = "mind-control" // Mind Control (p. 68)
	StateHypnotised  = "hypnotised"   // Hypnotism (p. 63), the device (p. 53)
	StateDrained     = "drained"      // a pool drained to 0 (p. 69)
	// Restraint binds (p. 64): StateBound, with Snare's binding.
)

// MentalPower is one psychic power, spell or device that acts on another
// character.
type MentalPower struct {
	Slug rulebook.PowerID `json:"slug"`
	// Power is the hero's power that holds it (its flavour).
	Power rulebook.PowerID `json:"power"`
	Kind  string           `json:"kind"`
	// Pool is the pool it spends ("" for the device).
	Pool string `json:"pool"`
	// Contest: "always", "unwilling" (only against an unwilling target)
	// or "never".
	Contest string `json:"contest"`
	Page    string `json:"page"`
}

// mentalPowers are the rows of the mental powers, each from its file
// (mentalRules).
var mentalPowers = mentalPowerRows()

func mentalPowerRows() []MentalPower {
	rows := make([]MentalPower, len(mentalRules))
	for i, r := range mentalRules {
		rows[i] = r.MentalPower
	}
	return rows
}

// MentalPowers lists the powers Mental decides.
func MentalPowers() []MentalPower { return append([]MentalPower(nil), mentalPowers...) }

// MentalPowerSlugs is the list for help texts and errors.
func MentalPowerSlugs() string { return naming.List(mentalPowers, mentalSlug) }

// FindMentalPower looks a mental power up by slug.
func FindMentalPower(slug rulebook.PowerID) (MentalPower, bool) {
	return naming.Find(mentalPowers, string(slug), mentalSlug)
}

func mentalSlug(p *MentalPower) string { return string(p.Slug) }

// MentalInput is one use of a mental power on a target.
type MentalInput struct {
	Power rulebook.PowerID `json:"power"`
	// Points spent: Psychic Drain (1-10, +1 each on the roll) and
	// Restraint (1-10, strength 10 each). Other powers' costs are fixed
	// or worked out (Telekinesis: from MassKg).
	Points int `json:"points"`
	// MassKg moved by Telekinesis: 1 psi per 10 kg. 0 with a person as
	// the target: the person's own mass now (MassNow, pp. 43, 69).
	MassKg int `json:"mass_kg"`
	// Metres is how far the object or person Telekinesis moves is from
	// the user: at most TelekinesisRange (p. 69); 0 not given.
	Metres int `json:"metres,omitempty"`
	// Drain names the target's pool Psychic Drain empties (energy, magic,
	// psi or fluid); empty: its only pool, or the fullest.
	Drain string `json:"drain"`
	// Modifiers are Transmutation's difficulty modifiers (p. 69).
	Modifiers []string `json:"modifiers,omitempty"`
	// Mode: Empathy "read" (3 psi) or "change" (5 psi); Telepathy "read"
	// or "send" (2 psi each).
	Mode string `json:"mode"`
	// Resist: the target actively resists, +1d6 (a double-panel).
	Resist bool `json:"resist"`
	// Willing: the target lets Empathy or Telepathy in (no contest).
	Willing bool `json:"willing"`
	// AttackerHeroPoints and DefenderHeroPoints re-roll each side's own
	// d20 of the will contest, the higher kept; the Opponent points make
	// the other side re-roll its d20, the lower kept (p. 14; see
	// PsychicInput). ApplyMental takes them off the heroes.
	AttackerHeroPoints         int `json:"attacker_hero_points"`
	DefenderHeroPoints         int `json:"defender_hero_points"`
	AttackerOpponentHeroPoints int `json:"attacker_opponent_hero_points"`
	DefenderOpponentHeroPoints int `json:"defender_opponent_hero_points"`
	// Quiet leaves the result's Steps empty: a caller that reads no
	// ruling (a simulated fight, which keeps no log) does not pay for
	// its words. Every number is the same.
	Quiet bool `json:"-"`
}

// heroPoints is what each side spends on the contest.
func (in MentalInput) heroPoints() (att, def int) {
	return in.AttackerHeroPoints + in.AttackerOpponentHeroPoints, in.DefenderHeroPoints + in.DefenderOpponentHeroPoints
}

// MentalResult is what a mental power did.
type MentalResult struct {
	Power rulebook.PowerID `json:"power"`
	Kind  string           `json:"kind"`
	// Attacker and Defender are the heroes' names (Defender "" for
	// Transmutation, which works on objects).
	Attacker string `json:"attacker"`
	Defender string `json:"defender"`
	// Pool and Cost are what the attacker pays, win or lose; Points is
	// what the use counts as (a speciality pays half, rounded up).
	Pool       string `json:"pool"`
	Cost       int    `json:"cost"`
	Points     int    `json:"points"`
	Speciality bool   `json:"speciality"`
	// Will is the attacker's will in the contest (the device's own).
	Will int `json:"will"`
	// Contest is the will contest (nil when the power needs none).
	Contest *PsychicResult `json:"contest"`
	Success bool           `json:"success"`
	// Margin is how much the attacker beat the defender by.
	Margin int `json:"margin"`
	// State is the state it leaves on the target ("" for none).
	State string `json:"state"`
	// Establish is Hypnotism's and the device's 1d6 double-panels of
	// establishing control, neither side acting (pp. 53, 63).
	Establish int `json:"establish"`
	// Psychic Drain: the pool drained, the points it loses and has left;
	// Blackout when it reaches 0 (stamina 0, no recovery, p. 69).
	DrainPool string `json:"drain_pool"`
	Drained   int    `json:"drained"`
	DrainLeft int    `json:"drain_left"`
	Blackout  bool   `json:"blackout"`
	// Telekinesis: metres a panel (will ÷ 3, p. 69), the mass moved
	// and whether it is an object (no target, no psychic attack).
	SpeedMetres int  `json:"speed_metres"`
	MassKg      int  `json:"mass_kg,omitempty"`
	Object      bool `json:"object,omitempty"`
	// Transmutation: the chance in percent and the d100; Pages is how
	// long a temporary transmutation lasts (2d6 pages, rolled on a
	// success; 0 when it fails or is permanent, p. 69).
	Difficulty int  `json:"difficulty"`
	Chance     int  `json:"chance"`
	Roll       int  `json:"roll"`
	Pages      int  `json:"pages"`
	Permanent  bool `json:"permanent"`
	// Restraint is the spell's binding (p. 64).
	Restraint *Restraint   `json:"restraint"`
	Steps     ruling.Steps `json:"steps"`
}

// Summary is the result in one line.
func (m *MentalResult) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s uses %s", m.Attacker, m.Power)
	if m.Defender != "" {
		fmt.Fprintf(&b, " on %s", m.Defender)
	}
	if m.Cost > 0 {
		fmt.Fprintf(&b, " (%d %s)", m.Cost, poolUnit(m.Pool))
	}
	if c := m.Contest; c != nil {
		fmt.Fprintf(&b, ": will %d against %d", c.AttackerTotal, c.DefenderTotal)
	}
	rule := mentalRuleOf(m.Power)
	if rule != nil && rule.rolled != nil {
		rule.rolled(&b, m)
	}
	if !m.Success {
		b.WriteString(", it fails")
		return b.String()
	}
	if rule != nil && rule.worked != nil {
		rule.worked(&b, m)
	}
	return b.String()
}

func poolUnit(pool string) string {
	switch pool {
	case "magic":
		return "MP"
	case "psi":
		return "psi"
	}
	return pool + " points"
}

// MentalCost is what a use of p costs (before the speciality's half) and
// what it counts as: the book's fixed costs (pp. 63-69), Psychic Drain's
// and Restraint's chosen points, Telekinesis' 1 psi per 10 kg.
//
// The cap a use is on what is paid (SpecialityCost): a speciality's
// Telekinesis moves up to 200 kg for 10 psi.
func MentalCost(p MentalPower, in MentalInput, speciality bool) (int, error) {
	if rule := mentalRuleOf(p.Slug); rule != nil {
		return rule.cost(p, in, speciality)
	}
	return 0, reqErr("power", "unknown mental power %q (%s)", p.Slug, MentalPowerSlugs())
}

// knows reports whether h has the mental power: its flavour on the
// holding power, or any flavour when the file records none (a GM's own
// file), and whether it is a speciality; for the device, the implant's
// ranks.
func knows(h *hero.Hero, p MentalPower) (ok, speciality bool, ranks int) {
	pw := h.FindPower(p.Power)
	if pw == nil || pw.Rank < 1 {
		return false, false, 0
	}
	for _, f := range pw.Flavours {
		if f.Slug == string(p.Slug) {
			return true, f.Speciality, max(f.Rank, 1)
		}
	}
	if p.Kind == MentalDevice {
		return false, false, 0
	}
	return len(pw.Flavours) == 0, false, 0
}

// Mental works out one use of a mental power by att on def (nil only for
// Transmutation, which works on objects). It checks the power and the
// pool, rolls, and reports; it changes neither hero (ApplyMental does).
//
// Dice, in this order: a contest rolls the attacker's d20, the defender's
// d20 (each followed by its hero point re-rolls, Psychic's order), then
// the resist 1d6 (--resist); then Hypnotism and the device
// roll 1d6 double-panels of establishing on a success; Transmutation
// rolls a d100 and, on a success that is not permanent, 2d6 pages; Restraint rolls nothing (its escapes come later).
func Mental(att, def *hero.Hero, in MentalInput, r dice.Roller) (MentalResult, error) {
	var res MentalResult
	err := MentalInto(&res, att, def, in, r)
	return res, err
}

// MentalInto is Mental writing the result into res, whatever res held
// before: a caller that works out use after use (a simulation's fights)
// gives one result each time, and the contest's result is written where
// res.Contest pointed (a fresh one when nil), so it must not be kept
// from one use to the next.
func MentalInto(res *MentalResult, att, def *hero.Hero, in MentalInput, r dice.Roller) error {
	kept := res.Contest
	*res = MentalResult{}
	p, ok := FindMentalPower(in.Power)
	if !ok {
		return reqErr("power", "unknown mental power %q (%s)", in.Power, MentalPowerSlugs())
	}
	rule := mentalRuleOf(p.Slug)
	res.Power, res.Kind, res.Attacker, res.Pool = p.Slug, p.Kind, att.Name, p.Pool
	if rule.prepare != nil {
		var err error
		if in, err = rule.prepare(res, def, in); err != nil {
			return err
		}
	}
	if rule.refuseTarget != nil {
		if def != nil {
			return rule.refuseTarget(def)
		}
	} else if def == nil && !res.Object {
		return reqErr("target", "%s needs a target", p.Slug)
	} else if def != nil {
		res.Defender = def.Name
	}
	has, spec, ranks := knows(att, p)
	if !has {
		if p.Kind == MentalDevice {
			return reqErr("power", "%s has no mind-control device implant (Cybernetics, p. 53)", att.Name)
		}
		return reqErr("power", "%s does not know %s (its %s)", att.Name, p.Slug, p.Power)
	}
	points, err := MentalCost(p, in, spec)
	if err != nil {
		return err
	}
	res.Points, res.Cost, res.Speciality = points, SpecialityCost(points, spec), spec
	explain := !in.Quiet
	if spec && explain {
		res.Steps.Add("cost", p.Page, "%s is a speciality: half cost, %d of %d (rounded up)", p.Slug, res.Cost, points)
	}
	if p.Pool != "" {
		pool := att.FindPool(p.Pool)
		if pool == nil {
			return reqErr("pool", "%s has no %s pool", att.Name, p.Pool)
		}
		limit := pool.CapPerAction
		if limit == 0 {
			limit = rulebook.PoolCapPerAction
		}
		if res.Cost > limit {
			return reqErr("spend", "%s can spend at most %d %s in one use (pp. 62, 67)", att.Name, limit, poolUnit(p.Pool))
		}
		if res.Cost > pool.Current {
			return reqErr("spend", "%s has only %d %s left, %s costs %d (they refill every %d pages)", att.Name, pool.Current, poolUnit(p.Pool), p.Slug, res.Cost, rulebook.PoolRefillPages)
		}
		if explain {
			res.Steps.Add("cost", p.Page, "%d %s from %d, win or lose", res.Cost, poolUnit(p.Pool), pool.Current)
		}
	}
	// The contest.
	res.Will = att.Abilities.Final.Will
	bonus := 0
	if rule.will != nil {
		bonus = rule.will(res, ranks, points)
	}
	contest := (p.Contest == "always" && !res.Object) || (p.Contest == "unwilling" && !in.Willing)
	if res.Object && explain {
		res.Steps.Add("contest", p.Page, "an object: no psychic attack (only a person is attacked)")
	}
	if in.Resist && !contest {
		return reqErr("resist", "%s is not resisted: no contest (%s)", p.Slug, p.Page)
	}
	atkPoints, defPoints := in.heroPoints()
	if (atkPoints != 0 || defPoints != 0) && !contest {
		return reqErr("hero-points", "%s makes no will contest here: no d20 to re-roll (%s)", p.Slug, p.Page)
	}
	res.Success = true
	if contest {
		for _, n := range []int{in.AttackerHeroPoints, in.DefenderHeroPoints, in.AttackerOpponentHeroPoints, in.DefenderOpponentHeroPoints} {
			if n < 0 || n > heropoints.MaxPoints {
				return reqErr("hero-points", "%d is outside 0-%d", n, heropoints.MaxPoints)
			}
		}
		if err := heropoints.Check(att, atkPoints); err != nil {
			return reqErr("attacker-hero-points", "%v", err)
		}
		if err := heropoints.Check(def, defPoints); err != nil {
			return reqErr("defender-hero-points", "%v", err)
		}
		pin := PsychicInput{AttackerHeroPoints: in.AttackerHeroPoints, DefenderHeroPoints: in.DefenderHeroPoints,
			AttackerOpponentHeroPoints: in.AttackerOpponentHeroPoints, DefenderOpponentHeroPoints: in.DefenderOpponentHeroPoints,
			AttackerName: att.Name}
		var c PsychicResult
		var st ruling.Steps
		var err error
		if explain {
			c, st, err = ContestWith(res.Will, bonus, def, in.Resist, pin, r)
		} else {
			c, err = quietContest(res.Will, bonus, def, in.Resist, pin, r)
		}
		if err != nil {
			return err
		}
		if kept == nil {
			kept = new(PsychicResult)
		}
		*kept = c
		res.Contest, res.Success = kept, c.Success
		res.Margin = c.AttackerTotal - c.DefenderTotal
		res.Steps = append(res.Steps, st...)
	} else if p.Contest == "unwilling" && explain {
		res.Steps.Add("contest", p.Page, "a willing target: no psychic attack needed")
	}
	// A power without a contest works out what it does win or lose
	// (Transmutation rolls its own chance); with one, only when won.
	if res.Success && rule.outcome != nil {
		err = rule.outcome(mentalUse{p: p, att: att, def: def, in: in, points: points, r: r}, res)
	}
	if !explain {
		res.Steps = nil // the rules the autopilot uses (Mind Control) format none
	}
	return err
}

// quietContest is ContestWith without its steps (MentalInput.Quiet):
// the same contest, the same dice.
func quietContest(attackerWill, attackerBonus int, def *hero.Hero, resist bool, in PsychicInput, r dice.Roller) (PsychicResult, error) {
	in.AttackerWill, in.AttackerBonus, in.DefenderWill = attackerWill, attackerBonus, def.Abilities.Final.Will
	in.WillBonus, in.Resist, in.DefenderName = MentalWillBonus(def), resist, def.Name
	return Psychic(in, r)
}

// establishControl is Hypnotism's and the device's outcome: 1d6
// double-panels establishing control, neither side acting; hurt or eye
// contact broken, it fails (pp. 53, 63).
func establishControl(u mentalUse, res *MentalResult) error {
	v, err := u.r.Roll(6, "double-panels establishing control")
	if err != nil {
		return err
	}
	if v < 1 || v > 6 {
		return errRoller(6, v, "establishing control")
	}
	res.Establish, res.State = v, StateHypnotised
	if u.in.Quiet {
		return nil
	}
	res.Steps.Add("establish", u.p.Page, "1d6 %d double-panels establishing control, neither acting; hurt or eye contact broken: it fails", v)
	return nil
}

// ApplyMental writes a mental power's result onto the heroes: the hero
// points spent on the contest's d20s, the attacker's points spent (win or
// lose), the drained pool and a drained
// target's stamina (0, unconscious). States that last (control, the
// binding) are the caller's: the fight keeps them on the combatants.
func ApplyMental(res *MentalResult, att, def *hero.Hero) {
	if res.Contest != nil {
		res.Contest.SpendHeroPoints(att, def)
	}
	if res.Cost > 0 {
		if p := att.FindPool(res.Pool); p != nil {
			p.Current -= res.Cost
		}
	}
	if def == nil || res.Drained == 0 && !res.Blackout {
		return
	}
	if p := def.FindPool(res.DrainPool); p != nil {
		p.Current -= res.Drained
	}
	if res.Blackout && !def.IsMundane() && def.Stamina.Max > 0 {
		if def.Stamina.Current > 0 {
			def.Stamina.Current = 0
		}
		SetConditions(def)
	}
}

// MysticShieldDice is how many d6 of health a Mystic Shield of points MP
// has: 1d6 per 4 MP (p. 64), per 2 MP paid for the speciality (half
// cost). The points must buy whole dice, at most 10 a casting.
func MysticShieldDice(points int, speciality bool) (int, error) {
	per := 4
	if speciality {
		per = 4 / rulebook.SpecialityDivisor
	}
	if points < per || points > rulebook.PoolCapPerAction || points%per != 0 {
		return 0, reqErr("spend", "a mystic shield is 1d6 per %d MP paid, at most %d MP a casting (p. 64); got %d", per, rulebook.PoolCapPerAction, points)
	}
	return points / per, nil
}

// SpellSpeciality reports whether a spell or psychic power is one of h's
// specialities (half cost, pp. 62, 67).
func SpellSpeciality(h *hero.Hero, slug string) bool {
	for _, pw := range h.Powers {
		for _, f := range pw.Flavours {
			if f.Slug == slug && f.Speciality {
				return true
			}
		}
	}
	return false
}

// ImposedOf is the lasting state a mental power's result leaves on its
// target, as a hero file holds it (pp. 53, 63-64, 68-69): mind-control,
// hypnotised, drained (its pool), or bound (a Restraint that holds: its
// strength and escape chance). ok is false when it leaves none.
func ImposedOf(res *MentalResult) (hero.ImposedState, bool) {
	st := hero.ImposedState{Source: res.Attacker, Power: string(map[string]rulebook.PowerID{MentalPsychic: rulebook.PowerPsychicAbility, MentalMagic: rulebook.PowerMagic, MentalDevice: rulebook.PowerCybernetics}[res.Kind])}
	switch res.State {
	case StateMindControl:
		st.Name = hero.ImposedMindControl
	case StateHypnotised:
		st.Name = hero.ImposedHypnotised
	case StateDrained:
		st.Name, st.Pool = hero.ImposedDrained, res.DrainPool
	default:
		r := res.Restraint
		if res.Power != rulebook.SpellRestraint || r == nil || r.Automatic || r.Free {
			return hero.ImposedState{}, false
		}
		st.Name, st.Strength, st.EscapeChance = hero.ImposedBound, r.Strength, r.Chance
	}
	return st, true
}

// SetImposed puts st on h, replacing a state of the same name.
func SetImposed(h *hero.Hero, st hero.ImposedState) {
	for i := range h.ImposedStates {
		if h.ImposedStates[i].Name == st.Name {
			h.ImposedStates[i] = st
			return
		}
	}
	h.ImposedStates = append(h.ImposedStates, st)
}
