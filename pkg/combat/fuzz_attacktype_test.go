package combat

import (
	"strings"
	"testing"
)

// FuzzParseAttackType: any text parses to a Parrying Table row that
// parses back from its slug, or fails with one line; never panics.
func FuzzParseAttackType(f *testing.F) {
	for _, s := range []string{"", "fist", "unarmed", "melee", "ranged", "blunt", "sharp", "projectile", "other-melee", "Other Melee", "\xff", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		at, err := ParseAttackType(s)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("ParseAttackType(%q): error %q spans lines", s, err)
			}
			return
		}
		if !at.Valid() {
			t.Fatalf("ParseAttackType(%q) = %q", s, at)
		}
		if again, err := ParseAttackType(string(at)); err != nil || again != at {
			t.Fatalf("ParseAttackType(%q) = %q does not parse back (%q, %v)", s, at, again, err)
		}
	})
}
