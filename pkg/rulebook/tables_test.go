package rulebook

import (
	"encoding/json"
	"testing"

	"github.com/codename-spandex/spandex/pkg/naming"
)

func TestTablesWellFormed(t *testing.T) {
	all := Tables()
	if len(all) == 0 {
		t.Fatal("no tables")
	}
	seen := map[string]bool{}
	for _, tb := range all {
		if tb.Name == "" || naming.Slug(tb.Name) != tb.Name {
			t.Errorf("bad slug %q", tb.Name)
		}
		if seen[tb.Name] {
			t.Errorf("duplicate table %q", tb.Name)
		}
		seen[tb.Name] = true
		if tb.Title == "" || tb.Page == "" {
			t.Errorf("%s: missing title or page", tb.Name)
		}
		if len(tb.Columns) == 0 || len(tb.Rows) == 0 {
			t.Errorf("%s: empty", tb.Name)
		}
		for i, r := range tb.Rows {
			if len(r) != len(tb.Columns) {
				t.Errorf("%s row %d: %d cells for %d columns", tb.Name, i, len(r), len(tb.Columns))
			}
		}
	}
	if _, err := json.Marshal(all); err != nil {
		t.Fatal(err)
	}
	if n := len(TableNames()); n != len(all) {
		t.Errorf("TableNames %d", n)
	}
}

func TestTablesRequiredNames(t *testing.T) {
	for _, name := range requiredTables {
		if _, ok := LookupTable(name); !ok {
			t.Errorf("missing table %q", name)
		}
	}
}

func TestToHitView(t *testing.T) {
	tb, ok := LookupTable("to-hit")
	if !ok {
		t.Fatal("no to-hit")
	}
	want := []string{"Armour Class", "SC 0", "SC 1", "SC 2", "SC 3", "SC 4", "SC 5"}
	if len(tb.Columns) != len(want) {
		t.Fatalf("columns %v", tb.Columns)
	}
	for i := range want {
		if tb.Columns[i] != want[i] {
			t.Errorf("column %d = %q", i, tb.Columns[i])
		}
	}
	if len(tb.Rows) != 12 || tb.Rows[5][0] != "F" || tb.Rows[5][3] != "10" || tb.Rows[11][6] != "2" {
		t.Errorf("to-hit rows %v", tb.Rows)
	}
	d, _ := LookupTable("dodging")
	if d.Rows[3][6] != "½" {
		t.Errorf("dodging view uses the book's ½: %v", d.Rows[3])
	}
}

func TestLookupTable(t *testing.T) {
	cases := map[string]string{
		"to-hit":           "to-hit",
		"TO-HIT":           "to-hit",
		"To-Hit Table":     "to-hit",
		"wall strength":    "wall-strength",
		"Judo Throw Table": "judo-throw",
		"judo":             "judo-throw",
		"phys":             "physical-damage",
		"Wall Strength":    "wall-strength",
		"initiative table": "initiative",
		"armour-classes":   "armour-classes",
	}
	for in, want := range cases {
		tb, ok := LookupTable(in)
		if !ok || tb.Name != want {
			t.Errorf("LookupTable(%q) = %q, %v want %q", in, tb.Name, ok, want)
		}
	}
	for _, bad := range []string{"", "zzz", "a"} {
		if tb, ok := LookupTable(bad); ok {
			t.Errorf("LookupTable(%q) = %q, want not found", bad, tb.Name)
		}
	}
}
