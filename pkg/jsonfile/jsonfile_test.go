package jsonfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// grade is a text-decoded type, like an armour class.
type grade byte

func (g *grade) UnmarshalText(b []byte) error {
	if len(b) != 1 || b[0] < 'A' || b[0] > 'C' {
		return fmt.Errorf("invalid grade %q (want A-C)", b)
	}
	*g = grade(b[0])
	return nil
}

type inner struct {
	Grade grade          `json:"grade"`
	Count int            `json:"count"`
	Tags  map[string]int `json:"tags,omitempty"`
}

type doc struct {
	Name    string          `json:"name"`
	Items   []inner         `json:"items"`
	Details json.RawMessage `json:"details,omitempty"`
	Skip    int             `json:"-"`
}

var format = Format{What: "thing", EmptyHint: " (hint)", TrailingHint: " (one per file)", MaxSize: 200000}

func TestDecode(t *testing.T) {
	tests := []struct {
		name, in, path, msg string
	}{
		{"ok", `{"name":"x","items":[{"grade":"B","count":2,"tags":{"a":1}}],"details":{"anything":[1,{"goes":true}]}}`, "", ""},
		{"too big", `{"name":"` + strings.Repeat("x", 200000) + `"}`, "$", "file larger than 200000 bytes"},
		{"empty", "  \n", "$", "empty input, expected a thing JSON object (hint)"},
		{"a name of 1 KB", `{"name":"` + strings.Repeat("x", MaxNameLen) + `"}`, "", ""},
		{"a name over 1 KB", `{"name":"` + strings.Repeat("x", MaxNameLen+1) + `"}`, "$.name", "a string of 1025 bytes (at most 1024)"},
		{"a map key over 1 KB", `{"items":[{"tags":{"a":1,"` + strings.Repeat("k", MaxNameLen+1) + `":2}}]}`, "$.items[0].tags.kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk...", "a member name of 1025 bytes (at most 1024)"},
		{"not object", `[1]`, "$", "expected a JSON object"},
		{"syntax", "{\n \"name\": }", "$", "invalid JSON at line 2 column"},
		{"truncated", `{"name":"x"`, "$", "unexpected end of input"},
		{"trailing", `{"name":"x"} {}`, "$", "unexpected data after the thing object (one per file)"},
		{"unknown top", `{"nmae":"x"}`, "$.nmae", "unknown field"},
		{"unknown nested", `{"items":[{},{"grade":"A","cnt":1}]}`, "$.items[1].cnt", "unknown field"},
		{"ignored field is unknown", `{"Skip":1}`, "$.Skip", "unknown field"},
		{"text value", `{"items":[{"grade":"Z"}]}`, "$.items[0].grade", `invalid grade "Z"`},
		{"wrong type", `{"items":[{"count":"two"}]}`, "$.items[0].count", "expected a whole number, got JSON string"},
		{"wrong type map", `{"items":[{"tags":{"a":"b"}}]}`, "$.items[0].tags.a", "expected a whole number"},
		{"wrong container", `{"items":{"a":1}}`, "$.items", "expected an array, got JSON object"},
		{"array for object", `{"items":[[1]]}`, "$.items[0]", "expected an object, got JSON array"},
		{"fraction for int", `{"items":[{"count":1.5}]}`, "$.items[0].count", "whole number"},
		{"int overflow", `{"items":[{"count":1e99}]}`, "$.items[0].count", "whole number"},
		{"bool for string", `{"name":true}`, "$.name", "expected a string, got JSON true/false"},
		{"null is fine", `{"name":null,"items":null}`, "", ""},
		{"duplicate key", `{"name":"a","name":"b"}`, "$.name", "duplicate key"},
		{"duplicate nested key", `{"items":[{"count":1},{"count":1,"grade":"A","count":2}]}`, "$.items[1].count", "duplicate key"},
		{"duplicate key by escape", `{"name":"a","na\u006de":"b"}`, "$.name", "duplicate key"},
		{"duplicate map key", `{"items":[{"tags":{"a":1,"a":2}}]}`, "$.items[0].tags.a", "duplicate key"},
		{"same key in two objects", `{"items":[{"count":1},{"count":2}]}`, "", ""},
		{"invalid utf-8 value", "{\"name\":\"ab\xb6\"}", "$.name", "invalid UTF-8 at byte offset 11"},
		{"invalid utf-8 key", "{\"items\":[{\"c\xff\":1}]}", "$.items[0]", "invalid UTF-8 at byte offset 13"},
		{"lone surrogate", `{"name":"a\ud800b"}`, "$.name", "lone surrogate"},
		{"surrogate pair ok", `{"name":"\ud83d\ude00 \u00e9"}`, "", ""},
		{"valid utf-8", `{"name":"Mañana ☃"}`, "", ""},
		{"int at limit", `{"items":[{"count":-1000000000},{"count":1000000000}]}`, "", ""},
		{"int over limit", `{"items":[{"count":1000000001}]}`, "$.items[0].count", "from -1000000000 to 1000000000, got 1000000001"},
		{"int64 max", `{"items":[{"count":9223372036854775807}]}`, "$.items[0].count", "from -1000000000 to 1000000000"},
		{"int over limit in a map", `{"items":[{"tags":{"b":1,"z":2000000000,"a":-2000000000}}]}`, "$.items[0].tags.a", "from -1000000000 to 1000000000, got -2000000000"},
		{"int under limit", `{"items":[{"count":-1000000001}]}`, "$.items[0].count", "from -1000000000"},
		{"huge number echo is short", `{"items":[{"count":` + strings.Repeat("9", 100000) + `}]}`, "$.items[0].count", "... (100000 bytes)"},
		{"a key holding ESC is escaped", `{"items":[{"c\u001b[2Jx":1}]}`, `$.items[0]["c\x1b[2Jx"]`, "unknown field"},
		{"a key holding a dot is quoted", `{"items":[{"tags":{"a.b":"x"}}]}`, `$.items[0].tags["a.b"]`, "expected a whole number"},
		{"a key of digits in a map", `{"items":[{"tags":{"0":"x"}}]}`, `$.items[0].tags.0`, "expected a whole number"},
		{"a key of digits in raw JSON", `{"details":[{"0":{"a":1,"a":2}}]}`, `$.details[0].0.a`, "duplicate key"},
		{"raw control character", "{\"name\":\"a\x1bb\"}", "$", `invalid character '\x1b' in string`},
		{"a text value holding a line break", `{"items":[{"grade":"\n\u001b"}]}`, "$.items[0].grade", `invalid grade "\n\x1b"`},
		{"deep nesting", `{"details":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`, "$", "exceeded max depth"},
		{"huge unknown key echo is short", `{"` + strings.Repeat("k", 500) + `":1}`, "$." + strings.Repeat("k", 40) + "... (500 bytes)", "unknown field"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var d doc
			err := Decode([]byte(tt.in), &d, format)
			if tt.path == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				if tt.name == "ok" && (d.Items[0].Grade != 'B' || d.Items[0].Count != 2) {
					t.Errorf("decoded %+v", d)
				}
				return
			}
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a FieldError", err)
			}
			if len(fe.Error()) > 300 {
				t.Errorf("message of %d bytes", len(fe.Error()))
			}
			if strings.ContainsAny(fe.Error(), "\x1b\n\r") {
				t.Errorf("message %q holds a control character", fe.Error())
			}
			if fe.Path != tt.path || !strings.Contains(fe.Msg, tt.msg) {
				t.Errorf("got %q, want path %q and message with %q", fe.Error(), tt.path, tt.msg)
			}
		})
	}
}

