package override

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// tracks is a hero with The Guardian's tracks (health 35, battered at 4;
// stamina 36, dazed at 7, stunned at 4) and hp hero points of max.
func tracks(health, stamina, hp, max int) *hero.Hero {
	return &hero.Hero{Name: "Test", Kind: hero.KindHero,
		Health:     hero.Health{Max: 35, Current: health, Battered: 4},
		Stamina:    hero.Stamina{Max: 36, Current: stamina, Dazed: 7, Stunned: 4},
		HeroPoints: hero.Points{Max: max, Current: hp}}
}

// TestHero works each adjustment by hand: the tracks move by the delta
// (stamina stops at 0), then the damage conditions follow them as after
// damage (pp. 37-38): stamina at or under 7 of 36 dazed, at or under 4
// stunned, 0 unconscious; health at or under 4 battered.
func TestHero(t *testing.T) {
	tests := []struct {
		name      string
		h         *hero.Hero
		c         Change
		health    int
		stamina   int
		condition string
		hp, hpMax int
		items     int
	}{
		{"a blow the rules do not see", tracks(35, 36, 0, 0), Change{Health: -5, Stamina: -30}, 30, 6, "dazed", 0, 0, 2},
		{"stunned at 4 stamina", tracks(35, 36, 0, 0), Change{Stamina: -32}, 35, 4, "stunned", 0, 0, 1},
		{"stamina stops at 0: unconscious", tracks(35, 10, 0, 0), Change{Stamina: -100}, 35, 0, "unconscious", 0, 0, 1},
		{"battered at a tenth of health", tracks(10, 36, 0, 0), Change{Health: -6}, 4, 36, "battered", 0, 0, 1},
		{"healed back to ok", tracks(35, 5, 0, 0), Change{Stamina: 20}, 35, 25, "ok", 0, 0, 1},
		{"prone set by hand", tracks(35, 36, 0, 0), Change{Set: []string{"prone"}}, 35, 36, "ok", 0, 0, 1},
		{"a hero point taken (pp. 14-15)", tracks(35, 36, 2, 3), Change{HeroPoints: -1}, 35, 36, "ok", 1, 3, 1},
		{"a gift within the maximum", tracks(35, 36, 1, 3), Change{HeroPoints: 2}, 35, 36, "ok", 3, 3, 1},
		{"a gift past the maximum raises it (p. 24)", tracks(35, 36, 0, 0), Change{HeroPoints: 2}, 35, 36, "ok", 2, 2, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			items, steps, err := Hero(tc.h, tc.c)
			if err != nil {
				t.Fatal(err)
			}
			h := tc.h
			if h.Health.Current != tc.health || h.Stamina.Current != tc.stamina {
				t.Errorf("health %d stamina %d, want %d %d", h.Health.Current, h.Stamina.Current, tc.health, tc.stamina)
			}
			if got := h.Condition.State(); got != tc.condition {
				t.Errorf("condition %s, want %s", got, tc.condition)
			}
			if h.HeroPoints.Current != tc.hp || h.HeroPoints.Max != tc.hpMax {
				t.Errorf("hero points %d/%d, want %d/%d", h.HeroPoints.Current, h.HeroPoints.Max, tc.hp, tc.hpMax)
			}
			if len(items) != tc.items || len(steps) == 0 {
				t.Errorf("%d items (%v), %d steps", len(items), items, len(steps))
			}
		})
	}
}

// TestConditions: a knockout set by hand
// makes the hero unconscious; clearing it forgets the hours.
func TestConditions(t *testing.T) {
	h := tracks(35, 36, 0, 0)
	if _, _, err := Hero(h, Change{Set: []string{"knocked_out", "prone"}}); err != nil {
		t.Fatal(err)
	}
	if !h.Condition.KnockedOut || !h.Condition.Unconscious || !h.Condition.Prone {
		t.Fatalf("condition %+v", h.Condition)
	}
	h.Condition.KnockedOutHours = 3
	if _, _, err := Hero(h, Change{Clear: []string{"knocked_out", "unconscious"}}); err != nil {
		t.Fatal(err)
	}
	if h.Condition.KnockedOut || h.Condition.KnockedOutHours != 0 || h.Condition.Unconscious {
		t.Fatalf("condition %+v", h.Condition)
	}
}

// TestRefusals: a refusal names the field and changes nothing.
func TestRefusals(t *testing.T) {
	tests := []struct {
		h    *hero.Hero
		c    Change
		want string
	}{
		{tracks(30, 36, 0, 0), Change{Health: 10}, "health: 30 +10 is above the maximum 35"},
		{tracks(35, 30, 0, 0), Change{Stamina: 10}, "stamina: 30 +10 is above the maximum 36"},
		{tracks(35, 36, 1, 1), Change{HeroPoints: -2}, "hero_points: 1 -2 is outside 0-"},
		{tracks(35, 36, 0, 0), Change{Set: []string{"sleepy"}}, `condition: "sleepy" is not one of`},
		{tracks(35, 36, 0, 0), Change{Set: []string{"prone"}, Clear: []string{"prone"}}, "condition: prone is both set and cleared"},
		{&hero.Hero{Name: "Goon", Kind: hero.KindMundane}, Change{Stamina: -1}, "Goon is mundane"},
	}
	for _, tc := range tests {
		before := *tc.h
		_, _, err := Hero(tc.h, tc.c)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.c, err, tc.want)
		}
		if tc.h.Health.Current != before.Health.Current || tc.h.Stamina.Current != before.Stamina.Current || tc.h.HeroPoints != before.HeroPoints || tc.h.Condition != before.Condition {
			t.Errorf("%+v: the hero changed on a refusal", tc.c)
		}
	}
}

// TestSummary is the event's line.
func TestSummary(t *testing.T) {
	r := Record{Who: "guardian", ConditionBefore: "ok", ConditionAfter: "dazed", Note: "falling masonry",
		Changes: []Item{{Field: FieldHealth, Delta: -5, From: 35, To: 30}, {Field: FieldCondition, Name: "prone", On: true},
			{Field: FieldSide, FromSide: "villains", ToSide: "heroes"}}}
	want := "guardian: the GM adjusts health -5 (35 → 30), prone on, side villains → heroes; ok → dazed (falling masonry)"
	if got := r.Summary(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
