package combat

import "github.com/codename-spandex/spandex/pkg/hero"

// IsHaymaker reports whether a is the streetfighting haymaker, which "you
// may only do ... once per opponent per combat" (p. 66).
func IsHaymaker(a *hero.Attack) bool {
	return a != nil && (a.Slug == kindHaymaker || specialKind(a) == kindHaymaker)
}

// haymakerAttack is the haymaker as a special attack: known by its damage
// type, with the Physical Damage Table's rules.
var haymakerAttack = specialAttack{slug: kindHaymaker}
