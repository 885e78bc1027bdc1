package chargen

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// TestNPCTypes checks every supporting cast type against the book (pp.
// 49-50, 65, 71) over many seeds: ability ranges, armour class, strike
// class, panels, and the mundane rule.
func TestNPCTypes(t *testing.T) {
	type want struct {
		lo, hi    [4]int // ability ranges, strength agility will endurance
		ac        string // allowed armour classes
		sc        rulebook.StrikeClass
		panels    int
		kind      hero.Kind
		mundane   bool
		noStamina bool
	}
	all := func(lo, hi int) ([4]int, [4]int) { return [4]int{lo, lo, lo, lo}, [4]int{hi, hi, hi, hi} }
	lo3, hi3 := all(3, 5)
	lo6, hi6 := all(3, 8)
	lo1, hi1 := all(1, 3)
	loT, hiT := all(4, 9)
	loE, hiE := all(5, 10)
	lo18, hi18 := all(3, 18)
	for _, tc := range []struct {
		opt  NPCOptions
		want want
	}{
		{NPCOptions{Type: "normal-adult"}, want{lo3, hi3, "L", 0, 2, hero.KindMundane, true, false}},
		{NPCOptions{Type: "civilian"}, want{lo3, hi3, "L", 0, 2, hero.KindMundane, true, false}},
		{NPCOptions{Type: "street-tough"}, want{lo6, hi6, "K", 1, 2, hero.KindMundane, true, false}},
		{NPCOptions{Type: "specialist"}, want{[4]int{3, 3, 2, 3}, [4]int{5, 5, 12, 5}, "J", 0, 2, hero.KindMundane, true, false}},
		{NPCOptions{Type: "specialist", Focus: "physical"}, want{[4]int{2, 2, 3, 2}, [4]int{12, 12, 5, 12}, "J", 0, 2, hero.KindMundane, true, false}},
		{NPCOptions{Type: "child"}, want{lo1, hi1, "L", 0, 2, hero.KindMundane, true, false}},
		{NPCOptions{Type: "goon"}, want{lo6, hi6, "LKJIH", 1, 2, hero.KindMundane, true, false}},
		{NPCOptions{Type: "combatant", Trained: true}, want{loT, hiT, "KJIH", 1, 2, hero.KindMundane, true, false}},
		{NPCOptions{Type: "combatant", Elite: true}, want{loE, hiE, "JIHG", 1, 2, hero.KindMundane, true, false}},
		{NPCOptions{Type: "animal"}, want{lo6, hi6, "H", 1, 2, hero.KindMundane, true, false}},
		{NPCOptions{Type: "robot"}, want{lo18, hi18, "ABCDEF", 2, 2, hero.KindRobot, false, true}},
		{NPCOptions{Type: "summoned"}, want{[4]int{6, 6, 6, 6}, [4]int{6, 6, 6, 6}, "J", 0, 2, hero.KindSummoned, false, false}},
		{NPCOptions{Type: "summoned", Extras: []string{"speed", "strength", "toughness"}}, want{[4]int{25, 6, 6, 6}, [4]int{25, 6, 6, 6}, "F", 0, 3, hero.KindSummoned, false, false}},
	} {
		name := tc.opt.Type
		if tc.opt.Trained {
			name += "/trained"
		}
		if tc.opt.Elite {
			name += "/elite"
		}
		name += "/" + tc.opt.Focus + strings.Join(tc.opt.Extras, ",")
		t.Run(name, func(t *testing.T) {
			w := tc.want
			for seed := uint64(0); seed < 300; seed++ {
				h, _, err := GenerateNPC(dice.NewSeeded(seed), tc.opt)
				if err != nil {
					t.Fatal(err)
				}
				if err := h.Validate(); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				f := h.Abilities.Final
				for k, v := range []int{f.Strength, f.Agility, f.Will, f.Endurance} {
					if v < w.lo[k] || v > w.hi[k] {
						t.Fatalf("seed %d: ability %d = %d outside %d-%d", seed, k, v, w.lo[k], w.hi[k])
					}
				}
				c := h.Combat
				if !strings.Contains(w.ac, c.ArmourClass.String()) {
					t.Fatalf("seed %d: armour class %s not in %s", seed, c.ArmourClass, w.ac)
				}
				if c.Attacks[0].StrikeClass != w.sc {
					t.Fatalf("seed %d: strike class %d, want %d", seed, c.Attacks[0].StrikeClass, w.sc)
				}
				if c.PanelsPerPage != w.panels || h.Kind != w.kind {
					t.Fatalf("seed %d: %d panels, kind %s", seed, c.PanelsPerPage, h.Kind)
				}
				if w.mundane != (h.Mundane != nil) || (h.Mundane != nil && (h.Mundane.SuperStrikes != 1 || h.Mundane.NormalStrikes != 2)) {
					t.Fatalf("seed %d: mundane %+v", seed, h.Mundane)
				}
				if w.noStamina && (h.Stamina.Max != 0 || h.Health.Max == 0) {
					t.Fatalf("seed %d: robot tracks %d/%d", seed, h.Health.Max, h.Stamina.Max)
				}
				if h.Kind == hero.KindSummoned && (h.Health.Max < 10-2*len(tc.opt.Extras) || h.Health.Max > 10*(10-2*len(tc.opt.Extras))) {
					t.Fatalf("seed %d: summoned health %d", seed, h.Health.Max)
				}
			}
		})
	}
}

