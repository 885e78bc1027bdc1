package combat

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// AttackModifiers are the to-hit modifiers an attack carries itself (its
// to_hit_bonus: the streetfighting haymaker's +2, p. 66). Every path that
// resolves an attack (spandex attack, fight act, fight auto) adds them
// through Resolve; spandex tohit --haymaker gives the same modifier.
func AttackModifiers(a *hero.Attack) []Modifier {
	if a == nil {
		return nil
	}
	b := a.ToHitBonus
	haymaker := IsHaymaker(a)
	if b == 0 && haymaker {
		b = HaymakerModifier().Value
	}
	if b == 0 {
		return nil
	}
	if haymaker {
		m := HaymakerModifier()
		m.Value = b
		return []Modifier{m}
	}
	return []Modifier{{Slug: a.Slug, Value: b, Text: fmt.Sprintf("%s's own to-hit bonus", nameOr(a.Name, a.Slug))}}
}
