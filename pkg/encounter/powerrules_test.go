package encounter

import (
	"slices"
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
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

// TestAvoidRules: the powers asked to avoid something unfortunate, each
// through Encounter.Luck: Luck, "roll 1d100. If you roll less than or
// equal to your luck chance then no harm comes to you" (p. 62), its
// chance read off the power.
func TestAvoidRules(t *testing.T) {
	for _, tc := range []struct {
		power  rulebook.PowerID
		chance int
		roll   int
		want   bool
	}{
		{rulebook.PowerLuck, 24, 24, true},
		{rulebook.PowerLuck, 24, 25, false},
	} {
		if powerRules[tc.power].Avoid == nil {
			t.Fatalf("%s: no Avoid rule", tc.power)
		}
		e := newBank(t)
		initiative(t, e, 8, 3)
		g := e.Find("guardian")
		g.Hero.Powers = append(g.Hero.Powers, hero.Power{Slug: tc.power, Name: "Luck", Rank: 1, MaxRank: 1, Values: map[string]int{"chance": tc.chance}})
		got, err := e.Luck(gm(tc.roll), "guardian", 0, "")
		must(t, err)
		if got != tc.want {
			t.Errorf("%s: d100 %d against %d: avoided %v, want %v", tc.power, tc.roll, tc.chance, got, tc.want)
		}
	}
}
