package combat

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// The haymaker "gives you a +2 bonus to your to-hit roll" (p. 66). Worked
// by hand: SC 2 against AC F needs 10 (To-Hit Table, p. 33); a d20 of 8
// hits only with the +2. The derived attack (as gen hero makes it) is
// unarmed with to_hit_bonus 2, which Resolve used to drop.
func TestAttackOwnToHitBonus(t *testing.T) {
	haymaker := hero.Attack{Slug: "haymaker", Name: "Haymaker", StrikeClass: 2, DamageType: "unarmed",
		Health: "0", Stamina: "0", Panels: 2, ToHitBonus: 2}
	other := hero.Attack{Slug: "sighted-rifle", Name: "Sighted rifle", StrikeClass: 2, DamageType: "projectile",
		Health: "0", Stamina: "0", Panels: 1, ToHitBonus: 1}
	cases := []struct {
		name  string
		a     hero.Attack
		roll  int
		total int
		hit   bool
	}{
		{"haymaker 8+2 hits", haymaker, 8, 10, true},
		{"haymaker 7+2 misses", haymaker, 7, 9, false},
		{"another attack's +1: 9+1 hits", other, 9, 10, true},
		{"no bonus: 9 misses", flat("x", 2, "0", "0"), 9, 9, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			att := withAttack(mk("Brawler", rulebook.ACF), c.a)
			res := resolve(t, att, mk("Target", rulebook.ACF), Request{Attack: c.a.Slug}, Options{}, c.roll)
			if res.ToHit.Total != c.total || res.ToHit.Hit != c.hit {
				t.Fatalf("to-hit %+v, want total %d hit %v", res.ToHit, c.total, c.hit)
			}
		})
	}
	if m := AttackModifiers(&haymaker); len(m) != 1 || m[0] != HaymakerModifier() {
		t.Fatalf("AttackModifiers(haymaker) = %+v, want the haymaker's +2 once", m)
	}
}
