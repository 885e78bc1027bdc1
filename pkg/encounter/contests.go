package encounter

// The mental powers' path: a psychic power, a spell or the mind-control
// device used on a combatant (pp. 43, 53, 63-64, 67-69). pkg/combat's
// Mental decides every number; this file charges the fight clock (the
// double-panel, the points win or lose, the defender's resist reaction)
// and hands each power's own share to the Mental hooks of its row of
// powerRules (mentalRule): Mind Control, Hypnotism and the device
// (power_mindcontrol.go), Psychic Drain and Transmutation
// (power_psychic.go), Telekinesis (power_telekinesis.go), Restraint
// (power_magic.go). The powers that hold them (Psychic Ability, Magic,
// Cybernetics) hand a use on from their Begin hook (mentalUse).

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// mentalPowerOf finds the mental power of a `fight act` power use:
// a.Power holds it (psychic-ability, magic or cybernetics) and a.Effect
// names it.
func mentalPowerOf(a ActionRecord) (combat.MentalPower, bool) {
	p, ok := combat.FindMentalPower(rulebook.PowerID(a.Effect))
	if !ok || a.Power != p.Power {
		return combat.MentalPower{}, false
	}
	return p, true
}

// mentalRule is a mental power's own share of doMental, on its row of
// powerRules (powerRule.Mental).
type mentalRule struct {
	// Check refuses a use the power's own rule forbids, before any die
	// is rolled (more targets than Mind Control holds, p. 68).
	Check func(e *Encounter, c, target *Combatant) error
	// Input fills in what pkg/combat needs from the fight (Telekinesis'
	// load, p. 69), adding its steps.
	Input func(target *Combatant, in combat.MentalInput, a ActionRecord, steps *ruling.Steps) combat.MentalInput
	// Outcome words a success for the act line (nil: ", it works").
	Outcome func(def *Combatant, res *combat.MentalResult) string
	// Leaves puts what the use leaves once it is logged, success or not:
	// a state on its target or its caster, a binding.
	Leaves func(e *Encounter, ctx Ctx, c, def *Combatant, res *combat.MentalResult) error
}

// mentalRuleOf is the Mental hooks of a mental power's row (none: an
// empty rule).
func mentalRuleOf(slug rulebook.PowerID) mentalRule {
	if r := powerRules()[slug].Mental; r != nil {
		return *r
	}
	return mentalRule{}
}

// mentalUse hands on whole a use of a spell or a mental power, from the
// Begin of the power that holds it (Psychic Ability, Magic,
// Cybernetics): a spell of the fight clock's own (spellOf: an illusion,
// a cancel, ...) or a contest with its target (doMental). Any other use
// goes on to the generic checks.
func (d *doing) mentalUse() error {
	if spellOf(d.a) {
		return d.handled(d.e.doSpell(d.ctx, d.c, d.target, d.a, d.n, d.steps))
	}
	mp, ok := mentalPowerOf(d.a)
	if !ok {
		return nil
	}
	if err := d.spellDetails(); err != nil {
		return err
	}
	if d.target == nil && mp.Slug != rulebook.PsiTransmutation && mp.Slug != rulebook.PsiTelekinesis {
		return refusal.Errorf("%s needs a target (--target ID)", mp.Slug)
	}
	return d.handled(d.e.doMental(d.ctx, d.c, d.target, d.a, mp, d.n, d.steps))
}

// spellDetails refuses the details only an illusion, a hallucination, a
// cancel or a gift take (doSpell), and a distance but Telekinesis'.
func (d *doing) spellDetails() error {
	if d.a.Radius != 0 || (d.a.Distance != 0 && !telekinesisDistance(d.a)) || d.a.Hurt || d.a.Spell != "" || d.a.Gift != "" {
		return refusal.Errorf("radius, distance, hurt, spell and gift go with --power magic|psychic-ability --effect %s", "illusion, hallucinations, cancel, bestow-gift")
	}
	return nil
}

