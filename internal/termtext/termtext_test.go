package termtext

import (
	"fmt"
	"strings"
	"testing"
)

func TestEscape(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain ASCII is left alone", `The Guardian "Doc" \ 100%`, `The Guardian "Doc" \ 100%`},
		{"letters of any script, symbols", "Zoë · Ωmega → 東京 ✓", "Zoë · Ωmega → 東京 ✓"},
		{"empty", "", ""},
		{"OSC title, BEL, CSI clear screen", "\x1b]0;pwned\x07\x1b[2J", `\x1b]0;pwned\a\x1b[2J`},
		{"colour codes around a name", "\x1b[31mRed\x1b[0m", `\x1b[31mRed\x1b[0m`},
		{"newline, tab, carriage return", "a\nb\tc\rd", `a\nb\tc\rd`},
		{"DEL and a C1 control (CSI as one rune)", "x\x7fy\u009bz", `x\x7fy\u009bz`},
		{"bidi override, unterminated", "abc\u202Edcba", `abc\u202edcba`},
		{"every override and isolate", "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069", `\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069`},
		{"a byte that is not UTF-8", "bad\xffbyte", `bad\xffbyte`},
		{"NUL", "a\x00b", `a\x00b`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Escape(tt.in); got != tt.want {
				t.Errorf("Escape(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// Whatever goes in, what comes out holds no control character, no
// format character and no invalid UTF-8, and a rune Escape rewrites
// reads as %q writes it.
func TestEscapeLeavesNothingATerminalObeys(t *testing.T) {
	var all strings.Builder
	for c := 0; c < 0x100; c++ {
		all.WriteByte(byte(c))
	}
	for r := rune(0x80); r < 0x3000; r++ {
		all.WriteRune(r)
	}
	out := Escape(all.String())
	if i := firstUnsafe(out); i >= 0 {
		t.Errorf("%q survives at byte %d", out[i:min(i+8, len(out))], i)
	}
	for _, r := range []rune{0x1b, 0x07, 0x9b, 0x202e, 0x2066} {
		q := fmt.Sprintf("%q", string(r))
		if got := Escape(string(r)); got != q[1:len(q)-1] {
			t.Errorf("Escape(%U) = %s, %%q writes %s", r, got, q)
		}
	}
}

func TestStrings(t *testing.T) {
	got := Strings([]string{"ok", "\x1b[2J"})
	if got[0] != "ok" || got[1] != `\x1b[2J` {
		t.Errorf("Strings = %q", got)
	}
}

func BenchmarkEscapePlain(b *testing.B) {
	s := "The Guardian, a hero of Seattle · rank 3"
	b.ReportAllocs()
	for b.Loop() {
		_ = Escape(s)
	}
}
