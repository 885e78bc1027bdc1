package chargen

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// TestDeriveReplacesHandWrittenModifiers is the regression test for
// Derive adding a draft's own Super Strength modifier to the one it
// computes: however the draft names the source, a modifier from a power
// or perk Derive manages is replaced (Guardian-like strength 14 + (10+2)
// = 26, never 38), and one from elsewhere (downtime) is kept.
func TestDeriveReplacesHandWrittenModifiers(t *testing.T) {
	for _, src := range []string{"power:super-strength", "super-strength", "Super Strength", "super_strength", "power: Super Strength", "Power:Super-Strength"} {
		t.Run(src, func(t *testing.T) {
			h := draft(14, 10, 10, 10, pw("super-strength", 1, map[string]int{"d10_r1": 2}))
			h.Abilities.Modifiers = []hero.AbilityModifier{
				{Ability: "strength", Amount: 12, Source: src, Dice: "1d10+10"},
				{Ability: "will", Amount: 1, Source: "downtime"},
			}
			h.Abilities.Final = hero.Abilities{Strength: 99, Agility: 10, Will: 10, Endurance: 10}
			derive(t, h, nil, Options{})
			eq(t, "strength 14 + (10+2)", h.Abilities.Final.Strength, 26)
			eq(t, "damage bonus 26-15", h.Combat.DamageBonus, 11)
			eq(t, "will 10 + 1 (downtime, kept)", h.Abilities.Final.Will, 11)
			n := 0
			for _, m := range h.Abilities.Modifiers {
				if m.Ability == "strength" {
					n++
				}
			}
			eq(t, "strength modifiers", n, 1)
			// Deriving again changes nothing.
			derive(t, h, nil, Options{})
			eq(t, "strength re-derived", h.Abilities.Final.Strength, 26)
		})
	}
	// The other managed sources: Super Endurance, Larger and Specialist
	// Training written by hand are replaced too.
	h := draft(10, 15, 10, 10, pw("super-endurance", 1, map[string]int{"d6_r1": 4}),
		pw("larger", 1, map[string]int{"str_d6_r1": 3, "end_d6_r1": 5}, "stockier"))
	h.Perks = []hero.Perk{{Slug: "specialist-training", Name: "Specialist Training", Option: "agility"}}
	h.Abilities.Modifiers = []hero.AbilityModifier{
		{Ability: "endurance", Amount: 10, Source: "Super Endurance"},
		{Ability: "strength", Amount: 5, Source: "larger"},
		{Ability: "endurance", Amount: 7, Source: "Larger"},
		{Ability: "agility", Amount: 2, Source: "Specialist Training"},
	}
	derive(t, h, nil, Options{})
	eq(t, "strength 10 + (2+3)", h.Abilities.Final.Strength, 15)
	eq(t, "endurance 10 + (6+4) + (2+5)", h.Abilities.Final.Endurance, 27)
	eq(t, "agility 15 + 2", h.Abilities.Final.Agility, 17)
}

func TestOwnedModifier(t *testing.T) {
	for src, want := range map[string]bool{
		"power:super-strength": true, "perk:specialist-training": true, "power:growth": true,
		"Super Strength": true, "super_endurance": true, "perk: Specialist Training": true, "LARGER": true,
		"downtime": false, "gm": false, "downtime: strength training": false, "": false, "growth": false,
	} {
		if got := ownedModifier(src); got != want {
			t.Errorf("ownedModifier(%q) = %v, want %v", src, got, want)
		}
	}
}
