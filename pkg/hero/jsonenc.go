//go:build !heroencgen

package hero

//go:generate go run -tags heroencgen ../../internal/cmd/heroencgen -o jsonenc_gen.go -dec jsondec_gen.go

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// AppendJSON appends the hero file of h to b as one line of compact JSON
// (no newline) and returns the extended buffer: byte for byte what Encode
// writes with its indentation removed, as encoding/json writes it without
// HTML escaping, but several times faster, with no reflection and no
// allocation. Batch verbs (gen hero -n, gen npc -n) write JSON Lines with
// it, reusing one buffer.
//
// Like Encode, a zero schema is written as SchemaVersion and a nil log as
// []; unlike Encode, h is not changed. On error (an invalid armour class,
// malformed event details) b is returned unchanged.
//
// The field walkers are generated from the hero types into jsonenc_gen.go
// by internal/cmd/heroencgen (go generate ./pkg/hero); tests fail when
// they are stale.
func AppendJSON(b []byte, h *Hero) ([]byte, error) {
	if h.Schema == 0 || h.Log == nil {
		c := *h
		if c.Schema == 0 {
			c.Schema = SchemaVersion
		}
		if c.Log == nil {
			c.Log = []Event{}
		}
		h = &c
	}
	var e jsonEnc
	out := e.encHero(b, h)
	if e.err != nil {
		return b, e.err
	}
	return out, nil
}

// jsonEnc carries the first error of an encoding; the generated methods
// pass the buffer along and return it.
type jsonEnc struct {
	err error
}

func (e *jsonEnc) fail(err error) {
	if e.err == nil {
		e.err = err
	}
}

// text writes a value through its MarshalText, as encoding/json does.
func (e *jsonEnc) text(b []byte, v encoding.TextMarshaler) []byte {
	t, err := v.MarshalText()
	if err != nil {
		e.fail(fmt.Errorf("json: error calling MarshalText for type %T: %w", v, err))
		return append(b, `""`...)
	}
	return appendString(b, string(t))
}

// appendArmourClass writes what ArmourClass.MarshalText gives without
// calling it: "" for none, the letter for a valid class.
func (e *jsonEnc) appendArmourClass(b []byte, ac rulebook.ArmourClass) []byte {
	switch {
	case ac == 0:
		return append(b, `""`...)
	case ac.Valid() && ac >= 'A' && ac <= 'Z':
		return append(b, '"', byte(ac), '"')
	}
	return e.text(b, ac)
}

// raw writes a json.RawMessage as encoding/json does without HTML
// escaping: null when nil, else checked and compacted.
func (e *jsonEnc) raw(b []byte, v json.RawMessage) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	buf := bytes.NewBuffer(b)
	if err := json.Compact(buf, v); err != nil {
		e.fail(fmt.Errorf("json: error calling MarshalJSON for type json.RawMessage: %w", err))
		return append(b, "null"...)
	}
	return buf.Bytes()
}

// safeASCII marks the bytes a JSON string holds as they are: printable
// ASCII but the quote and the backslash (encoding/json without HTML
// escaping).
var safeASCII = [utf8.RuneSelf]bool{
	' ': true, '!': true, '#': true, '$': true, '%': true, '&': true, '\'': true, '(': true, ')': true, '*': true,
	'+': true, ',': true, '-': true, '.': true, '/': true, '0': true, '1': true, '2': true, '3': true, '4': true,
	'5': true, '6': true, '7': true, '8': true, '9': true, ':': true, ';': true, '<': true, '=': true, '>': true,
	'?': true, '@': true, 'A': true, 'B': true, 'C': true, 'D': true, 'E': true, 'F': true, 'G': true, 'H': true,
	'I': true, 'J': true, 'K': true, 'L': true, 'M': true, 'N': true, 'O': true, 'P': true, 'Q': true, 'R': true,
	'S': true, 'T': true, 'U': true, 'V': true, 'W': true, 'X': true, 'Y': true, 'Z': true, '[': true, ']': true,
	'^': true, '_': true, '`': true, 'a': true, 'b': true, 'c': true, 'd': true, 'e': true, 'f': true, 'g': true,
	'h': true, 'i': true, 'j': true, 'k': true, 'l': true, 'm': true, 'n': true, 'o': true, 'p': true, 'q': true,
	'r': true, 's': true, 't': true, 'u': true, 'v': true, 'w': true, 'x': true, 'y': true, 'z': true, '{': true,
	'|': true, '}': true, '~': true, '\u007f': true,
}

const hexDigits = "0123456789abcdef"

// appendInt writes v as encoding/json does; most of a hero's numbers
// are single digits, written inline.
func appendInt(b []byte, v int64) []byte {
	if uint64(v) < 10 {
		return append(b, byte('0'+v))
	}
	return appendIntSlow(b, v)
}

func appendIntSlow(b []byte, v int64) []byte {
	if uint64(v) < 100 {
		return append(b, byte('0'+v/10), byte('0'+v%10))
	}
	return strconv.AppendInt(b, v, 10)
}

// appendUint writes v as encoding/json does.
func appendUint(b []byte, v uint64) []byte {
	if v < 10 {
		return append(b, byte('0'+v))
	}
	return strconv.AppendUint(b, v, 10)
}

func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, "true"...)
	}
	return append(b, "false"...)
}

// appendString writes a JSON string exactly as encoding/json does without
// HTML escaping: quotes, backslashes and control characters escaped,
// invalid UTF-8 as \ufffd, U+2028 and U+2029 escaped. Strings of plain
// printable ASCII, nearly all of a hero's, are copied in one go.
func appendString(b []byte, s string) []byte {
	i := 0
	// Eight bytes at a time: any control character, quote, backslash or
	// byte of a multi-byte character sends the rest to the slow path.
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if needsEscape(x) {
			break
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || !safeASCII[c] {
			return appendStringSlow(b, s, i)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// needsEscape reports whether any of the eight bytes in x may need
// escaping: below 0x20, a quote, a backslash or 0x80 and above (the
// usual zero-byte tests, which never miss; a false alarm only sends the
// bytes to the byte-by-byte check).
func needsEscape(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	control := (x - 0x20*ones) &^ x
	q := x ^ '"'*ones
	quote := (q - ones) &^ q
	bs := x ^ '\\'*ones
	backslash := (bs - ones) &^ bs
	return (control|quote|backslash|x)&highs != 0
}

// appendStringSlow escapes s from byte i on (s[:i] needs no escaping).
func appendStringSlow(dst []byte, s string, i int) []byte {
	dst = append(dst, '"')
	start := 0
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if safeASCII[c] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '\\', '"':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// appendMapStringInt writes a map[string]int with its keys in order, as
// encoding/json does; the small maps of power values sort on the stack.
func appendMapStringInt(b []byte, m map[string]int) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	var buf [16]string
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	if len(keys) > len(buf) {
		slices.Sort(keys)
	}
	for i := 1; i < len(keys) && len(keys) <= len(buf); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = append(b, ':')
		b = appendInt(b, int64(m[k]))
	}
	return append(b, '}')
}

// AppendString appends s as a JSON string exactly as encoding/json
// writes it with HTML escaping off (FuzzAppendString holds it to that),
// for callers writing their own compact results (hero check).
func AppendString(b []byte, s string) []byte { return appendString(b, s) }
