package encounter

// Snare (pp. 72-73): its fluid shield, spun with `fight act --power snare
// --effect fluid-shield --spend N` and worn down by the blocks made with
// it (`--reaction block:fluid-shield`). Its snare ball is an attack
// (pkg/combat), and its binding the bound state shared with the
// Restraint spell (bind, BreakFree, escapes).

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// snareRule is Snare's row of powerRules.
var snareRule = powerRule{
	Begin: func(d *doing) error {
		if d.a.Effect != EffectFluidShield {
			return nil
		}
		return d.handled(d.e.fluidShield(d.ctx, d.c, d.a))
	},
}

// EffectFluidShield is Snare's blocking shield on its maker: its health
// rolled once (1d6 per fluid point), used as the object of its blocks
// (`--reaction block:fluid-shield`) and worn down by them (pp. 34, 72-73).
const EffectFluidShield = "fluid-shield"

// fluidShield spins Snare's blocking shield (pp. 72-73): a single panel,
// 1-10 fluid points from the fluid pool, 1d6 health a point rolled once.
// A new shield replaces the old.
//
// Dice: one d6 per point.
func (e *Encounter) fluidShield(ctx Ctx, c *Combatant, a ActionRecord) error {
	if c.Hero.PowerRank(rulebook.PowerSnare) == 0 {
		return refusal.Errorf("%s has no Snare power (pp. 72-73)", c.ID)
	}
	if a.Target != "" && a.Target != c.ID {
		return refusal.Errorf("target: the fluid shield is its maker's own, to block with (p. 72)")
	}
	pool := "fluid"
	if a.Pool != "" && a.Pool != pool {
		return refusal.Errorf("a fluid shield spends fluid points, not %s", a.Pool)
	}
	p := c.Hero.FindPool(pool)
	if p == nil {
		return refusal.Errorf("%s has no fluid pool", c.ID)
	}
	if a.Points == 0 {
		return refusal.Errorf("spend: say how many fluid points the shield takes (--spend 1-%d)", rulebook.PoolCapPerAction)
	}
	if a.Points > p.Current {
		return refusal.Errorf("%s has only %d fluid points left (they refill every %d pages)", c.ID, p.Current, refillPages(p))
	}
	n := rulebook.SnareShieldPanels
	if a.Panels != 0 && a.Panels != n {
		return refusal.Errorf("panels: a fluid shield takes a single panel (p. 72)")
	}
	if err := e.canSpend(c, n); err != nil {
		return err
	}
	rec := dice.NewRecorder(ctx.Roller)
	health, st, err := combat.SnareShield(a.Points, rec)
	if err != nil {
		return err
	}
	if err := e.spend(c, n); err != nil {
		return err
	}
	p.Current -= a.Points
	steps := ruling.Steps{{Rule: "panels", Page: "p. 72", Text: "1 panel: spinning a fluid shield"}}
	steps = append(steps, st...)
	ev := Event{Kind: "action", Actor: c.ID, Panels: n, Steps: steps, Dice: rec.Rolls(), Seed: ctx.Seed, Details: mustJSON(a),
		Summary: fmt.Sprintf("%s spins a fluid shield, spending %d fluid points (%d left): health %d, for blocking only (pp. 72-73)", c.ID, a.Points, p.Current, health)}
	e.appendEvent(ev)
	if i := findEffect(c, EffectFluidShield); i >= 0 {
		e.endEffect(c, i, "replaced by a new one")
	}
	if err := e.AddEffect(ctx, c.ID, Effect{Name: EffectFluidShield, Power: string(rulebook.PowerSnare), Source: c.ID, Health: health,
		Note: "Snare (pp. 72-73): a blocking shield, --reaction block:fluid-shield"}); err != nil {
		return err
	}
	e.endAction(c)
	return nil
}

// fluidShieldBlock makes a block with def's fluid shield block with it:
// the object is the shield with its health now (pp. 34, 72).
func fluidShieldBlock(def *Combatant, req *combat.Request) error {
	if req.Reaction.Kind != combat.ReactionBlock || naming.Slug(req.Reaction.Object.Name) != EffectFluidShield {
		return nil
	}
	i := findEffect(def, EffectFluidShield)
	if i < 0 {
		return refusal.Errorf("%s has no fluid shield to block with (`fight act --power snare --effect fluid-shield --spend N`, p. 72)", def.ID)
	}
	req.Reaction.Object = combat.BlockObject{Name: "fluid shield", Health: def.Effects[i].Health, PickUp: req.Reaction.Object.PickUp}
	return nil
}

// wearFluidShield keeps what is left of a fluid shield after a block, or
// ends it when the block destroyed it (p. 34).
func (e *Encounter) wearFluidShield(def *Combatant, req combat.Request, res *combat.Result) {
	if req.Reaction.Kind != combat.ReactionBlock || req.Reaction.Object.Name != "fluid shield" || res.Reaction.Block == nil {
		return
	}
	i := findEffect(def, EffectFluidShield)
	if i < 0 {
		return
	}
	b := res.Reaction.Block
	if b.Destroyed || b.Remaining <= 0 {
		e.endEffect(def, i, fmt.Sprintf("destroyed blocking: %d health was all it had", b.Health))
		return
	}
	if b.Remaining != def.Effects[i].Health {
		def.Effects[i].Health = b.Remaining
		e.appendEvent(Event{Kind: "effect", Actor: def.ID, Target: def.ID,
			Summary: fmt.Sprintf("%s's fluid shield has %d health left (p. 34)", def.ID, b.Remaining)})
	}
}