// TestCombatantProwess drives the prowess roll with the GM's dice: the
// weapon and armour class follow the table (p. 49), +1 trained, +2 elite.
func TestCombatantProwess(t *testing.T) {
	for _, tc := range []struct {
		opt    NPCOptions
		d      int
		weapon string
		ac     string
		attack string
		panels int
	}{
		{NPCOptions{Type: "goon"}, 1, "Unarmed", "L", "fist", 1},
		{NPCOptions{Type: "goon"}, 2, "Nightstick", "K", "nightstick", 1},
		{NPCOptions{Type: "goon"}, 3, "Knife", "J", "knife", 1},
		{NPCOptions{Type: "goon"}, 5, "Pistol", "I", "pistol", 1},
		{NPCOptions{Type: "goon"}, 6, "Shotgun", "H", "shotgun", 2},
		{NPCOptions{Type: "goon", Trained: true}, 6, "Sub-machine gun", "H", "sub-machine-gun", 2},
		{NPCOptions{Type: "goon", Elite: true}, 6, "Hi-tech blaster", "G", "blaster", 2},
	} {
		t.Run(tc.weapon, func(t *testing.T) {
			s := dice.NewScripted([]int{1, 2, 3, 4, tc.d})
			h, _, err := GenerateNPC(s, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Finish(); err != nil {
				t.Fatal(err)
			}
			bonus := 0
			if tc.opt.Trained {
				bonus = 1
			}
			if tc.opt.Elite {
				bonus = 2
			}
			if h.Abilities.Final.Strength != 3+bonus || h.Abilities.Final.Endurance != 6+bonus {
				t.Errorf("abilities %+v", h.Abilities.Final)
			}
			if h.Mundane.Weapon != tc.weapon || h.Mundane.ProwessRoll != tc.d+bonus || h.Combat.ArmourClass.String() != tc.ac {
				t.Errorf("weapon %s roll %d armour class %s", h.Mundane.Weapon, h.Mundane.ProwessRoll, h.Combat.ArmourClass)
			}
			a := h.Combat.Attacks[len(h.Combat.Attacks)-1]
			if a.Slug != tc.attack || a.Panels != tc.panels {
				t.Errorf("attack %+v", a)
			}
			if a.Slug != "blaster" && a.StrikeClass != 1 {
				t.Errorf("strike class %d with the weapon, want 1 (p. 49)", a.StrikeClass)
			}
		})
	}
}

func TestNPCErrors(t *testing.T) {
	for _, tc := range []struct {
		opt  NPCOptions
		want string
	}{
		{NPCOptions{Type: "dragon"}, `"dragon"`},
		{NPCOptions{Type: "specialist", Focus: "spiritual"}, "--focus"},
		{NPCOptions{Type: "goon", Elite: true, Blaster: "laser"}, "--blaster"},
		{NPCOptions{Type: "sidekick", Rank: 4}, "--rank"},
		{NPCOptions{Type: "summoned", MP: 9, Extras: []string{"claws"}}, "--mp"},
		{NPCOptions{Type: "summoned", Extras: []string{"claws", "claws"}}, "twice"},
		{NPCOptions{Type: "summoned", Extras: []string{"wings"}}, `"wings"`},
		{NPCOptions{Type: "robot", Panels: 20}, "--panels"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			_, _, err := GenerateNPC(dice.NewSeeded(1), tc.opt)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// TestFullNPCs checks the supporting cast built as full characters.
func TestFullNPCs(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		for rank := 1; rank <= 3; rank++ {
			h, _, err := GenerateNPC(dice.NewSeeded(seed), NPCOptions{Type: "sidekick", Rank: rank})
			if err != nil {
				t.Fatal(err)
			}
			checkHero(t, h, rank-1)
			if h.Combat.PanelsPerPage != rank+1 || h.PowerRank("sidekick") != 0 || h.Kind != hero.KindSidekick {
				t.Fatalf("sidekick rank %d: %d panels, kind %s", rank, h.Combat.PanelsPerPage, h.Kind)
			}
			if rank == 1 && len(h.Powers) != 0 {
				t.Fatalf("a rank 1 sidekick has no super powers (p. 71): %+v", h.Powers)
			}
		}
		a, _, err := GenerateNPC(dice.NewSeeded(seed), NPCOptions{Type: "android"})
		if err != nil {
			t.Fatal(err)
		}
		checkHero(t, a, rulebook.PowerSlots)
		if a.Kind != hero.KindAndroid || a.Profile.Identification != 1 || !a.Profile.NonHuman {
			t.Fatalf("android %s identification %d", a.Kind, a.Profile.Identification)
		}
	}
}

// TestDeriveKeepsNPCs re-derives every supporting cast type: Derive must
// need no dice and leave a freshly generated character as it was.
func TestDeriveKeepsNPCs(t *testing.T) {
	for _, typ := range NPCTypes() {
		for seed := uint64(0); seed < 20; seed++ {
			h, _, err := GenerateNPC(dice.NewSeeded(seed), NPCOptions{Type: typ, Rank: 2, Extras: []string{"weapon"}, Powers: 1})
			if err != nil {
				t.Fatal(err)
			}
			checkRoundTrip(t, h, Options{})
		}
	}
}
