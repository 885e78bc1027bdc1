package combat

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

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

// movementAttackRule is an attacker's power adding to its own attack made
// after moving 4 m or more with it (`--movement POWER`, a special move
// attack): the damage bonus and its page, 0 when h lacks the power.
type movementAttackRule func(h *hero.Hero) (bonus int, page string)

// movementAttacks are the movement attacks by the power (or skill or
// implant) moved with (movementBonus).
var movementAttacks = map[rulebook.PowerID]movementAttackRule{
	rulebook.PowerAcrobatics:          acrobaticsKick,
	rulebook.PowerSuperLeap:           superLeapKick,
	"gymnastics":                      gymnasticsKick,
	rulebook.ImplantRetractableGlider: gliderDive,
	"magnetism":                       magneticFling,
	rulebook.PowerSuperSpeed:          superSpeedCharge,
	rulebook.PowerGrowth:              growthSlam,
	rulebook.PowerShrinking:           regrowthSlam,
	rulebook.PowerFlight:              flightDive,
}
