package encounter

// Psychic powers, spells and the mind-control device between two
// combatants (pp. 43, 53, 63-64, 67-69). pkg/combat's Mental decides every
// number; this file charges the fight clock (the double-panel, the
// defender's resist reaction, the double-panels of establishing control)
// and keeps the states it leaves: mind-control, hypnotised, drained and
// bound.

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
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

// EffectDrained is the state of a combatant whose pool Psychic Drain
// emptied: 0 stamina and no recovery until the pool has points again
// (p. 69).
const EffectDrained = combat.StateDrained

// EffectTransmuted is a temporary transmutation kept on its caster: it
// wears off after its 2d6 pages (MaxPages, p. 69).
const EffectTransmuted = "transmuted"

// EffectHypnotised is the state of a combatant under Hypnotism or the
// mind-control device (pp. 53, 63).
const EffectHypnotised = combat.StateHypnotised

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
	if p.Slug == rulebook.PsiMindControl {
		if err := e.mindControlCheck(c, target); err != nil {
			return err
		}
	}
	if (p.Slug == rulebook.SpellHypnotism || p.Slug == rulebook.ImplantMindControlDevice) && target != nil {
		for _, ef := range target.Effects {
			if ef.Name == EffectHypnotised && ef.Source == c.ID {
				return refusal.Errorf("%s already controls %s", c.ID, target.ID)
			}
		}
	}
	if a.Resist {
		if ok, why := e.CanReact(target, c); !ok {
			return refusal.Errorf("%s cannot resist: %s", target.ID, why)
		}
	}
	in := combat.MentalInput{Power: p.Slug, Points: a.Points, MassKg: a.MassKg, Drain: a.Drain, Modifiers: a.Modifiers,
		Mode: a.Mode, Resist: a.Resist, Willing: a.Willing, AttackerHeroPoints: a.AttackerHeroPoints, DefenderHeroPoints: a.DefenderHeroPoints,
		AttackerOpponentHeroPoints: a.AttackerOpponentHeroPoints, DefenderOpponentHeroPoints: a.DefenderOpponentHeroPoints}
	in = telekinesisInput(target, in, a, &steps)
	rec := dice.NewRecorder(ctx.Roller)
	def := target
	var res combat.MentalResult
	var err error
	if def != nil {
		res, err = combat.Mental(&c.Hero, &def.Hero, in, rec)
	} else {
		res, err = combat.Mental(&c.Hero, nil, in, rec)
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
		combat.ApplyMental(&res, &c.Hero, &def.Hero)
		recondition(def)
	} else {
		combat.ApplyMental(&res, &c.Hero, nil)
	}
	if e.batch == nil { // a simulation keeps no log
		ev := Event{Kind: "mental", Actor: c.ID, Panels: n, Summary: mentalSummary(c, def, &res, a), Steps: append(steps, res.Steps...),
			Dice: rec.Rolls(), Details: mustJSON(res)}
		if def != nil {
			ev.Target = def.ID
		}
		if len(ev.Dice) > 0 {
			ev.Seed = ctx.Seed
		}
		e.appendEvent(ev)
	}
	if a.Resist {
		e.chargeResist(def, c, string(p.Slug))
	}
	if err := e.mentalState(ctx, c, def, &res); err != nil {
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
	switch {
	case !res.Success:
		s += fmt.Sprintf(", the attempt fails (%s)", mentalPage(string(res.Power)))
	case res.Power == rulebook.PsiMindControl:
		s += ", control taken (p. 68)"
	case res.Establish > 0:
		s += fmt.Sprintf(", control after %d double-panels of establishing, neither acting (pp. 53, 63)", res.Establish)
	case res.Power == rulebook.PsiPsychicDrain:
		s += fmt.Sprintf(", %s's %s pool drained by %d (%d left)", def.ID, res.DrainPool, res.Drained, res.DrainLeft)
		if res.Blackout {
			s += ": stamina 0, no recovery until it has points again (p. 69)"
		}
	case res.Power == rulebook.PsiTelekinesis:
		s += fmt.Sprintf(", moved (%d kg) at up to %d m a panel (p. 69)", res.MassKg, res.SpeedMetres)
	case res.Power == rulebook.PsiTransmutation && res.Pages > 0:
		s += fmt.Sprintf(", transmuted for %d pages (2d6, p. 69)", res.Pages)
	case res.Power == rulebook.PsiTransmutation:
		s += ", transmuted for good (p. 69)"
	case res.Power == rulebook.SpellRestraint:
		s += " (p. 64)"
	default:
		s += ", it works"
	}
	if a.Note != "" {
		s += ": " + a.Note
	}
	return s
}

