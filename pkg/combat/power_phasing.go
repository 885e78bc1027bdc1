package combat

// Phasing (p. 66) in a fight. Phased out (StatePhased), "you are unable
// to touch anything or use any other super powers other than those that
// affect only yourself": only the partial re-phase strike attacks; and a
// phased character takes H/11 S/11 from the attacks that reduce or
// negate dividers, nothing from the rest (rank 2: nothing at all). The
// partial re-phase strike is "a to-hit roll as if the opponent was armour
// class F", 1-3d6 split as the attacker chooses, and cannot be parried
// or blocked. Who attacks a phased combatant is pkg/encounter's
// power_phasing.go.

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// phasingStrike is the partial re-phase strike (p. 66).
var phasingStrike = specialAttack{slug: kindPhasingStrike, power: rulebook.PowerPhasing, unparryable: true,
	unblockable: "a partial re-phase strike cannot be parried or blocked (p. 66)", armourClass: rulebook.ACF, splitsDice: true,
	cost: func(_ *hero.Hero, nh, ns int) (string, int, int, error) {
		if nh+ns < 1 || nh+ns > 3 {
			return "", 0, 0, reqErr("power-dice", "a partial re-phase strike does 1-3d6 in all, split as you choose (p. 66); got %d", nh+ns)
		}
		return "", 0, 0, nil
	}}
