package chargen

import (
	"slices"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// FuzzParseNPCType: an accepted type is one of the NPC types and parses
// back from itself; an error is one line; never panics.
func FuzzParseNPCType(f *testing.F) {
	for _, s := range []string{"", "goon", "Goons", "normal-adult", "street tough", "creature", "sidekick", "\xff", "robot "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		typ, err := ParseNPCType(s)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("ParseNPCType(%q): error spans lines", s)
			}
			return
		}
		if !slices.Contains(NPCTypes(), typ) {
			t.Fatalf("ParseNPCType(%q) = %q, not an NPC type", s, typ)
		}
		if again, err := ParseNPCType(typ); err != nil || again != typ {
			t.Fatalf("ParseNPCType(%q) = %q does not parse back", s, typ)
		}
	})
}

// FuzzParsePower: an accepted power is a Power Table slug that is not a
// free choice and parses back; an error names the flag on one line.
func FuzzParsePower(f *testing.F) {
	for _, s := range []string{"", "flight", "Super Strength", "super_strength", "armour", "laser-eyes", "free-choice", strings.Repeat("a", 300), "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		slug, err := ParsePower("--power", s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "--power") || strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("ParsePower(%q): error %q", s, err)
			}
			return
		}
		row, ok := rulebook.PowerBySlug(slug)
		if !ok || row.FreeChoice || row.Slug != slug {
			t.Fatalf("ParsePower(%q) = %q", s, slug)
		}
		if again, err := ParsePower("--power", slug); err != nil || again != slug {
			t.Fatalf("ParsePower(%q) = %q does not parse back", s, slug)
		}
	})
}
