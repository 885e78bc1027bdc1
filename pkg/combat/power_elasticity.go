package combat

// Elasticity (p. 55) in a strike: "If you dodge a blunt attack (punch,
// kick, club etc.) you get at least H/2 S/2 dividers". Its reach and the
// stamina a long stretch costs are StretchCost (powerstates.go); moving
// with it is pkg/encounter's power_elasticity.go.

import (
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// elasticityDefence is the elastic defender's dividers against a blunt
// attack it dodges (p. 55).
var elasticityDefence = defenceRule{
	dividers: func(in incoming, dv rulebook.Dividers) (rulebook.Dividers, string) {
		if in.reaction != ReactionDodge || !blunt(in.atk) || in.def.PowerRank(rulebook.PowerElasticity) == 0 {
			return dv, ""
		}
		dv.Health, dv.Stamina = max(dv.Health, 2), max(dv.Stamina, 2)
		return dv, "elasticity: at least H/2 S/2 when dodging a blunt attack (p. 55)"
	},
}
