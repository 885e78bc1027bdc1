package jsonfile

import (
	"encoding/json"
	"errors"
	"fmt"
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

var format = Format{What: "thing", EmptyHint: " (hint)", TrailingHint: " (one per file)", MaxSize: 1000}

func TestDecode(t *testing.T) {
	tests := []struct {
		name, in, path, msg string
	}{
		{"ok", `{"name":"x","items":[{"grade":"B","count":2,"tags":{"a":1}}],"details":{"anything":[1,{"goes":true}]}}`, "", ""},
		{"too big", `{"name":"` + strings.Repeat("x", 1000) + `"}`, "$", "larger than 1000 bytes"},
		{"empty", "  \n", "$", "empty input, expected a thing JSON object (hint)"},
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
			if fe.Path != tt.path || !strings.Contains(fe.Msg, tt.msg) {
				t.Errorf("got %q, want path %q and message with %q", fe.Error(), tt.path, tt.msg)
			}
		})
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
