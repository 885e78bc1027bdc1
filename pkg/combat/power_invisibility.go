package combat

// Invisibility (p. 61): "You can make yourself invisible to normal sight
// by concentrating for a panel ... it also takes a panel to become
// visible once more." "Opponents trying to attack you get a -4 penalty
// to their to-hit rolls if they can't see you" (Situation.Invisible);
// the super senses that see it are power_supersenses.go's, and who knows
// where it is pkg/encounter's power_invisibility.go.

import (
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// invisibleState is the invisible state (p. 61).
var invisibleState = stateRule{
	StateInfo: StateInfo{Name: StateInvisible, Power: rulebook.PowerInvisibility, Panels: 1, Page: "p. 61",
		Text: "attackers who cannot see it get -4 to hit"},
	attacked: func(sit Situation) (Situation, ruling.Step) {
		sit.Invisible = true
		return sit, ruling.Step{Rule: StateInvisible, Page: "p. 61", Text: "defender invisible: -4 to hit"}
	},
}
