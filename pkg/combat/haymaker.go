package combat

import "github.com/codename-spandex/spandex/pkg/hero"

// IsHaymaker reports whether a is the streetfighting haymaker, which "you
// may only do ... once per opponent per combat" (p. 66).
func IsHaymaker(a *hero.Attack) bool {
	return a != nil && (a.Slug == kindHaymaker || specialKind(a) == kindHaymaker)
}