func TestOneLine(t *testing.T) {
	for in, want := range map[string]string{
		"plain: text ☃":       "plain: text ☃",
		"esc\x1b[31m red":     `esc\x1b[31m red`,
		"two\nlines\r":        `two\nlines\r`,
		"bad \xff byte":       `bad \xff byte`,
		"rtl \u202e override": `rtl \u202e override`,
	} {
		if got := OneLine(in); got != want {
			t.Errorf("OneLine(%q) = %q, want %q", in, got, want)
		}
	}
	fe := &FieldError{Path: "$[\"k\x1b\"]", Msg: "line\nbreak"}
	if got := fe.Error(); got != `$["k\x1b"]: line\nbreak` {
		t.Errorf("Error() = %q", got)
	}
}

func TestArticle(t *testing.T) {
	if article("encounter") != "an" || article("hero") != "a" {
		t.Fatal("article")
	}
}

// FuzzDecode: no input panics, every error is a one-line FieldError.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{}`, `{"items":[{"grade":"A"}]}`, `{"items":[{"grade":"Q"}]}`, `{"name":`, `[]`, "{\"a\"\n:1}", `{"items":[{"tags":{"x":1e999}}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var d doc
		err := Decode(data, &d, format)
		if err == nil {
			return
		}
		var fe *FieldError
		if !errors.As(err, &fe) {
			t.Fatalf("not a FieldError: %v", err)
		}
		if !strings.HasPrefix(fe.Path, "$") {
			t.Fatalf("path %q", fe.Path)
		}
	})
}

