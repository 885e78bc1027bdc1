// Package echo quotes a token a user typed for an error message, bounded
// so that a refusal is always one short line however long or strange the
// input was.
package echo

import (
	"strconv"
	"unicode/utf8"
)

// Max is the most characters of a token's quoted form an error repeats,
// quotes excluded.
const Max = 40

// Quote returns s quoted as a Go string. When the quoted form is longer
// than Max characters (plus its two quotes), s is cut until it fits and
// "..." follows. The bound is on the quoted text, not on bytes of s: a
// byte that is not UTF-8 quotes as four characters (\xdf), a control
// character as up to six.
func Quote(s string) string {
	if len(s) <= Max {
		if q := strconv.Quote(s); len(q) <= Max+2 {
			return q
		}
	}
	// Keep the longest run of whole characters whose quoted form fits; a
	// byte that is not UTF-8 counts as a character of its own.
	q := `""`
	for n := 0; n < len(s); {
		_, size := utf8.DecodeRuneInString(s[n:])
		next := strconv.Quote(s[:n+size])
		if len(next) > Max+2 {
			break
		}
		q, n = next, n+size
	}
	return q + "..."
}
