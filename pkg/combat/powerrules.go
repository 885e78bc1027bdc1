package combat

import "github.com/codename-spandex/spandex/pkg/hero"

// The resolver's power hooks: where a power changes an attack, the
// resolver asks the powers' rules, each written in the power's own file
// (power_NAME.go). What a kind of attack gets past (forcefields,
// impervious) is said once, on AttackKind.

// absorberRule is a defender's power taking damage off an incoming attack
// of kind k after knockback, as a forcefield does (p. 59): the source
// named in the record and the amount it absorbs (0: nothing).
type absorberRule func(def *hero.Hero, sit Situation, k AttackKind) (source string, amount int)

// defenderAbsorbers are the defender's powers that absorb damage, from
// the outermost in (after a whirlwind, which is the weather's).
var defenderAbsorbers = []absorberRule{personalForcefieldAbsorbs}
