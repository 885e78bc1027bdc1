package encounter

// Environmental Control in a fight (pp. 56-58): `fight act --power
// environmental-control --effect molecular-layer` wraps someone in a
// molecular protective layer, its armour class one step better while its
// maker is in the fight (combat.Situation.Molecular); `--effect gravity`
// doubles gravity on a combatant (p. 57; AddEffect, massfall.go). Its heat, cold and
// magnetism attacks are attacks (pkg/combat).

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// environmentalRule is Environmental Control's row of powerRules.
var environmentalRule = powerRule{
	Begin: func(d *doing) error {
		if d.a.Effect != EffectMolecular {
			return nil
		}
		return d.handled(d.e.molecularLayer(d.ctx, d.c, d.target, d.a, d.n, d.steps))
	},
	// A use on gravity its user let go of holds its fall (massfall.go).
	Use: func(d *doing) error {
		if d.a.Effect != EffectGravity {
			return nil
		}
		return d.holdFall(EffectGravity)
	},
	// Nothing after the panels: the gravity step is AddEffect's.
	Used: func(*doing, dice.Roller) error { return nil },
}

// EffectMolecular is Environmental Control's molecular protective layer
// on a combatant: its armour class one step better (p. 58).
const EffectMolecular = "molecular-layer"

// molecularLayer wraps target (or c) in a molecular protective layer
// (Environmental Control, molecular aspect, p. 58): a double-panel; every
// attack on it then counts its armour class one step better
// (combat.Situation.Molecular). It lasts while its maker is in the fight.
func (e *Encounter) molecularLayer(ctx Ctx, c, target *Combatant, a ActionRecord, n int, steps ruling.Steps) error {
	if p := c.Hero.FindPower(rulebook.PowerEnvironmentalControl); p == nil || (len(p.Flavours) > 0 && !p.HasFlavour("molecular")) {
		return refusal.Errorf("%s has no molecular Environmental Control (p. 58)", c.ID)
	}
	holder := c
	if target != nil {
		holder = target
	}
	for _, ef := range holder.Effects {
		if ef.Name == EffectMolecular {
			return refusal.Errorf("%s already has a molecular layer", holder.ID)
		}
	}
	if err := e.spend(c, n); err != nil {
		return err
	}
	ac := holder.Hero.Combat.ArmourClass
	better := combat.ImprovedArmourClass(ac, 1)
	steps.Add("molecular", "p. 58", "a protective layer: armour class %s counts as %s against attacks", ac, better)
	e.appendEvent(Event{Kind: KindAction, Actor: c.ID, Target: holder.ID, Panels: n, Steps: steps, Details: mustJSON(a),
		Summary: fmt.Sprintf("%s wraps %s in a molecular layer: armour class %s counts as %s (p. 58)", c.ID, holder.ID, ac, better)})
	if err := e.AddEffect(ctx, holder.ID, Effect{Name: EffectMolecular, Power: string(rulebook.PowerEnvironmentalControl), Source: c.ID,
		Note: "Environmental Control, molecular (p. 58): armour class one step better"}); err != nil {
		return err
	}
	e.endAction(c)
	return nil
}
