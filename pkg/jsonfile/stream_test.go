package jsonfile

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestStream(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		docs  []string
		lines []int
		err   string // the error after the docs ("" is io.EOF)
	}{
		{"one line", `{"a":1}`, []string{`{"a":1}`}, []int{1}, ""},
		{"json lines", "{\"a\":1}\n{\"b\":\"}{\"}\n\n{\"c\":[{}]}\n", []string{`{"a":1}`, `{"b":"}{"}`, `{"c":[{}]}`}, []int{1, 2, 4}, ""},
		{"pretty", "{\n  \"a\": {\n    \"b\": \"x\\\"}\"\n  }\n}\n", []string{"{\n  \"a\": {\n    \"b\": \"x\\\"}\"\n  }\n}"}, []int{1}, ""},
		{"concatenated", `{}{} {}`, []string{`{}`, `{}`, `{}`}, []int{1, 1, 1}, ""},
		{"empty", " \n\t\n", nil, nil, "line 3: $: empty input, expected a thing JSON object"},
		{"array of non-objects", "[1]", nil, nil, "line 1: $: expected a thing JSON object, got '1'"},
		{"array", "[\n  {\"a\": 1},\n  {\"b\": [2]}\n]\n", []string{`{"a": 1}`, `{"b": [2]}`}, []int{2, 3}, ""},
		{"array one line", `[{},{}]`, []string{`{}`, `{}`}, []int{1, 1}, ""},
		{"empty array", " [ ] ", nil, nil, "line 1: $: empty input, expected a thing JSON object"},
		{"array cut short", "[{},", []string{`{}`}, []int{1}, "line 1: $: invalid JSON: unexpected end of input (the array is cut short)"},
		{"array unclosed", "[{}\n", []string{`{}`}, []int{1}, "line 2: $: invalid JSON: unexpected end of input (the array is cut short)"},
		{"array missing comma", "[{} {}]", []string{`{}`}, []int{1}, "line 1: $: invalid JSON: expected , or ] after the array's thing, got '{'"},
		{"data after array", "[{}]\n{}", []string{`{}`}, []int{1}, "line 2: $: unexpected data after the array, got '{'"},
		{"nested array", "[[{}]]", nil, nil, "line 1: $: expected a thing JSON object, got an array"},
		{"array then object", "{}[{}]", []string{`{}`}, []int{1}, "line 1: $: expected a thing JSON object, got an array"},
		{"garbage after", "{}\n\nxyz", []string{`{}`}, []int{1}, "line 3: $: expected a thing JSON object, got 'x'"},
		{"cut short", "{}\n{\"a\":[1,\n2", []string{`{}`}, []int{1}, "line 2: $: invalid JSON: unexpected end of input"},
		{"too large", "{}\n{\"a\":\"" + strings.Repeat("x", 100) + "\"}", []string{`{}`}, []int{1}, "line 2: $: thing larger than 64 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewStream(strings.NewReader(tt.in), 64, "thing")
			for i, want := range tt.docs {
				if !s.More() {
					t.Fatalf("More before doc %d = false", i)
				}
				doc, line, err := s.Next()
				if err != nil || string(doc) != want || line != tt.lines[i] {
					t.Fatalf("doc %d = %q line %d, %v; want %q line %d", i, doc, line, err, want, tt.lines[i])
				}
			}
			_, _, err := s.Next()
			if tt.err == "" {
				if !errors.Is(err, io.EOF) {
					t.Fatalf("end = %v", err)
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
				t.Fatalf("error %v, want %q", err, tt.err)
			}
			if _, _, again := s.Next(); again != err {
				t.Errorf("Next after an error = %v", again)
			}
		})
	}
}

// blanks is an endless (up to n bytes) reader of spaces.
type blanks struct{ n int }

func (b *blanks) Read(p []byte) (int, error) {
	if b.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), b.n)
	for i := range p[:k] {
		p[i] = ' '
	}
	b.n -= k
	return k, nil
}

// TestStreamBlanksCostNothing: 50 MB of spaces then garbage is refused
// holding no more than the read buffer (it took 121 MB).
func TestStreamBlanksCostNothing(t *testing.T) {
	s := NewStream(io.MultiReader(&blanks{n: 50 << 20}, strings.NewReader("garbage")), 1<<20, "hero")
	_, _, err := s.Next()
	if err == nil || !strings.Contains(err.Error(), "got 'g'") {
		t.Fatalf("err = %v", err)
	}
	if cap(s.buf) != 0 {
		t.Errorf("buffered %d bytes", cap(s.buf))
	}
}

// FuzzStream: any input splits into documents that begin with '{', end
// with '}' and stay within the limit, or fails with a one-line error
// naming a line; never panics or loops.
func FuzzStream(f *testing.F) {
	for _, s := range []string{`{}`, "{\"a\":\"}\"}\n{}", "[", "{\"\\\"\":1}", " \n x", "{{{{", "}", "{\"a\":[}]}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s := NewStream(strings.NewReader(in), 256, "hero")
		for i := 0; ; i++ {
			if i > len(in) {
				t.Fatalf("more documents than bytes in %q", in)
			}
			doc, line, err := s.Next()
			if err != nil {
				var se *StreamError
				if !errors.Is(err, io.EOF) && (!errors.As(err, &se) || se.Line < 1 || strings.Contains(err.Error(), "\n")) {
					t.Fatalf("bad error %v", err)
				}
				return
			}
			if len(doc) < 2 || doc[0] != '{' || (doc[len(doc)-1] != '}' && doc[len(doc)-1] != ']') || len(doc) > 256 || line < 1 {
				t.Fatalf("document %q at line %d", doc, line)
			}
		}
	})
}

