package combat

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// Hand-worked from Teleport (pp. 76-77).
func TestTeleport(t *testing.T) {
	cases := []struct {
		rank, metres int
		up           bool
		stamina      int
		err          string
	}{
		{1, 7, false, 7, ""},            // 1 a metre, no range limit
		{1, 500, false, 500, ""},        // rank 1 has no maximum range
		{2, 5, false, 3, ""},            // 1 per 2 m, part of 2 m costs 1
		{2, 40, false, 20, ""},          // 20 at 40 m
		{2, 80, false, 20, ""},          // capped at 20
		{2, 81, false, 0, "at most 80"}, // range
		{3, 100, false, 15, ""},         // 25 capped at 15
		{3, 20, true, 10, ""},           // 5, twice going up
		{3, 60, true, 30, ""},           // 15 cap, then doubled
		{3, 3000, false, 15, ""},
		{3, 3001, false, 0, "at most 3000"},
		{3, 0, false, 0, "at least 1 m"},
		{0, 5, false, 0, "no Teleport"},
	}
	for _, c := range cases {
		got, err := Teleport(c.rank, c.metres, c.up)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("Teleport(%d, %d): err %v, want %q", c.rank, c.metres, err, c.err)
			}
			continue
		}
		if err != nil || got.Stamina != c.stamina || got.Panels != 2 {
			t.Errorf("Teleport(%d, %d, %v) = %d stamina, %d panels, %v; want %d, 2", c.rank, c.metres, c.up, got.Stamina, got.Panels, err, c.stamina)
		}
	}
}

// Hand-worked from Restraint (p. 64) and Snare (p. 72).
func TestRestraintOn(t *testing.T) {
	h := func(str int, powers ...hero.Power) *hero.Hero {
		x := &hero.Hero{Powers: powers}
		x.Abilities.Final.Strength = str
		return x
	}
	skills := hero.Power{Slug: "skills", Rank: 1, Flavours: []hero.Flavour{{Slug: "escapology"}, {Slug: "gymnastics"}}}
	cases := []struct {
		name   string
		h      *hero.Hero
		points int
		chance int
		lost   int
		free   bool
		auto   bool
	}{
		{"strength only", h(12), 10, 12, 2, false, false},
		{"flight", h(12, hero.Power{Slug: "flight", Rank: 1}), 10, 22, 2, false, false},
		{"4 points", h(12, hero.Power{Slug: "flight", Rank: 1}), 4, 82, 1, false, false},
		{"skills", h(20, skills), 10, 60, 2, false, false}, // 20 + 10 gymnastics + 30 escapology
		{"strong", h(45, skills), 5, 135, 0, true, false},
		{"70 exactly", h(70), 10, 70, 1, false, false},
		{"69", h(69), 10, 69, 2, false, false},
		{"teleport", h(5, hero.Power{Slug: "teleport", Rank: 1}), 10, 5, 0, false, true},
		{"zero", h(0), 10, 0, 0, false, false},
	}
	for _, c := range cases {
		r, err := RestraintOn(c.h, c.points)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if r.Chance != c.chance || r.PanelsLost != c.lost || r.Free != c.free || r.Automatic != c.auto || r.Strength != 10*c.points {
			t.Errorf("%s: %+v; want chance %d, lost %d, free %v, auto %v", c.name, r, c.chance, c.lost, c.free, c.auto)
		}
	}
	if _, err := RestraintOn(h(10), 11); err == nil {
		t.Error("11 points: no error")
	}
}

// Will 18 against will 15 with confidence 66 (+2, p. 24): 10+18 = 28
// against 12+15+2 = 29 fails; 12+18 = 30 against 10+15+2 = 27 wins.
func TestContestConfidence(t *testing.T) {
	def := &hero.Hero{}
	def.Abilities.Final.Will = 15
	def.Profile.Confidence = 66
	if got := MentalWillBonus(def); got != 2 {
		t.Fatalf("will bonus at confidence 66 = %d, want 2", got)
	}
	for _, c := range []struct {
		faces []int
		ok    bool
	}{{[]int{10, 12}, false}, {[]int{12, 10}, true}, {[]int{11, 12}, true}} {
		res, steps, err := Contest(18, 0, def, false, dice.NewScripted(c.faces))
		if err != nil || res.Success != c.ok || len(steps) != 2 {
			t.Errorf("%v: success %v (%v), want %v", c.faces, res.Success, err, c.ok)
		}
	}
	if MindControlTargets(5) != 1 || MindControlTargets(18) != 3 || MindControlTargets(11) != 1 {
		t.Error("MindControlTargets: one per 6 will, at least one")
	}
}
