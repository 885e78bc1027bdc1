package combat

// Super Strength (p. 76) in a fight: its 1d10+10 strength a rank is on
// the hero file (dividers, damage bonus). "You may use the brace reaction
// in combat to gain +5 to your knockback threshold", +5 more a rank (p.
// 35: superStrengthBrace, BraceBonus); and a blow from a super-strong
// character uses a super power for the mundane rule (p. 38).

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// superStrengthBrace is the brace reaction's reactionPower: only with
// Super Strength (p. 35).
func superStrengthBrace(def *hero.Hero, _ *hero.Attack) error {
	if !hasPower(def, rulebook.PowerSuperStrength) {
		return reqErr("reaction", "brace: only characters with Super Strength can brace (p. 35); %s has none", def.Name)
	}
	return nil
}

// BraceBonus is what bracing adds to def's knockback threshold: +5 a rank
// of Super Strength (pp. 35, 76).
func BraceBonus(def *hero.Hero) int {
	return rulebook.BracePerRank * def.PowerRank(rulebook.PowerSuperStrength)
}

// superStrengthBlow is the superBlowRule: a melee blow from a character
// with Super Strength (p. 38).
func superStrengthBlow(att *hero.Hero, a *hero.Attack) bool {
	return isMelee(a) && hasPower(att, rulebook.PowerSuperStrength)
}
