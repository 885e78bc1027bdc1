package chargen

import (
	"bufio"
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// TestVerifyMundane: a hand-edited goon (the first of the shared goons,
// its base scores taken away as a GM writing one by hand leaves them) is
// cross-checked for what its final abilities and armour class fix (pp. 8,
// 31-32); its scores, weapon, armour class, panels and movement are the
// GM's.
func TestVerifyMundane(t *testing.T) {
	data, err := os.ReadFile("../../testdata/heroes/goons.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	line, _, _ := bufio.NewReader(bytes.NewReader(data)).ReadLine()
	goon := func(edit func(h *hero.Hero)) *hero.Hero {
		h, err := hero.Decode(line)
		if err != nil {
			t.Fatal(err)
		}
		h.Abilities.Base = hero.Abilities{}
		edit(h)
		return h
	}
	tests := []struct {
		name string
		h    *hero.Hero
		want string // "" accepted
	}{
		{"as written", goon(func(*hero.Hero) {}), ""},
		{"stronger, damage bonus kept", goon(func(h *hero.Hero) { h.Abilities.Final.Strength = 30 }),
			"$.combat.damage_bonus: 0 but a mundane character of these final abilities and armour class has 15"},
		{"stronger, damage bonus and dividers worked out", goon(func(h *hero.Hero) {
			h.Abilities.Final.Strength = 18
			h.Combat.DamageBonus = 3
		}), ""},
		{"more agile, strike bonus kept", goon(func(h *hero.Hero) { h.Abilities.Final.Agility = 18 }),
			"$.combat.strike_bonus: 0 but a mundane character of these final abilities and armour class has"},
		{"a strike bonus by hand", goon(func(h *hero.Hero) { h.Combat.StrikeBonus = 4 }),
			"$.combat.strike_bonus: 4 but"},
		{"armour class L, dodge bonus kept", goon(func(h *hero.Hero) { _ = h.Combat.ArmourClass.UnmarshalText([]byte("L")) }),
			"$.combat.dodge_bonus: 1 but a mundane character of these final abilities and armour class has 0"},
		{"three panels, the GM's to give (p. 29)", goon(func(h *hero.Hero) { h.Combat.PanelsPerPage = 3 }), ""},
		{"a movement by hand", goon(func(h *hero.Hero) { h.Combat.Movement = 9 }), ""},
	}
	for _, tt := range tests {
		err := Verify(tt.h, Options{})
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.want)):
			t.Errorf("%s: got %v, want %s...", tt.name, err, tt.want)
		}
	}
}
