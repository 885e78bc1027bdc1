package cmdutil

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// JSONList writes a command's results in the JSON formats, the same way
// for every verb:
//
//   - FormatJSON is one JSON document: the result itself when there is
//     one, an array of them when there are several, indented;
//   - FormatJSONL is JSON Lines: one compact object per line.
//
// Results stream: an array is opened as soon as a second result arrives,
// so a batch of millions never sits in memory. Close must be called once
// the results are done.
type JSONList struct {
	w     io.Writer
	ft    Format
	n     int
	first []byte // the first result (compact) until a second arrives
	buf   bytes.Buffer
}

// tailer is stdout (iostreams.Output): what closes an array it streams.
type tailer interface{ SetTail(string) }

// NewJSONList returns a list writing to w in ft (FormatJSON or FormatJSONL).
func NewJSONList(w io.Writer, ft Format) *JSONList { return &JSONList{w: w, ft: ft} }

// Add writes one result.
func (l *JSONList) Add(v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("encoding JSON: %w", err)
	}
	return l.AddRaw(bytes.TrimRight(buf.Bytes(), "\n"))
}

// AddRaw writes one result already encoded as compact JSON (one line),
// as the fast encoders (hero.AppendJSON, roll's) produce it.
func (l *JSONList) AddRaw(b []byte) error {
	l.n++
	if l.ft == FormatJSONL {
		l.buf.Reset()
		l.buf.Write(b)
		l.buf.WriteByte('\n')
		_, err := l.w.Write(l.buf.Bytes())
		return err
	}
	switch l.n {
	case 1:
		l.first = append(l.first[:0], b...)
		if t, ok := l.w.(tailer); ok {
			// A stream that stops at the next result still writes this
			// one, as the single result it then is.
			l.buf.Reset()
			if err := json.Indent(&l.buf, l.first, "", "  "); err != nil {
				return fmt.Errorf("encoding JSON: %w", err)
			}
			t.SetTail(l.buf.String() + "\n")
		}
		return nil
	case 2:
		if _, err := io.WriteString(l.w, "[\n"); err != nil {
			return err
		}
		if t, ok := l.w.(tailer); ok {
			t.SetTail("\n]\n") // a stream that stops early still closes it
		}
		if err := l.element(l.first, false); err != nil {
			return err
		}
		l.first = nil
	}
	return l.element(b, true)
}

// element writes one array element, indented under the bracket.
func (l *JSONList) element(b []byte, comma bool) error {
	l.buf.Reset()
	if comma {
		l.buf.WriteString(",\n")
	}
	l.buf.WriteString("  ")
	if err := json.Indent(&l.buf, b, "  ", "  "); err != nil {
		return fmt.Errorf("encoding JSON: %w", err)
	}
	_, err := l.w.Write(l.buf.Bytes())
	return err
}

// Close ends the document: the single result, indented, or the array's
// closing bracket. With no results, FormatJSON writes an empty array.
func (l *JSONList) Close() error {
	if l.ft == FormatJSONL {
		return nil
	}
	if t, ok := l.w.(tailer); ok {
		t.SetTail("")
	}
	switch l.n {
	case 0:
		_, err := io.WriteString(l.w, "[]\n")
		return err
	case 1:
		l.buf.Reset()
		if err := json.Indent(&l.buf, l.first, "", "  "); err != nil {
			return fmt.Errorf("encoding JSON: %w", err)
		}
		l.buf.WriteByte('\n')
		_, err := l.w.Write(l.buf.Bytes())
		return err
	}
	_, err := io.WriteString(l.w, "\n]\n")
	return err
}

// Len is the number of results written so far.
func (l *JSONList) Len() int { return l.n }

// Results returns a JSONList writing the verb's results on stdout in its
// resolved format (FormatJSON or FormatJSONL).
func (e *Env) Results() *JSONList { return NewJSONList(e.IO.Out, e.Format) }
