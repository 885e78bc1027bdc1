package rulebook

import "testing"

func TestAbilityLines(t *testing.T) {
	lines := AbilityLines()
	if len(lines) != AbilityLineCount {
		t.Fatalf("got %d lines, want %d", len(lines), AbilityLineCount)
	}
	seen := map[string]bool{}
	cells := map[[4]Cell]bool{}
	for _, l := range lines {
		if seen[l.Slug] {
			t.Errorf("duplicate slug %q", l.Slug)
		}
		seen[l.Slug] = true
		if cells[l.Cells] {
			t.Errorf("duplicate cells for %q", l.Slug)
		}
		cells[l.Cells] = true
		for _, c := range l.Cells {
			if c.Row < 0 || c.Row > 3 || c.Col < 0 || c.Col > 3 {
				t.Errorf("%s: cell %v outside the grid", l.Slug, c)
			}
		}
	}
	// The Guardian's grid (p. 10): the main diagonal top-left to
	// bottom-right gives 14, 17, 8, 11.
	grid := [4][4]int{{14, 9, 9, 15}, {12, 17, 11, 13}, {7, 5, 8, 14}, {8, 13, 15, 11}}
	for _, tc := range []struct {
		slug string
		want [4]int
		name string
	}{
		{"diagonal", [4]int{14, 17, 8, 11}, "main diagonal, top-left to bottom-right"},
		{"diagonal-reversed", [4]int{11, 8, 17, 14}, "main diagonal, bottom-right to top-left"},
		{"row-1", [4]int{14, 9, 9, 15}, "row 1, left to right"},
		{"row-4-reversed", [4]int{11, 15, 13, 8}, "row 4, right to left"},
		{"column-2", [4]int{9, 17, 5, 13}, "column 2, top to bottom"},
		{"column-2-reversed", [4]int{13, 5, 17, 9}, "column 2, bottom to top"},
		{"anti-diagonal", [4]int{15, 11, 5, 8}, "other diagonal, top-right to bottom-left"},
		{"anti-diagonal-reversed", [4]int{8, 5, 11, 15}, "other diagonal, bottom-left to top-right"},
	} {
		l, ok := AbilityLineBySlug(tc.slug)
		if !ok {
			t.Fatalf("%s: not found", tc.slug)
		}
		var got [4]int
		for i, c := range l.Cells {
			got[i] = grid[c.Row][c.Col]
		}
		if got != tc.want || l.Name != tc.name {
			t.Errorf("%s: got %v %q, want %v %q", tc.slug, got, l.Name, tc.want, tc.name)
		}
	}
}

func TestInvestigationAndOutlandish(t *testing.T) {
	if HelpsInvestigationAutomatically("radar-sense") {
		t.Error("radar sense must not count (the Guardian, p. 23)")
	}
	if !HelpsInvestigationAutomatically("luck") {
		t.Error("luck counts (p. 22)")
	}
	if !IsOutlandish("flight") || !IsOutlandish("energy-blast") {
		t.Error("flight and energy blast are the book's outlandish examples (p. 19)")
	}
	if IsOutlandish("super-strength") || IsOutlandish("armour") {
		t.Error("strength and armour suits look relatively normal (p. 19)")
	}
	for _, s := range outlandish {
		if _, ok := PowerBySlug(s); !ok {
			t.Errorf("outlandish %q is not a power", s)
		}
	}
}
