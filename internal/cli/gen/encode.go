package gen

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// AppendHeroJSON appends a hero as compact JSON, byte for byte what a
// json.Encoder with SetEscapeHTML(false) writes (the project's JSON, as
// hero.Encode and cmdutil.WriteJSON write it) without the newline,
// several times faster: batches of heroes and goons
// (gen hero -n, gen npc -n) spend most of their time encoding. The field
// walkers in heroenc_gen.go are generated from the hero types by
// TestHeroEncoderGenerated (go test ./internal/cli/gen -run
// TestHeroEncoderGenerated -update), which fails when they are stale.
func AppendHeroJSON(b []byte, h *hero.Hero) ([]byte, error) {
	e := &encoder{b: b}
	e.heroHero(h)
	if e.err != nil {
		return b, e.err
	}
	return e.b, nil
}

// encoder accumulates JSON and the first error.
type encoder struct {
	b   []byte
	err error
}

func (e *encoder) key(first *bool, k string) {
	if !*first {
		e.b = append(e.b, ',')
	}
	*first = false
	e.b = append(e.b, k...)
}

func (e *encoder) int(v int64)   { e.b = strconv.AppendInt(e.b, v, 10) }
func (e *encoder) uint(v uint64) { e.b = strconv.AppendUint(e.b, v, 10) }
func (e *encoder) bool(v bool)   { e.b = strconv.AppendBool(e.b, v) }
func (e *encoder) null()         { e.b = append(e.b, "null"...) }

// text writes a value through its MarshalText, as encoding/json does.
func (e *encoder) text(v encoding.TextMarshaler) {
	t, err := v.MarshalText()
	if err != nil {
		if e.err == nil {
			e.err = fmt.Errorf("json: error calling MarshalText for type %T: %w", v, err)
		}
		e.b = append(e.b, `""`...)
		return
	}
	e.str(string(t))
}

// raw writes a json.RawMessage as encoding/json does without HTML
// escaping: compacted.
func (e *encoder) raw(v json.RawMessage) {
	if v == nil {
		e.null()
		return
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, v); err != nil {
		if e.err == nil {
			e.err = fmt.Errorf("json: error calling MarshalJSON for type json.RawMessage: %w", err)
		}
		e.null()
		return
	}
	e.b = append(e.b, buf.Bytes()...)
}

const hexDigits = "0123456789abcdef"

// str writes a JSON string exactly as encoding/json does without HTML
// escaping: quotes, backslashes and control characters escaped, invalid
// UTF-8 as \ufffd, and U+2028/U+2029 escaped.
func (e *encoder) str(s string) {
	dst := append(e.b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
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
	e.b = append(dst, '"')
}

// sortedKeys returns a map's keys in order without allocating for the
// small maps of power values.
func sortedKeys(m map[string]int, buf []string) []string {
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// mapStringInt writes a map[string]int with its keys in order.
func (e *encoder) mapStringInt(m map[string]int) {
	if m == nil {
		e.null()
		return
	}
	var buf [16]string
	e.b = append(e.b, '{')
	for i, k := range sortedKeys(m, buf[:0]) {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.str(k)
		e.b = append(e.b, ':')
		e.int(int64(m[k]))
	}
	e.b = append(e.b, '}')
}
