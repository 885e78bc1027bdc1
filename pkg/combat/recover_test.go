package combat

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Recovery worked by hand from p. 38 (and pp. 9, 43, 73): a hero of
// health 40 (battered at 4), stamina 40, endurance 10 (Endurance Table
// bonus +0) unless said.
func TestRecover(t *testing.T) {
	hurt := hurtHero
	ko := func(hours int) *hero.Hero {
		h := hurt(30, 0)
		h.Condition.KnockedOut, h.Condition.KnockedOutHours, h.Condition.Unconscious = true, hours, true
		return h
	}
	tough := func() *hero.Hero { h := hurt(30, 40); h.Abilities.Final.Endurance = 18; return h }
	cases := []struct {
		name          string
		h             *hero.Hero
		in            RecoverInput
		dice          []int
		health, stam  int
		condition     string
		knockoutEnded bool
	}{
		// 3 hours not battered: 20 + 6 + 5 + 4 = 35; an hour brings the
		// stamina back: unconscious at -5 → 40.
		{"hours", hurt(20, -5), RecoverInput{Hours: 3}, []int{6, 5, 4}, 35, 40, "ok", false},
		// Health reaches its maximum after 2 rolls: 38 + 6 = 40 (capped), no third die.
		{"capped", hurt(34, 40), RecoverInput{Hours: 5}, []int{4, 6}, 40, 40, "ok", false},
		// Battered (3 ≤ 4): no health by the hour, stamina comes back.
		{"battered hours", hurt(3, 10), RecoverInput{Hours: 5}, nil, 3, 40, "battered", false},
		// Battered without hospital: nothing in 2 days.
		{"battered days", hurt(3, 40), RecoverInput{Days: 2}, nil, 3, 40, "battered", false},
		// Death's door (0) given CPR, then in hospital 2 days: 0 + 2 + 1 =
		// 3, still battered.
		{"hospital", hurt(0, 10), RecoverInput{Days: 2, Hospital: true, CPR: true}, []int{2, 1}, 3, 40, "battered", false},
		// Without CPR or similar emergency aid the hero dies within five
		// minutes (p. 38): once, 2 days in hospital healed it.
		{"hospital without aid", hurt(0, 10), RecoverInput{Days: 2, Hospital: true}, nil, 0, 10, "dead", false},
		// First aid: 1d6 = 4 at once; no stamina; it ends a knockout (p. 43).
		{"first aid", ko(3), RecoverInput{FirstAid: true}, []int{4}, 34, 0, "unconscious", true},
		// Knocked out for 3 hours, 2 pass: health as normal (30 + 1 + 2),
		// no stamina yet.
		{"knocked out", ko(3), RecoverInput{Hours: 2}, []int{1, 2}, 33, 0, "unconscious", false},
		// 3 hours pass: the knockout ends, but stamina starts to recover
		// only after it (p. 43): no hour is left, so none comes back (it
		// once came back in the same step).
		{"knockout over", ko(3), RecoverInput{Hours: 3}, []int{1, 2, 3}, 36, 0, "unconscious", true},
		// 4 hours: the fourth is after the knockout: stamina back to 40.
		{"knockout then an hour", ko(3), RecoverInput{Hours: 4}, []int{1, 2, 3, 4}, 40, 40, "ok", true},
		// END 18: +1 on every roll (p. 39): 30 + 3 + 1.
		{"endurance bonus", tough(), RecoverInput{Hours: 1}, []int{3}, 34, 40, "ok", false},
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
			if c.h.Health.Current != c.health || c.h.Stamina.Current != c.stam || res.After.Condition != c.condition || res.KnockoutEnded != c.knockoutEnded {
				t.Fatalf("H %d S %d %s ended %v; want H %d S %d %s ended %v", c.h.Health.Current, c.h.Stamina.Current, res.After.Condition,
					res.KnockoutEnded, c.health, c.stam, c.condition, c.knockoutEnded)
			}
		})
	}
	// Fast Recovery: health twice an hour (p. 73): 30 + 1 + 1.
	fast := hurt(30, 40)
	fast.Powers = append(fast.Powers, power("super-health", 1, "fast-recovery"))
	if _, err := Recover(fast, RecoverInput{Hours: 1}, dice.NewScripted([]int{1, 1})); err != nil || fast.Health.Current != 32 {
		t.Fatalf("fast recovery: %d, %v", fast.Health.Current, err)
	}
}

func TestRecoverRefuses(t *testing.T) {
	dead := mk("Dead", rulebook.ACF)
	dead.Health.Current = -3
	SetConditions(dead)
	rob := robot()
	for _, c := range []struct {
		h  *hero.Hero
		in RecoverInput
	}{
		{dead, RecoverInput{Hours: 1}},
		{dead, RecoverInput{FirstAid: true}},
		{rob, RecoverInput{Hours: 1}},
		{mk("A", rulebook.ACF), RecoverInput{}},
		{mk("A", rulebook.ACF), RecoverInput{Hours: 1, FirstAid: true}},
		{mk("A", rulebook.ACF), RecoverInput{Hours: 1, Hospital: true}},
		{mk("A", rulebook.ACF), RecoverInput{Hours: -1}},
	} {
		if _, err := Recover(c.h, c.in, dice.NewScripted(nil)); err == nil {
			t.Errorf("%s %+v: no error", c.h.Name, c.in)
		}
	}
}

// hurtHero is the recovery tests' hero (health 40, battered at 4,
// stamina 40, endurance 10) at health and stamina, its conditions set.
func hurtHero(health, stamina int) *hero.Hero {
	h := mk("Hurt", rulebook.ACF)
	h.Health.Current, h.Stamina.Current = health, stamina
	SetConditions(h)
	return h
}
