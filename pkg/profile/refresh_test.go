package profile

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// TestRefreshSteps: the step names the Confidence Table row (p. 24) that
// sets the maximum; the rows are read off the book by hand.
func TestRefreshSteps(t *testing.T) {
	tests := []struct {
		confidence, gained int
		row                string
		text               string
	}{
		{77, 1, "76-78", "confidence 77 gives 1 hero points; refilled 1 at the start of the adventure"},
		{83, 0, "82-84", "confidence 83 gives 3 hero points; refilled 0"},
		{40, 0, "31-45", "confidence 40 gives 0 hero points"},
	}
	for _, tc := range tests {
		var h hero.Hero
		h.Profile.Confidence = tc.confidence
		steps := RefreshSteps(&h, tc.gained)
		if len(steps) != 1 {
			t.Fatalf("confidence %d: %d steps", tc.confidence, len(steps))
		}
		st := steps[0]
		if st.Rule != "hero-points" || st.Table != "Confidence Table" || st.Row != tc.row || st.Page != "pp. 15, 24" || !strings.Contains(st.Text, tc.text) {
			t.Errorf("confidence %d: %+v", tc.confidence, st)
		}
	}
}
