package encounter

// Astral Projection (Magic, p. 62): the spirit leaves its body, moves at
// twice its movement through walls (checkMove), spends at most 5 MP a
// spell (astralCap), and is noticed on a d100 at most an observer's will
// (`fight notice`).

import (
	"fmt"
	"slices"

	"github.com/codename-spandex/spandex/pkg/rulebook"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// astralCap is the most magic points c may spend on one spell: 5 while
// projected (p. 62), else 0 (the pool's own cap).
func astralCap(c *Combatant) int {
	if findEffect(c, EffectAstral) >= 0 {
		return combat.AstralSpellCap
	}
	return 0
}

// checkAstralCap refuses a spell of more than 5 MP while c is projected.
func checkAstralCap(c *Combatant, pool string, cost int) error {
	if pool == "magic" && astralCap(c) > 0 && cost > combat.AstralSpellCap {
		return refusal.Errorf("%s is astrally projected: at most %d magic points on one spell, not %d (p. 62)", c.ID, combat.AstralSpellCap, cost)
	}
	return nil
}

// astral projects c's spirit (p. 62): 5 MP and a double-panel; the spirit
// moves at twice c's movement and spends at most 5 MP a spell. Used again
// while projected it returns, as cancelling one's own spell: no effort,
// no panels.
func (e *Encounter) astral(ctx Ctx, c *Combatant, a ActionRecord, n int, steps ruling.Steps) error {
	if i := findEffect(c, EffectAstral); i >= 0 {
		e.endEffect(c, i, "the spirit returns to its body, without effort (p. 62)")
		e.refreshAll()
		return nil
	}
	if !combat.KnowsSpell(&c.Hero, rulebook.PowerMagic, EffectAstral) {
		return refusal.Errorf("%s does not know astral-projection (its magic)", c.ID)
	}
	if a.Points != 0 && a.Points != combat.AstralCost {
		return refusal.Errorf("spend: astral projection costs %d MP (p. 62); leave --spend out", combat.AstralCost)
	}
	cost, cst, err := combat.SpellCharge(&c.Hero, EffectAstral, "magic", combat.AstralCost, 0)
	if err != nil {
		return err
	}
	if err := e.spend(c, n); err != nil {
		return err
	}
	left := e.charge(c, "magic", cost)
	steps = append(steps, cst...)
	steps.Add("astral", "p. 62", "the spirit moves at %d× movement (%d m a panel), passes through walls, spends at most %d MP a spell; the body is comatose", combat.AstralMoveFactor, c.Hero.Combat.Movement*combat.AstralMoveFactor, combat.AstralSpellCap)
	e.appendEvent(Event{Kind: KindAction, Actor: c.ID, Panels: n, Steps: steps, Details: mustJSON(a),
		Summary: fmt.Sprintf("%s projects its spirit, spending %d magic points (%d left): %d m a panel, at most %d MP a spell (p. 62)", c.ID, cost, left, c.Hero.Combat.Movement*combat.AstralMoveFactor, combat.AstralSpellCap)})
	if err := e.AddEffect(ctx, c.ID, Effect{Name: EffectAstral, Power: string(rulebook.PowerMagic), Source: c.ID, Points: combat.AstralCost,
		Note: "Astral Projection (p. 62): twice the movement, through walls; at most 5 MP a spell; noticed on d100 ≤ an observer's will (`fight notice`); the body is comatose"}); err != nil {
		return err
	}
	e.endAction(c)
	return nil
}

// AstralNotice rolls whether observer notices the astral form of id
// looking its way: d100 at or under its will; Animal Senses see it
// without a roll (pp. 62, 74). It takes no panels.
//
// Dice: one d100 (none with Animal Senses).
func (e *Encounter) AstralNotice(ctx Ctx, observer, id string) (bool, error) {
	o, c := e.Find(observer), e.Find(id)
	if o == nil {
		return false, e.unknown(observer)
	}
	if c == nil {
		return false, e.unknown(id)
	}
	i := findEffect(c, EffectAstral)
	if i < 0 {
		return false, refusal.Errorf("%s is not astrally projected (p. 62)", c.ID)
	}
	if o == c {
		return false, refusal.Errorf("%s knows where its own spirit is", c.ID)
	}
	rec := dice.NewRecorder(ctx.Roller)
	v, ok, steps, err := combat.AstralNotice(&o.Hero, rec)
	if err != nil {
		return false, err
	}
	summary := fmt.Sprintf("%s looks towards %s's astral form", o.ID, c.ID)
	if v > 0 {
		summary += fmt.Sprintf(": d100 %d against will %d", v, o.Hero.Abilities.Final.Will)
	} else {
		summary += ": animal senses"
	}
	if ok {
		summary += ", noticed (p. 62)"
		if !slices.Contains(c.Effects[i].Noticed, o.ID) {
			c.Effects[i].Noticed = append(c.Effects[i].Noticed, o.ID)
		}
	} else {
		summary += ", not noticed (p. 62)"
	}
	ev := Event{Kind: KindNotice, Actor: o.ID, Target: c.ID, Summary: summary, Dice: rec.Rolls(), Steps: steps}
	if len(ev.Dice) > 0 {
		ev.Seed = ctx.Seed
	}
	e.appendEvent(ev)
	return ok, nil
}
