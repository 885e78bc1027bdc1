package jsonfile

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strconv"
)

// Stream splits a reader into JSON object documents: one pretty-printed
// file, JSON Lines (one object a line, as `gen hero -n N -o jsonl`
// writes), objects simply concatenated, or one JSON array of objects (as
// `-o json` writes several results), whose elements are the documents. It reads through a small buffer and holds
// one document at a time, at most max bytes of it, so memory stays flat
// however long the stream is, and a refusal (a document over the limit,
// megabytes of blanks, garbage) costs no more than the limit.
//
// Stream only finds where each object begins and ends (braces and
// brackets outside strings); the document's own syntax is the decoder's
// to check.
type Stream struct {
	r    *bufio.Reader
	max  int
	what string
	line int // the current line, from 1
	n    int // documents returned
	buf  []byte
	err  error
	// array: the input is one JSON array of documents (see Array).
	array bool
	// closed: the array's closing bracket has been read.
	closed bool
}

// Array reports whether the input is a JSON array of documents (known
// once Next has returned the first document).
func (s *Stream) Array() bool { return s.array }

// NewStream returns a Stream over r for documents of at most max bytes;
// what names one document in messages ("hero").
func NewStream(r io.Reader, max int, what string) *Stream {
	return &Stream{r: bufio.NewReaderSize(r, 64<<10), max: max, what: what, line: 1}
}

// StreamError is a problem with the stream itself, at a line.
type StreamError struct {
	// Line is the line (from 1) where the document began, or where the
	// problem is.
	Line int
	// Field is the problem, with the path "$".
	Field *FieldError
	// Empty is set when the input holds no document at all (nothing but
	// blanks, or an empty array).
	Empty bool
}

func (e *StreamError) Error() string {
	return "line " + strconv.Itoa(e.Line) + ": " + e.Field.Error()
}

// Next returns the next document and the line it begins on. The slice is
// reused by the next call. At the end of the input it returns io.EOF (an
// input with no document at all is an error, naming what was expected).
// A read error is returned as is; a problem with the stream (a document
// that is not an object, over the size limit or cut short) is a
// *StreamError, and Next keeps returning it.
func (s *Stream) Next() ([]byte, int, error) {
	if s.err != nil {
		return nil, 0, s.err
	}
	doc, line, err := s.next()
	if err != nil {
		if errors.Is(err, io.EOF) && s.n == 0 {
			err = &StreamError{Line: s.line, Empty: true, Field: &FieldError{Path: "$", Msg: "empty input, expected " + article(s.what) + " " + s.what + " JSON object"}}
		}
		s.err = err
		return nil, 0, err
	}
	s.n++
	return doc, line, nil
}

// Pending reports whether anything but blanks is already read from the
// reader and not yet returned. When it is false, the next call to Next
// waits for input; a caller handing documents on in batches hands on
// what it holds first.
func (s *Stream) Pending() bool {
	b, _ := s.r.Peek(s.r.Buffered())
	for _, c := range b {
		switch c {
		case ' ', '\t', '\r', '\n':
		default:
			return true
		}
	}
	return false
}

// More reports whether another document (or garbage) follows, skipping
// blanks; it is false at the end of the input and after an error.
func (s *Stream) More() bool {
	if s.err != nil {
		return false
	}
	for {
		b, err := s.r.ReadByte()
		if err != nil {
			return false
		}
		switch b {
		case '\n':
			s.line++
		case ' ', '\t', '\r':
		default:
			_ = s.r.UnreadByte()
			// In an array, the closing bracket ends the documents.
			return !(s.array && !s.closed && b == ']')
		}
	}
}

// blank skips blanks, counting lines, and returns the next byte.
func (s *Stream) blank() (byte, error) {
	for {
		b, err := s.r.ReadByte()
		if err != nil {
			return 0, err
		}
		switch b {
		case '\n':
			s.line++
		case ' ', '\t', '\r':
		default:
			return b, nil
		}
	}
}

// arrayNext moves past the separator before an array's next element and
// returns the element's first byte, or io.EOF after the closing bracket
// (and nothing but blanks after it).
func (s *Stream) arrayNext(c byte) (byte, error) {
	if s.n > 0 {
		// After an element: a comma or the closing bracket.
		switch c {
		case ',':
			b, err := s.blank()
			if err != nil {
				return 0, s.fail(s.line, "invalid JSON: unexpected end of input (the array is cut short)")
			}
			return b, nil
		case ']':
			return 0, s.closeArray()
		}
		return 0, s.fail(s.line, "invalid JSON: expected , or ] after the array's %s, got %s", s.what, strconv.QuoteRune(rune(c)))
	}
	if c == ']' {
		return 0, s.closeArray()
	}
	return c, nil
}

