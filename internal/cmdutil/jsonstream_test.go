package cmdutil

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestEachJSON(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    []string // compact values
		several bool
		err     string
	}{
		{"one document", "{\"a\": 1}\n", []string{`{"a":1}`}, false, ""},
		{"JSON Lines", "{\"a\":1}\n{\"a\":2}\n", []string{`{"a":1}`, `{"a":2}`}, true, ""},
		{"an array (-o json with several results)", "[\n  {\"a\": 1},\n  {\"a\": 2}\n]\n", []string{`{"a":1}`, `{"a":2}`}, true, ""},
		{"a one-element array", " [{\"a\":1}]", []string{`{"a":1}`}, true, ""},
		{"an empty array", "[]", nil, false, ""},
		{"empty input", "", nil, false, ""},
		{"bad line names its number", "{\"a\":1}\n{\"a\":\n", []string{`{"a":1}`}, true, "in#2: $: invalid JSON: unexpected end of input (the thing that begins here is cut short) (line 2)"},
		{"unclosed array", "[{\"a\":1}", []string{`{"a":1}`}, true, "in#2: $: invalid JSON: unexpected end of input (the array is cut short) (line 1)"},
		{"data after the array", "[{\"a\":1}] {}", []string{`{"a":1}`}, true, "after the array"},
		{"not an object", "[1]", nil, false, "in#1: $: expected a thing JSON object, got '1' (line 1)"},
		{"over the limit", "{\"a\":1}\n{\"a\":\"" + strings.Repeat("x", 100) + "\"}", []string{`{"a":1}`}, true, "in#2: $: thing larger than 64 bytes (line 2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			sev := false
			err := EachJSON(strings.NewReader(tt.in), "in", 64, "thing", func(raw []byte, label string, n int) error {
				var m map[string]any
				if err := json.Unmarshal(raw, &m); err != nil {
					return err
				}
				b, _ := json.Marshal(m)
				got = append(got, string(b))
				if n != len(got) {
					t.Errorf("n = %d for value %d", n, len(got))
				}
				sev = strings.Contains(label, "#")
				return nil
			})
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
				t.Fatalf("err = %v, want %q", err, tt.err)
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("values %v, want %v", got, tt.want)
			}
			if len(got) > 0 && sev != tt.several {
				t.Errorf("several = %v, want %v", sev, tt.several)
			}
		})
	}
}
