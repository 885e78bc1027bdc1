package encounter

import (
	"slices"
	"testing"

	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// TestPowerRulesTable: every row names a power of the rulebook's tables,
// its hooks come in their pairs, and the move flags reach their power.
func TestPowerRulesTable(t *testing.T) {
	ids := rulebook.PowerIDs()
	for id, r := range powerRules {
		if !slices.Contains(ids, id) {
			t.Errorf("%s: not a rulebook.PowerID", id)
		}
		if (r.Movement == nil) != (r.Moved == nil) {
			t.Errorf("%s: Movement and Moved go together", id)
		}
		if (r.Use == nil) != (r.Used == nil) {
			t.Errorf("%s: Use and Used go together", id)
		}
		if (r.Effect == "") != (r.EndOfPage == nil) {
			t.Errorf("%s: Effect and EndOfPage go together", id)
		}
		if r.Effect != "" {
			if got, ok := effectRule(r.Effect); !ok || got.EndOfPage == nil {
				t.Errorf("%s: effect %q does not find its rule", id, r.Effect)
			}
		}
	}
	for _, c := range []struct {
		a    ActionRecord
		want rulebook.PowerID
	}{
		{ActionRecord{Kind: ActMove, Glide: true}, rulebook.ImplantRetractableGlider},
		{ActionRecord{Kind: ActMove, Glide: true, Stretch: true}, rulebook.ImplantRetractableGlider}, // the glide refuses the stretch
		{ActionRecord{Kind: ActMove, Stretch: true}, rulebook.PowerElasticity},
		{ActionRecord{Kind: ActMove, Teleport: true}, ""},
		{ActionRecord{Kind: ActMove}, ""},
	} {
		if got := c.a.movePower(); got != c.want {
			t.Errorf("movePower(%+v) = %q, want %q", c.a, got, c.want)
		}
		if c.want != "" && powerRules[c.want].Movement == nil {
			t.Errorf("%s: a move by it has no Movement rule", c.want)
		}
	}
}
