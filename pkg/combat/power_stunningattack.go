package combat

// Stunning Attack (p. 76): "an energy beam that can stun your opponents
// ... strike class 3, and the S divider of any target it hit is treated
// as if two points less than it actually is. The stunning attack does
// 3d6 stamina damage and no health damage" (its dice and strike class
// are the attack's on the hero file).

import "github.com/codename-spandex/spandex/pkg/rulebook"

// stunningAttack is the stunning attack: an energy beam, parried as an
// energy blast (p. 34), the S divider 2 lower (p. 76).
var stunningAttack = specialAttack{slug: kindStunning, power: rulebook.PowerStunningAttack, energy: true, ranged: true,
	parryRow: rulebook.AttackEnergyBlast, lowersStamina: 2, dividerNote: "stunning attack: the S divider counts as 2 lower (p. 76)"}
