package combat

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Death's door, minutes and Regeneration over time, worked by hand from
// pp. 29, 38, 43, 74 and Flight's speeds (pp. 58-59: a page is 2.16 s, 28
// pages a minute, five minutes 139 pages). The hero: health 40 (battered
// at 4), stamina 40, endurance 10 (bonus +0), four panels a page.
func TestRecoverOverTime(t *testing.T) {
	hurt := hurtHero
	regen := func(health, stamina int) *hero.Hero {
		h := hurt(health, stamina)
		h.Powers = append(h.Powers, power("super-health", 1, "regeneration"))
		return h
	}
	small := func() *hero.Hero {
		h := hurt(30, 0)
		h.Stamina.Max, h.Stamina.Dazed, h.Stamina.Stunned = 5, 1, 0
		SetConditions(h)
		return h
	}
	fought := func(pages int) *hero.Hero { h := hurt(0, 40); h.Condition.DeathsDoorPages = pages; return h }
	cases := []struct {
		name         string
		h            *hero.Hero
		in           RecoverInput
		dice         []int
		health, stam int
		condition    string
		died, saved  bool
		ddPages      int
	}{
		// 4 minutes at death's door, no aid: 112 pages of 139; alive.
		{"four minutes", hurt(0, 40), RecoverInput{Minutes: 4}, nil, 0, 40, "deaths_door", false, false, 112},
		// 5 minutes: 139 pages: dead (p. 38).
		{"five minutes", hurt(0, 40), RecoverInput{Minutes: 5}, nil, 0, 40, "dead", true, false, 0},
		// An hour at death's door without aid: dead (it used to stay
		// alive at death's door).
		{"an hour", hurt(0, 40), RecoverInput{Hours: 1}, nil, 0, 40, "dead", true, false, 0},
		// 100 pages in the fight, then 1 minute (28): 128, alive; 2
		// minutes (56): 156 ≥ 139, dead.
		{"fight then a minute", fought(100), RecoverInput{Minutes: 1}, nil, 0, 40, "deaths_door", false, false, 128},
		{"fight then two minutes", fought(100), RecoverInput{Minutes: 2}, nil, 0, 40, "dead", true, false, 0},
		// CPR, then an hour: stabilised, battered (no health by the
		// hour), still at health 0 and death's door, alive.
		{"cpr then an hour", hurt(0, 40), RecoverInput{CPR: true, Hours: 1}, nil, 0, 40, "deaths_door", false, true, 0},
		// First aid is emergency aid: 0 + 3 = 3, battered, conscious.
		{"first aid", hurt(0, 40), RecoverInput{FirstAid: true}, []int{3}, 3, 40, "battered", false, true, 0},
		// A regenerator at death's door rests a minute: 6 × 6 + 4 = 40
		// from its first 7 double-panels (two a page), before the clock
		// runs out (p. 74).
		{"regenerator at death's door", regen(0, 40), RecoverInput{Minutes: 1}, []int{6, 6, 6, 6, 6, 6, 4}, 40, 40, "ok", false, false, 0},
		// A battered regenerator (3 ≤ 4) rests an hour: 3 + 6 × 6 + 1 =
		// 40; resting takes no panels; the hour's 1d6 rolls nothing at
		// full health.
		{"battered regenerator", regen(3, 40), RecoverInput{Hours: 1}, []int{6, 6, 6, 6, 6, 6, 1}, 40, 40, "ok", false, false, 0},
		// A minute, conscious at 30 stamina: 1d6 a page, 30 + 4 + 6 = 40
		// after 2 pages; no health in minutes.
		{"minutes of stamina", hurt(30, 30), RecoverInput{Minutes: 1}, []int{4, 6}, 30, 40, "ok", false, false, 0},
		// Unconscious at 0 of 5 stamina: page 1 d20 15 > 10, nothing;
		// page 2 d20 7 ≤ 10, 1d6 5: full, conscious; no third page.
		{"unconscious minutes", small(), RecoverInput{Minutes: 1}, []int{15, 7, 5}, 30, 5, "ok", false, false, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := dice.NewScripted(c.dice)
			res, err := Recover(c.h, c.in, r)
			if err != nil {
				t.Fatal(err)
			}
			if err := r.Finish(); err != nil {
				t.Fatal(err)
			}
			if c.h.Health.Current != c.health || c.h.Stamina.Current != c.stam || res.After.Condition != c.condition ||
				res.Died != c.died || res.Stabilised != c.saved || c.h.Condition.DeathsDoorPages != c.ddPages {
				t.Fatalf("H %d S %d %s died %v saved %v pages %d; want H %d S %d %s died %v saved %v pages %d\n%s",
					c.h.Health.Current, c.h.Stamina.Current, res.After.Condition, res.Died, res.Stabilised, c.h.Condition.DeathsDoorPages,
					c.health, c.stam, c.condition, c.died, c.saved, c.ddPages, res.Steps)
			}
		})
	}
}

func TestStabilise(t *testing.T) {
	h := mk("A", rulebook.ACF)
	if err := Stabilise(h, nil); err == nil {
		t.Error("stabilised a hero not at death's door")
	}
	h.Health.Current = 0
	SetConditions(h)
	if err := Stabilise(h, nil); err != nil || !h.Condition.Stabilised {
		t.Fatalf("stabilise: %v", err)
	}
	if err := Stabilise(h, nil); err == nil {
		t.Error("stabilised twice")
	}
	// Stabilised: the clock does not run.
	if counted, died := PassDeathsDoor(h, 500, nil); counted || died {
		t.Errorf("stabilised hero counted %v died %v", counted, died)
	}
	// Off death's door, the aid is over.
	h.Health.Current = 2
	SetConditions(h)
	if h.Condition.Stabilised || h.Condition.DeathsDoorPages != 0 {
		t.Errorf("off death's door: %+v", h.Condition)
	}
	// 138 pages live, the 139th kills (p. 38).
	h.Health.Current = 0
	SetConditions(h)
	if _, died := PassDeathsDoor(h, 138, nil); died {
		t.Fatal("died at 138 pages")
	}
	if _, died := PassDeathsDoor(h, 1, nil); !died || !h.Condition.Dead {
		t.Fatal("alive at 139 pages")
	}
}
