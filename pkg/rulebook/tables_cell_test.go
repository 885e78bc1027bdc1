package rulebook

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCellValue(t *testing.T) {
	for _, c := range []struct {
		in   string
		want any
	}{
		{"13", json.Number("13")},
		{"0", json.Number("0")},
		{"+2", json.Number("2")},
		{"-1", json.Number("-1")},
		{"−3", json.Number("-3")},
		{"1.5", json.Number("1.5")},
		{"-", "-"},
		{"½", "½"},
		{"+P", "+P"},
		{"Y", "Y"},
		{"1d6", "1d6"},
		{"3-4", "3-4"},
		{"60+", "60+"},
		{"007", "007"},
		{"1.", "1."},
		{"", ""},
		{"∞", "∞"},
	} {
		if got := CellValue(c.in); got != c.want {
			t.Errorf("CellValue(%q) = %#v, want %#v", c.in, got, c.want)
		}
	}
}

// The To-Hit Table's JSON has numbers where the book has numbers, and
// its armour class column stays text.
func TestTableJSONNumbers(t *testing.T) {
	tb, ok := LookupTable("to-hit")
	if !ok {
		t.Fatal("no to-hit table")
	}
	b, err := json.Marshal(tb)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"rows":[["A",13,12,11,10,9,8]`) {
		t.Fatalf("to-hit rows: %.200s", b)
	}
	if !strings.Contains(string(b), `"name":"to-hit"`) || strings.Count(string(b), `"rows"`) != 1 {
		t.Fatalf("to-hit JSON: %.200s", b)
	}
}
