package encounter

// Density Control (p. 54). Self: `fight act --power density-control-self
// --effect denser|lighter` switches the lasting state (a double-panel;
// no effect returns to normal density); what a denser or lighter body
// changes in an attack is pkg/combat's ApplyStates. Other: `--effect
// mass` changes a target's mass, a psychic attack first on an
// intelligent target, each use.

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// densitySelfRule is Density Control (Self)'s row of powerRules.
var densitySelfRule = powerRule{
	SwitchedOff: "back to normal density",
	Switch: func(c *Combatant, a ActionRecord) (stateSwitch, bool, error) {
		switch a.Effect {
		case combat.StateDenser, combat.StateLighter:
			info, _ := combat.StateByName(a.Effect)
			if findEffect(c, info.Name) >= 0 {
				return stateSwitch{}, false, refusal.Errorf("%s is already %s; --power density-control-self with no --effect returns to normal (p. 54)", c.ID, info.Name)
			}
			return stateSwitch{info: info, on: true, replace: findEffect(c, info.Excludes)}, true, nil
		case "":
			for _, s := range []string{combat.StateDenser, combat.StateLighter} {
				if findEffect(c, s) >= 0 {
					info, _ := combat.StateByName(s)
					return stateSwitch{info: info, replace: -1}, true, nil
				}
			}
			return stateSwitch{}, false, refusal.Errorf("%s: --effect denser or --effect lighter (p. 54)", c.ID)
		}
		return stateSwitch{}, false, nil
	},
}

// densityOtherRule is Density Control (Other)'s row of powerRules.
var densityOtherRule = powerRule{
	// The mass effect's limits are AddEffect's; a use on a mass its user
	// let go of holds its fall (massfall.go).
	Use: func(d *doing) error {
		if d.a.Effect != EffectMass {
			return nil
		}
		return d.holdFall(EffectMass)
	},
	// Each use on an intelligent target is a psychic attack first (p. 54).
	Used: func(d *doing, r dice.Roller) error {
		if !d.effectOn || !densityContested(d.c, d.target, d.a) {
			return nil
		}
		res, st, err := combat.Contest(d.c.Hero.Abilities.Final.Will, 0, &d.target.Hero, false, r)
		if err != nil {
			return err
		}
		d.steps = append(d.steps, ruling.Step{Rule: "psychic", Page: "p. 54", Text: fmt.Sprintf("%s is intelligent: a psychic attack it cannot resist", d.target.ID)})
		d.steps = append(d.steps, st...)
		if res.Success {
			d.ev.Summary += fmt.Sprintf(": the psychic attack succeeds (%d against %d, p. 54)", res.AttackerTotal, res.DefenderTotal)
		} else {
			d.ev.Summary += fmt.Sprintf(": the psychic attack fails (%d against %d, p. 54), no change in mass", res.AttackerTotal, res.DefenderTotal)
			d.effectOn = false
			d.fallAgain(EffectMass)
		}
		return nil
	},
}

// densityContested reports whether Density Control (Other) needs a
// psychic attack before it changes target's mass: on an intelligent
// target, each use (p. 54). Robots and animals are not intelligent
// (docs/rules-notes.md); the user's own mass needs none.
func densityContested(c, target *Combatant, a ActionRecord) bool {
	if a.Power != rulebook.PowerDensityControlOther || a.Effect != EffectMass || target == nil || target == c {
		return false
	}
	h := &target.Hero
	return h.Kind != hero.KindRobot && h.NPCType != "animal"
}