// mentalState puts the state a mental power leaves on its target.
func (e *Encounter) mentalState(ctx Ctx, c, def *Combatant, res *combat.MentalResult) error {
	switch res.State {
	case combat.StateMindControl:
		ef, _ := PresetEffect(combat.StateMindControl)
		ef.Source = c.ID
		return e.AddEffect(ctx, def.ID, ef)
	case combat.StateHypnotised:
		// Establishing: 1d6 double-panels in which neither acts (pp. 53,
		// 63), owed by both.
		owed := res.Establish * rulebook.DoublePanel
		c.Panels.Owed += owed
		def.Panels.Owed += owed
		e.appendEvent(Event{Kind: "effect", Actor: c.ID, Target: def.ID, Panels: owed,
			Summary: fmt.Sprintf("%s and %s spend %d panels establishing control (%d double-panels), neither acting", c.ID, def.ID, owed, res.Establish)})
		power := "magic"
		note := "Hypnotism (p. 63): obeys commands that do not violate its principles; broken by 20 stamina damage, a knockout or another mind control; renewed hourly for 10 MP"
		if res.Kind == combat.MentalDevice {
			power = "cybernetics"
			note = "mind-control device (p. 53): obeys commands that do not violate its principles; broken by 20 stamina damage, a knockout or another mind control; renewed hourly"
		}
		return e.AddEffect(ctx, def.ID, Effect{Name: EffectHypnotised, Power: power, Source: c.ID, Note: note})
	case combat.StateDrained:
		for _, ef := range def.Effects {
			if ef.Name == EffectDrained {
				return nil
			}
		}
		return e.AddEffect(ctx, def.ID, Effect{Name: EffectDrained, Power: res.DrainPool, Source: def.ID,
			Note: fmt.Sprintf("Psychic Drain (p. 69): %s pool empty; no stamina recovery until it has points again", res.DrainPool)})
	}
	if res.Power == rulebook.PsiTransmutation && res.Pages > 0 {
		// The object is no combatant: the caster holds the state, and it
		// wears off by itself after the 2d6 pages (p. 69), whatever
		// becomes of the caster.
		return e.AddEffect(ctx, c.ID, Effect{Name: EffectTransmuted, Power: string(rulebook.PowerPsychicAbility), Source: c.ID, MaxPages: res.Pages,
			Note: fmt.Sprintf("Transmutation (p. 69): the object is transmuted for %d pages (2d6), then is as it was", res.Pages)})
	}
	if res.Power == rulebook.SpellRestraint && res.Restraint != nil {
		return e.bind(c, def, rulebook.SpellRestraint, res.Points)
	}
	return nil
}

// drainedNoRecovery reports whether c is drained with its pool still empty.
func drainedNoRecovery(c *Combatant) bool {
	for _, ef := range c.Effects {
		if ef.Name == EffectDrained {
			if p := c.Hero.FindPool(ef.Power); p == nil || p.Current <= 0 {
				return true
			}
		}
	}
	return false
}

// undrain ends the drained state of a combatant whose pool has points
// again (a refill, p. 69).
func (e *Encounter) undrain(c *Combatant) {
	for i := 0; i < len(c.Effects); i++ {
		ef := c.Effects[i]
		if ef.Name != EffectDrained {
			continue
		}
		if p := c.Hero.FindPool(ef.Power); p != nil && p.Current > 0 {
			e.endEffect(c, i, fmt.Sprintf("its %s pool has points again", ef.Power))
			i--
		}
	}
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
