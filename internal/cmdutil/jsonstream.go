package cmdutil

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
)

// EachJSON reads what the JSON formats write (see JSONList): one JSON
// document, a top-level array of them (-o json with several results), or
// a stream of them (JSON Lines, -o jsonl, or concatenated documents). It
// calls fn with each value, numbered from 1, and with whether the input
// holds several values (a stream or an array), so callers can label them
// "FILE#N". A syntax error is reported as an InputError naming the value.
func EachJSON(r io.Reader, name string, fn func(raw json.RawMessage, n int, several bool) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	dec := json.NewDecoder(br)
	array := false
	if b, err := peekNonSpace(br); err == nil && b == '[' {
		if _, err := dec.Token(); err != nil {
			return Inputf("%s: $: invalid JSON: %s", name, strings.TrimPrefix(err.Error(), "json: "))
		}
		array = true
	}
	n := 0
	for {
		if array && !dec.More() {
			if _, err := dec.Token(); err != nil { // the closing ]
				return Inputf("%s: $: invalid JSON: %s", name, strings.TrimPrefix(err.Error(), "json: "))
			}
			if _, err := dec.Token(); !errors.Is(err, io.EOF) {
				return Inputf("%s: $: unexpected data after the array", name)
			}
			break
		}
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if errors.Is(err, io.EOF) && !array {
			break
		}
		n++
		several := array || n > 1 || (err == nil && dec.More())
		label := name
		if several {
			label = name + "#" + strconv.Itoa(n)
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return Inputf("%s: $: invalid JSON: %s", label, strings.TrimPrefix(err.Error(), "json: "))
		}
		if err := fn(raw, n, several); err != nil {
			return err
		}
	}
	return nil
}

// peekNonSpace returns the first byte that is not JSON white space,
// leaving it unread.
func peekNonSpace(br *bufio.Reader) (byte, error) {
	for {
		b, err := br.Peek(1)
		if err != nil {
			return 0, err
		}
		switch b[0] {
		case ' ', '\t', '\r', '\n':
			_, _ = br.ReadByte()
		default:
			return b[0], nil
		}
	}
}
