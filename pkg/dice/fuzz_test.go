package dice

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"3d6", "d6", "d%", "D100", "2d6+4", "1d6-6", "2d6+1d3-1", "-1d6+10", "5", "+5", "-0",
		"4d6kh3", "4d6k3", "4d6kl1", "4d6dh1", "4d6dl1", " 2 d 6 + 4 ", "4D6KH3", "10000d1000000",
		"5000d6+5000d6", "1d6+1000000", "", " ", "3x6", "d", "2d", "2d6+", "0d6", "10001d6", "1d0",
		"1d1000001", "1000001", "4d6kh5", "4d6dl4", "4d6d1", "4d6kh", "4d6kh3kh2", "2d6×3", "\xff",
		"99999999999999999999d6", "1d99999999999999999999", "d6kh1", "2d6 3", "--5", "4d6kh0",
		strings.Repeat("1+", 128) + "1", strings.Repeat("d", 300),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Parse(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q): error of type %T", s, err)
			}
			msg := err.Error()
			if strings.ContainsAny(msg, "\n\r") || !strings.HasPrefix(msg, "dice expression ") {
				t.Fatalf("Parse(%q): malformed error %q", s, msg)
			}
			if pe.Column < 0 || pe.Column > utf8.RuneCountInString(s)+1 {
				t.Fatalf("Parse(%q): column %d out of range", s, pe.Column)
			}
			if pe.Column > 0 && !strings.Contains(msg, "at column "+strconv.Itoa(pe.Column)) {
				t.Fatalf("Parse(%q): error %q does not give its column %d", s, msg, pe.Column)
			}
			return
		}
		c := e.String()
		again, err := Parse(c)
		if err != nil {
			t.Fatalf("Parse(%q) gave %q, which does not parse: %v", s, c, err)
		}
		if again.String() != c || again.Min() != e.Min() || again.Max() != e.Max() || again.NumDice() != e.NumDice() {
			t.Fatalf("Parse(%q) = %q, reparsed as %q", s, c, again)
		}
		if e.Min() > e.Max() || e.NumDice() > MaxDice || e.NumDice() < 0 {
			t.Fatalf("Parse(%q): Min %d, Max %d, NumDice %d", s, e.Min(), e.Max(), e.NumDice())
		}
		total, err := e.Total(NewSeeded(uint64(len(s))), "fuzz")
		if err != nil || total < e.Min() || total > e.Max() {
			t.Fatalf("%q: Total = %d, %v; bounds %d..%d", c, total, err, e.Min(), e.Max())
		}
		if e.NumDice() <= 6 && e.Max()-e.Min() <= 200 {
			d, err := e.Distribution()
			if err != nil {
				t.Fatalf("%q: %v", c, err)
			}
			if lo, hi := d.Support(); lo != e.Min() || hi != e.Max() || d.Prob(total) <= 0 {
				t.Fatalf("%q: support %d..%d, rolled %d with Prob %v", c, lo, hi, total, d.Prob(total))
			}
		}
	})
}

func FuzzParseList(f *testing.F) {
	for _, s := range []string{
		"3,5,6", "3 5 6", "3, 5,6", "", " ", "x", "3,,5", ",3", "3,", "0", "-1", "+4", "1000000",
		"1000001", "99999999999999999999", "1\t2\n3", "3;5", "١٢", "0x10", "1_000",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		values, err := ParseList(s)
		if err != nil {
			if msg := err.Error(); strings.ContainsAny(msg, "\n\r") || !strings.HasPrefix(msg, "--dice: ") {
				t.Fatalf("ParseList(%q): malformed error %q", s, msg)
			}
			return
		}
		if len(values) > MaxListValues {
			t.Fatalf("ParseList(%q): %d values", s, len(values))
		}
		parts := make([]string, len(values))
		for i, v := range values {
			if v < 1 || v > MaxSides {
				t.Fatalf("ParseList(%q): value %d", s, v)
			}
			parts[i] = strconv.Itoa(v)
		}
		again, err := ParseList(strings.Join(parts, ","))
		if err != nil || !slices.Equal(again, values) {
			t.Fatalf("ParseList(%q) = %v, does not round-trip: %v, %v", s, values, again, err)
		}
	})
}
