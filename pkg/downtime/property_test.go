package downtime

import (
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

var propGoals = []string{"public_relations", "backing", "methods", "contacts", "conscience", "social_circle",
	"strength", "will", "material_resources", "financial_resources", "power:super-strength", "power:flight",
	"power:armour", "other:new-identity", "device:gadget", "heroism", "identification", "power_use"}

var propFits = []rulebook.Fit{"", rulebook.FitCompletelyUnsuitable, rulebook.FitPoor, rulebook.FitAverage, rulebook.FitWellSuited, rulebook.FitIdeal}

// checkInvariants: points and experience are never negative, upkeep never
// outlives more than two missed weeks, and the hero stays valid.
func checkInvariants(t *rapid.T, h *hero.Hero, step string) {
	if h.Downtime.Points < 0 {
		t.Fatalf("%s: %d downtime points", step, h.Downtime.Points)
	}
	for k, v := range h.Downtime.Experience {
		if v < 0 {
			t.Fatalf("%s: %s experience %d", step, k, v)
		}
	}
	for _, u := range h.Downtime.Upkeep {
		if u.Missed > rulebook.KeepIncreaseMaxMissed || u.WeeksDone >= u.WeeksNeeded || u.PaidThisWeek > rulebook.KeepIncreaseXPPerWeek {
			t.Fatalf("%s: upkeep %+v", step, u)
		}
	}
	for _, d := range h.Downtime.Devices {
		if d.Experience < 0 || d.Experience > DeviceTotalXP(d) {
			t.Fatalf("%s: device %+v", step, d)
		}
	}
	if h.Abilities.Base.Strength > rulebook.AbilityTrainingCap || h.Abilities.Base.Will > rulebook.AbilityTrainingCap {
		t.Fatalf("%s: strength trained to %d", step, h.Abilities.Base.Strength)
	}
	if err := h.Validate(); err != nil {
		t.Fatalf("%s: %v", step, err)
	}
}

// TestPropertyCampaign plays random weeks of spending, buying and devices:
// whatever is asked, spending never creates negative points or
// experience, a refused action leaves the hero unchanged, and the hero
// file stays valid.
func TestPropertyCampaign(t *testing.T) {
	base := loadGuardian(t)
	base.Perks = append(base.Perks, hero.Perk{Slug: "boffin", Name: "Boffin"})
	rapid.Check(t, func(t *rapid.T) {
		h, _ := deepCopy(base)
		opts := Options{
			Simpler:   rapid.Bool().Draw(t, "simpler"),
			CarryOver: rapid.Bool().Draw(t, "carry"),
			GainPower: fakeGain,
		}
		r := dice.NewSeeded(rapid.Uint64().Draw(t, "seed"))
		n := rapid.IntRange(1, 40).Draw(t, "steps")
		for i := 0; i < n; i++ {
			before, _ := deepCopy(h)
			var err error
			var step string
			switch rapid.IntRange(0, 4).Draw(t, "op") {
			case 0:
				step = "week"
				_, err = NewWeek(h, WeekRequest{Away: rapid.IntRange(0, 9).Draw(t, "away") == 0}, opts)
				if err != nil {
					t.Fatalf("week: %v", err)
				}
			case 1, 2:
				g, _ := ParseGoal(rapid.SampledFrom(propGoals).Draw(t, "goal"))
				req := SpendRequest{Points: rapid.IntRange(-1, 9).Draw(t, "points"), Goal: &g}
				if !opts.Simpler {
					req.Fit = rapid.SampledFrom(propFits).Draw(t, "fit")
					if rapid.Bool().Draw(t, "side") {
						sg, _ := ParseGoal(rapid.SampledFrom(propGoals).Draw(t, "side_goal"))
						req.Sides = []Side{{Goal: sg, XP: rapid.IntRange(1, 4).Draw(t, "side_xp")}}
					}
				}
				step = "spend " + g.Key
				pointsBefore := h.Downtime.Points
				_, err = Spend(h, req, opts)
				if err == nil && h.Downtime.Points != pointsBefore-req.Points {
					t.Fatalf("spend %d: points %d → %d", req.Points, pointsBefore, h.Downtime.Points)
				}
			case 3:
				g, _ := ParseGoal(rapid.SampledFrom(propGoals).Draw(t, "buy"))
				step = "buy " + g.Key
				_, err = Buy(h, BuyRequest{Goal: g}, opts, r)
			case 4:
				step = "device"
				_, err = StartDevice(h, DeviceRequest{Name: "gadget", Complexity: rapid.IntRange(2, 8).Draw(t, "complexity"), Components: rapid.IntRange(2, 8).Draw(t, "components")})
			}
			if err != nil {
				if strings.Contains(err.Error(), "panic") {
					t.Fatalf("%s: %v", step, err)
				}
				if !reflect.DeepEqual(h, before) {
					t.Fatalf("%s refused (%v) but changed the hero", step, err)
				}
			}
			checkInvariants(t, h, step)
		}
	})
}

// FuzzParseGoal: any goal parses to a consistent key or fails; never
// panics.
func FuzzParseGoal(f *testing.F) {
	for _, s := range append(propGoals, "fame", "", "power:", "device:a b", "subpower:magic", "other::", "power:super strength", "x:y:z", "competence") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGoal(s)
		if err != nil {
			return
		}
		if g.Key == "" || g.Target == "" {
			t.Fatalf("%q: empty goal %+v", s, g)
		}
		again, err := ParseGoal(g.Key)
		if err != nil || again != g {
			t.Fatalf("%q: key %q does not parse back (%+v, %v)", s, g.Key, again, err)
		}
	})
}

// FuzzParseSide: GOAL=XP parses to 1-5 experience or fails.
func FuzzParseSide(f *testing.F) {
	for _, s := range []string{"backing=1", "methods=4", "fame=1", "backing=", "=1", "backing=99999999999999999999", "device:x=2", "a=b=c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sd, err := ParseSide(s)
		if err != nil {
			return
		}
		if sd.XP < 1 || sd.XP > rulebook.IdealXPPerDP || sd.Goal.Key == "" {
			t.Fatalf("%q: %+v", s, sd)
		}
	})
}

// FuzzParseFit and the device table parsers never panic and return rows
// in range.
func FuzzParseDeviceRows(f *testing.F) {
	for _, s := range []string{"1", "5", "7", "0", "some-know-how", "hard to find", "-3", "ideal", "average", "Needs some know-how"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if n, err := ParseComplexity(s); err == nil && (n < 3 || n > 7) {
			t.Fatalf("complexity %q: %d", s, n)
		}
		if n, err := ParseComponents(s); err == nil && (n < 3 || n > 7) {
			t.Fatalf("components %q: %d", s, n)
		}
		if fit, err := ParseFit(s); err == nil && fit.XP() == 0 {
			t.Fatalf("fit %q: %q", s, fit)
		}
	})
}
