package combat

// Camouflage (p. 52): "You may change colour to match your
// surroundings." Changing takes a panel (its row of States); moving about
// in combat, attackers get -2 to hit (Situation.Camouflaged); standing
// still it is effectively invisible.

import (
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// camouflagedState is the camouflaged state (p. 52).
var camouflagedState = stateRule{
	StateInfo: StateInfo{Name: StateCamouflaged, Power: rulebook.PowerCamouflage, Panels: 1, Page: "p. 52",
		Text: "moving about in combat: attackers get -2 to hit (effectively invisible standing still)"},
	attacked: func(sit Situation) (Situation, ruling.Step) {
		sit.Camouflaged = true
		return sit, ruling.Step{Rule: StateCamouflaged, Page: "p. 52", Text: "defender camouflaged and moving: -2 to hit"}
	},
}
