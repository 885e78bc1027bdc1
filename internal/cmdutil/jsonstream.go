package cmdutil

import (
	"errors"
	"io"
	"strconv"

	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// EachJSON reads the JSON objects of what the JSON formats write (see
// JSONList): one object, a top-level array of them (-o json with several
// results), or a stream of them (JSON Lines, -o jsonl, or concatenated
// objects), through jsonfile.Stream: one document at a time, each of at
// most max bytes, so memory stays flat however long the input. It calls
// fn with each document, numbered from 1, and its label: name, or
// "name#N" when the input holds several. what names one document in
// messages ("hero"). A problem with the stream itself (not an object,
// over the limit, cut short) is an input error "LABEL: $: message",
// with " (line N)" when it is not on the first line; an empty input, or
// an empty array, calls fn never and returns nil.
func EachJSON(r io.Reader, name string, max int, what string, fn func(doc []byte, label string, n int) error) error {
	s := jsonfile.NewStream(r, max, what)
	for n := 1; ; n++ {
		doc, _, err := s.Next()
		if err != nil {
			var se *jsonfile.StreamError
			switch {
			case errors.Is(err, io.EOF):
				return nil
			case errors.As(err, &se) && se.Empty:
				return nil // nothing to hand over
			case errors.As(err, &se):
				label := name
				if n > 1 || s.Array() {
					label = name + "#" + strconv.Itoa(n)
				}
				where := ""
				if label != name || se.Line > 1 {
					where = " (line " + strconv.Itoa(se.Line) + ")"
				}
				return Inputf("%s: %v%s", label, se.Field, where)
			}
			return Inputf("%s: %v", name, err)
		}
		label := name
		if n > 1 || s.Array() || s.More() {
			label = name + "#" + strconv.Itoa(n)
		}
		if err := fn(doc, label, n); err != nil {
			return err
		}
	}
}
