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
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
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
	ev := Event{Kind: KindAction, Actor: c.ID, Panels: n, Steps: steps, Dice: rec.Rolls(), Seed: ctx.Seed, Details: mustJSON(a),
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
		e.appendEvent(Event{Kind: KindEffect, Actor: def.ID, Target: def.ID,
			Summary: fmt.Sprintf("%s's fluid shield has %d health left (p. 34)", def.ID, b.Remaining)})
	}
}

// EffectBound is the state of a combatant bound by Snare or Restraint.
const EffectBound = "bound"

// binding is what a Snare binding spends from its pool.
type binding struct {
	pool   *hero.Pool
	points int
}

// bindingCost checks the points a binding attack spends (Snare binding:
// fluid, 1-10, default 10, p. 72); nil for other attacks, which refuse
// points.
func bindingCost(att *Combatant, req combat.Request, points int) (*binding, error) {
	a := att.Hero.FindAttack(req.Attack)
	if a == nil && req.Attack == "" && len(att.Hero.Combat.Attacks) == 1 {
		a = &att.Hero.Combat.Attacks[0]
	}
	if a == nil || a.DamageType != "restraint" || req.Mode != combat.ModeStrike {
		if points != 0 {
			return nil, refusal.Errorf("spend: only a binding (Snare) spends points on an attack here")
		}
		return nil, nil
	}
	if points == 0 {
		points = rulebook.PoolCapPerAction
	}
	if points < 1 || points > rulebook.PoolCapPerAction {
		return nil, refusal.Errorf("spend: a binding takes 1-%d fluid points (got %d)", rulebook.PoolCapPerAction, points)
	}
	p := att.Hero.FindPool("fluid")
	if p == nil {
		return nil, refusal.Errorf("%s has no fluid pool for %s", att.ID, a.Slug)
	}
	if points > p.Current {
		return nil, refusal.Errorf("%s has only %d fluid points left, not %d", att.ID, p.Current, points)
	}
	return &binding{pool: p, points: points}, nil
}

// spendBinding spends a binding's points hit or miss, and binds on a hit
// (p. 72); nothing for an attack that is no binding.
func (e *Encounter) spendBinding(att, def *Combatant, binding *binding, res *combat.Result) error {
	if binding == nil {
		return nil
	}
	binding.pool.Current -= binding.points
	e.appendEvent(Event{Kind: KindUpkeep, Actor: att.ID, Summary: fmt.Sprintf("%s spends %d %s points on %s (%d left)",
		att.ID, binding.points, binding.pool.Name, res.Attack.Slug, binding.pool.Current)})
	if res.Outcome == combat.OutcomeHit {
		return e.bind(att, def, res.Attack.Power, binding.points)
	}
	return nil
}

// bind puts the bound state on def after a Snare binding (or Restraint)
// hit it with points spent: the escape chance and the panels it loses at
// once (p. 64), or freedom at once.
func (e *Encounter) bind(att, def *Combatant, power rulebook.PowerID, points int) error {
	r, err := combat.RestraintOn(&def.Hero, points)
	if err != nil {
		return err
	}
	summary := fmt.Sprintf("%s is bound by %s's %s (strength %d, escape chance %d%%)", def.ID, att.ID, power, r.Strength, r.Chance)
	switch {
	case r.Automatic:
		e.appendEvent(Event{Kind: KindEffect, Actor: att.ID, Target: def.ID, Steps: r.Steps, Details: mustJSON(r),
			Summary: summary + fmt.Sprintf("; %s teleports or phases out at once (p. 64)", def.ID)})
		return nil
	case r.Free:
		e.appendEvent(Event{Kind: KindEffect, Actor: att.ID, Target: def.ID, Steps: r.Steps, Details: mustJSON(r),
			Summary: summary + "; breaks free at once (p. 64)"})
		return nil
	}
	for i, ef := range def.Effects {
		if ef.Name == EffectBound {
			def.Effects = append(def.Effects[:i], def.Effects[i+1:]...)
			break
		}
	}
	chance := r.Chance
	def.Effects = append(def.Effects, Effect{Name: EffectBound, Power: string(power), Source: att.ID, Since: e.Page, NoMove: true,
		EscapeChance: &chance, Strength: r.Strength, Note: "Snare / Restraint (pp. 64, 72): cannot move; +4 to hit it"})
	if r.PanelsLost > 0 {
		def.Panels.Owed += r.PanelsLost
		summary += fmt.Sprintf("; loses its next %s (%d owed in all)", plural(r.PanelsLost, "panel"), def.Panels.Owed)
	}
	if e.Options.EscapeRolls == EscapeRollsPage {
		summary += "; rolls to break free at each end of page"
	} else {
		summary += "; a double-panel per attempt to break free"
	}
	e.appendEvent(Event{Kind: KindEffect, Actor: att.ID, Target: def.ID, Panels: r.PanelsLost, Steps: r.Steps, Details: mustJSON(r), Summary: summary})
	return nil
}

