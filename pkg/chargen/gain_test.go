package chargen

import (
	"slices"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// TestDeriveReplacesHandWrittenModifiers is the regression test for
// Derive adding a draft's own Super Strength modifier to the one it
// computes: however the draft names the source, a modifier from a power
// or perk Derive manages is replaced (Guardian-like strength 14 + (10+2)
// = 26, never 38), and one from elsewhere (downtime) is kept.
func TestDeriveReplacesHandWrittenModifiers(t *testing.T) {
	for _, src := range []string{"power:super-strength", "super-strength", "Super Strength", "super_strength", "power: Super Strength", "Power:Super-Strength"} {
		t.Run(src, func(t *testing.T) {
			h := draft(14, 10, 10, 10, pw("super-strength", 1, map[string]int{"d10_r1": 2}))
			h.Abilities.Modifiers = []hero.AbilityModifier{
				{Ability: "strength", Amount: 12, Source: src, Dice: "1d10+10"},
				{Ability: "will", Amount: 1, Source: "downtime"},
			}
			h.Abilities.Final = hero.Abilities{Strength: 99, Agility: 10, Will: 10, Endurance: 10}
			derive(t, h, nil, Options{})
			eq(t, "strength 14 + (10+2)", h.Abilities.Final.Strength, 26)
			eq(t, "damage bonus 26-15", h.Combat.DamageBonus, 11)
			eq(t, "will 10 + 1 (downtime, kept)", h.Abilities.Final.Will, 11)
			n := 0
			for _, m := range h.Abilities.Modifiers {
				if m.Ability == "strength" {
					n++
				}
			}
			eq(t, "strength modifiers", n, 1)
			// Deriving again changes nothing.
			derive(t, h, nil, Options{})
			eq(t, "strength re-derived", h.Abilities.Final.Strength, 26)
		})
	}
	// The other managed sources: Super Endurance, Larger and Specialist
	// Training written by hand are replaced too.
	h := draft(10, 15, 10, 10, pw("super-endurance", 1, map[string]int{"d6_r1": 4}),
		pw("larger", 1, map[string]int{"str_d6_r1": 3, "end_d6_r1": 5}, "stockier"))
	h.Perks = []hero.Perk{{Slug: "specialist-training", Name: "Specialist Training", Option: "agility"}}
	h.Abilities.Modifiers = []hero.AbilityModifier{
		{Ability: "endurance", Amount: 10, Source: "Super Endurance"},
		{Ability: "strength", Amount: 5, Source: "larger"},
		{Ability: "endurance", Amount: 7, Source: "Larger"},
		{Ability: "agility", Amount: 2, Source: "Specialist Training"},
	}
	derive(t, h, nil, Options{})
	eq(t, "strength 10 + (2+3)", h.Abilities.Final.Strength, 15)
	eq(t, "endurance 10 + (6+4) + (2+5)", h.Abilities.Final.Endurance, 27)
	eq(t, "agility 15 + 2", h.Abilities.Final.Agility, 17)
}

func TestOwnedModifier(t *testing.T) {
	for src, want := range map[string]bool{
		"power:super-strength": true, "perk:specialist-training": true, "power:growth": true,
		"Super Strength": true, "super_endurance": true, "perk: Specialist Training": true, "LARGER": true,
		"downtime": false, "gm": false, "downtime: strength training": false, "": false, "growth": false,
	} {
		if got := ownedModifier(src); got != want {
			t.Errorf("ownedModifier(%q) = %v, want %v", src, got, want)
		}
	}
}

// TestGainSubPower adds sub-powers as downtime buys them (p. 48): rolled
// on the power's table, a known one re-rolled, the rank unchanged.
func TestGainSubPower(t *testing.T) {
	h := loadGuardian(t)
	if _, err := Derive(h, dice.NewScripted(nil), Options{}); err != nil {
		t.Fatal(err)
	}
	// Radar sense (d6 5) is known: re-roll; 1-2 animal senses (p. 74).
	s := dice.NewScripted([]int{5, 1})
	if _, err := GainSubPower(h, "super-senses", s, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	p := h.FindPower("super-senses")
	if p.Rank != 1 || len(p.Flavours) != 2 || p.Flavours[1].Slug != "animal-senses" {
		t.Fatalf("super senses %+v", *p)
	}
	eq(t, "parry bonus (animal senses)", h.Combat.ParryBonus, 1)
	if !h.Combat.NeverSurprised {
		t.Error("animal senses: never surprised")
	}
	// 3-4 enhanced sense, then the Enhanced Sense Table's 2: sight.
	s = dice.NewScripted([]int{3, 2})
	if _, err := GainSubPower(h, "super-senses", s, Options{}); err != nil {
		t.Fatal(err)
	}
	if f := p.Flavours[len(p.Flavours)-1]; f.Slug != "enhanced-sight" || f.Table != "enhanced-sense" {
		t.Errorf("enhanced sense %+v", f)
	}
	// 6: the --choose value, which must be a sense it lacks.
	if _, err := GainSubPower(h, "super-senses", dice.NewScripted([]int{6}), Options{Choose: []string{"radar-sense"}}); err == nil {
		t.Error("radar sense again: want an error")
	}
	if _, err := GainSubPower(h, "super-senses", dice.NewScripted([]int{6}), Options{Choose: []string{"x-ray-vision"}}); err != nil {
		t.Fatal(err)
	}
	if !p.HasFlavour("x-ray-vision") {
		t.Errorf("x-ray vision: %+v", p.Flavours)
	}
	if err := h.Validate(); err != nil {
		t.Fatal(err)
	}
	eq(t, "strength unchanged", h.Abilities.Final.Strength, 45)

	// Refusals name the reason; nothing is rolled.
	for slug, want := range map[string]string{
		"armour":         "no sub-powers",
		"flight":         "has no Flight: buy power:flight",
		"not-a-power":    "not a power",
		"martial-arts":   "has no Martial Arts",
		"free-choice":    "not a power",
		"wallcrawling":   "no sub-powers",
		"weapon-mastery": "has no Weapon Mastery",
	} {
		if _, err := GainSubPower(h, slug, dice.NewScripted(nil), Options{}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", slug, err, want)
		}
	}
}

func TestSubPowerBlocked(t *testing.T) {
	spells := []string{"lore", "illusion", "summoning"}
	for _, tc := range []struct {
		p    hero.Power
		want string
	}{
		{pw("magic", 1, nil, spells...), "buy power:magic (100 x rank 1)"},
		{pw("psychic-ability", 2, nil, "empathy", "telepathy", "precognition", "telekinesis"), "buy power:psychic-ability (100 x rank 2)"},
		{pw("magic", 3, nil, spells...), ""},
		{pw("martial-arts", 1, nil, "oriental"), "buy power:martial-arts"},
		{pw("weapon-mastery", 1, nil, "swords"), "at most 3"},
		{pw("forcefield", 1, nil, "personal-forcefield"), "rolled once"},
		{pw("shapechange", 1, nil, "freeform", "specific"), "every sub-power"},
		{pw("immunity", 1, nil, "fire"), ""},
		{pw("cybernetics", 1, nil, "bionic-arm"), ""},
		{pw("skills", 1, nil, "stealth"), ""},
		{pw("super-health", 1, nil, "regeneration"), ""},
		{pw("environmental-control", 1, nil, "gravity"), ""},
		{pw("energy-blast", 1, nil, "fire"), ""},
		{pw("energy-reflect", 1, nil, "fire"), ""},
		{pw("larger", 1, nil, "taller"), "no sub-powers"},
		{pw("luck", 1, nil), "no sub-powers"},
	} {
		h := draft(10, 10, 10, 10, tc.p)
		got := SubPowerBlocked(h, tc.p.Slug)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s rank %d: %q, want %q", tc.p.Slug, tc.p.Rank, got, tc.want)
		}
	}
}

// TestGainSubPowerTables covers each kind of table: energy types (a
// second immunity), skills ("Choose" picks one it lacks), implants (may
// repeat), spells at rank 3.
func TestGainSubPowerTables(t *testing.T) {
	h := draft(10, 10, 12, 10, pw("immunity", 1, nil, "fire"), pw("skills", 1, nil, "gymnastics"),
		pw("cybernetics", 1, nil, "brain-implant"), pw("magic", 3, nil, "lore", "illusion", "summoning", "restraint"),
		pw("environmental-control", 1, nil, "gravity"), pw("shapechange", 1, nil, "freeform"), pw("super-health", 1, nil, "regeneration"))
	h.Perks = []hero.Perk{{Slug: "mystic-training", Name: "Mystic Training", Option: "magic"}}
	derive(t, h, nil, Options{})
	steps := []struct {
		slug   string
		dice   []int
		choose []string
		want   string
	}{
		{"immunity", []int{1, 2}, nil, "cold"},                        // fire known: re-roll; 2 cold
		{"skills", []int{10}, nil, ""},                                // Choose: gymnastics known, another picked
		{"skills", []int{10}, []string{"surgeon"}, "surgeon"},         // Choose: the --choose value
		{"cybernetics", []int{7}, nil, "brain-implant"},               // a second brain implant (implants may repeat)
		{"magic", []int{6, 3}, nil, "eldritch-bolt"},                  // lore known: re-roll; 3 eldritch bolt
		{"environmental-control", []int{3, 3, 6}, nil, "temperature"}, // gravity twice: re-rolls
		{"shapechange", []int{2, 5}, nil, "specific"},
		{"super-health", []int{6}, []string{"immune-poison"}, "immune-poison"},
	}
	for _, st := range steps {
		p := h.FindPower(st.slug)
		n, rank := len(p.Flavours), p.Rank
		s := dice.NewScripted(st.dice)
		if _, err := GainSubPower(h, st.slug, s, Options{Choose: st.choose}); err != nil {
			t.Fatalf("%s: %v", st.slug, err)
		}
		if err := s.Finish(); err != nil {
			t.Fatalf("%s: %v", st.slug, err)
		}
		p = h.FindPower(st.slug)
		if len(p.Flavours) != n+1 || p.Rank != rank {
			t.Fatalf("%s: flavours %d -> %d, rank %d -> %d", st.slug, n, len(p.Flavours), rank, p.Rank)
		}
		got := p.Flavours[n].Slug
		if st.want != "" && got != st.want {
			t.Errorf("%s: got %s, want %s", st.slug, got, st.want)
		}
		for _, f := range p.Flavours[:n] {
			if f.Slug == got && st.slug != "cybernetics" {
				t.Errorf("%s: %s twice", st.slug, got)
			}
		}
	}
	if !slices.Contains(h.Combat.Immunities, "cold") || !slices.Contains(h.Combat.Immunities, "poison") {
		t.Errorf("immunities %v", h.Combat.Immunities)
	}
	if err := h.Validate(); err != nil {
		t.Fatal(err)
	}
	// Shapechange now has both types.
	if why := SubPowerBlocked(h, "shapechange"); !strings.Contains(why, "every sub-power") {
		t.Errorf("shapechange: %q", why)
	}
}

// genDice is a whole hero's dice: the slots' d100s, a grid of 10s
// (3+3+4 per square), step 4's values and 20 track dice (endurance 10).
func genDice(slots, step4 []int) []int {
	d := append([]int{}, slots...)
	for range 16 {
		d = append(d, 3, 3, 4)
	}
	d = append(d, step4...)
	for range 20 {
		d = append(d, 3)
	}
	return d
}

// TestImprovementSlots checks the slot costs of p. 7 and that a refused
// --improve says why.
func TestImprovementSlots(t *testing.T) {
	for _, tc := range []struct {
		name    string
		slots   []int
		step4   []int
		improve []Improvement
		power   string
		rank    int
		note    string
	}{
		// Armour 06, improved at 2 (1 slot) and 3 (slots 3-4): rank 3;
		// slots 5-8 roll camouflage, claws, danger sense, wallcrawling.
		{"one then two slots", []int{6, 10, 11, 15, 88}, nil,
			[]Improvement{{"armour", 2}, {"armour", 3}}, "armour", 3, ""},
		// A third improvement is never allowed: slot 5 rolls instead.
		{"never a third", []int{74, 10, 11, 15, 88}, []int{1, 1, 1},
			[]Improvement{{"super-strength", 2}, {"super-strength", 3}, {"super-strength", 5}}, "super-strength", 3,
			"--improve super-strength could not be applied: Super Strength was already improved twice, and never a third time (p. 7)"},
		// The second improvement at slot 8 needs two slots: slot 8 rolls.
		{"two slots needed at the last", []int{6, 10, 11, 15, 88, 53, 57}, nil,
			[]Improvement{{"armour", 2}, {"armour", 8}}, "armour", 2,
			"--improve armour could not be applied: a second improvement of Armour takes two slots and too few were left (p. 7)"},
		// Flight 30, improved at 2 and 3-4, rolled again at 5 (31): rank 4
		// needs two rolls, and has them.
		{"rank 4 after a second roll", []int{30, 31, 10, 11, 15}, nil,
			[]Improvement{{"flight", 2}, {"flight", 3}}, "flight", 4, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := dice.NewScripted(genDice(tc.slots, tc.step4))
			h, _, err := Generate(s, GenOptions{Improve: tc.improve, Line: "diagonal", Name: "Test"})
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Finish(); err != nil {
				t.Fatal(err)
			}
			eq(t, tc.power+" rank", h.FindPower(tc.power).Rank, tc.rank)
			eq(t, "slots recorded", len(h.Creation.Slots), 8)
			if tc.note != "" && !slices.Contains(h.Creation.Notes, tc.note) {
				t.Errorf("notes %q, want %q", h.Creation.Notes, tc.note)
			}
		})
	}
}
