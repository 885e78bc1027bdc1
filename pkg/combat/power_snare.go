package combat

// Snare (pp. 72-73): the health of its fluid shield, and the snare ball,
// an attack (snareBall: its cost and dice split); its binding is the
// bound state shared with the Restraint spell (boundState: +4 to hit).

import (
	"fmt"
	"strings"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// SnareShield rolls the health of Snare's blocking shield: 1d6 per fluid
// point spent (1-10 an action), spun in a single panel; it may only be
// used for blocking, not for parrying (pp. 72-73). The health is rolled
// once; the shield then blocks as an object with that health (p. 34).
//
// Dice: one d6 per point.
func SnareShield(points int, r dice.Roller) (int, ruling.Steps, error) {
	var steps ruling.Steps
	if points < 1 || points > rulebook.PoolCapPerAction {
		return 0, nil, reqErr("spend", "a fluid shield takes 1-%d fluid points (got %d)", rulebook.PoolCapPerAction, points)
	}
	total := 0
	faces := make([]string, 0, points)
	for range points {
		v, err := r.Roll(rulebook.SnareShieldDie, "fluid shield health")
		if err != nil {
			return 0, nil, err
		}
		if v < 1 || v > rulebook.SnareShieldDie {
			return 0, nil, errRoller(rulebook.SnareShieldDie, v, "fluid shield health")
		}
		total += v
		faces = append(faces, fmt.Sprint(v))
	}
	steps.Add(string(rulebook.PowerSnare), "pp. 72-73", "a fluid shield: a single panel, %dd6 health for %d fluid points (%s) = %d; blocking only, not parrying", points, points, strings.Join(faces, "+"), total)
	return total, steps, nil
}

// snareBall is the snare ball (p. 72): 2 fluid points a die, no more
// health dice than stamina dice; parried as an energy blast.
var snareBall = specialAttack{slug: kindSnareBall, ranged: true, parryRow: rulebook.AttackEnergyBlast, splitsDice: true,
	cost: func(_ *hero.Hero, nh, ns int) (string, int, int, error) {
		if nh > ns {
			return "", 0, 0, reqErr("power-dice", "snare ball: %d health dice is more than its %d stamina dice (p. 72)", nh, ns)
		}
		return "fluid", 2 * (nh + ns), 5, nil
	}}

// boundState is a defender bound by a snare or a Restraint spell: +4 to
// hit it, as restrained (pp. 33, 64). It is not switched by its power
// (no row of States): the binding puts it on the target.
var boundState = stateRule{
	StateInfo: StateInfo{Name: StateBound, Power: rulebook.PowerSnare, Page: "pp. 33, 64"},
	attacked: func(sit Situation) (Situation, ruling.Step) {
		sit.Grappled = true
		return sit, ruling.Step{Rule: StateBound, Page: "pp. 33, 64", Text: "defender bound: +4 to hit the restrained"}
	},
}