// escapes rolls every bound combatant's escape at the end of the page,
// under the option escape_rolls: page (EscapeRollsPage; the book's rule is
// a double-panel per attempt, BreakFree): a d100 at most its escape chance
// breaks free (p. 64). The out of the fight do not try; a chance of 0 or
// less never succeeds.
//
// Dice: a d100 for each bound combatant in file order with a chance of 1
// or more.
func (e *Encounter) escapes(ctx Ctx) error {
	for i := range e.Combatants {
		c := &e.Combatants[i]
		for j := 0; j < len(c.Effects); j++ {
			ef := c.Effects[j]
			if ef.Name != EffectBound || ef.EscapeChance == nil || *ef.EscapeChance < 1 || c.Out() {
				continue
			}
			free, err := e.escapeRoll(ctx, c, j, 0)
			if err != nil {
				return err
			}
			if free {
				j--
			}
		}
	}
	return nil
}

// escapeRoll rolls c's d100 to break free of its j-th effect, a binding,
// and logs it as an escape event costing panels: at most the escape
// chance breaks free and ends the binding (p. 64).
func (e *Encounter) escapeRoll(ctx Ctx, c *Combatant, j, panels int) (bool, error) {
	ef := c.Effects[j]
	rec := dice.NewRecorder(ctx.Roller)
	chance := *ef.EscapeChance
	v, hp, err := e.heroRoll(ctx, c, "escape", heropoints.Lower, "d100 face", func(v int) bool { return v <= chance },
		func(int) (int, error) {
			v, _, err := combat.EscapeRoll(chance, rec)
			return v, err
		})
	if err != nil {
		return false, err
	}
	var steps ruling.Steps
	if panels > 0 {
		steps.Add("panels", "pp. 64, 73", "an attempt to break free takes a double-panel")
	}
	if hp != nil {
		steps.Add("hero-points", "p. 14", "%s", hp.Text())
	}
	if v > chance {
		steps.Add("escape", "p. 64", "d100 %d > escape chance %d%%: still bound", v, chance)
		e.appendEvent(Event{Kind: KindEscape, Actor: c.ID, Panels: panels, Seed: ctx.Seed, Dice: rec.Rolls(), Steps: steps,
			Summary: fmt.Sprintf("%s tries to break free: %d against %d%%, still bound", c.ID, v, chance)})
		return false, nil
	}
	steps.Add("escape", "p. 64", "d100 %d ≤ escape chance %d%%: breaks free", v, chance)
	e.appendEvent(Event{Kind: KindEscape, Actor: c.ID, Panels: panels, Seed: ctx.Seed, Dice: rec.Rolls(), Steps: steps,
		Summary: fmt.Sprintf("%s breaks free: %d against %d%%", c.ID, v, chance)})
	e.endEffect(c, j, "broke free")
	return true, nil
}

// BreakFree is actor's attempt to break free of a Snare binding or a
// Restraint spell on its turn: it "may then make attempts to break free
// that take a double-panel per attempt" (pp. 64, 73), a d100 at most its
// escape chance (see escapeRoll). Under the option escape_rolls: page the
// attempts are the free rolls of each end of page instead, and this is
// refused.
//
// Dice: one d100 (and its hero point re-rolls).
func (e *Encounter) BreakFree(ctx Ctx, actor string) error {
	if e.Options.EscapeRolls == EscapeRollsPage {
		return refusal.Errorf("this fight rolls escapes at each end of page (escape_rolls: page), not on a turn")
	}
	c, err := e.turnOf(actor)
	if err != nil {
		return err
	}
	j := e.boundEscape(c)
	if j < 0 {
		return refusal.Errorf("%s is not bound by a snare or a restraint it can break (pp. 64, 72)", c.ID)
	}
	if err := e.spend(c, rulebook.DoublePanel); err != nil {
		return err
	}
	if _, err := e.escapeRoll(ctx, c, j, rulebook.DoublePanel); err != nil {
		return err
	}
	e.endAction(c)
	return nil
}

// boundEscape is the index of c's binding with an escape chance of 1% or
// more, or -1.
func (e *Encounter) boundEscape(c *Combatant) int {
	for j, ef := range c.Effects {
		if ef.Name == EffectBound && ef.EscapeChance != nil && *ef.EscapeChance >= 1 {
			return j
		}
	}
	return -1
}