// closeArray checks that only blanks follow the closing bracket.
func (s *Stream) closeArray() error {
	s.closed = true
	b, err := s.blank()
	if err != nil {
		return err // io.EOF: the end
	}
	return s.fail(s.line, "unexpected data after the array, got %s", strconv.QuoteRune(rune(b)))
}

func (s *Stream) fail(line int, format string, args ...any) error {
	return &StreamError{Line: line, Field: &FieldError{Path: "$", Msg: fmt.Sprintf(format, args...)}}
}

// streamSpecial marks the bytes that matter to finding where an object
// ends: line breaks, quotes, backslashes, braces and brackets.
var streamSpecial = [256]bool{'\n': true, '"': true, '\\': true, '{': true, '}': true, '[': true, ']': true}

// stringStops marks, in the top bit of each of the eight bytes of x (in
// memory order, least significant first), the quotes, backslashes and
// line breaks: the bytes that end a plain run in a string. The lowest
// mark is exact (the classic test for a zero byte: a borrow can only add
// marks above a true one), which is all the scan uses.
func stringStops(x uint64) uint64 {
	const ones, tops = 0x0101010101010101, 0x8080808080808080
	q, bs, nl := x^(ones*'"'), x^(ones*'\\'), x^(ones*'\n')
	return ((q-ones)&^q | (bs-ones)&^bs | (nl-ones)&^nl) & tops
}

func (s *Stream) next() ([]byte, int, error) {
	c, err := s.blank()
	if err != nil {
		if s.array && !s.closed && errors.Is(err, io.EOF) {
			return nil, 0, s.fail(s.line, "invalid JSON: unexpected end of input (the array is cut short)")
		}
		return nil, 0, err
	}
	if s.closed {
		return nil, 0, s.fail(s.line, "unexpected data after the array, got %s", strconv.QuoteRune(rune(c)))
	}
	if c == '[' && s.n == 0 && !s.array {
		// One array of documents.
		s.array = true
		if c, err = s.blank(); err != nil {
			return nil, 0, s.fail(s.line, "invalid JSON: unexpected end of input (the array is cut short)")
		}
	}
	if s.array {
		if c, err = s.arrayNext(c); err != nil {
			return nil, 0, err
		}
	}
	start := s.line
	if c != '{' {
		if c == '[' {
			return nil, 0, s.fail(start, "expected %s %s JSON object, got an array", article(s.what), s.what)
		}
		return nil, 0, s.fail(start, "expected %s %s JSON object, got %s", article(s.what), s.what, strconv.QuoteRune(rune(c)))
	}
	s.buf = append(s.buf[:0], c)
	depth, inStr, esc := 1, false, false
	for depth > 0 {
		// Copy a run of uninteresting bytes at once.
		if _, err := s.r.Peek(1); err != nil {
			if errors.Is(err, io.EOF) {
				return nil, 0, s.fail(start, "invalid JSON: unexpected end of input (the %s that begins here is cut short)", s.what)
			}
			return nil, 0, err
		}
		window, _ := s.r.Peek(s.r.Buffered())
		i := 0
		for ; i < len(window) && depth > 0; i++ {
			b := window[i]
			if esc {
				// The byte after a backslash in a string (a line break,
				// which no string may hold, is counted and skipped).
				if b == '\n' {
					s.line++
				} else {
					esc = false
				}
				continue
			}
			if inStr && !streamSpecial[b] {
				// Most of a hero's bytes are in strings: skip the rest of
				// the run eight bytes at a time, up to the byte before
				// the next quote, backslash or line break.
				for i+9 <= len(window) {
					if m := stringStops(binary.LittleEndian.Uint64(window[i+1:])); m != 0 {
						i += bits.TrailingZeros64(m) / 8
						break
					}
					i += 8
				}
				continue
			}
			if !streamSpecial[b] {
				continue // most bytes: one look-up, no switch
			}
			switch {
			case b == '\n':
				s.line++
			case inStr:
				switch {
				case b == '\\':
					esc = true
				case b == '"':
					inStr = false
				}
			case b == '"':
				inStr = true
			case b == '{' || b == '[':
				depth++
			case b == '}' || b == ']':
				depth--
			}
		}
		if len(s.buf)+i > s.max {
			return nil, 0, s.fail(start, "%s larger than %s", s.what, sizeText(s.max))
		}
		s.buf = append(s.buf, window[:i]...)
		if _, err := s.r.Discard(i); err != nil {
			return nil, 0, err
		}
	}
	return s.buf, start, nil
}
