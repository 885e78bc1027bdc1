package encounter

import (
	"slices"
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// TestPowerRulesTable: every row names a power of the rulebook's tables,
// its hooks come in their pairs, and the move flags reach their power.
func TestPowerRulesTable(t *testing.T) {
	ids := rulebook.PowerIDs()
	for id, r := range powerRules() {
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
		if c.want != "" && powerRules()[c.want].Movement == nil {
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
		if powerRules()[tc.power].Avoid == nil {
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

// TestSwitchRules: switching a lasting state, through each power's
// hooks: "you must return to normal size before" growing or shrinking
// the other way (pp. 60, 70: one size at a time), and what the log says
// when each state is switched off.
func TestSwitchRules(t *testing.T) {
	grower := hero.Power{Slug: rulebook.PowerGrowth, Rank: 1, Values: map[string]int{combat.GrowthStrD6: 3, combat.GrowthEndD6: 3}}
	for _, tc := range []struct {
		power rulebook.PowerID
		p     hero.Power
		in    string
	}{
		{rulebook.PowerGrowth, grower, combat.StateShrunk},
		{rulebook.PowerShrinking, hero.Power{Slug: rulebook.PowerShrinking, Rank: 1}, combat.StateGrown},
	} {
		c := &Combatant{ID: "x", Hero: hero.Hero{Name: "x", Powers: []hero.Power{tc.p}}, Effects: []Effect{{Name: tc.in}}}
		_, _, err := stateFor(c, ActionRecord{Kind: ActPower, Power: tc.power})
		mustFail(t, err, "return to normal size first (pp. 60, 70)")
		c.Effects = nil
		if _, ok, err := stateFor(c, ActionRecord{Kind: ActPower, Power: tc.power}); !ok || err != nil {
			t.Errorf("%s at normal size: switch %v, error %v", tc.power, ok, err)
		}
	}
	for _, tc := range []struct {
		state, off string
	}{
		{combat.StateGrown, "back to normal size"},             // p. 60
		{combat.StateShrunk, "back to normal size"},            // p. 70
		{combat.StateDenser, "back to normal density"},         // p. 54
		{combat.StateLighter, "back to normal density"},        // p. 54
		{combat.StatePhased, "re-phases fully"},                // p. 66
		{combat.StateInvisible, "becomes visible again"},       // p. 61
		{combat.StateCamouflaged, "stops changing colour"},     // p. 52
		{combat.StateShapechanged, "returns to its own shape"}, // p. 70
	} {
		info, ok := combat.StateByName(tc.state)
		if !ok {
			t.Fatalf("%s: not a row of combat.States", tc.state)
		}
		if got := powerRules()[info.Power].SwitchedOff; got != tc.off {
			t.Errorf("%s off: %q, want %q", tc.state, got, tc.off)
		}
	}
	if n := len(combat.States()); n != 8 {
		t.Errorf("%d rows of combat.States: each needs its SwitchedOff case here", n)
	}
}
