package encounter

// Forcefield (pp. 59-60): a force wall around someone or a force shield
// around its maker, raised with `fight act --power forcefield` and kept
// as an effect until an attack destroys it (a hard one cannot be raised
// again in this fight); the personal forcefield is always up and taken
// off every attack by pkg/combat (power_forcefield.go there). What a
// forcefield stops is said once, on the kind of attack
// (combat.AttackKind.StoppedByForcefield).
//
// Dropped on purpose: a force shield "takes a double-panel for you to
// voluntarily drop", and then "you can re-create it in your next
// available double-panel" (p. 60), hard or soft; a force wall is kept up
// by concentration, and stopping is no action: it takes no panel
// (docs/rules-notes.md). Either way there is no wait of an hour per
// point of health, which is only for a hard one destroyed (breakBarrier).

import (
	"fmt"
	"slices"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// ForcefieldDrop is the --effect word of `fight act --power forcefield`
// that drops the actor's own force wall or shield (pp. 59-60).
const ForcefieldDrop = "drop"

// forcefieldRule is Forcefield's row of powerRules.
var forcefieldRule = powerRule{
	Begin: func(d *doing) error {
		if d.a.Effect != "" {
			return nil
		}
		ef, ok, err := barrierEffect(d.c, d.target)
		if err != nil {
			return err
		}
		if ok {
			d.raise = &ef
		}
		return nil
	},
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
		d.steps.Add(string(rulebook.PowerForcefield), "pp. 59-60", "dropped, not destroyed: it can be raised again at the next double-panel (no hour per point of health)")
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

// The force walls and shields (pp. 59-60).
const (
	EffectForceWall   = "force-wall"
	EffectForceShield = "force-shield"
	// RestOfFight is the cooldown page of a hard wall or shield that was
	// destroyed: an hour per point of its health outlasts any fight.
	RestOfFight = 1_000_000_000
)

// barrierEffect is the force wall or shield c raises with its Forcefield
// power, on itself (a shield) or around target (a wall in the way of
// attacks on it); ok is false for a personal forcefield, which is always
// up in the fight and taken off every attack by pkg/combat.
func barrierEffect(c, target *Combatant) (Effect, bool, error) {
	p := c.Hero.FindPower(rulebook.PowerForcefield)
	if p == nil || len(p.Flavours) == 0 {
		return Effect{}, false, refusal.Errorf("%s's forcefield has no kind (flavours: hard-force-wall, soft-force-wall, hard-force-shield, soft-force-shield, personal-forcefield)", c.ID)
	}
	kind := p.Flavours[0].Slug
	ef := Effect{Power: string(rulebook.PowerForcefield), Source: c.ID, Health: p.Values["health"]}
	switch kind {
	case "hard-force-wall", "soft-force-wall":
		ef.Name, ef.Hard = EffectForceWall, kind == "hard-force-wall"
		ef.Note = "stops every physical and energy attack on its holder whole, knockback too; destroyed by more health damage in one attack than its health (p. 59)"
	case "hard-force-shield", "soft-force-shield":
		if target != nil && target != c {
			return Effect{}, false, refusal.Errorf("a force shield surrounds its maker, not %s (p. 60)", target.ID)
		}
		ef.Name, ef.Hard = EffectForceShield, kind == "hard-force-shield"
		ef.Note = "stops every physical and energy attack whole, but not knockback; destroyed by more health damage in one attack than its health (p. 60)"
	default:
		return Effect{}, false, nil
	}
	if ef.Health < 1 {
		return Effect{}, false, refusal.Errorf("%s's %s has no rolled health (powers[].values.health, rolled once, p. 59)", c.ID, kind)
	}
	holder := c
	if target != nil {
		holder = target
	}
	for _, have := range holder.Effects {
		if have.Name == ef.Name && have.Source == c.ID {
			return Effect{}, false, refusal.Errorf("%s's %s is already up", c.ID, ef.Name)
		}
	}
	return ef, true, nil
}

// barrier returns the strongest force wall or shield on def, if any.
func barrier(def *Combatant) (int, bool) {
	at := -1
	for i, ef := range def.Effects {
		if (ef.Name == EffectForceWall || ef.Name == EffectForceShield || ef.Name == EffectMysticShield) && (at < 0 || ef.Health > def.Effects[at].Health) {
			at = i
		}
	}
	if at < 0 {
		return -1, false
	}
	return at, true
}

// breakBarrier ends the force wall or shield at i on def destroyed by an
// attack; a hard one cannot be raised again in this fight (p. 59).
func (e *Encounter) breakBarrier(def *Combatant, i int, att *Combatant, b *combat.BarrierResult) {
	ef := def.Effects[i]
	e.endEffect(def, i, fmt.Sprintf("destroyed by %s: %d health damage in one attack, more than its %d", att.ID, b.Damage, b.Health))
	if !ef.Hard {
		return
	}
	src := e.Find(ef.Source)
	if src == nil {
		return
	}
	if src.Cooldowns == nil {
		src.Cooldowns = map[string]int{}
	}
	src.Cooldowns[ef.Power] = RestOfFight
	e.appendEvent(Event{Kind: KindEffect, Actor: src.ID, Summary: fmt.Sprintf("%s cannot raise its %s again for %d hours, one per point of its health (p. 59)", src.ID, ef.Name, ef.Health)})
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
