package downtime

import (
	"encoding/json"
	"strings"
	"testing"
)

// A week with nothing carried or forfeited, a spend with no upkeep, says
// so.
func TestZeroValuesKept(t *testing.T) {
	b, err := json.Marshal(WeekResult{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`"away":false`, `"carried":0`, `"forfeited":0`} {
		if !strings.Contains(string(b), w) {
			t.Errorf("week: %s has no %s", b, w)
		}
	}
}
