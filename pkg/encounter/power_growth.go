package encounter

// Growth (pp. 60-61): `fight act --power growth` switches the grown state
// on or off (a double-panel). Growing raises strength and endurance by
// the power's rolled 1d6s (pkg/combat's Grow, the extra health and
// stamina rolled the first time); the grown scores go however the state
// ends. Its slam (+4, or the `slam` attack) needs the growing to have
// been the attacker's last action, as does Shrinking's regrowth slam.

import (
	"encoding/json"
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// growthRule is Growth's row of powerRules.
var growthRule = powerRule{
	SwitchOn: func(c *Combatant) error {
		if p := c.Hero.FindPower(rulebook.PowerGrowth); p == nil || p.Values[combat.GrowthStrD6] < 1 || p.Values[combat.GrowthEndD6] < 1 {
			return refusal.Errorf("%s's Growth has no rolled strength and endurance (powers[].values.str_d6 and end_d6: `hero derive` rolls them, p. 60)", c.ID)
		}
		return oneSize(c, combat.StateShrunk)
	},
	SwitchedOff: "back to normal size",
	SwitchedOn: func(e *Encounter, ctx Ctx, c *Combatant) error {
		rec := dice.NewRecorder(ctx.Roller)
		g, err := combat.Grow(&c.Hero, rec)
		if err != nil {
			return err
		}
		recondition(c)
		ev := Event{Kind: KindEffect, Actor: c.ID, Target: c.ID, Steps: g.Steps, Dice: rec.Rolls(), Details: mustJSON(g),
			Summary: fmt.Sprintf("%s grows: strength %d, endurance %d, health %d of %d, stamina %d of %d (pp. 60-61)", c.ID,
				c.Hero.Abilities.Final.Strength, c.Hero.Abilities.Final.Endurance, c.Hero.Health.Current, c.Hero.Health.Max, c.Hero.Stamina.Current, c.Hero.Stamina.Max)}
		if len(ev.Dice) > 0 {
			ev.Seed = ctx.Seed
		}
		e.appendEvent(ev)
		return nil
	},
	StateEnded: func(e *Encounter, c *Combatant) { e.shrinkBack(c) },
	// The slam of growing and Shrinking's regrowth slam (pp. 61, 71).
	Attacking: func(e *Encounter, att *Combatant, req combat.Request) error { return e.growthMomentum(att, req) },
}

// oneSize refuses changing size while c is in the other size's state
// (grown or shrunk): back to normal size first (pp. 60, 70).
func oneSize(c *Combatant, other string) error {
	if findEffect(c, other) >= 0 {
		return refusal.Errorf("%s is %s: return to normal size first (pp. 60, 70)", c.ID, other)
	}
	return nil
}

// shrinkBack undoes Growth when the grown state ends, however it ends.
func (e *Encounter) shrinkBack(c *Combatant) {
	g, err := combat.ShrinkBack(&c.Hero)
	if err != nil {
		return // the file lost its power: nothing to undo
	}
	recondition(c)
	e.appendEvent(Event{Kind: KindEffect, Actor: c.ID, Target: c.ID, Steps: g.Steps, Details: mustJSON(g),
		Summary: fmt.Sprintf("%s shrinks back: strength %d, endurance %d, health %d of %d, stamina %d of %d (pp. 60-61)", c.ID,
			c.Hero.Abilities.Final.Strength, c.Hero.Abilities.Final.Endurance, c.Hero.Health.Current, c.Hero.Health.Max, c.Hero.Stamina.Current, c.Hero.Stamina.Max)})
}

// growthMomentum refuses Growth's +4 or slam (`--movement growth`, the
// `slam` attack) unless the attacker grew directly before, and the
// regrowth slam (`--movement shrinking`, `regrow-slam`) unless it returned
// to full size from shrunk directly before (pp. 61, 71): its last action
// in the fight must have been that double-panel. Effects, reactions,
// passes and page ends do not count as actions between.
func (e *Encounter) growthMomentum(att *Combatant, req combat.Request) error {
	var power rulebook.PowerID
	if m := req.Movement; m != nil && (m.Power == rulebook.PowerGrowth || m.Power == rulebook.PowerShrinking) {
		power = m.Power
	}
	if a := att.Hero.FindAttack(req.Attack); a != nil && (a.Slug == "slam" || a.Slug == "regrow-slam") {
		power = map[string]rulebook.PowerID{"slam": rulebook.PowerGrowth, "regrow-slam": rulebook.PowerShrinking}[a.Slug]
	}
	if power == "" {
		return nil
	}
	want := map[rulebook.PowerID]string{rulebook.PowerGrowth: "grown", rulebook.PowerShrinking: "returned to full size from shrunk"}[power]
	grown := findEffect(att, combat.StateGrown) >= 0
	shrunk := findEffect(att, combat.StateShrunk) >= 0
	if (power == rulebook.PowerGrowth && !grown) || (power == rulebook.PowerShrinking && shrunk) {
		return refusal.Errorf("%s's momentum attack needs it to have %s directly before (pp. 61, 71)", att.ID, want)
	}
	last := -1
	for i := len(e.Log) - 1; i >= 0 && last < 0; i-- {
		switch ev := e.Log[i]; {
		case ev.Actor != att.ID, ev.UndoneBy != 0:
		case ev.Kind == KindAction, ev.Kind == KindMove, ev.Kind == KindAttack, ev.Kind == KindSmash, ev.Kind == KindMental:
			last = i
		}
	}
	if last >= 0 && e.Log[last].Kind == KindAction {
		var a ActionRecord
		if err := json.Unmarshal(e.Log[last].Details, &a); err == nil && a.Kind == ActPower && a.Power == power && a.Effect == "" {
			return nil
		}
	}
	return refusal.Errorf("%s's momentum attack needs it to have %s directly before, as its last action (pp. 61, 71)", att.ID, want)
}
