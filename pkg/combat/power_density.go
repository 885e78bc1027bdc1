package combat

// Density Control (Self) (p. 54): denser, "half panels per page, +10
// melee damage, knockback threshold +5"; lighter, "walks on any surface,
// minimum melee damage, knockback threshold 10". Each takes a
// double-panel to switch, and one excludes the other. The damage is the
// resolver's (Situation.AttackerDenser, AttackerLighter), the knockback
// threshold its knockback step (DefenderDenser, DefenderLighter).

import (
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// denserState is the denser state (p. 54).
var denserState = stateRule{
	StateInfo: StateInfo{Name: StateDenser, Power: rulebook.PowerDensityControlSelf, Panels: 2, Page: "p. 54", Excludes: StateLighter,
		Text: "half panels per page, +10 melee damage, knockback threshold +5"},
	attacker: func(sit Situation) (Situation, ruling.Step) {
		sit.AttackerDenser = true
		return sit, ruling.Step{Rule: StateDenser, Page: "p. 54", Text: "attacker denser: +10 melee damage"}
	},
	attacked: func(sit Situation) (Situation, ruling.Step) {
		sit.DefenderDenser = true
		return sit, ruling.Step{Rule: StateDenser, Page: "p. 54", Text: "defender denser: knockback threshold +5"}
	},
}

// lighterState is the lighter state (p. 54).
var lighterState = stateRule{
	StateInfo: StateInfo{Name: StateLighter, Power: rulebook.PowerDensityControlSelf, Panels: 2, Page: "p. 54", Excludes: StateDenser,
		Text: "walks on any surface, minimum melee damage, knockback threshold 10"},
	attacker: func(sit Situation) (Situation, ruling.Step) {
		sit.AttackerLighter = true
		return sit, ruling.Step{Rule: StateLighter, Page: "p. 54", Text: "attacker lighter: minimum melee damage"}
	},
	attacked: func(sit Situation) (Situation, ruling.Step) {
		sit.DefenderLighter = true
		return sit, ruling.Step{Rule: StateLighter, Page: "p. 54", Text: "defender lighter: knockback threshold 10"}
	},
}
