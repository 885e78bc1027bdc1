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

// Carried mass and blind teleports (pp. 76-77), worked by hand: each
// whole multiple of the teleporter's own mass doubles the stamina after
// the cap; carrying at least one multiple loses half as much health
// (rounded up), each passenger that much stamina; a blind teleport has 1%
// per 2 m of 5d6 health and 5d6 stamina.
func TestTeleportWith(t *testing.T) {
	cases := []struct {
		name                      string
		in                        TeleportInput
		dice                      []int
		stamina, health, pass     int
		chance                    int
		shunted                   bool
		shuntHealth, shuntStamina int
	}{
		// Rank 1, 7 m: 7 stamina; 119 kg is no multiple of 120.
		{name: "under one multiple", in: TeleportInput{Rank: 1, Metres: 7, CarriedKg: 119}, stamina: 7},
		// Rank 1, 7 m, 240 kg: 2 multiples, 7 x 4 = 28; health 14.
		{name: "two multiples", in: TeleportInput{Rank: 1, Metres: 7, CarriedKg: 240}, stamina: 28, health: 14},
		// Rank 2, 5 m (3), one passenger of 120 kg: 6 stamina, 3 health,
		// the passenger 3 stamina.
		{name: "passenger", in: TeleportInput{Rank: 2, Metres: 5, CarriedKg: 120, Passengers: 1}, stamina: 6, health: 3, pass: 3},
		// Rank 3, 60 m upwards with 100 kg against its own 50 kg: 15 cap,
		// x2 up, x4 for 2 multiples = 120; health 60.
		{name: "own mass, upwards", in: TeleportInput{Rank: 3, Metres: 60, Upwards: true, OwnKg: 50, CarriedKg: 100}, stamina: 120, health: 60},
		// Rank 2, 1 m with 120 kg: 1 x 2 = 2 stamina, health 1.
		{name: "odd rounds up", in: TeleportInput{Rank: 2, Metres: 1, CarriedKg: 120}, stamina: 2, health: 1},
		// Blind, 61 m at rank 3: 30% (1 per full 2 m); d100 31 clear.
		{name: "blind clear", in: TeleportInput{Rank: 3, Metres: 61, Blind: true}, dice: []int{31}, stamina: 15, chance: 30},
		// d100 30 shunts: 5d6 health 6,5,4,3,2 = 20, stamina 1x5 = 5.
		{name: "blind shunted", in: TeleportInput{Rank: 3, Metres: 61, Blind: true}, dice: []int{30, 6, 5, 4, 3, 2, 1, 1, 1, 1, 1}, stamina: 15, chance: 30, shunted: true, shuntHealth: 20, shuntStamina: 5},
		// 1 m blind: 0%, d100 1 is still clear.
		{name: "blind short", in: TeleportInput{Rank: 1, Metres: 1, Blind: true}, dice: []int{1}, stamina: 1},
	}
	for _, c := range cases {
		got, err := TeleportWith(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		r := dice.NewScripted(c.dice)
		if err := got.RollBlind(r); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got.Stamina != c.stamina || got.Health != c.health || got.PassengerStamina != c.pass || got.BlindChance != c.chance ||
			got.Shunted != c.shunted || got.ShuntHealth != c.shuntHealth || got.ShuntStamina != c.shuntStamina {
			t.Errorf("%s: %+v", c.name, got)
		}
		if err := r.Finish(); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if _, err := TeleportWith(TeleportInput{Rank: 1, Metres: 1, CarriedKg: -1}); err == nil {
		t.Error("a negative mass was accepted")
	}
}

// Snare's blocking shield: 1d6 health per fluid point, 1-10 points
// (pp. 72-73).
func TestSnareShield(t *testing.T) {
	got, steps, err := SnareShield(3, dice.NewScripted([]int{4, 5, 6}))
	if err != nil || got != 15 || len(steps) != 1 || !strings.Contains(steps[0].Text, "(4+5+6) = 15") {
		t.Errorf("3 points, 4+5+6: %d %v %v", got, steps, err)
	}
	for _, n := range []int{0, 11} {
		if _, _, err := SnareShield(n, dice.NewScripted([]int{1})); err == nil || !strings.Contains(err.Error(), "1-10 fluid points") {
			t.Errorf("%d points: %v", n, err)
		}
	}
	if _, _, err := SnareShield(2, dice.NewScripted([]int{7, 1})); err == nil {
		t.Error("a 7 on a d6 was accepted")
	}
}
