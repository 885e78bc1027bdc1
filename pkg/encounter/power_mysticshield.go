package encounter

// The Mystic Shield spell (Magic, p. 64): `fight act --power magic
// --effect mystic-shield --spend N` raises a wall of force round its
// caster or someone else; it stops every attack hitting it whole, magic
// ones too, and is destroyed as a force wall is (barrier, breakBarrier).
// Magic's row of powerRules (power_magic.go) hands it on whole.

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// EffectMysticShield is the Mystic Shield spell's wall (p. 64): the same
// rule as a force wall, cast again once destroyed.
const EffectMysticShield = "mystic-shield"

// mysticShield casts the Mystic Shield spell (p. 64) round c, or round
// target: points MP (1d6 health per 4, per 2 for the speciality), a
// double-panel; the shield stops every attack that hits it whole until a
// single attack does more health damage than its health, repairing
// itself between attacks, like a force wall (p. 59); it needs
// concentration (it ends when its caster is out).
//
// Dice: the shield's health dice.
func (e *Encounter) mysticShield(ctx Ctx, c, target *Combatant, a ActionRecord, n int, steps ruling.Steps) error {
	if c.Hero.PowerRank(rulebook.PowerMagic) == 0 {
		return refusal.Errorf("%s has no Magic", c.ID)
	}
	if p := c.Hero.FindPower(rulebook.PowerMagic); p != nil && len(p.Flavours) > 0 && !p.HasFlavour(string(rulebook.SpellMysticShield)) {
		return refusal.Errorf("%s does not know mystic-shield", c.ID)
	}
	if a.Pool != "" && a.Pool != "magic" {
		return refusal.Errorf("mystic-shield spends magic points, not %s", a.Pool)
	}
	if err := checkAstralCap(c, "magic", a.Points); err != nil {
		return err
	}
	spec := combat.SpellSpeciality(&c.Hero, string(rulebook.SpellMysticShield))
	nd, err := combat.MysticShieldDice(a.Points, spec)
	if err != nil {
		return err
	}
	pool := c.Hero.FindPool("magic")
	if pool == nil || pool.Current < a.Points {
		have := 0
		if pool != nil {
			have = pool.Current
		}
		return refusal.Errorf("%s has only %d magic points left", c.ID, have)
	}
	holder := c
	if target != nil {
		holder = target
	}
	for _, ef := range holder.Effects {
		if ef.Name == EffectMysticShield && ef.Source == c.ID {
			return refusal.Errorf("%s's mystic shield is already up round %s", c.ID, holder.ID)
		}
	}
	if err := e.spend(c, n); err != nil {
		return err
	}
	rec := dice.NewRecorder(ctx.Roller)
	x := dice.MustParse(fmt.Sprintf("%dd6", nd))
	health, err := x.Total(rec, "mystic shield health")
	if err != nil {
		return err
	}
	pool.Current -= a.Points
	how := "1d6 per 4 MP"
	if spec {
		how = "1d6 per 2 MP, the speciality at half cost"
	}
	steps.Add(string(rulebook.SpellMysticShield), "p. 64", "%d MP: %dd6 (%s) = %d health; stops each attack whole unless one attack does more health damage", a.Points, nd, how, health)
	ev := Event{Kind: KindAction, Actor: c.ID, Target: holder.ID, Panels: n, Steps: steps, Dice: rec.Rolls(), Seed: ctx.Seed, Details: mustJSON(a),
		Summary: fmt.Sprintf("%s casts mystic-shield round %s, spending %d magic points (%d left): %dd6 = %d health (p. 64)", c.ID, holder.ID, a.Points, pool.Current, nd, health)}
	e.appendEvent(ev)
	if err := e.AddEffect(ctx, holder.ID, Effect{Name: EffectMysticShield, Power: string(rulebook.PowerMagic), Source: c.ID, Health: health, Points: a.Points,
		Note: "Mystic Shield (p. 64): stops every attack that hits it whole; destroyed by more health damage in one attack than its health; concentration"}); err != nil {
		return err
	}
	e.endAction(c)
	return nil
}
