package combat

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// FuzzParsers feeds the command-line parsers arbitrary text: they must
// never panic, and what they accept must be in range.
func FuzzParsers(f *testing.F) {
	for _, s := range []string{"parry", "parry:staff", "block:desk", "block:12", "dodge", "judo", "none", "",
		"wood", "wood@3", "brick@3m", "24@2", "@", "health=5", "h=0", "5", "health=4,stamina=6", "s=1", "gm=+2", "x=-50", "::", "block:", "parry:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if rx, err := ParseReaction(s); err == nil {
			switch rx.Kind {
			case ReactionNone, ReactionParry, ReactionBlock, ReactionDodge, ReactionBrace, ReactionJudo, ReactionResist, ReactionGrab:
			default:
				t.Fatalf("ParseReaction(%q) = kind %q", s, rx.Kind)
			}
			if rx.Kind == ReactionBlock && rx.Object.Name == "" {
				t.Fatalf("block without object: %q", s)
			}
		} else if !utf8.ValidString(err.Error()) && utf8.ValidString(s) {
			t.Fatalf("bad error text for %q", s)
		}
		if o, err := ParseObstruction(s); err == nil {
			if o.At < 0 || o.DamageNeeded < 0 || (o.Material == "" && o.DamageNeeded == 0) {
				t.Fatalf("ParseObstruction(%q) = %+v", s, o)
			}
		}
		if sp, err := ParseSplit(s); err == nil && (sp.Health < -100_000 || sp.Health > 100_000) {
			t.Fatalf("ParseSplit(%q) = %+v", s, sp)
		}
		if pd, err := ParsePowerDice(s); err == nil && (pd.Health < 0 || pd.Stamina < 0 || pd.Health > 100 || pd.Stamina > 100) {
			t.Fatalf("ParsePowerDice(%q) = %+v", s, pd)
		}
		if m, err := ParseModifier(s); err == nil && (m.Value < -50 || m.Value > 50 || m.Slug == "") {
			t.Fatalf("ParseModifier(%q) = %+v", s, m)
		}
	})
}

// FuzzResolve resolves attacks built from fuzzed flags against the book's
// heroes: Resolve must never panic, and it either errors before rolling or
// reports only dice it rolled.
func FuzzResolve(f *testing.F) {
	f.Add("fist", "parry:staff", "wood@0", "health=0", uint64(1), 0, 2)
	f.Add("staff-blast", "brace", "", "", uint64(7), 3, 0)
	f.Add("staff", "dodge", "brick@2", "", uint64(3), 1, 5)
	f.Add("x", "block:desk", "24@1", "h=3", uint64(9), 12, -1)
	g, n := loadHero(f, "guardian"), loadHero(f, "nefario")
	f.Fuzz(func(t *testing.T, attack, reaction, obstruction, split string, seed uint64, cover, mode int) {
		req := Request{Attack: attack, Situation: Situation{Cover: cover}}
		modes := []Mode{ModeStrike, ModeGrab, ModeCrush, ModeFinishing, ModeEscape, ModeThrow}
		if mode >= 0 && mode < len(modes) {
			req.Mode = modes[mode]
		}
		if rx, err := ParseReaction(reaction); err == nil {
			req.Reaction = rx
		}
		if o, err := ParseObstruction(obstruction); err == nil {
			req.Obstructions = []Obstruction{o}
		}
		if sp, err := ParseSplit(split); err == nil {
			req.Split = sp
		}
		for _, pair := range [][2]int{{0, 1}, {1, 0}} {
			heroes := [2]*hero.Hero{g, n}
			att, def := heroes[pair[0]], heroes[pair[1]]
			r := dice.NewSeeded(seed)
			res, err := Resolve(att, def, req, r, Options{})
			if err != nil {
				if strings.TrimSpace(err.Error()) == "" {
					t.Fatal("empty error")
				}
				continue
			}
			for _, d := range res.Dice {
				if d.Value < 1 || d.Value > d.Sides {
					t.Fatalf("die %+v", d)
				}
			}
			res.Explain()
			_ = res.Summary()
		}
	})
}
