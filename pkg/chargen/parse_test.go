package chargen

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/codename-spandex/spandex/pkg/dice"
)

func TestParseLine(t *testing.T) {
	for in, want := range map[string]string{
		"diagonal": "diagonal", "Diagonal": "diagonal", "diag": "diagonal", "d": "diagonal",
		"diagonal-reversed": "diagonal-reversed", "diag-rev": "diagonal-reversed", "diagonal reversed": "diagonal-reversed",
		"anti-diagonal": "anti-diagonal", "anti": "anti-diagonal", "anti-rev": "anti-diagonal-reversed",
		"row-2": "row-2", "row 2": "row-2", "row2": "row-2", "r2": "row-2", "R2": "row-2", "r2r": "row-2-reversed",
		"row-4-reversed": "row-4-reversed", "row4rev": "row-4-reversed",
		"column-3": "column-3", "col3": "column-3", "c3": "column-3", "col3-rev": "column-3-reversed", "c1r": "column-1-reversed",
		"main diagonal, top-left to bottom-right": "diagonal",
		"column 2, bottom to top":                 "column-2-reversed",
	} {
		l, err := ParseLine(in)
		if err != nil || l.Slug != want {
			t.Errorf("ParseLine(%q) = %q, %v; want %q", in, l.Slug, err, want)
		}
	}
	for _, bad := range []string{"", "row", "row-5", "r0", "column-12", "c", "up", "diagonally", "row-1-sideways", strings.Repeat("r", 300)} {
		if l, err := ParseLine(bad); err == nil {
			t.Errorf("ParseLine(%q) = %q, want an error", bad, l.Slug)
		} else if !strings.HasPrefix(err.Error(), "--line: ") {
			t.Errorf("ParseLine(%q): %v does not name the flag", bad, err)
		}
	}
}

