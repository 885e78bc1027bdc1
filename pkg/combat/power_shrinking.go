package combat

// Shrinking (pp. 70-71): how far a shrunk character moves. The shrunk
// state's changes to an attack are ApplyStates'; its regrowth slam is a
// movement attack (heroes.go).

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
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
