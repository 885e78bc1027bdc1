package cmdutil

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxErrorLine is the most characters an error line on stderr has; a
// longer message is cut, and ends in ErrorCut.
const (
	MaxErrorLine = 300
	ErrorCut     = "…"
)

// ErrorLine is the line stderr shows for an error message: "spandex: "
// and the message on one line (runs of white space, newlines included,
// become one space), every other control character, every bidi
// formatting character and every byte that is not UTF-8 escaped as %q
// escapes it (a key or value read from a file cannot set the terminal's
// title, ring its bell or reorder the line), at most MaxErrorLine
// characters.
func ErrorLine(msg string) string {
	var b strings.Builder
	b.WriteString("spandex: ")
	for i, w := 0, 0; i < len(msg); i += w {
		r, size := utf8.DecodeRuneInString(msg[i:])
		w = size
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, msg[i])
		case unicode.IsSpace(r):
			if s := b.String(); !strings.HasSuffix(s, " ") && i > 0 {
				b.WriteByte(' ')
			}
		case unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	line := strings.TrimRight(b.String(), " ")
	if utf8.RuneCountInString(line) <= MaxErrorLine {
		return line
	}
	rs := []rune(line)[:MaxErrorLine-utf8.RuneCountInString(ErrorCut)]
	return string(rs) + ErrorCut
}
