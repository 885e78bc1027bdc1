package encounter

// Forcefield's walls and shields dropped on purpose (pp. 59-60). Raising
// them and their stopping attacks are in powerstates.go and pkg/combat;
// here is what the fight's `--power forcefield --effect drop` does:
//
//   - a force shield "takes a double-panel for you to voluntarily drop",
//     and then "you can re-create it in your next available
//     double-panel" (p. 60), hard or soft;
//   - a force wall is kept up by concentration; "if it drops because you
//     stopped concentrating then you can re-create it in your next
//     available double-panel" (p. 59). Stopping is no action: it takes
//     no panel (docs/rules-notes.md).
//
// Either way there is no wait of an hour per point of health, which is
// only for a hard one destroyed (breakBarrier).

import (
	"fmt"
	"slices"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// ForcefieldDrop is the --effect word of `fight act --power forcefield`
// that drops the actor's own force wall or shield (pp. 59-60).
const ForcefieldDrop = "drop"

// forcefieldRule is Forcefield's row of powerRules.
var forcefieldRule = powerRule{
	Use: func(d *doing) error {
		if d.a.Effect != ForcefieldDrop {
			return nil
		}
		if d.a.Panels != 0 {
			return refusal.Errorf("panels: dropping a force shield takes a double-panel, a wall none (pp. 59-60); give no --panels")
		}
		if d.target != nil {
			return refusal.Errorf("target: dropping drops the actor's own force wall or shield; give no --target")
		}
		holder, i, ok := ownBarrier(d.e, d.c)
		if !ok {
			return refusal.Errorf("%s has no force wall or shield up to drop (pp. 59-60)", d.c.ID)
		}
		ef := holder.Effects[i]
		d.effectHooked = true
		d.steps = d.steps[:0]
		if ef.Name == EffectForceShield {
			d.n, d.ev.Panels = rulebook.DoublePanel, rulebook.DoublePanel
			d.steps.Add("panels", "p. 60", "a double-panel to drop a force shield on purpose")
		} else {
			d.n, d.ev.Panels = 0, 0
			d.steps.Add("panels", "p. 59", "no panel: a force wall drops when its maker stops concentrating")
		}
		d.steps.Add("forcefield", "pp. 59-60", "dropped, not destroyed: it can be raised again at the next double-panel (no hour per point of health)")
		d.ev.Summary = fmt.Sprintf("%s drops its %s", d.c.ID, ef.Name)
		if holder != d.c {
			d.ev.Summary += " round " + holder.ID
		}
		return nil
	},
	Used: func(d *doing, _ dice.Roller) error {
		if d.a.Effect != ForcefieldDrop {
			return nil
		}
		holder, i, ok := ownBarrier(d.e, d.c)
		if !ok {
			return nil
		}
		// The action's own event says it ends (no separate "ends" event
		// before it); a barrier's ending changes nothing else.
		holder.Effects = slices.Delete(holder.Effects, i, i+1)
		d.ev.Summary += ": it can be raised again at its next double-panel (pp. 59-60)"
		return nil
	},
}

// ownBarrier finds the force wall or shield c keeps up: its shield, or
// the wall round a combatant (the first in the fight's order).
func ownBarrier(e *Encounter, c *Combatant) (*Combatant, int, bool) {
	for j := range e.Combatants {
		h := &e.Combatants[j]
		for i, ef := range h.Effects {
			if (ef.Name == EffectForceShield || ef.Name == EffectForceWall) && ef.Source == c.ID && ef.Power == string(rulebook.PowerForcefield) {
				return h, i, true
			}
		}
	}
	return nil, 0, false
}