// doMental performs a mental power on c's turn: a double-panel (p. 31),
// the points spent win or lose, the contest with the target's
// Confidence Table bonus and its --resist reaction (a double-panel owed,
// p. 43), then the power's own effect.
//
// Dice: pkg/combat's Mental order (the attacker's d20, the target's d20,
// the resist 1d6; then 1d6 double-panels of establishing for Hypnotism
// and the device, or Transmutation's d100 and, on a success that is not
// permanent, its 2d6 pages).
func (e *Encounter) doMental(ctx Ctx, c, target *Combatant, a ActionRecord, p combat.MentalPower, n int, steps ruling.Steps) error {
	if target == c {
		return refusal.Errorf("%s cannot use %s on itself", c.ID, p.Slug)
	}
	if a.Pool != "" && a.Pool != p.Pool {
		return refusal.Errorf("%s spends %s points, not %s", p.Slug, p.Pool, a.Pool)
	}
	rule := mentalRuleOf(p.Slug)
	if rule.Check != nil {
		if err := rule.Check(e, c, target); err != nil {
			return err
		}
	}
	if a.Resist {
		if ok, why := e.CanReact(target, c); !ok {
			return refusal.Errorf("%s cannot resist: %s", target.ID, why)
		}
	}
	in := combat.MentalInput{Power: p.Slug, Points: a.Points, MassKg: a.MassKg, Drain: a.Drain, Modifiers: a.Modifiers,
		Mode: a.Mode, Resist: a.Resist, Willing: a.Willing, AttackerHeroPoints: a.AttackerHeroPoints, DefenderHeroPoints: a.DefenderHeroPoints,
		AttackerOpponentHeroPoints: a.AttackerOpponentHeroPoints, DefenderOpponentHeroPoints: a.DefenderOpponentHeroPoints,
		Quiet: e.batch != nil} // a simulated fight keeps no log to explain
	if rule.Input != nil {
		in = rule.Input(target, in, a, &steps)
	}
	roller, rec := e.logRoller(ctx.Roller)
	def := target
	res := e.newMentalResult()
	var err error
	if def != nil {
		err = combat.MentalInto(res, &c.Hero, &def.Hero, in, roller)
	} else {
		err = combat.MentalInto(res, &c.Hero, nil, in, roller)
	}
	if err != nil {
		return err
	}
	if err := checkAstralCap(c, res.Pool, res.Cost); err != nil {
		return err
	}
	if err := e.spend(c, n); err != nil {
		return err
	}
	if def != nil {
		combat.ApplyMental(res, &c.Hero, &def.Hero)
		recondition(def)
	} else {
		combat.ApplyMental(res, &c.Hero, nil)
	}
	e.record(func() Event {
		ev := Event{Kind: KindMental, Actor: c.ID, Panels: n, Summary: mentalSummary(c, def, res, a), Steps: append(steps, res.Steps...),
			Dice: rec.Rolls(), Details: mustJSON(res)}
		if def != nil {
			ev.Target = def.ID
		}
		if len(ev.Dice) > 0 {
			ev.Seed = ctx.Seed
		}
		return ev
	})
	if a.Resist {
		e.chargeResist(def, c, string(p.Slug))
	}
	if err := e.mentalState(ctx, c, def, res); err != nil {
		return err
	}
	e.endAction(c)
	return nil
}

// mentalSummary is the act line: who, what, the points and the outcome.
func mentalSummary(c, def *Combatant, res *combat.MentalResult, a ActionRecord) string {
	s := fmt.Sprintf("%s uses %s", c.ID, res.Power)
	if def != nil {
		s += " on " + def.ID
	}
	if res.Cost > 0 {
		s += fmt.Sprintf(", spending %d %s points (%d left)", res.Cost, res.Pool, c.Hero.FindPool(res.Pool).Current)
	}
	if k := res.Contest; k != nil {
		s += fmt.Sprintf(": will %d against %d", k.AttackerTotal, k.DefenderTotal)
	}
	if res.Power == rulebook.PsiTransmutation {
		s += fmt.Sprintf(": d100 %d against %d%%", res.Roll, res.Chance)
	}
	switch o := mentalRuleOf(res.Power).Outcome; {
	case !res.Success:
		s += fmt.Sprintf(", the attempt fails (%s)", mentalPage(string(res.Power)))
	case o != nil:
		s += o(def, res)
	default:
		s += ", it works"
	}
	if a.Note != "" {
		s += ": " + a.Note
	}
	return s
}

// mentalState puts what a mental power leaves (its Leaves hook).
func (e *Encounter) mentalState(ctx Ctx, c, def *Combatant, res *combat.MentalResult) error {
	if leaves := mentalRuleOf(res.Power).Leaves; leaves != nil {
		return leaves(e, ctx, c, def, res)
	}
	return nil
}

// controlBroken reports whether an effect is a mental control that 20
// stamina damage or a knockout breaks (pp. 53, 63, 68).
func controlBroken(name string) bool {
	return name == combat.StateMindControl || name == EffectHypnotised
}

// mentalPage is the page of a mental power.
func mentalPage(slug string) string {
	p, _ := combat.FindMentalPower(rulebook.PowerID(slug))
	return p.Page
}