func TestParsePerk(t *testing.T) {
	for in, want := range map[string]PerkChoice{
		"contacts:media":                        {"contacts", "media"},
		"Contacts:Secret Service":               {"contacts", "secret-service"},
		"contacts":                              {"contacts", ""},
		"boffin:genetics":                       {"boffin", "genetics"},
		"specialist-training":                   {"specialist-training", "agility"},
		"specialist training:strength":          {"specialist-training", "strength"},
		"specialist-training:str+agi":           {"specialist-training", "strength+agility"},
		"mystic-training:psychic ability":       {"mystic-training", "psychic-ability"},
		"Idle Rich":                             {"idle-rich", ""},
		"unearthly-being:angel":                 {"unearthly-being", "angel"},
		"position-of-power:minor royalty":       {"position-of-power", "minor royalty"},
		"business-high-flyer:shipping magnates": {"business-high-flyer", "shipping magnates"},
	} {
		got, err := ParsePerk(in)
		if err != nil || got != want {
			t.Errorf("ParsePerk(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "jetpack", "idle-rich:yacht", "mystic-training:flight", "specialist-training:luck",
		"specialist-training:str+str", "specialist-training:str+agi+will"} {
		if got, err := ParsePerk(bad); err == nil {
			t.Errorf("ParsePerk(%q) = %+v, want an error", bad, got)
		}
	}
}

func TestParseImprove(t *testing.T) {
	for in, want := range map[string]Improvement{
		"armour": {"armour", 0}, "Super Strength@6": {"super-strength", 6}, "flight@ 1": {"flight", 1},
	} {
		got, err := ParseImprove(in)
		if err != nil || got != want {
			t.Errorf("ParseImprove(%q) = %+v, %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "armour@", "armour@0", "armour@9", "armour@x", "free-choice", "laser@2"} {
		if _, err := ParseImprove(bad); err == nil {
			t.Errorf("ParseImprove(%q) succeeded", bad)
		}
	}
}

func TestParseNPCType(t *testing.T) {
	for in, want := range map[string]string{"goon": "combatant", "Goons": "combatant", "thug": "combatant", "civilian": "normal-adult",
		"street tough": "street-tough", "summoned creature": "summoned", "robot": "robot", "Sidekick": "sidekick"} {
		got, err := ParseNPCType(in)
		if err != nil || got != want {
			t.Errorf("ParseNPCType(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := ParseNPCType("dragon"); err == nil {
		t.Error("dragon")
	}
}

// The fuzz targets check that no flag value can panic a parser, and that
// every accepted value round-trips to a canonical form.

func FuzzParseLine(f *testing.F) {
	for _, s := range []string{"diagonal", "row-2", "c3r", "col3-rev", "anti", "main diagonal, top-left to bottom-right", "r", "row-0", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLine(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "--line: ") {
				t.Fatalf("error %q does not name the flag", err)
			}
			return
		}
		again, err := ParseLine(l.Slug)
		if err != nil || again.Slug != l.Slug {
			t.Fatalf("%q parsed to %q which does not round-trip", s, l.Slug)
		}
	})
}

func FuzzParsePerk(f *testing.F) {
	for _, s := range []string{"contacts:media", "specialist-training:str+agi", "mystic-training:magic", "idle-rich", "boffin:", ":", "x:y:z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		pc, err := ParsePerk(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "--perk: ") {
				t.Fatalf("error %q does not name the flag", err)
			}
			return
		}
		if _, ok := lookupPerk(pc.Slug); !ok {
			t.Fatalf("%q gave unknown perk %q", s, pc.Slug)
		}
		if pc.Slug == "specialist-training" {
			if _, err := parseTraining(pc.Option); err != nil {
				t.Fatalf("%q gave a bad option %q", s, pc.Option)
			}
		}
		again, err := ParsePerk(pc.Slug + ":" + pc.Option)
		if utf8.ValidString(pc.Option) && strings.TrimSpace(pc.Option) == pc.Option && (err != nil || again != pc) {
			t.Fatalf("%q gave %+v which does not round-trip: %+v %v", s, pc, again, err)
		}
	})
}

func FuzzParseImprove(f *testing.F) {
	for _, s := range []string{"armour", "super-strength@6", "x@", "@3", "flight@99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		imp, err := ParseImprove(s)
		if err != nil {
			return
		}
		if imp.Slot < 0 || imp.Slot > 8 || maxRank(imp.Power) == 0 {
			t.Fatalf("%q gave %+v", s, imp)
		}
	})
}

// FuzzGenerateChoices drives Generate with arbitrary --dice faces and
// --choose values: it must never panic, and whatever it makes must pass
// hero.Validate.
func FuzzGenerateChoices(f *testing.F) {
	f.Add([]byte{6, 77, 71, 5, 8, 44, 1, 3, 4, 88}, "staves")
	f.Add([]byte{96, 97, 98, 99, 100, 12, 10}, "power-simulator")
	f.Fuzz(func(t *testing.T, faces []byte, choose string) {
		vals := make([]int, 0, len(faces))
		for _, b := range faces {
			vals = append(vals, int(b)%100+1)
		}
		// Pad with a seeded tail so generation can finish.
		r := &tail{s: dice.NewScripted(vals), n: len(vals), rest: dice.NewSeeded(uint64(len(faces)))}
		h, _, err := Generate(r, GenOptions{Derive: Options{Choose: []string{choose}, Quiet: true}})
		if err != nil {
			return
		}
		if err := h.Validate(); err != nil {
			t.Fatalf("generated an invalid hero: %v", err)
		}
	})
}

// tail hands out the scripted values (any that fit their die) and then
// seeded ones.
type tail struct {
	s    *dice.Scripted
	n    int
	used int
	rest dice.Roller
}

func (t *tail) Roll(sides int, purpose string) (int, error) {
	for t.used < t.n {
		t.used++
		if v, err := t.s.Roll(sides, purpose); err == nil {
			return v, nil
		}
		// Skip a value that does not fit this die.
		if _, err := t.s.Roll(100, "skip"); err != nil {
			break
		}
	}
	return t.rest.Roll(sides, purpose)
}
