package browser

import (
	"math"
	"strings"
	"testing"
)

// A hand-made PDF skeleton in the shape Chromium writes: page objects
// with their media boxes uncompressed, and a /Pages tree that must not
// be counted as a page.
func TestPDFPages(t *testing.T) {
	page := func(w, h string) string {
		return "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 " + w + " " + h + "] >>\n"
	}
	tests := []struct {
		name  string
		pdf   string
		want  [][2]float64
		error string
	}{
		{"two A4 pages", "%PDF-1.4\n<< /Type /Pages /Count 2 >>\n" + page("595.91998", "842.88") + page("595.91998", "842.88"),
			[][2]float64{{8.2767, 11.7067}, {8.2767, 11.7067}}, ""},
		{"one Letter page", "%PDF-1.4\n<</Type/Pages>>\n" + page("612", "792"), [][2]float64{{8.5, 11}}, ""},
		{"not a PDF", "<html>", nil, "not a PDF"},
		{"a page without a media box", "%PDF-1.4\n<< /Type /Page >>\n", nil, "1 page objects and 0 media boxes"},
	}
	for _, tc := range tests {
		got, err := PDFPages([]byte(tc.pdf))
		if tc.error != "" {
			if err == nil || !strings.Contains(err.Error(), tc.error) {
				t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.error)
			}
			continue
		}
		if err != nil || len(got) != len(tc.want) {
			t.Fatalf("%s: %v, %v", tc.name, got, err)
		}
		for i := range got {
			if math.Abs(got[i][0]-tc.want[i][0]) > 0.001 || math.Abs(got[i][1]-tc.want[i][1]) > 0.001 {
				t.Errorf("%s: page %d is %v, want %v", tc.name, i+1, got[i], tc.want[i])
			}
		}
	}
}

// A4 and Letter, and their printable areas inside the stylesheet's
// margins (10 mm top and bottom, 12 mm left and right) in CSS pixels:
// A4 186 × 277 mm, Letter 191.9 × 259.4 mm, at 96 px to 25.4 mm.
func TestPapers(t *testing.T) {
	tests := []struct {
		p    Paper
		w, h float64
	}{
		{A4, 186 / 25.4 * 96, 277 / 25.4 * 96},
		{Letter, (215.9 - 24) / 25.4 * 96, (279.4 - 20) / 25.4 * 96},
	}
	for _, tc := range tests {
		w, h := tc.p.Printable()
		if math.Abs(w-tc.w) > 0.01 || math.Abs(h-tc.h) > 0.01 {
			t.Errorf("%s: printable %.2f × %.2f px, want %.2f × %.2f", tc.p.Name, w, h, tc.w, tc.h)
		}
	}
	if !A4.SameSize([2]float64{595.92 / 72, 842.88 / 72}) || A4.SameSize([2]float64{8.5, 11}) || !Letter.SameSize([2]float64{8.5, 11}) {
		t.Error("SameSize")
	}
}
