package combat

import (
	"math"
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// TestExpectedDamage: cases worked out by hand from the To-Hit Table
// (p. 33: AC F against SC 1 needs 11, against SC 2 needs 10) and the dice.
func TestExpectedDamage(t *testing.T) {
	f, err := rulebook.ParseArmourClass("F")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name        string
		strikeBonus int
		damageBonus int
		a           hero.Attack
		want        float64
	}{
		// 10 faces of 20 hit; E[2d6+3] = 10, E[1d6+3] = 6.5.
		{"goon's pistol", 0, 0, hero.Attack{Slug: "pistol", StrikeClass: 1, Health: "2d6+3", Stamina: "1d6+3"}, 0.5 * 16.5},
		// 1d6-4 is positive only on 5 and 6: (1+2)/6; the bonus 3 goes on
		// stamina: 0.5 × 3.5.
		{"clipped health, bonus on stamina", 0, 3, hero.Attack{Slug: "club", StrikeClass: 1, Health: "1d6-4", AddsDamageBonus: true}, 0.5 * 3.5},
		// The damage bonus does not count when the attack does not add it.
		{"no bonus for a gun", 0, 3, hero.Attack{Slug: "gun", StrikeClass: 1, Stamina: "1d6"}, 0.5 * 3.5},
		// SC 2 needs 10; +2 strike bonus: faces 8-20 hit (13 of 20);
		// 1d6-6 never hurts; E[2d6] = 7.
		{"fist with strike bonus", 2, 0, hero.Attack{Slug: "fist", StrikeClass: 2, Health: "1d6-6", Stamina: "2d6"}, 0.65 * 7},
		// A strike bonus of +20 hits on every face.
		{"always hits", 20, 0, hero.Attack{Slug: "x", StrikeClass: 1, Stamina: "1d4"}, 2.5},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := &hero.Hero{}
			h.Combat.StrikeBonus, h.Combat.DamageBonus = tc.strikeBonus, tc.damageBonus
			got, err := ExpectedDamage(h, tc.a, f)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("ExpectedDamage = %v, want %v", got, tc.want)
			}
		})
	}
	h := &hero.Hero{}
	if _, err := ExpectedDamage(h, hero.Attack{Slug: "bad", StrikeClass: 1, Health: "2x"}, f); err == nil {
		t.Error("a bad dice expression gives no error")
	}
}
