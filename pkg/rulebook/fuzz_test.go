package rulebook

import (
	"strings"
	"testing"
)

// TestParseStrikeClassSign: a minus sign is not a separator; "-1" was
// read as SC 1.
func TestParseStrikeClassSign(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want StrikeClass
		ok   bool
	}{
		{"-1", 0, false}, {"-0", 0, true}, {"--2", 0, false}, {" -3", 0, false}, {"_2", 0, false}, {":2", 0, false},
		{"SC-2", SC2, true}, {"sc 2", SC2, true}, {"SC:5", SC5, true}, {"2", SC2, true}, {"+2", SC2, true}, {"SC-", 0, false},
	} {
		got, err := ParseStrikeClass(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseStrikeClass(%q) = %v, %v; want %v (ok %v)", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

// oneLine fails when a parser's error spans lines or is empty.
func oneLine(t *testing.T, what, in string, err error) {
	t.Helper()
	if err != nil && (err.Error() == "" || strings.ContainsAny(err.Error(), "\n\r")) {
		t.Fatalf("%s(%q): error %q is not one line", what, in, err)
	}
}

// FuzzParsers feeds every flag parser of the package arbitrary text: none
// panics, an accepted value is a valid one that parses back from its own
// name, and an error is one line.
func FuzzParsers(f *testing.F) {
	for _, s := range []string{"", "2", "-1", "SC-2", "sc 5", "6", "99999999999999999999", "A", "ac-b", "AC L", "m", "Z",
		"fist", "Fist", "blunt", "sharp", "staff", "shield", "punch", "wood", "brick", "glass", "steel",
		"ideal", "good", "poor", "unsuitable", "\xff", "sc\x00", "ＳＣ２"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if sc, err := ParseStrikeClass(s); err == nil {
			if !sc.Valid() {
				t.Fatalf("ParseStrikeClass(%q) = %d", s, sc)
			}
			if again, err := ParseStrikeClass(sc.String()); err != nil || again != sc {
				t.Fatalf("ParseStrikeClass(%q) = %v does not parse back", s, sc)
			}
		} else {
			oneLine(t, "ParseStrikeClass", s, err)
		}
		if ac, err := ParseArmourClass(s); err == nil {
			if !ac.Valid() {
				t.Fatalf("ParseArmourClass(%q) = %d", s, ac)
			}
			if again, err := ParseArmourClass(ac.String()); err != nil || again != ac {
				t.Fatalf("ParseArmourClass(%q) = %v does not parse back", s, ac)
			}
		} else {
			oneLine(t, "ParseArmourClass", s, err)
		}
		if dt, err := ParseDamageType(s); err == nil {
			if again, err := ParseDamageType(string(dt)); err != nil || again != dt {
				t.Fatalf("ParseDamageType(%q) = %q does not parse back", s, dt)
			}
		} else {
			oneLine(t, "ParseDamageType", s, err)
		}
		if pt, err := ParseParryType(s); err == nil {
			if !pt.Valid() {
				t.Fatalf("ParseParryType(%q) = %q", s, pt)
			}
		} else {
			oneLine(t, "ParseParryType", s, err)
		}
		if at, err := ParseParryAttack(s); err == nil {
			if !at.Valid() {
				t.Fatalf("ParseParryAttack(%q) = %q", s, at)
			}
		} else {
			oneLine(t, "ParseParryAttack", s, err)
		}
		if wm, err := ParseWallMaterial(s); err == nil {
			if again, err := ParseWallMaterial(string(wm)); err != nil || again != wm {
				t.Fatalf("ParseWallMaterial(%q) = %q does not parse back", s, wm)
			}
		} else {
			oneLine(t, "ParseWallMaterial", s, err)
		}
		if fit, err := ParseFit(s); err == nil {
			if again, err := ParseFit(string(fit)); err != nil || again != fit {
				t.Fatalf("ParseFit(%q) = %q does not parse back", s, fit)
			}
		} else {
			oneLine(t, "ParseFit", s, err)
		}
	})
}
