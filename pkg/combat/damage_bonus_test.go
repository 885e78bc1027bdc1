package combat

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
)

// Worked by hand from the Physical Damage Table (p. 36): the damage bonus
// is not added to projectile or explosive weapons.
func TestDamageRollBonusOnlyWhereItApplies(t *testing.T) {
	cases := []struct {
		typ          string
		bonus, split int
		dice         []int
		h, s, drop   int
	}{
		{"projectile", 5, 0, []int{3, 4, 5}, 10, 8, 5},      // 2d6+3, 1d6+3
		{"explosive", 5, 2, []int{1, 2, 3, 4, 5}, 9, 12, 5}, // 3d6+3, 2d6+3
		{"unarmed", 5, 0, []int{6, 2, 3}, 0, 10, 0},         // 1d6-6, 2d6 + 5
		{"blunt-thrown", 4, 1, []int{2, 1, 1}, 3, 8, 0},     // 1d6+1, 2d6+3+3
		{"sharp-two-handed", 3, 3, []int{1, 1, 1}, 8, 1, 0}, // 2d6+3+3, 1d6
		{"judo-throw", 2, 0, []int{3, 6, 6}, 3, 14, 0},      // 1d3, 2d6+2
	}
	for _, c := range cases {
		t.Run(c.typ, func(t *testing.T) {
			r := dice.NewScripted(c.dice)
			d, err := DamageRoll(DamageInput{Type: c.typ, Bonus: c.bonus, SplitHealth: c.split}, r)
			if err != nil {
				t.Fatal(err)
			}
			if err := r.Finish(); err != nil {
				t.Fatal(err)
			}
			if d.Health != c.h || d.Stamina != c.s || d.BonusDropped != c.drop {
				t.Fatalf("got %d H %d S dropped %d, want %d H %d S dropped %d", d.Health, d.Stamina, d.BonusDropped, c.h, c.s, c.drop)
			}
		})
	}
}
