package combat

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// IllusionCost: 3 / 7 / 10 by kind, +1 per further 2 m of radius (or
// part) beyond 2 m and per further 20 m (or part) beyond 20 m (pp. 63,
// 67), worked by hand.
func TestIllusionCost(t *testing.T) {
	cases := []struct {
		kind             string
		radius, distance int
		want             int
		err              string
	}{
		{"", 0, 0, 3, ""},
		{"auditory", 2, 20, 3, ""},
		{"minor-sounds", 4, 40, 9, ""},
		{"minor-sounds", 5, 45, 11, ""}, // 7 + 2 + 2: the cap is SpellCharge's
		{"speech", 3, 21, 12, ""},       // part of 2 m and of 20 m: +1 each
		{"speech", 0, 0, 10, ""},
		{"smell", 0, 0, 0, "an illusion is"},
		{"visual", -1, 0, 0, "metres"},
	}
	for _, c := range cases {
		got, _, err := IllusionCost(c.kind, c.radius, c.distance)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s %d %d: err %v, want %q", c.kind, c.radius, c.distance, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s %d %d: %d %v, want %d", c.kind, c.radius, c.distance, got, err, c.want)
		}
	}
}

// SpellCharge: the speciality pays half rounded up; 10 a use, 5 while
// projected (p. 62).
func TestSpellCharge(t *testing.T) {
	h := mentalHero("mage", 16, 10, []hero.Power{{Slug: "magic", Rank: 1, Flavours: []hero.Flavour{{Slug: "illusion", Speciality: true}}}}, magic(15))
	if c, _, err := SpellCharge(h, "illusion", "magic", 9, 0); err != nil || c != 5 {
		t.Errorf("speciality 9: %d %v, want 5", c, err)
	}
	if _, _, err := SpellCharge(h, "bestow-gift", "magic", 11, 0); err == nil {
		t.Error("11 MP on one casting was allowed")
	}
	if _, _, err := SpellCharge(h, "bestow-gift", "magic", 6, AstralSpellCap); err == nil || !strings.Contains(err.Error(), "at most 5") {
		t.Errorf("6 MP while projected: %v", err)
	}
	if c, _, err := SpellCharge(h, "bestow-gift", "magic", 5, AstralSpellCap); err != nil || c != 5 {
		t.Errorf("5 MP while projected: %d %v", c, err)
	}
}

// CancelSpell: the points casting it costs, the canceller's speciality
// half, a contest; eldritch bolt cannot be cancelled (pp. 62-63).
func TestCancelSpell(t *testing.T) {
	att := mentalHero("zara", 16, 10, []hero.Power{{Slug: "magic", Rank: 1, Flavours: []hero.Flavour{{Slug: "restraint", Speciality: true}, {Slug: "hypnotism"}}}}, magic(15))
	caster := mentalHero("morgan", 12, 10, []hero.Power{{Slug: "magic", Rank: 1}}, magic(15))
	// Restraint of 6 MP: 3 for the speciality; 9 + 16 = 25 against 10 + 12 = 22.
	r := dice.NewScripted([]int{9, 10})
	res, err := CancelSpell(att, caster, CancelInput{Spell: "restraint", Points: 6}, r)
	if err != nil || res.Cost != 3 || !res.Success || r.Finish() != nil {
		t.Errorf("restraint: %+v %v", res, err)
	}
	// Hypnotism is always 10; 1 + 16 = 17 against 10 + 12 = 22 fails.
	res, err = CancelSpell(att, caster, CancelInput{Spell: "hypnotism"}, dice.NewScripted([]int{1, 10}))
	if err != nil || res.Cost != 10 || res.Success {
		t.Errorf("hypnotism: %+v %v", res, err)
	}
	if _, err := CancelSpell(att, caster, CancelInput{Spell: "eldritch-bolt"}, dice.NewScripted(nil)); err == nil {
		t.Error("eldritch bolt was cancelled")
	}
	if _, err := CancelSpell(att, caster, CancelInput{Spell: "illusion", Points: 3}, dice.NewScripted(nil)); err == nil || !strings.Contains(err.Error(), "cannot cast illusion") {
		t.Errorf("an unknown spell: %v", err)
	}
}

// Bestow and Unbestow leave the hero as it was (p. 63).
func TestBestowRoundTrip(t *testing.T) {
	for _, gift := range []string{GiftInvisibility, GiftSpeed, GiftStrength, GiftCombat, GiftFlight, GiftRegeneration} {
		h := mk("psy", rulebook.ACJ)
		h.Combat.Movement = 6
		before := h.Abilities.Final.Strength
		ch, err := Bestow(h, gift, dice.NewScripted([]int{4}[:map[bool]int{true: 1}[gift == GiftStrength]]))
		if err != nil {
			t.Fatalf("%s: %v", gift, err)
		}
		switch gift {
		case GiftStrength:
			if h.Abilities.Final.Strength != before+10 || ch.Strength != 10 {
				t.Errorf("strength %d, want %d", h.Abilities.Final.Strength, before+10)
			}
		case GiftSpeed:
			if h.Combat.Movement != 12 || h.PowerRank("super-speed") != 1 {
				t.Errorf("speed: movement %d rank %d", h.Combat.Movement, h.PowerRank("super-speed"))
			}
		case GiftCombat:
			if h.PowerRank("martial-arts") != 2 {
				t.Errorf("martial arts rank %d", h.PowerRank("martial-arts"))
			}
		}
		Unbestow(h, ch)
		if h.Abilities.Final.Strength != before || h.Combat.Movement != 6 || len(h.Powers) != 0 || len(h.Abilities.Modifiers) != 0 {
			t.Errorf("%s: not undone: %+v", gift, h)
		}
	}
}

// AstralNotice: d100 at or under the observer's will (p. 62).
func TestAstralNotice(t *testing.T) {
	h := mentalHero("goon", 14, 10, nil)
	for _, c := range []struct {
		roll int
		want bool
	}{{14, true}, {15, false}, {1, true}, {100, false}} {
		_, ok, _, err := AstralNotice(h, dice.NewScripted([]int{c.roll}))
		if err != nil || ok != c.want {
			t.Errorf("d100 %d: %v %v, want %v", c.roll, ok, err, c.want)
		}
	}
}
