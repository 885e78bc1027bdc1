package chargen

import (
	"os"
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
