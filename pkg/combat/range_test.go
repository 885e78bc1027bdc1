package combat

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"testing"

	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// "-1 per fifth of the maximum range of a ranged attack" (p. 33), read as
// complete fifths. Worked by hand for a 40 m range (fifths of 8 m) and a
// 20 m range (fifths of 4 m).
func TestRangeFifths(t *testing.T) {
	cases := []struct {
		m, max, want int
		err          bool
	}{
		{0, 40, 0, false}, {7, 40, 0, false}, {8, 40, 1, false}, {15, 40, 1, false}, {16, 40, 2, false},
		{20, 40, 2, false}, {39, 40, 4, false}, {40, 40, 5, false}, {41, 40, 0, true},
		{3, 20, 0, false}, {4, 20, 1, false}, {19, 20, 4, false}, {20, 20, 5, false},
		{6, 6, 5, false}, {5, 6, 4, false}, {1, 6, 0, false}, {2, 6, 1, false},
		{-1, 40, 0, true}, {10, 0, 0, true},
	}
	for _, c := range cases {
		got, err := RangeFifths(c.m, c.max)
		if (err != nil) != c.err || got != c.want {
			t.Errorf("RangeFifths(%d, %d) = %d, %v; want %d (error %v)", c.m, c.max, got, err, c.want, c.err)
		}
	}
}

// Resolve takes the maximum range from the attack: a 40 m ray gun at
// 20 m is -2; SC 3 against AC F needs 9, so 10 misses and 11 hits.
func TestResolveRangeInMetres(t *testing.T) {
	ray := hero.Attack{Slug: "raygun", Name: "Ray gun", StrikeClass: 3, DamageType: "projectile", Health: "0", Stamina: "0",
		Panels: 1, Ranged: true, Range: 40}
	att := withAttack(mk("Zapper", rulebook.ACF), ray)
	res := resolve(t, att, mk("Target", rulebook.ACF), Request{Attack: "raygun", Situation: Situation{RangeMetres: 20}}, Options{}, 10)
	if res.ToHit.Hit || res.ToHit.Total != 8 {
		t.Fatalf("to-hit %+v", res.ToHit)
	}
	res = resolve(t, att, mk("Target", rulebook.ACF), Request{Attack: "raygun", Situation: Situation{RangeMetres: 20}}, Options{}, 11)
	if !res.ToHit.Hit {
		t.Fatalf("to-hit %+v", res.ToHit)
	}
	// A fist has no range; metres and fifths together are refused.
	withAttack(att, flat("fist", 2, "0", "0"))
	resolveErr(t, att, mk("Target", rulebook.ACF), Request{Attack: "fist", Situation: Situation{RangeMetres: 3}})
	resolveErr(t, att, mk("Target", rulebook.ACF), Request{Attack: "raygun", Situation: Situation{RangeMetres: 3, RangeFifths: 1}})
	resolveErr(t, att, mk("Target", rulebook.ACF), Request{Attack: "raygun", Situation: Situation{RangeMetres: 41}})
}
