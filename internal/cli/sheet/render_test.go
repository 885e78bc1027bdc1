package sheet

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestWrapAt(t *testing.T) {
	for _, tc := range []struct {
		text  string
		width int
		hang  int
		want  []string
	}{
		{"short", 10, -1, []string{"short"}},
		{"one two three four", 9, -1, []string{"one two", "  three", "  four"}},
		{"a  b   c", 5, -1, []string{"a  b", "  c"}},
		{"abcdefghijkl", 5, -1, []string{"abcde", "  fgh", "  ijk", "  l"}},
		{"col  notes that wrap again", 16, 5, []string{"col  notes that", "     wrap again"}},
	} {
		got := wrapAt(tc.text, tc.width, tc.hang)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("wrapAt(%q, %d, %d) = %q, want %q", tc.text, tc.width, tc.hang, got, tc.want)
		}
	}
}

func FuzzWrapAt(f *testing.F) {
	f.Add("one two three four five six seven eight nine ten", 20, -1)
	f.Add("Supercalifragilisticexpialidocious and more", 10, 4)
	f.Add("  indented text that is long enough to wrap", 12, -1)
	f.Add("alpha beta gamma delta", 8, 10)
	f.Fuzz(func(t *testing.T, s string, width, hang int) {
		if width < 8 || width > 200 || !utf8.ValidString(s) || strings.ContainsAny(s, "\n\t\r") {
			return
		}
		for _, l := range wrapAt(s, width, hang) {
			if n := utf8.RuneCountInString(l); n > width {
				t.Fatalf("line %q is %d wide, more than %d", l, n, width)
			}
		}
	})
}

// TestWrapAtLargeHang: a hang as wide as the line must not loop forever.
func TestWrapAtLargeHang(t *testing.T) {
	for hang := 0; hang < 30; hang++ {
		for width := 8; width < 24; width++ {
			for _, l := range wrapAt("alpha beta gamma delta epsilon zeta eta theta", width, hang) {
				if utf8.RuneCountInString(l) > width {
					t.Fatalf("hang %d width %d: %q", hang, width, l)
				}
			}
		}
	}
}
