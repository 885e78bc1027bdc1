package combat

// Impervious (p. 61): "you are impervious to all physical damage". The
// impervious state marks the defender (Situation.Impervious); what a
// kind of attack gets past it is AttackKind.StoppedByImpervious (a
// psychic attack is not physical damage, p. 68). When the power is on is
// pkg/encounter's power_impervious.go.

import (
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// imperviousState is the impervious defender (p. 61). It is not switched
// as a state of its own (no row of States).
var imperviousState = stateRule{
	StateInfo: StateInfo{Name: StateImpervious, Power: rulebook.PowerImpervious, Page: "p. 61"},
	attacked: func(sit Situation) (Situation, ruling.Step) {
		sit.Impervious = true
		return sit, ruling.Step{Rule: StateImpervious, Page: "p. 61", Text: "defender impervious: no physical damage"}
	},
}

// imperviousDefence is the impervious defender's immunity to all
// physical damage (p. 61).
var imperviousDefence = defenceRule{
	immune: func(in incoming) string {
		if in.sit.Impervious && in.kind.StoppedByImpervious() {
			return "Impervious: immune to all physical damage (p. 61)"
		}
		return ""
	},
}
