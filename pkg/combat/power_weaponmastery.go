package combat

// Weapon Mastery (p. 77) in a fight: its strike class and damage are the
// attack's on the hero file; an attack made with it is parried on the
// Parrying Table's rows "with weapon mastery" (p. 34).

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// weaponMasteryRow is the parryRowRule: a ranged weapon (thrown, a
// projectile or ranged) on "any ranged weapon (with weapon mastery)", a
// melee one on "other melee attack (with weapon mastery)" (p. 34).
func weaponMasteryRow(_ *hero.Hero, a *hero.Attack, row rulebook.AttackType) (rulebook.AttackType, bool) {
	if a.PowerID() != rulebook.PowerWeaponMastery {
		return "", false
	}
	if row != "" || a.Ranged {
		return rulebook.AttackRangedWM, true
	}
	return rulebook.AttackOtherMeleeWM, true
}
