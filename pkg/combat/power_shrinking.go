package combat

// Shrinking (pp. 70-71): how far a shrunk character moves, the shrunk
// state's changes to an attack (shrunkState, asked by ApplyStates) and
// the regrowth slam, a movement attack (regrowthSlam).

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// regrowthSlam is the slam straight after returning to normal size:
// +4 damage (p. 71).
var regrowthSlam = momentum(rulebook.PowerShrinking, 4, "p. 71")

// ShrunkMovement is how far a shrunk character moves in a panel: 1 m, or
// half its flying speed with Flight (p. 71); flying is true then.
func ShrunkMovement(h *hero.Hero) (metres int, flying bool) {
	for _, m := range h.Combat.Moves {
		if m.Mode == "flight" && m.Metres > 0 {
			return max(m.Metres/2, 1), true
		}
	}
	return 1, false
}

// shrunkState is the shrunk state (pp. 70-71): its attacks always do
// minimum damage (Situation.AttackerShrunk); -3 to hit it, and its
// knockback threshold -10 (Situation.Shrunk).
var shrunkState = stateRule{
	StateInfo: StateInfo{Name: StateShrunk, Power: rulebook.PowerShrinking, Panels: 2, Page: "pp. 70-71",
		Text: "10 cm tall: -3 to hit it, its attacks do minimum damage, 1 m a panel (half its flying speed), knockback threshold -10"},
	attacker: func(sit Situation) (Situation, ruling.Step) {
		sit.AttackerShrunk = true
		return sit, ruling.Step{Rule: StateShrunk, Page: "p. 71", Text: "attacker shrunk: its attacks always do minimum damage"}
	},
	attacked: func(sit Situation) (Situation, ruling.Step) {
		sit.Shrunk = true
		return sit, ruling.Step{Rule: StateShrunk, Page: "p. 70", Text: "defender shrunk: -3 to hit, knockback threshold -10"}
	},
	excludes: StateGrown,
}