// splitReference is Stream's object scan as first written (a switch on
// every byte): FuzzStreamSplit holds the table-driven scan to it.
func splitReference(in string) (docs []string, lines []int, endLine int, ok bool) {
	line := 1
	i := 0
	for {
		for i < len(in) && (in[i] == ' ' || in[i] == '\t' || in[i] == '\r' || in[i] == '\n') {
			if in[i] == '\n' {
				line++
			}
			i++
		}
		if i == len(in) || in[i] != '{' {
			return docs, lines, line, i == len(in)
		}
		start, startLine := i, line
		i++
		depth, inStr, esc := 1, false, false
		for ; i < len(in) && depth > 0; i++ {
			b := in[i]
			switch {
			case b == '\n':
				line++
			case inStr:
				switch {
				case esc:
					esc = false
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
		if depth > 0 {
			return docs, lines, line, false
		}
		docs = append(docs, in[start:i])
		lines = append(lines, startLine)
	}
}

// FuzzStreamSplit: on concatenated objects and JSON Lines, Stream finds
// the same documents at the same lines as splitReference, or fails where
// it fails.
func FuzzStreamSplit(f *testing.F) {
	for _, s := range []string{`{}`, "{\"a\":\"}\"}\n{}", "{\"\\\"\":1}", "{\"a\":\"\\\n\"}\n{}", "{\"a\":\"\\\\\"}{\"b\":[1,{}]}", "{\n\"x\":\"\\n}\"\n}\n\n{}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if strings.HasPrefix(strings.TrimLeft(in, " \t\r\n"), "[") {
			return // an array of documents: FuzzStream's
		}
		want, wantLines, _, wantOK := splitReference(in)
		// Read at once, a byte a read and eleven bytes a read (the scan's
		// windows end anywhere, inside its eight-byte steps through
		// strings too).
		for _, r := range []io.Reader{strings.NewReader(in), iotest.OneByteReader(strings.NewReader(in)), &chunkReader{in: in, n: 11}} {
			splitMatches(t, in, NewStream(r, 1<<20, "hero"), want, wantLines, wantOK)
		}
	})
}

// chunkReader returns at most n bytes of in a read.
type chunkReader struct {
	in string
	n  int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if r.in == "" {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), r.n)], r.in)
	r.in = r.in[k:]
	return k, nil
}

func splitMatches(t *testing.T, in string, s *Stream, want []string, wantLines []int, wantOK bool) {
	t.Helper()
	{
		for k := 0; ; k++ {
			doc, line, err := s.Next()
			if err != nil {
				if k < len(want) {
					t.Fatalf("%q: document %d: %v, want %q", in, k+1, err, want[k])
				}
				if errors.Is(err, io.EOF) != (wantOK && len(want) > 0) {
					t.Fatalf("%q: after %d documents: %v, reference ok=%v", in, k, err, wantOK)
				}
				return
			}
			if k >= len(want) {
				t.Fatalf("%q: extra document %q", in, doc)
			}
			if string(doc) != want[k] || line != wantLines[k] {
				t.Fatalf("%q: document %d is %q at line %d, want %q at line %d", in, k+1, doc, line, want[k], wantLines[k])
			}
		}
	}
}

// Pending is true while more than blanks is read and not yet returned:
// the batching reader of hero check hands on its batch when it is false.
func TestStreamPending(t *testing.T) {
	s := NewStream(strings.NewReader("{\"a\":1}\n \t\n{\"b\":[2]}\n\r\n  "), 1<<10, "hero")
	for i, want := range []bool{true, false} {
		if _, _, err := s.Next(); err != nil {
			t.Fatal(err)
		}
		if got := s.Pending(); got != want {
			t.Errorf("after document %d: Pending() = %v, want %v", i+1, got, want)
		}
	}
	if _, _, err := s.Next(); !errors.Is(err, io.EOF) {
		t.Fatalf("err = %v, want EOF", err)
	}
}

// The eight-byte steps through strings stop at the right byte whatever
// its offset: an escaped quote, an escaped backslash or a line break at
// each offset of a long string, with braces inside it, and a document
// after it.
func TestStreamSplitLongStrings(t *testing.T) {
	for off := 0; off < 24; off++ {
		for _, stop := range []string{`\"`, `\\`, "\n", `}`, `\u0022`} {
			pad := strings.Repeat("x{", off/2) + strings.Repeat("y", off%2)
			in := `{"k":"` + pad + stop + pad + `","n":[1]}` + "\n" + `{"b":"` + pad + `"}`
			want, wantLines, _, wantOK := splitReference(in)
			if len(want) != 2 && stop != "\n" {
				t.Fatalf("%q: the reference finds %d documents", in, len(want))
			}
			for _, r := range []io.Reader{strings.NewReader(in), iotest.OneByteReader(strings.NewReader(in)), &chunkReader{in: in, n: 11}, &chunkReader{in: in, n: 9}} {
				splitMatches(t, in, NewStream(r, 1<<20, "hero"), want, wantLines, wantOK)
			}
		}
	}
}
