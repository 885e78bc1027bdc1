package rulebook

import "testing"

func TestStrengthBands(t *testing.T) {
	cases := []struct {
		str, bonus int
		mod        Dividers
	}{
		{1, -5, Dividers{}}, {5, -1, Dividers{}}, {6, 0, Dividers{}}, {15, 0, Dividers{}},
		{16, 1, Dividers{}}, {18, 3, Dividers{}}, {19, 4, Dividers{1, 1}}, {39, 24, Dividers{1, 1}},
		{40, 25, Dividers{1, 2}}, {45, 30, Dividers{1, 2}}, {59, 44, Dividers{1, 2}},
		{60, 45, Dividers{1, 3}}, {100, 85, Dividers{1, 3}},
	}
	for _, c := range cases {
		if got := DamageBonus(c.str); got != c.bonus {
			t.Errorf("DamageBonus(%d) = %d want %d", c.str, got, c.bonus)
		}
		if got := StrengthDividerModifier(c.str); got != c.mod {
			t.Errorf("StrengthDividerModifier(%d) = %v want %v", c.str, got, c.mod)
		}
	}
}

func TestAgilityBands(t *testing.T) {
	for agi, want := range map[int]int{1: -5, 5: -1, 6: 0, 15: 0, 16: 1, 17: 2, 18: 3, 25: 10} {
		if got := AgilityBonus(agi); got != want {
			t.Errorf("AgilityBonus(%d) = %d want %d", agi, got, want)
		}
	}
}

func TestEnduranceBands(t *testing.T) {
	for end, want := range map[int]int{0: -1, 1: -1, 5: -1, 6: 0, 15: 0, 16: 1, 18: 1, 20: 1, 21: 2, 25: 2, 26: 3, 40: 3} {
		if got := RecoveryBonus(end); got != want {
			t.Errorf("RecoveryBonus(%d) = %d want %d", end, got, want)
		}
	}
}
