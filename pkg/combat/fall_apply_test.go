package combat

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Falls worked by hand from p. 43 (1d6 H and 1d6 S per full 5 m, a jump
// counts 5 m less, dividers doubled) and pp. 37-38 (overflow, conditions).
func TestFallOn(t *testing.T) {
	armoured := func() *hero.Hero {
		h := mk("Faller", rulebook.ACD)
		h.Combat.Dividers = hero.Dividers{Health: 3, Stamina: 2}
		return h
	}
	cases := []struct {
		name       string
		h          *hero.Hero
		in         FallInput
		dice       []int
		takenH     int
		takenS     int
		over       int
		afterH     int
		afterS     int
		condition  string
		unconsious bool
	}{
		// 23 m: 4d6 each. 24 H at H/6 = 4, 20 S at S/4 = 5.
		{"23 m at H/3 S/2", armoured(), FallInput{Metres: 23}, []int{6, 6, 6, 6, 5, 5, 5, 5}, 4, 5, 0, 36, 35, "ok", false},
		// Jumping: 18 m, 3d6 each. 13 H at H/6 = 3 (rounded up), 7 S at S/4 = 2.
		{"jump 23 m", armoured(), FallInput{Metres: 23, Jump: true}, []int{6, 6, 1, 3, 3, 1}, 3, 2, 0, 37, 38, "ok", false},
		// 4 m: no full 5 m, no dice.
		{"4 m", armoured(), FallInput{Metres: 4}, nil, 0, 0, 0, 40, 40, "ok", false},
		{"acrobatics", armoured(), FallInput{Metres: 50, Acrobatics: true}, nil, 0, 0, 0, 40, 40, "ok", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := dice.NewScripted(c.dice)
			fa, err := FallOn(c.h, c.in, r)
			if err != nil {
				t.Fatal(err)
			}
			if err := r.Finish(); err != nil {
				t.Fatal(err)
			}
			if fa.Taken.Health != c.takenH || fa.Taken.Stamina != c.takenS || fa.Taken.Overflow != c.over {
				t.Fatalf("taken %+v", fa.Taken)
			}
			if c.h.Health.Current != c.afterH || c.h.Stamina.Current != c.afterS || fa.After.Condition != c.condition {
				t.Fatalf("after H %d S %d %s", c.h.Health.Current, c.h.Stamina.Current, fa.After.Condition)
			}
		})
	}
}

// 10 m with no dividers onto a hero already at -8 stamina (endurance 10):
// 2d6 H = 2, 2d6 S = 12; stamina stops at -10 and the other 10 is health:
// 40 - 2 - 10 = 28; unconscious.
func TestFallOverflowAndRobot(t *testing.T) {
	h := mk("Groggy", rulebook.ACF)
	h.Stamina.Current = -8
	fa, err := FallOn(h, FallInput{Metres: 10}, dice.NewScripted([]int{1, 1, 6, 6}))
	if err != nil {
		t.Fatal(err)
	}
	if h.Health.Current != 28 || h.Stamina.Current != -10 || fa.Taken.Overflow != 10 || !h.Condition.Unconscious {
		t.Fatalf("H %d S %d %+v %+v", h.Health.Current, h.Stamina.Current, fa.Taken, h.Condition)
	}
	// A robot (H/3 S/2) takes the health only: 2d6 H = 12 at H/6 = 2.
	r := robot()
	fa, err = FallOn(r, FallInput{Metres: 10}, dice.NewScripted([]int{6, 6, 6, 6}))
	if err != nil {
		t.Fatal(err)
	}
	if r.Health.Current != 38 || r.Stamina.Current != 0 || fa.Taken.Stamina != 0 || fa.Taken.Immune == "" || r.Condition.Unconscious {
		t.Fatalf("robot H %d S %d %+v", r.Health.Current, r.Stamina.Current, fa.Taken)
	}
	// Mundane characters have no tracks.
	m := mk("Joe", rulebook.ACL)
	m.Kind = hero.KindMundane
	if _, err := FallOn(m, FallInput{Metres: 10}, dice.NewScripted(nil)); err == nil {
		t.Fatal("a mundane fall was applied")
	}
}
