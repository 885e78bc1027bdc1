package combat

// Super Speed (p. 76) in a fight: the charge, +4 damage on an attack
// after running 4 m or more; a blow from a super-speedster uses a super
// power for the mundane rule (usesSuperPower, p. 38).

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// superSpeedCharge is the charge's bonus: +4 (p. 76).
var superSpeedCharge = momentum(rulebook.PowerSuperSpeed, 4, "p. 76")

// superSpeedBlow is the superBlowRule: a melee blow from a character with
// Super Speed (p. 38).
func superSpeedBlow(att *hero.Hero, a *hero.Attack) bool {
	return isMelee(a) && hasPower(att, rulebook.PowerSuperSpeed)
}
