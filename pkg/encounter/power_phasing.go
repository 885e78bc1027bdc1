package encounter

// Phasing (p. 66): `fight act --power phasing` switches the phased
// lasting state (a double-panel); what it changes in an attack is
// pkg/combat's ApplyStates, and its partial re-phase strike an attack.
// Each such strike may leave the attacker partially re-phased, hurt
// normally (stateNames leaves the state out) until it phases again.

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// phasingRule is Phasing's row of powerRules.
var phasingRule = powerRule{
	SwitchedOff: "re-phases fully",
	Attacked: func(e *Encounter, ctx Ctx, att *Combatant) error {
		if findEffect(att, combat.StatePhased) < 0 {
			return nil
		}
		return e.rephase(ctx, att)
	},
}

// rephase rolls a phased attacker's chance of having become partially
// re-phased after a partial re-phase strike: 20% for each strike so far,
// cumulative (p. 66). Once re-phased it is hurt normally until it spends
// a double-panel phasing out again or re-phasing fully.
//
// Dice: a d100.
func (e *Encounter) rephase(ctx Ctx, c *Combatant) error {
	i := findEffect(c, combat.StatePhased)
	if i < 0 || c.Effects[i].Rephased {
		return nil
	}
	ef := &c.Effects[i]
	ef.Strikes++
	chance := min(rulebook.PhaseStrikeRephaseChance*ef.Strikes, 100)
	rec := dice.NewRecorder(ctx.Roller)
	v, err := rec.Roll(100, "re-phasing chance")
	if err != nil {
		return err
	}
	var steps ruling.Steps
	summary := fmt.Sprintf("%s's re-phase strike %d: d100 %d against %d%%", c.ID, ef.Strikes, v, chance)
	if v <= chance {
		ef.Rephased = true
		steps.Add("phased", "p. 66", "d100 %d ≤ %d%% (20%% per strike, cumulative): partially re-phased, hurt normally until a double-panel re-phases it fully (`--power phasing`), after which another phases it out", v, chance)
		summary += ": partially re-phased, hurt normally by physical attacks (p. 66)"
	} else {
		steps.Add("phased", "p. 66", "d100 %d > %d%% (20%% per strike, cumulative): still out of phase", v, chance)
		summary += ": still out of phase (p. 66)"
	}
	e.appendEvent(Event{Kind: KindEffect, Actor: c.ID, Target: c.ID, Seed: ctx.Seed, Dice: rec.Rolls(), Steps: steps, Summary: summary})
	return nil
}
