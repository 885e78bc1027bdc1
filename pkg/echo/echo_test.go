package echo

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"
)

func TestQuote(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", `""`},
		{"3d6", `"3d6"`},
		{strings.Repeat("a", 40), `"` + strings.Repeat("a", 40) + `"`},
		{strings.Repeat("a", 41), `"` + strings.Repeat("a", 40) + `"...`},
		// Ten bytes that are not UTF-8 quote as forty characters: they fit.
		{strings.Repeat("\xb6", 10), `"` + strings.Repeat(`\xb6`, 10) + `"`},
		// Eleven do not: ten are kept.
		{strings.Repeat("\xb6", 11), `"` + strings.Repeat(`\xb6`, 10) + `"...`},
		// A cut never splits a rune: "é" is two bytes, one escape-free rune.
		{strings.Repeat("é", 30), `"` + strings.Repeat("é", 20) + `"...`},
	}
	for _, c := range cases {
		if got := Quote(c.in); got != c.want {
			t.Errorf("Quote(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// Whatever the input, the echo is short, one line, and a prefix of it.
func TestQuoteBounded(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.String().Draw(t, "s")
		if rapid.Bool().Draw(t, "bytes") {
			s = string(rapid.SliceOf(rapid.Byte()).Draw(t, "b"))
		}
		q := Quote(s)
		if n := utf8.RuneCountInString(q); n > Max+5 {
			t.Fatalf("Quote(%q) is %d characters", s, n)
		}
		if strings.ContainsAny(q, "\n\r") {
			t.Fatalf("Quote(%q) = %s spans lines", s, q)
		}
		body := strings.TrimSuffix(q, "...")
		u, err := strconv.Unquote(body)
		if err != nil || !strings.HasPrefix(s, u) {
			t.Fatalf("Quote(%q) = %s is not a quoted prefix (%v)", s, q, err)
		}
	})
}

func TestQuoteCutsAtCharacters(t *testing.T) {
	// 39 ASCII bytes and then "é": byte 40 is inside "é", so the cut
	// falls before it rather than quoting half a character as \xc3.
	s := strings.Repeat("a", 39) + "é" + "tail"
	if got, want := Quote(s), `"`+strings.Repeat("a", 39)+`"...`; got != want {
		t.Errorf("Quote = %s, want %s", got, want)
	}
}
