package cmdutil

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestJSONList(t *testing.T) {
	type r struct {
		Total int    `json:"total"`
		Expr  string `json:"expr"`
	}
	tests := []struct {
		name  string
		ft    Format
		items []r
		want  string
	}{
		{"json, one result: the object", FormatJSON, []r{{10, "3d6"}}, "{\n  \"total\": 10,\n  \"expr\": \"3d6\"\n}\n"},
		{"json, several: one array", FormatJSON, []r{{10, "3d6"}, {4, "1d6"}},
			"[\n  {\n    \"total\": 10,\n    \"expr\": \"3d6\"\n  },\n  {\n    \"total\": 4,\n    \"expr\": \"1d6\"\n  }\n]\n"},
		{"json, none: an empty array", FormatJSON, nil, "[]\n"},
		{"jsonl, one per line", FormatJSONL, []r{{10, "3d6"}, {4, "1d6"}}, "{\"total\":10,\"expr\":\"3d6\"}\n{\"total\":4,\"expr\":\"1d6\"}\n"},
		{"jsonl, one", FormatJSONL, []r{{0, "d<6>"}}, "{\"total\":0,\"expr\":\"d<6>\"}\n"},
		{"jsonl, none", FormatJSONL, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			l := NewJSONList(&out, tt.ft)
			for _, it := range tt.items {
				if err := l.Add(it); err != nil {
					t.Fatal(err)
				}
			}
			if err := l.Close(); err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.want {
				t.Errorf("got\n%s\nwant\n%s", out.String(), tt.want)
			}
			if tt.ft == FormatJSON && !json.Valid(out.Bytes()) {
				t.Errorf("not one JSON document: %q", out.String())
			}
			if l.Len() != len(tt.items) {
				t.Errorf("Len = %d", l.Len())
			}
		})
	}
}

// TestJSONListStreams: the array is written as results arrive, not held.
func TestJSONListStreams(t *testing.T) {
	var out bytes.Buffer
	l := NewJSONList(&out, FormatJSON)
	l.AddRaw([]byte(`{"a":1}`))
	if out.Len() != 0 {
		t.Fatalf("the first result is written before knowing whether a second comes: %q", out.String())
	}
	l.AddRaw([]byte(`{"a":2}`))
	l.AddRaw([]byte(`{"a":3}`))
	if !bytes.Contains(out.Bytes(), []byte(`"a": 3`)) {
		t.Fatalf("third result not streamed: %q", out.String())
	}
	l.Close()
	var got []map[string]int
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || len(got) != 3 || got[2]["a"] != 3 {
		t.Fatalf("array %q: %v %v", out.String(), got, err)
	}
}
