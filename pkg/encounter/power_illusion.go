package encounter

// Illusion (Magic, pp. 63-64) and Hallucinations (Psychic Ability, pp.
// 67-68): an illusion made round its caster, and a hallucination's
// psychic attack on whoever touches it or is attacked by it. Both are
// spells handed on whole by their power's Begin (doSpell).

import (
	"fmt"
	"slices"

	"github.com/codename-spandex/spandex/pkg/rulebook"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// illusion creates an Illusion (MP) or Hallucinations (psi) round c: 3, 7
// or 10 points by kind, +1 per further 2 m of radius or 20 m of distance
// (pp. 63, 67). An illusion lasts an hour or until cancelled;
// hallucinations while c concentrates (they end when c is out).
func (e *Encounter) illusion(ctx Ctx, c *Combatant, a ActionRecord, n int, steps ruling.Steps) error {
	pool, page := "magic", "pp. 63-64"
	if a.Effect == EffectHallucinations {
		pool, page = "psi", "pp. 67-68"
	}
	points, st, err := combat.IllusionCost(a.Mode, a.Radius, a.Distance)
	if err != nil {
		return err
	}
	if a.Points != 0 && a.Points != points {
		return refusal.Errorf("spend: this %s costs %d points, not %d (%s); leave --spend out", a.Effect, points, a.Points, page)
	}
	cost, cst, err := combat.SpellCharge(&c.Hero, a.Effect, pool, points, astralCap(c))
	if err != nil {
		return err
	}
	if findEffect(c, a.Effect) >= 0 {
		return refusal.Errorf("%s already keeps an %s going; cancel it first (`--do`, or another caster's cancel)", c.ID, a.Effect)
	}
	if err := e.spend(c, n); err != nil {
		return err
	}
	left := e.charge(c, pool, cost)
	steps = append(append(steps, st...), cst...)
	kind := a.Mode
	if kind == "" {
		kind = "visual"
	}
	radius, distance := max(a.Radius, combat.IllusionRadius), max(a.Distance, combat.IllusionDistance)
	e.appendEvent(Event{Kind: KindAction, Actor: c.ID, Panels: n, Steps: steps, Details: mustJSON(a),
		Summary: fmt.Sprintf("%s creates a %s %s (%d m radius within %d m), spending %d %s points (%d left) (%s)", c.ID, kind, a.Effect, radius, distance, cost, pool, left, page)})
	note := "Illusion (pp. 63-64): lasts an hour or until cancelled; touched, it is passed through"
	if a.Effect == EffectHallucinations {
		note = "Hallucinations (pp. 67-68): while its maker concentrates; a touch or an attack by it is a psychic attack (--target ID)"
	}
	if err := e.AddEffect(ctx, c.ID, Effect{Name: a.Effect, Power: string(a.Power), Source: c.ID, Points: points, Spell: kind, Note: note}); err != nil {
		return err
	}
	e.endAction(c)
	return nil
}

// hallucinate makes c's hallucination attack target, or settles target
// touching it: a psychic attack (pp. 67-68); on a success target feels
// it and, with --hurt, takes 2d6+6 stamina (a two-handed blunt weapon's
// at most, no health); on a failure the illusion never blocks or hurts
// target again. The to-hit roll the book also asks for when the illusion
// attacks is the GM's (--hurt says it hit).
func (e *Encounter) hallucinate(ctx Ctx, c, target *Combatant, a ActionRecord, n int, steps ruling.Steps) error {
	i := findEffect(c, EffectHallucinations)
	if i < 0 {
		return refusal.Errorf("%s keeps no hallucination going: create one first (--effect hallucinations without --target)", c.ID)
	}
	if target == c {
		return refusal.Errorf("%s cannot make its hallucination attack itself", c.ID)
	}
	if slices.Contains(c.Effects[i].Immune, target.ID) {
		return refusal.Errorf("this hallucination can never block or hurt %s again: its psychic attack failed (p. 68)", target.ID)
	}
	if a.Points != 0 {
		return refusal.Errorf("spend: the hallucination was paid for when made")
	}
	if a.Resist {
		if ok, why := e.CanReact(target, c); !ok {
			return refusal.Errorf("%s cannot resist: %s", target.ID, why)
		}
	}
	rec := dice.NewRecorder(ctx.Roller)
	h, err := combat.Hallucinate(&c.Hero, &target.Hero, a.Hurt, a.Resist, a.AttackerHeroPoints, a.DefenderHeroPoints, rec)
	if err != nil {
		return err
	}
	if err := e.spend(c, n); err != nil {
		return err
	}
	h.Contest.SpendHeroPoints(&c.Hero, &target.Hero)
	s := fmt.Sprintf("%s's hallucination on %s: will %d against %d", c.ID, target.ID, h.Contest.AttackerTotal, h.Contest.DefenderTotal)
	switch {
	case !h.Success:
		c.Effects[i].Immune = append(c.Effects[i].Immune, target.ID)
		s += ", it fails: passed through, never to block or hurt it again (p. 68)"
	case h.Stamina > 0:
		loseStamina(target, h.Stamina)
		s += fmt.Sprintf(", it hurts: %d stamina (%s, no health; stamina %d of %d) (p. 68)", h.Stamina, combat.HallucinationDamage, target.Hero.Stamina.Current, target.Hero.Stamina.Max)
	default:
		s += ", it is felt and blocks (p. 68)"
	}
	if a.Note != "" {
		s += ": " + a.Note
	}
	e.appendEvent(Event{Kind: KindMental, Actor: c.ID, Target: target.ID, Panels: n, Summary: s, Steps: append(steps, h.Steps...),
		Dice: rec.Rolls(), Seed: ctx.Seed, Details: mustJSON(h)})
	if a.Resist {
		e.chargeResist(target, c, string(rulebook.PsiHallucinations))
	}
	e.endAction(c)
	return nil
}