func TestCheckerKeepsFirstProblem(t *testing.T) {
	var c Checker
	if c.Result() != nil {
		t.Fatal("empty checker reports a problem")
	}
	c.Range("$.a", 3, 1, 5)
	c.Range("$.b", 7, 1, 5)
	c.Fail("$.c", "later %s", "problem")
	var fe *FieldError
	if !errors.As(c.Result(), &fe) || fe.Error() != "$.b: 7 is outside 1-5" {
		t.Fatalf("Result = %v", c.Result())
	}
}

func TestTooLargeMessage(t *testing.T) {
	if got := TooLarge(16 << 20).Error(); got != "$: file larger than 16 MB" {
		t.Errorf("got %q", got)
	}
	if got := TooLarge(1000).Error(); got != "$: file larger than 1000 bytes" {
		t.Errorf("got %q", got)
	}
}

// countingReader counts the bytes read from it.
type countingReader struct {
	n   int
	max int
}

func (c *countingReader) Read(p []byte) (int, error) {
	if c.n >= c.max {
		return 0, io.EOF
	}
	if len(p) > c.max-c.n {
		p = p[:c.max-c.n]
	}
	for i := range p {
		p[i] = ' '
	}
	c.n += len(p)
	return len(p), nil
}

func TestReadAllStopsAtTheLimit(t *testing.T) {
	r := &countingReader{max: 50 << 20}
	_, err := ReadAll(r, 1<<20)
	if err == nil || err.Error() != "$: file larger than 1 MB" {
		t.Fatalf("err = %v", err)
	}
	if r.n > 1<<20+64<<10 {
		t.Errorf("read %d bytes to refuse a 1 MB limit", r.n)
	}
	b, err := ReadAll(strings.NewReader("{}"), 10)
	if err != nil || string(b) != "{}" {
		t.Fatalf("ReadAll = %q, %v", b, err)
	}
}

func TestReadAllStatsAFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(p, make([]byte, 2000), 0o644); err != nil {
		t.Fatal(err)
	}
	fh, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	if _, err := ReadAll(fh, 1000); err == nil || !strings.Contains(err.Error(), "larger than 1000 bytes") {
		t.Fatalf("err = %v", err)
	}
	if off, _ := fh.Seek(0, io.SeekCurrent); off != 0 {
		t.Errorf("read %d bytes of a file it could measure", off)
	}
}

func TestSchemaError(t *testing.T) {
	tests := []struct {
		got, want int
		what      string
		msg       string
	}{
		{1, 1, "encounter", ""},
		{0, 1, "", "$.schema: missing (this build reads schema 1)"},
		{0, 2, "encounter", "$.schema: missing (this build reads encounter schema 2)"},
		{3, 1, "mns encounter", "$.schema: version 3 is not supported (this build reads mns encounter schema 1)"},
	}
	for _, tt := range tests {
		fe := SchemaError(tt.got, tt.want, tt.what)
		var c Checker
		c.Schema(tt.got, tt.want, tt.what)
		switch {
		case tt.msg == "" && (fe != nil || c.Err != nil):
			t.Errorf("SchemaError(%d, %d) = %v, want nil", tt.got, tt.want, fe)
		case tt.msg != "" && (fe == nil || fe.Error() != tt.msg || c.Err == nil || c.Err.Error() != tt.msg):
			t.Errorf("SchemaError(%d, %d, %q) = %v, Checker %v; want %q", tt.got, tt.want, tt.what, fe, c.Err, tt.msg)
		}
	}
}

func TestEncodeIsIndentedUnescapedWithNewline(t *testing.T) {
	b, err := Encode(map[string]any{"summary": "35 -> 23 <b> & c", "n": 1})
	want := "{\n  \"n\": 1,\n  \"summary\": \"35 -> 23 <b> & c\"\n}\n"
	if err != nil || string(b) != want {
		t.Fatalf("Encode = %q, %v; want %q", b, err, want)
	}
}

// TestEncodeMax: within the limit it writes what Encode writes; past it,
// no data but the size the file would have had.
func TestEncodeMax(t *testing.T) {
	v := doc{Name: "a <b> & c", Items: []inner{{Grade: 'A', Count: 2, Tags: map[string]int{"z": 1, "a": 2}}, {}}}
	want, err := Encode(&v)
	if err != nil {
		t.Fatal(err)
	}
	got, n, err := EncodeMax(&v, len(want))
	if err != nil || string(got) != string(want) || n != len(want) {
		t.Fatalf("EncodeMax = %q, %d, %v; want %q", got, n, err, want)
	}
	got, n, err = EncodeMax(&v, len(want)-1)
	if err != nil || got != nil || n != len(want) {
		t.Fatalf("over the limit: %q, %d, %v; want nil, %d", got, n, err, len(want))
	}
}
