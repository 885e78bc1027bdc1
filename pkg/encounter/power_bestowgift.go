package encounter

// Bestow Gift (Magic, pp. 62-63): a gift's power or strength put on its
// target while the spell lasts, and taken off however it ends
// (endEffect); the regeneration gift rests as Regeneration does
// (power_superhealth.go).

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// bestowGift casts Bestow Gift on target (c itself when none, p. 63): 5
// MP and a double-panel, then 5 MP and a panel a page; the gift's power
// or strength goes on target while it lasts, and comes off when it ends
// (endEffect). Each target benefits from each gift once.
//
// Dice: the strength gift's 1d6.
func (e *Encounter) bestowGift(ctx Ctx, c, target *Combatant, a ActionRecord, n int, steps ruling.Steps) error {
	if a.Gift == "" {
		return refusal.Errorf("gift: name the gift (%s, p. 63)", combat.GiftSlugs())
	}
	g, ok := combat.FindGift(a.Gift)
	if !ok {
		return refusal.Errorf("gift: unknown gift %q (%s, p. 63)", a.Gift, combat.GiftSlugs())
	}
	for _, ef := range target.Effects {
		if ef.Gift != nil && ef.Gift.Gift == g.Slug {
			return refusal.Errorf("%s already has the %s gift: each target benefits from each gift once (p. 63)", target.ID, g.Slug)
		}
	}
	if a.Points != 0 && a.Points != 5 {
		return refusal.Errorf("spend: bestow gift costs 5 MP (p. 62); leave --spend out")
	}
	cost, cst, err := combat.SpellCharge(&c.Hero, EffectBestowGift, "magic", 5, astralCap(c))
	if err != nil {
		return err
	}
	if err := e.canSpend(c, n); err != nil {
		return err
	}
	rec := dice.NewRecorder(ctx.Roller)
	ch, err := combat.Bestow(&target.Hero, g.Slug, rec)
	if err != nil {
		return err
	}
	if err := martialGift(&target.Hero, ch); err != nil {
		return err
	}
	if err := e.spend(c, n); err != nil {
		return err
	}
	recondition(target)
	left := e.charge(c, "magic", cost)
	steps = append(append(steps, cst...), ch.Steps...)
	s := fmt.Sprintf("%s bestows %s on %s, spending %d magic points (%d left)", c.ID, combat.GiftText(g.Slug), target.ID, cost, left)
	if ch.Strength > 0 {
		s += fmt.Sprintf(": strength %d", target.Hero.Abilities.Final.Strength)
	}
	s += "; 5 MP and a panel a page to keep it (pp. 62-63)"
	ev := Event{Kind: KindAction, Actor: c.ID, Target: target.ID, Panels: n, Steps: steps, Dice: rec.Rolls(), Details: mustJSON(a), Summary: s}
	if len(ev.Dice) > 0 {
		ev.Seed = ctx.Seed
	}
	e.appendEvent(ev)
	ef, _ := PresetEffect(EffectBestowGift)
	ef.Source, ef.Points, ef.Gift = c.ID, 5, &ch
	if err := e.AddEffect(ctx, target.ID, ef); err != nil {
		return err
	}
	e.endAction(c)
	return nil
}

// martialGift re-derives the figures Martial Arts decides (the unarmed
// attacks' strike class and damage, the parries, the dodge, pp. 65-66)
// when the combat-prowess gift comes or goes (p. 63), as `hero derive`
// would: the combat figures are derived on a copy, rolling nothing, and
// only those are taken from it.
func martialGift(h *hero.Hero, ch combat.GiftChange) error {
	if ch.Gift != combat.GiftCombat || !ch.PowerAdded {
		return nil
	}
	b, err := hero.Encode(h)
	if err != nil {
		return err
	}
	d, err := hero.DecodeDraft(b)
	if err != nil {
		return err
	}
	chargen.DeriveCombat(d, chargen.Options{Quiet: true})
	h.Combat.Attacks, h.Combat.Parries = d.Combat.Attacks, d.Combat.Parries
	h.Combat.CanDodge, h.Combat.DodgeBonus = d.Combat.CanDodge, d.Combat.DodgeBonus
	return nil
}

// unbestow takes a gift off h, and the figures it changed.
func unbestow(h *hero.Hero, ch combat.GiftChange) ruling.Steps {
	steps := combat.Unbestow(h, ch)
	if err := martialGift(h, ch); err != nil {
		steps.Add("gift", "p. 63", "the martial arts figures were not re-derived: %v", err)
	}
	return steps
}

// hasGift reports whether c holds a Bestow Gift of that gift.
func hasGift(c *Combatant, gift string) bool {
	for _, ef := range c.Effects {
		if ef.Gift != nil && ef.Gift.Gift == gift {
			return true
		}
	}
	return false
}
