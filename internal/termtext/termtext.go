// Package termtext makes text from files safe to print on a terminal.
//
// A hero's name, a fight's name or any other string a file provides can
// hold bytes a terminal obeys rather than shows: ESC and the control
// sequences it starts (CSI, OSC: clearing the screen, setting the window
// title), BEL, the other C0 and C1 controls, and the bidirectional
// overrides and isolates (U+202A-U+202E, U+2066-U+2069) that reorder the
// rest of the line. Every human view (text, table) passes such strings
// through Escape; JSON output needs nothing, as JSON escapes controls.
package termtext

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Escape returns s with every rune a terminal would not simply show
// written as Go's %q writes it, without the surrounding quotes: ESC is
// \x1b, BEL \a, a newline \n, U+202E \u202e and a byte that is not UTF-8
// \xff. Printable text (letters of any script, punctuation, spaces,
// quotes and backslashes) is left as it is, so ordinary text comes back
// unchanged and unallocated.
func Escape(s string) string {
	i := firstUnsafe(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])>>4, 16))
			b.WriteString(strconv.FormatUint(uint64(s[i])&15, 16))
		case safe(r):
			b.WriteString(s[i : i+size])
		default:
			q := strconv.QuoteRune(r) // '\x1b', '\a', '\u202e'
			b.WriteString(q[1 : len(q)-1])
		}
		i += size
	}
	return b.String()
}

// Strings escapes every string of ss, in place, and returns ss.
func Strings(ss []string) []string {
	for i, s := range ss {
		ss[i] = Escape(s)
	}
	return ss
}

// firstUnsafe is the index of the first rune Escape rewrites, -1 when
// there is none.
func firstUnsafe(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || !safe(r) {
			return i
		}
		i += size
	}
	return -1
}

// safe reports whether a terminal shows r as itself: a printable rune as
// strconv.IsPrint defines it (the Unicode letters, marks, numbers,
// punctuation, symbols and the ASCII space). Controls (Cc) and format
// characters (Cf, among them the bidi overrides and isolates) are not.
func safe(r rune) bool { return strconv.IsPrint(r) }
