package downtime_test

import (
	"os"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/downtime"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// chargenOptions hooks downtime to hero generation as the CLI does.
func chargenOptions() downtime.Options {
	return downtime.Options{
		GainPower: func(h *hero.Hero, slug string, r dice.Roller) (ruling.Steps, error) {
			return chargen.GainPowerRank(h, slug, r, chargen.Options{})
		},
		GainSubPower: func(h *hero.Hero, slug string, r dice.Roller) (ruling.Steps, error) {
			return chargen.GainSubPower(h, slug, r, chargen.Options{})
		},
		SubPowerBlocked: chargen.SubPowerBlocked,
	}
}

func guardian(t *testing.T) *hero.Hero {
	t.Helper()
	b, err := os.ReadFile("../../testdata/heroes/guardian.json")
	if err != nil {
		t.Fatal(err)
	}
	h, err := hero.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestBuySubPowerThroughChargen buys the Guardian a second super sense
// (p. 48: an additional sub-power counts as a new power, 30 x her 4
// powers = 120 experience) through hero generation's resolution.
func TestBuySubPowerThroughChargen(t *testing.T) {
	h := guardian(t)
	opts := chargenOptions()
	g, err := downtime.ParseGoal("subpower:super-senses")
	if err != nil {
		t.Fatal(err)
	}
	p, err := downtime.PriceOf(h, g, opts)
	if err != nil {
		t.Fatal(err)
	}
	if p.XP != 120 || p.Blocked != "" || !p.NewPower {
		t.Fatalf("price %+v, want 120 experience, not blocked", p)
	}
	// Under the simpler rule a new sub-power costs 120 / 3 = 40 points.
	simpler := opts
	simpler.Simpler = true
	if p, _ := downtime.PriceOf(h, g, simpler); p.DP != 40 {
		t.Errorf("simpler: %d points, want 40", p.DP)
	}
	h.Downtime.Experience = map[string]int{"subpower:super-senses": 125}
	// d6 5: radar sense, which she has: re-roll; 1: animal senses.
	s := dice.NewScripted([]int{5, 1})
	res, err := downtime.Buy(h, downtime.BuyRequest{Goal: g}, opts, s)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	if res.Cost != 120 || res.ExperienceLeft != 5 || res.Upkeep != nil {
		t.Errorf("cost %d, left %d, upkeep %v", res.Cost, res.ExperienceLeft, res.Upkeep)
	}
	pw := h.FindPower("super-senses")
	if pw.Rank != 1 || len(pw.Flavours) != 2 || pw.Flavours[1].Slug != "animal-senses" {
		t.Fatalf("super senses %+v", *pw)
	}
	if h.Combat.ParryBonus != 1 || !h.Combat.NeverSurprised {
		t.Errorf("animal senses: parry bonus %d, never surprised %v", h.Combat.ParryBonus, h.Combat.NeverSurprised)
	}
	if err := h.Validate(); err != nil {
		t.Fatal(err)
	}

	// Powers that cannot gain a sub-power are blocked in the plan, with
	// the reason, and refused without change.
	for goal, want := range map[string]string{
		"subpower:armour":         "no sub-powers",
		"subpower:magic":          "has no Magic",
		"subpower:weapon-mastery": "has no Weapon Mastery",
	} {
		g, err := downtime.ParseGoal(goal)
		if err != nil {
			if strings.Contains(err.Error(), "no sub-powers") {
				continue // refused as a goal already
			}
			t.Fatal(err)
		}
		p, err := downtime.PriceOf(h, g, opts)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(p.Blocked, want) {
			t.Errorf("%s: blocked %q, want %q", goal, p.Blocked, want)
		}
	}
	h.Powers = append(h.Powers, hero.Power{Slug: "martial-arts", Name: "Martial Arts", Rank: 1, MaxRank: 3,
		Flavours: []hero.Flavour{{Slug: "oriental", Name: "Oriental", Table: "martial-arts", Roll: 2, Rank: 1}}})
	g, _ = downtime.ParseGoal("subpower:martial-arts")
	h.Downtime.Experience = map[string]int{"subpower:martial-arts": 500}
	if _, err := downtime.Buy(h, downtime.BuyRequest{Goal: g}, opts, dice.NewScripted(nil)); err == nil || !strings.Contains(err.Error(), "buy power:martial-arts") {
		t.Errorf("martial arts sub-power: %v", err)
	}
	if h.Downtime.Experience["subpower:martial-arts"] != 500 {
		t.Error("a refused purchase spent experience")
	}
}
