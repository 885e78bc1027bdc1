package combat

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

func TestNamedModifiers(t *testing.T) {
	tests := []struct {
		got        Modifier
		slug, page string
		value      int
	}{
		{HaymakerModifier(), "haymaker", "p. 66", 2},
		{ReactionsModifier(), "reactions", "p. 69", -2},
		{AnimalSensesModifier(), "animal-senses", "p. 74", 1},
	}
	for _, tc := range tests {
		if tc.got.Slug != tc.slug || tc.got.Value != tc.value || tc.got.Page != tc.page || tc.got.Text == "" {
			t.Errorf("%+v, want %s %+d (%s)", tc.got, tc.slug, tc.value, tc.page)
		}
	}
}

func TestRangedParry(t *testing.T) {
	ranged := map[rulebook.ParryType]bool{rulebook.ParryRangedWM: true, rulebook.ParryRanged: true, rulebook.ParryEnergyBlast: true}
	for _, p := range []rulebook.ParryType{rulebook.ParryRangedWM, rulebook.ParryRanged, rulebook.ParryEnergyBlast,
		rulebook.ParryOtherMelee, rulebook.ParryOtherMeleeWM} {
		if got := RangedParry(p); got != ranged[p] {
			t.Errorf("RangedParry(%s) = %v", p, got)
		}
	}
}

func TestParryVirtualDamage(t *testing.T) {
	tests := []struct {
		name            string
		health, stamina string
		bonus           int
		dice            []int
		want            int
		rolled          string // purposes, in order
		err             string
	}{
		// 1d6 3 + 2d6+6 (5, 2) 13 + bonus 3 = 19.
		{name: "health then stamina, plus the bonus", health: "1d6", stamina: "2d6+6", bonus: 3, dice: []int{3, 5, 2}, want: 19,
			rolled: "parry virtual damage health,parry virtual damage stamina,parry virtual damage stamina"},
		{name: "a negative bonus adds nothing", health: "1d6", bonus: -4, dice: []int{4}, want: 4, rolled: "parry virtual damage health"},
		// 1d6-6 rolling 2 is -4: no less than 0, and the die is still rolled.
		{name: "each side at least 0", health: "1d6-6", stamina: "1d6", dice: []int{2, 5}, want: 5,
			rolled: "parry virtual damage health,parry virtual damage stamina"},
		{name: "no dice: only the bonus", bonus: 2, want: 2},
		{name: "the GM's dice run short", health: "2d6", dice: []int{1}, err: "parry virtual damage health"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var h, s *dice.Expr
			if tc.health != "" {
				h = dice.MustParse(tc.health)
			}
			if tc.stamina != "" {
				s = dice.MustParse(tc.stamina)
			}
			rec := dice.NewRecorder(dice.NewScripted(tc.dice))
			got, err := ParryVirtualDamage(rec, h, s, tc.bonus)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var purposes []string
			for _, r := range rec.Rolls() {
				purposes = append(purposes, r.Purpose)
			}
			if got != tc.want || strings.Join(purposes, ",") != tc.rolled {
				t.Errorf("%d rolling %q, want %d rolling %q", got, purposes, tc.want, tc.rolled)
			}
		})
	}
}
