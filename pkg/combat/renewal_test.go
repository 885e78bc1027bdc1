package combat

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// The hourly repeat attack (pp. 43, 53, 63), worked by hand: a caster of
// will 16 with Hypnotism and a magic pool; a target of will 14 with no
// Confidence Table bonus.
func TestRenewControl(t *testing.T) {
	caster := func(poolMax int) *hero.Hero {
		h := mk("Zara", rulebook.ACF)
		h.Abilities.Final.Will = 16
		h.Powers = append(h.Powers, hero.Power{Slug: "magic", Name: "Magic", Rank: 1, Flavours: []hero.Flavour{{Slug: "hypnotism"}}},
			hero.Power{Slug: "cybernetics", Name: "Cybernetics", Rank: 1, Flavours: []hero.Flavour{{Slug: "mind-control-device", Rank: 2}}})
		h.Pools = []hero.Pool{{Name: "magic", Max: poolMax, Current: poolMax}}
		return h
	}
	target := func(power string) *hero.Hero {
		h := mk("Nefario", rulebook.ACF)
		h.Abilities.Final.Will = 14
		h.Profile.Confidence, h.Profile.WillBonus = 0, 0
		h.ImposedStates = []hero.ImposedState{{Name: hero.ImposedHypnotised, Power: power, Source: "Zara"}}
		return h
	}
	for _, c := range []struct {
		name      string
		c         *hero.Hero
		power     string
		hours     int
		dice      []int
		renewals  int
		ended     bool
		endedHour int
	}{
		// Hour 1: 10+16 = 26 vs 5+14 = 19 holds; hour 2: 12+16 = 28 vs
		// 15+14 = 29 fails; no hour 3.
		{"hypnotism fails", caster(15), "magic", 3, []int{10, 5, 12, 15}, 2, true, 2},
		// A tie goes to the caster: 3+16 = 19 vs 5+14 = 19.
		{"tie holds", caster(15), "magic", 1, []int{3, 5}, 1, false, 0},
		// A pool of 8 cannot pay 10 MP: it ends at hour 1, nothing rolled.
		{"cannot pay", caster(8), "magic", 2, nil, 0, true, 1},
		// The device, two ranks: "Will" 12. 8+12 = 20 vs 7+14 = 21 fails.
		{"device", caster(0), "cybernetics", 4, []int{8, 7}, 1, true, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			tg := target(c.power)
			r := dice.NewScripted(c.dice)
			res, found, err := RenewControl(c.c, tg, c.hours, false, r)
			if err != nil || !found {
				t.Fatalf("found %v, %v", found, err)
			}
			if err := r.Finish(); err != nil {
				t.Fatal(err)
			}
			if len(res.Renewals) != c.renewals || res.Ended != c.ended || res.EndedHour != c.endedHour {
				t.Fatalf("%d renewals, ended %v at %d; want %d, %v at %d", len(res.Renewals), res.Ended, res.EndedHour, c.renewals, c.ended, c.endedHour)
			}
			if stays := len(tg.ImposedStates) == 1; stays == c.ended {
				t.Errorf("imposed states %v after ended %v", tg.ImposedStates, c.ended)
			}
		})
	}
	// Nobody else's control: not found, nothing rolled.
	other := target("magic")
	other.ImposedStates[0].Source = "Someone"
	if _, found, err := RenewControl(caster(15), other, 1, false, dice.NewScripted(nil)); found || err != nil {
		t.Errorf("found %v, %v", found, err)
	}
}
