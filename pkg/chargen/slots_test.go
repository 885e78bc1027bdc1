package chargen

import (
	"errors"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/rulebook"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// runSlots runs Step 1 alone with the GM's dice, which must all be used.
func runSlots(t *testing.T, d []int, opt GenOptions) (*hero.Hero, error) {
	t.Helper()
	s := dice.NewScripted(d)
	h := &hero.Hero{Kind: opt.Kind}
	if h.Kind == "" {
		h.Kind = hero.KindHero
	}
	b := &builder{h: h, r: s, choose: opt.Derive.Choose, noSidekick: h.Kind == hero.KindSidekick}
	h.Creation = &hero.Creation{}
	err := b.slots(opt, h.Creation)
	h.Creation.Notes = b.notes
	if err == nil {
		if ferr := s.Finish(); ferr != nil {
			t.Fatalf("dice: %v", ferr)
		}
	}
	return h, err
}

func actions(h *hero.Hero) string {
	var s []string
	for _, r := range h.Creation.Slots {
		s = append(s, r.Action+":"+r.Power)
	}
	return strings.Join(s, " ")
}

func TestSlots(t *testing.T) {
	for _, tc := range []struct {
		name    string
		dice    []int
		opt     GenOptions
		actions string
		check   func(t *testing.T, h *hero.Hero)
	}{
		{"a power at its maximum is re-rolled (p. 7)", []int{10, 10, 11}, GenOptions{Slots: 2},
			"new:camouflage re-roll:camouflage new:claws", nil},
		{"96-00 counts as rolling the power (p. 7)", []int{6, 97}, GenOptions{Slots: 2},
			"new:armour choice:armour", func(t *testing.T, h *hero.Hero) {
				if p := h.FindPower("armour"); p.Rank != 2 || p.Rolled != 2 {
					t.Errorf("armour %+v", p)
				}
			}},
		{"--power names the 96-00 choice", []int{100}, GenOptions{Slots: 1, Powers: []string{"flight"}},
			"choice:flight", nil},
		{"an unattended 96-00 with nothing held takes a new power by the roll", []int{99}, GenOptions{Slots: 1},
			"choice:toughness", nil},
		{"improving costs one slot, then two (p. 7)", []int{6}, GenOptions{Slots: 4, Improve: []Improvement{{"armour", 2}, {"armour", 3}}},
			"new:armour improvement:armour improvement:armour improvement:armour", func(t *testing.T, h *hero.Hero) {
				p := h.FindPower("armour")
				if p.Rank != 3 || p.Improved != 2 || p.Rolled != 1 {
					t.Errorf("armour %+v", p)
				}
				if h.Creation.Slots[2].Slot != 3 || h.Creation.Slots[3].Slot != 4 {
					t.Errorf("the second improvement takes slots 3 and 4: %+v", h.Creation.Slots)
				}
			}},
		{"never a third improvement (p. 7)", []int{74, 10}, GenOptions{Slots: 5, Improve: []Improvement{{"super-strength", 0}, {"super-strength", 0}, {"super-strength", 0}}},
			"new:super-strength improvement:super-strength improvement:super-strength improvement:super-strength new:camouflage", func(t *testing.T, h *hero.Hero) {
				if p := h.FindPower("super-strength"); p.Rank != 3 || p.Improved != 2 {
					t.Errorf("super strength %+v", p)
				}
				if len(h.Creation.Notes) != 1 || !strings.Contains(h.Creation.Notes[0], "--improve super-strength") {
					t.Errorf("notes %q", h.Creation.Notes)
				}
			}},
		{"rank 4 through a second roll (p. 7)", []int{74, 96}, GenOptions{Slots: 5, Improve: []Improvement{{"super-strength", 2}, {"super-strength", 3}}},
			"new:super-strength improvement:super-strength improvement:super-strength improvement:super-strength choice:super-strength", func(t *testing.T, h *hero.Hero) {
				if p := h.FindPower("super-strength"); p.Rank != 4 || p.Rolled != 2 {
					t.Errorf("super strength %+v", p)
				}
			}},
		{"unattended: from slot 5, improve a power rolled twice", []int{6, 7, 10, 11, 15, 18, 88}, GenOptions{},
			"new:armour rank-up:armour new:camouflage new:claws improvement:armour new:danger-sense new:duplication new:wallcrawling", nil},
		// Armour rolled twice, Super Strength (74) improved at slot 4:
		// the player's improvement replaces the unattended one
		// (docs/chargen.md), so slot 5 rolls (10, Camouflage) instead of
		// improving the twice-rolled Armour, and every slot after rolls
		// the dice that follow (p. 7).
		{"--improve replaces the unattended improvement", []int{6, 7, 74, 10, 11, 15, 18}, GenOptions{Improve: []Improvement{{"super-strength", 4}}},
			"new:armour rank-up:armour new:super-strength improvement:super-strength new:camouflage new:claws new:danger-sense new:duplication", nil},
		{"--roll-all --improve: the improvement, every other slot rolled", []int{6, 7, 74, 10, 11, 15, 18}, GenOptions{RollAll: true, Improve: []Improvement{{"super-strength", 4}}},
			"new:armour rank-up:armour new:super-strength improvement:super-strength new:camouflage new:claws new:danger-sense new:duplication", nil},
		{"--roll-all never improves", []int{6, 7, 10, 11, 15, 18, 88, 57}, GenOptions{RollAll: true},
			"new:armour rank-up:armour new:camouflage new:claws new:danger-sense new:duplication new:wallcrawling new:shrinking", nil},
		{"a sidekick re-rolls the Sidekick power (p. 71)", []int{58, 88}, GenOptions{Slots: 1, Kind: hero.KindSidekick},
			"re-roll:sidekick new:wallcrawling", nil},
		{"magic: three spells, the first the speciality, a duplicate re-rolled (p. 62)", []int{43, 3, 3, 5, 7}, GenOptions{Slots: 1},
			"new:magic", func(t *testing.T, h *hero.Hero) {
				p := h.FindPower("magic")
				if got := flavourSummary(p); got != "Eldritch Bolt (speciality), Illusion, Mystic Shield" {
					t.Errorf("spells %q", got)
				}
			}},
		{"magic: a Choose takes --choose", []int{44, 10, 3, 5}, GenOptions{Slots: 1, Derive: Options{Choose: []string{"restraint"}}},
			"new:magic", func(t *testing.T, h *hero.Hero) {
				if got := flavourSummary(h.FindPower("magic")); got != "Restraint (speciality), Eldritch Bolt, Illusion" {
					t.Errorf("spells %q", got)
				}
			}},
		{"magic rank 2: a fourth spell; rank 3: a second speciality", []int{43, 1, 2, 3, 43, 4, 43}, GenOptions{Slots: 3},
			"new:magic rank-up:magic rank-up:magic", func(t *testing.T, h *hero.Hero) {
				if got := flavourSummary(h.FindPower("magic")); got != "Astral Projection (speciality), Bestow Gift, Eldritch Bolt (speciality), Hypnotism" {
					t.Errorf("spells %q", got)
				}
			}},
		{"super senses: enhanced sense table", []int{70, 3, 1}, GenOptions{Slots: 1}, "new:super-senses",
			flavourIs("super-senses", "enhanced-hearing")},
		{"super senses: a 6 rolls the special sense table", []int{71, 6, 4}, GenOptions{Slots: 1}, "new:super-senses",
			flavourIs("super-senses", "life-sense")},
		{"super senses: a 6 takes --choose", []int{71, 6}, GenOptions{Slots: 1, Derive: Options{Choose: []string{"X-Ray Vision"}}}, "new:super-senses",
			flavourIs("super-senses", "x-ray-vision")},
		{"energy type: a second energy power reuses the first's type (pp. 55, 61)", []int{38, 2, 20}, GenOptions{Slots: 2}, "new:immunity new:energy-blast",
			flavourIs("energy-blast", "cold")},
		{"energy blast ranks 2-4 take each option once (p. 56)", []int{20, 9, 21, 22, 23}, GenOptions{Slots: 4, RollAll: true},
			"new:energy-blast rank-up:energy-blast rank-up:energy-blast rank-up:energy-blast", func(t *testing.T, h *hero.Hero) {
				if got := strings.Join(h.FindPower("energy-blast").Options, ","); got != "extra-dice,energy-reflect,immunity" {
					t.Errorf("options %q", got)
				}
			}},
		{"martial arts: oriental up to rank 3 (p. 65)", []int{45, 2, 46, 47}, GenOptions{Slots: 3}, "new:martial-arts rank-up:martial-arts rank-up:martial-arts",
			func(t *testing.T, h *hero.Hero) {
				if got := flavourSummary(h.FindPower("martial-arts")); got != "Oriental rank 3" {
					t.Errorf("martial arts %q", got)
				}
			}},
		{"martial arts: streetfighting stops at 2, then the judo throw (p. 65)", []int{45, 5, 46, 47}, GenOptions{Slots: 3}, "new:martial-arts rank-up:martial-arts rank-up:martial-arts",
			func(t *testing.T, h *hero.Hero) {
				if got := flavourSummary(h.FindPower("martial-arts")); got != "Streetfighting rank 2, judo-throw" {
					t.Errorf("martial arts %q", got)
				}
			}},
		{"weapon mastery takes --choose for its weapon", []int{90}, GenOptions{Slots: 1, Derive: Options{Choose: []string{"staves"}}}, "new:weapon-mastery",
			flavourIs("weapon-mastery", "staves")},
		{"a power enhancer with nothing to enhance is re-rolled", []int{12, 6, 7}, GenOptions{Slots: 1}, "new:cybernetics",
			flavourIs("cybernetics", "brain-implant")},
		{"a power enhancer raises another power", []int{6, 13, 6}, GenOptions{Slots: 2}, "new:armour new:cybernetics",
			func(t *testing.T, h *hero.Hero) {
				if p := h.FindPower("armour"); p.Rank != 2 || p.Values["implant_ranks"] != 1 {
					t.Errorf("armour %+v", p)
				}
			}},
		{"a power simulator adds a power from the implant", []int{14, 5}, GenOptions{Slots: 1, Derive: Options{Choose: []string{"super-leap"}}}, "new:cybernetics",
			func(t *testing.T, h *hero.Hero) {
				if p := h.FindPower("super-leap"); p == nil || p.Source != "cybernetics" || p.Rank != 1 {
					t.Errorf("super leap %+v", p)
				}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := runSlots(t, tc.dice, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if got := actions(h); got != tc.actions {
				t.Errorf("slots %q\n  want %q", got, tc.actions)
			}
			if tc.check != nil {
				tc.check(t, h)
			}
		})
	}
}

func flavourIs(power, flavour string) func(*testing.T, *hero.Hero) {
	return func(t *testing.T, h *hero.Hero) {
		t.Helper()
		p := h.FindPower(rulebook.PowerID(power))
		if p == nil || len(p.Flavours) == 0 || p.Flavours[0].Slug != flavour {
			t.Errorf("%s: flavours %+v, want %s", power, p, flavour)
		}
	}
}

func TestSlotErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		dice []int
		opt  GenOptions
		want string
	}{
		{"--power at its maximum", []int{10, 96}, GenOptions{Slots: 2, Powers: []string{"camouflage", "camouflage"}}, "maximum rank"},
		{"--power that is not a power", []int{96}, GenOptions{Slots: 1, Powers: []string{"laser eyes"}}, `"laser eyes"`},
		{"--choose that is not on the table", []int{44, 10}, GenOptions{Slots: 1, Derive: Options{Choose: []string{"fireball"}}}, `"fireball"`},
		{"the GM's dice run out", []int{6}, GenOptions{Slots: 2}, "ran out"},
		{"a die that does not fit", []int{101}, GenOptions{Slots: 1}, "does not fit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := runSlots(t, tc.dice, tc.opt)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			var ce *Error
			if strings.HasPrefix(tc.want, "--") || strings.HasPrefix(tc.want, `"`) {
				if !errors.As(err, &ce) {
					t.Errorf("%v is not a *chargen.Error", err)
				}
			}
		})
	}
}
