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
// calls fn with each value, numbered from 1, and its label: name, or
// "name#N" when the input holds several values. Bad JSON is reported by
// bad with the value's label and number (nil: an InputError
// "LABEL: $: invalid JSON: ..."); an empty input calls fn never and
// returns nil.
func EachJSON(r io.Reader, name string, fn func(raw json.RawMessage, label string, n int) error, bad func(label string, n int, err error) error) error {
	if bad == nil {
		bad = func(label string, _ int, err error) error {
			return Inputf("%s: $: invalid JSON: %s", label, strings.TrimPrefix(err.Error(), "json: "))
		}
	}
	br := bufio.NewReaderSize(r, 64<<10)
	dec := json.NewDecoder(br)
	array := false
	if b, err := peekNonSpace(br); err == nil && b == '[' {
		if _, err := dec.Token(); err != nil {
			return bad(name, 0, err)
		}
		array = true
	}
	n := 0
	for {
		if array && !dec.More() {
			if _, err := dec.Token(); err != nil { // the closing ]
				if errors.Is(err, io.EOF) {
					err = io.ErrUnexpectedEOF
				}
				return bad(name, n, err)
			}
			if _, err := dec.Token(); !errors.Is(err, io.EOF) {
				return Inputf("%s: $: unexpected data after the array", name)
			}
			return nil
		}
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if errors.Is(err, io.EOF) && !array {
			return nil
		}
		n++
		label := name
		if array || n > 1 || dec.More() {
			label = name + "#" + strconv.Itoa(n)
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return bad(label, n, err)
		}
		if err := fn(raw, label, n); err != nil {
			return err
		}
	}
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
