package jsonfile

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxTokenEcho bounds how much of a bad token (a number, a string, a key)
// an error message repeats: a ten-million-digit number is refused with a
// message of a line, not of ten megabytes.
const MaxTokenEcho = 40

// Short returns s, or its first MaxTokenEcho bytes (cut at a rune
// boundary) followed by "... (N bytes)" when it is longer.
func Short(s string) string {
	if len(s) <= MaxTokenEcho {
		return s
	}
	cut := MaxTokenEcho
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "... (" + strconv.Itoa(len(s)) + " bytes)"
}

// Lint scans one JSON document in data for what encoding/json accepts
// silently: an object with the same key twice (the last one would win)
// and a string, key or value, that is not valid UTF-8 (it would become
// U+FFFD on rewrite). The first such problem is returned naming its JSON
// path; for invalid UTF-8 the message gives the byte offset in data.
//
// Lint reports nothing for malformed JSON (the decoder reports that, with
// line and column); it never panics and allocates only for the keys of
// the objects open at one time and for the error.
func Lint(data []byte) *FieldError {
	l := linter{data: data}
	l.value()
	return l.err
}

type linter struct {
	data []byte
	pos  int
	err  *FieldError
	// path holds the segments from the root to the current value.
	path []string
	// bad is set on malformed JSON: the scan stops quietly.
	bad bool
}

func (l *linter) stop() bool { return l.err != nil || l.bad }

func (l *linter) fail(msg string) {
	if l.err == nil {
		var b strings.Builder
		b.WriteString("$")
		for _, s := range l.path {
			b.WriteString(s)
		}
		l.err = &FieldError{Path: b.String(), Msg: msg}
	}
}

func (l *linter) ws() {
	for l.pos < len(l.data) {
		switch l.data[l.pos] {
		case ' ', '\t', '\n', '\r':
			l.pos++
		default:
			return
		}
	}
}

func (l *linter) value() {
	l.ws()
	if l.pos >= len(l.data) {
		l.bad = true
		return
	}
	switch c := l.data[l.pos]; {
	case c == '{':
		l.object()
	case c == '[':
		l.array()
	case c == '"':
		l.str()
	default:
		// A number or a literal: skip to the next delimiter.
		for l.pos < len(l.data) {
			switch l.data[l.pos] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return
			}
			l.pos++
		}
	}
}

// str scans a string starting at its opening quote and returns its
// content as written (escapes not decoded), checking its UTF-8.
func (l *linter) str() string {
	start := l.pos + 1
	i := start
	for i < len(l.data) {
		c := l.data[i]
		switch {
		case c == '"':
			l.pos = i + 1
			return string(l.data[start:i])
		case c == '\\':
			if i+1 < len(l.data) && l.data[i+1] == 'u' {
				if n, ok := l.surrogate(i); !ok {
					l.fail("invalid UTF-16 escape (a lone surrogate) at byte offset " + strconv.Itoa(i))
					l.pos = i
					return ""
				} else {
					i += n
					continue
				}
			}
			i += 2
		case c < utf8.RuneSelf:
			i++
		default:
			r, n := utf8.DecodeRune(l.data[i:])
			if r == utf8.RuneError && n <= 1 {
				l.fail("invalid UTF-8 at byte offset " + strconv.Itoa(i))
				l.pos = i
				return ""
			}
			i += n
		}
	}
	l.bad = true
	l.pos = len(l.data)
	return ""
}

func (l *linter) object() {
	l.pos++ // {
	var keys []string
	for {
		l.ws()
		if l.pos >= len(l.data) {
			l.bad = true
			return
		}
		if l.data[l.pos] == '}' {
			l.pos++
			return
		}
		if l.data[l.pos] != '"' {
			l.bad = true
			return
		}
		key := l.str()
		if l.stop() {
			return
		}
		if strings.IndexByte(key, '\\') >= 0 {
			var k string
			if json.Unmarshal([]byte(`"`+key+`"`), &k) == nil {
				key = k
			}
		}
		seg := "." + Short(key)
		for _, k := range keys {
			if k == key {
				l.path = append(l.path, seg)
				l.fail("duplicate key (the object already has " + strconv.Quote(Short(key)) + ")")
				return
			}
		}
		keys = append(keys, key)
		l.ws()
		if l.pos >= len(l.data) || l.data[l.pos] != ':' {
			l.bad = true
			return
		}
		l.pos++
		l.path = append(l.path, seg)
		l.value()
		if l.stop() {
			return
		}
		l.path = l.path[:len(l.path)-1]
		l.ws()
		if l.pos >= len(l.data) {
			l.bad = true
			return
		}
		switch l.data[l.pos] {
		case ',':
			l.pos++
		case '}':
			l.pos++
			return
		default:
			l.bad = true
			return
		}
	}
}

func (l *linter) array() {
	l.pos++ // [
	for i := 0; ; i++ {
		l.ws()
		if l.pos >= len(l.data) {
			l.bad = true
			return
		}
		if l.data[l.pos] == ']' {
			l.pos++
			return
		}
		l.path = append(l.path, "["+strconv.Itoa(i)+"]")
		l.value()
		if l.stop() {
			return
		}
		l.path = l.path[:len(l.path)-1]
		l.ws()
		if l.pos >= len(l.data) {
			l.bad = true
			return
		}
		switch l.data[l.pos] {
		case ',':
			l.pos++
		case ']':
			l.pos++
			return
		default:
			l.bad = true
			return
		}
	}
}

// surrogate checks the \\uXXXX escape at data[i:]: a high surrogate must
// be followed by a \\u low surrogate, and a low one must not stand alone.
// It returns the escape's length (12 for a pair) and whether it is sound;
// a malformed escape counts as sound here (the decoder reports it).
func (l *linter) surrogate(i int) (int, bool) {
	hex := func(at int) (int, bool) {
		if at+6 > len(l.data) || l.data[at] != '\\' || l.data[at+1] != 'u' {
			return 0, false
		}
		v, err := strconv.ParseUint(string(l.data[at+2:at+6]), 16, 16)
		return int(v), err == nil
	}
	v, ok := hex(i)
	if !ok {
		return 2, true
	}
	switch {
	case v >= 0xD800 && v < 0xDC00:
		w, ok := hex(i + 6)
		if !ok || w < 0xDC00 || w > 0xDFFF {
			return 0, false
		}
		return 12, true
	case v >= 0xDC00 && v <= 0xDFFF:
		return 0, false
	}
	return 6, true
}
