package chargen

import (
	"os"
	"slices"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

func loadGuardian(t testing.TB) *hero.Hero {
	t.Helper()
	data, err := os.ReadFile("../../testdata/heroes/guardian-draft.json")
	if err != nil {
		t.Fatal(err)
	}
	h, err := hero.DecodeDraft(data)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestGuardian derives the Guardian from her pinned rolls and checks every
// number of her story (pp. 8-26).
func TestGuardian(t *testing.T) {
	h := loadGuardian(t)
	s := dice.NewScripted(nil)
	if _, err := Derive(h, s, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	c := h.Combat
	p := h.Profile
	for _, tc := range []struct {
		name      string
		got, want int
	}{
		{"strength", h.Abilities.Final.Strength, 45},
		{"agility", h.Abilities.Final.Agility, 17},
		{"will", h.Abilities.Final.Will, 8},
		{"endurance", h.Abilities.Final.Endurance, 11},
		{"damage bonus", c.DamageBonus, 30},
		{"H divider", c.Dividers.Health, 6},
		{"S divider", c.Dividers.Stamina, 6},
		{"strike bonus", c.StrikeBonus, 2},
		{"knockback threshold", c.KnockbackThreshold, 20},
		{"brace bonus", c.BraceBonus, 10},
		{"panels", c.PanelsPerPage, 4},
		{"movement", c.Movement, 7},
		{"health", h.Health.Max, 35},
		{"battered", h.Health.Battered, 4},
		{"stamina", h.Stamina.Max, 36},
		{"dazed", h.Stamina.Dazed, 7},
		{"stunned", h.Stamina.Stunned, 4},
		{"recovery bonus", h.Recovery.Bonus, 0},
		{"popularity", p.Popularity, 36},
		{"approachability", p.Approachability, 3},
		{"fame", p.Fame, 4},
		{"power use", p.PowerUse, 1},
		{"contacts", p.Contacts, 10},
		{"investigation", p.Investigation, 63},
		{"public response", p.PublicResponse, 2},
		{"security", p.Security, 5},
		{"confidence", p.Confidence, 39},
		{"hero points", h.HeroPoints.Max, 0},
		{"downtime points per week", h.Downtime.PointsPerWeek, 7},
		{"downtime points", h.Downtime.Points, 7},
		{"material resources", h.Resources.Material, 4},
		{"financial resources", h.Resources.Financial, 5},
	} {
		if tc.got != tc.want {
			t.Errorf("%s = %d, want %d", tc.name, tc.got, tc.want)
		}
	}
	if c.ArmourClass != rulebook.ACB {
		t.Errorf("armour class %s, want B", c.ArmourClass)
	}
	if c.CanDodge || c.DodgeBonus != 0 {
		t.Errorf("can dodge %v %+d, want no dodge", c.CanDodge, c.DodgeBonus)
	}
	if len(c.Attacks) != 1 || c.Attacks[0].Slug != "fist" || c.Attacks[0].StrikeClass != 2 {
		t.Errorf("attacks %+v, want the fist only", c.Attacks)
	}
	if h.Recovery.Health != "1d6" || h.Recovery.Stamina != "1d6" {
		t.Errorf("recovery %q/%q, want 1d6", h.Recovery.Health, h.Recovery.Stamina)
	}
	if err := h.Validate(); err != nil {
		t.Fatal(err)
	}
}

// guardianDice are the Guardian's dice as gen hero --dice takes them: the
// slots (p. 8), the grid (p. 10, each square as three d6), her Super
// Strength dice and her health and stamina (p. 16).
func guardianDice() []int {
	d := []int{6, 77, 71, 5, 8, 44, 1, 3, 4, 88}
	grid := [][]int{{14, 9, 9, 15}, {12, 17, 11, 13}, {7, 5, 8, 14}, {8, 13, 15, 11}}
	for _, row := range grid {
		for _, v := range row {
			a := min(6, v-2)
			b := min(6, v-a-1)
			d = append(d, a, b, v-a-b)
		}
	}
	d = append(d, 2, 9)
	d = append(d, 3, 5, 1, 4, 2, 2, 6, 2, 3, 6, 1)
	d = append(d, 5, 6, 1, 3, 1, 6, 3, 5, 3, 2, 1)
	return d
}

// TestGuardianGenerated replays the Guardian's creation through Generate
// with her dice and her choices.
func TestGuardianGenerated(t *testing.T) {
	s := dice.NewScripted(guardianDice())
	h, _, err := Generate(s, GenOptions{
		Name:    "The Guardian",
		Improve: []Improvement{{Power: "armour", Slot: 5}, {Power: "super-strength", Slot: 6}},
		Line:    "diagonal",
		Drops:   []string{"magic"},
		Perks:   []PerkChoice{{Slug: "contacts", Option: "media"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	wantSlots := []struct {
		roll   int
		power  string
		action string
		rank   int
	}{
		{6, "armour", ActionNew, 1}, {77, "super-strength", ActionNew, 1}, {71, "super-senses", ActionNew, 1},
		{8, "armour", ActionRankUp, 2}, {0, "armour", ActionImprovement, 3}, {0, "super-strength", ActionImprovement, 2},
		{44, "magic", ActionNew, 1}, {88, "wallcrawling", ActionNew, 1},
	}
	if len(h.Creation.Slots) != len(wantSlots) {
		t.Fatalf("slots %+v", h.Creation.Slots)
	}
	for k, w := range wantSlots {
		g := h.Creation.Slots[k]
		if g.Slot != k+1 || g.Roll != w.roll || g.Power != w.power || g.Action != w.action || g.Rank != w.rank {
			t.Errorf("slot %d: got %+v, want %+v", k+1, g, w)
		}
	}
	if h.Creation.Line != "diagonal" || len(h.Perks) != 1 || h.Perks[0].Bought != "magic rank 1" || h.PowerRank("magic") != 0 {
		t.Errorf("line %q perks %+v", h.Creation.Line, h.Perks)
	}
	c, p := h.Combat, h.Profile
	got := []int{h.Abilities.Final.Strength, c.DamageBonus, c.Dividers.Health, c.Dividers.Stamina, c.StrikeBonus, c.Movement,
		h.Health.Battered, h.Stamina.Dazed, h.Stamina.Stunned, p.Popularity, p.Investigation, p.Confidence,
		h.Downtime.PointsPerWeek, h.Resources.Material, h.Resources.Financial}
	want := []int{45, 30, 6, 6, 2, 7, 4, 7, 4, 36, 63, 39, 7, 4, 5}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if c.ArmourClass != rulebook.ACB || c.CanDodge {
		t.Errorf("armour class %s, can dodge %v", c.ArmourClass, c.CanDodge)
	}
	// Her battlesuit plus two items from the list (p. 16).
	if n := len(h.Equipment); n != 3 {
		t.Errorf("equipment %+v", h.Equipment)
	}
}
