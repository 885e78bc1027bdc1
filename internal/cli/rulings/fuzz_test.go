package rulings

import (
	"strings"
	"testing"
)

// FuzzFlagParsers: the rulings' own flag parsers never panic; an accepted
// value is in range; an error names the flag the user typed, on one line.
func FuzzFlagParsers(f *testing.F) {
	for _, s := range []string{"", "2", "-1", "SC-2", "9", "B", "ac-l", "Q", "gm=+2", "x=-50", "cover=99", "a=b=c", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		named := func(flag string, err error) {
			t.Helper()
			if !strings.HasPrefix(err.Error(), flag+":") || strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("%q: error %q does not name %s on one line", s, err, flag)
			}
		}
		if sc, err := parseSC(s); err == nil {
			if !sc.Valid() {
				t.Fatalf("parseSC(%q) = %d", s, sc)
			}
		} else {
			named("--strike-class", err)
		}
		if ac, err := parseAC(s, true); err == nil {
			if !ac.Valid() {
				t.Fatalf("parseAC(%q) = %d", s, ac)
			}
		} else {
			named("--armour-class", err)
		}
		if mods, err := parseMods([]string{s}); err == nil {
			for _, m := range mods {
				if m.Value < -50 || m.Value > 50 {
					t.Fatalf("parseMods(%q) = %+v", s, mods)
				}
			}
		} else {
			named("--modifier", err)
		}
	})
}
