package encounter

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// reportFight is a two-page fight written out by hand: b hits a on each
// page, a reacts once and recovers at the end of page 1; on page 2 a
// pays 2 stamina the log does not itemise (its current stamina is 18,
// not the 20 the last attack left).
func reportFight(t *testing.T) *Encounter {
	t.Helper()
	js := func(v any) json.RawMessage {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a := hero.Hero{Name: "Alpha", Kind: hero.KindHero, Health: hero.Health{Max: 30, Current: 22, Battered: 3}, Stamina: hero.Stamina{Max: 40, Current: 18, Dazed: 8, Stunned: 4}}
	b := hero.Hero{Name: "Beta", Kind: hero.KindVillain, Health: hero.Health{Max: 20, Current: 20}, Stamina: hero.Stamina{Max: 20, Current: 20}}
	m := hero.Hero{Name: "Mook", Kind: hero.KindMundane, Mundane: &hero.Mundane{Hits: 1}}
	return &Encounter{Schema: SchemaVersion, Name: "test", Page: 2, Phase: PhaseLosers,
		Sides:      []Side{{"x"}, {"y"}},
		Combatants: []Combatant{{ID: "a", Side: "x", Hero: a}, {ID: "b", Side: "y", Hero: b}, {ID: "m", Side: "y", Hero: m}},
		Log: []Event{
			{Seq: 1, Page: 1, Phase: PhaseInitiative, Kind: "new", Summary: "fight begins"},
			{Seq: 2, Page: 1, Phase: PhaseInitiative, Kind: "initiative", Details: js(Initiative{Rolls: [][]int{{7, 2}}, Winner: "x", Difference: 5, Advance: 3})},
			{Seq: 3, Page: 1, Phase: PhaseAdvance, Kind: "attack", Actor: "b", Target: "a", Panels: 1,
				Details: js(AttackRecord{Before: combat.State{Health: 30, Stamina: 40, Condition: "ok"}, After: combat.State{Health: 26, Stamina: 25, Condition: "dazed"}})},
			{Seq: 4, Page: 1, Phase: PhaseAdvance, Kind: "reaction", Actor: "a", Target: "b", Panels: 1},
			{Seq: 5, Page: 1, Phase: PhaseEnd, Kind: "recovery", Actor: "a", Details: js(Recovery{ID: "a", Before: 25, After: 29})},
			{Seq: 6, Page: 1, Phase: PhaseEnd, Kind: "end-page"},
			{Seq: 7, Page: 2, Phase: PhaseAdvance, Kind: "attack", Actor: "b", Target: "a", Panels: 2,
				Details: js(AttackRecord{Before: combat.State{Health: 26, Stamina: 29, Condition: "ok"}, After: combat.State{Health: 22, Stamina: 20, Condition: "ok"}})},
			{Seq: 8, Page: 2, Phase: PhaseLosers, Kind: "move", Actor: "a", Panels: 1},
			{Seq: 9, Page: 2, Phase: PhaseLosers, Kind: "pass", Actor: "b"},
		}}
}

// TestReportPanels: a cyborg with 4 panels a page (p. 30) attacks (2),
// parries an attack (1 panel owed, p. 31), pays it back (1) and moves
// (1); a move of 1 was undone. It spent 4 panels this page, not 6 (the
// owed panel and its repayment counted twice, the undone move counted)
// nor 5; the end of the page's pass pays back another owed panel from
// panels not taken (1, on page 2).
func TestReportPanels(t *testing.T) {
	e := &Encounter{Schema: SchemaVersion, Page: 2, Phase: PhaseAdvance, Sides: []Side{{"x"}, {"y"}},
		Combatants: []Combatant{{ID: "cyborg", Side: "x"}, {ID: "hero", Side: "y"}},
		Log: []Event{
			{Seq: 1, Page: 1, Kind: "new"},
			{Seq: 2, Page: 1, Kind: "attack", Actor: "cyborg", Target: "hero", Panels: 2},
			{Seq: 3, Page: 1, Kind: "attack", Actor: "hero", Target: "cyborg", Panels: 1},
			{Seq: 4, Page: 1, Kind: "reaction", Actor: "cyborg", Target: "hero", Panels: 1},
			{Seq: 5, Page: 1, Kind: "move", Actor: "cyborg", Panels: 1, UndoneBy: 6},
			{Seq: 6, Page: 1, Kind: "undo"},
			{Seq: 7, Page: 1, Kind: "repay", Actor: "cyborg", Panels: 1},
			{Seq: 8, Page: 1, Kind: "move", Actor: "cyborg", Panels: 1},
			{Seq: 9, Page: 1, Kind: "reaction", Actor: "cyborg", Target: "hero", Panels: 1},
			{Seq: 10, Page: 1, Kind: "pass", Actor: "hero"},
			{Seq: 11, Page: 1, Kind: "end-page"},
			{Seq: 12, Page: 2, Kind: "initiative"},
			{Seq: 13, Page: 2, Kind: "pass", Actor: "cyborg", Panels: 1},
		}}
	r := e.Report()
	if want := []Acted{{"cyborg", 4}, {"hero", 1}}; !reflect.DeepEqual(r.Pages[0].Acted, want) {
		t.Errorf("page 1 acted %v, want %v", r.Pages[0].Acted, want)
	}
	if want := []Acted{{"cyborg", 1}}; !reflect.DeepEqual(r.Pages[1].Acted, want) {
		t.Errorf("page 2 acted %v, want %v", r.Pages[1].Acted, want)
	}
}

func TestReport(t *testing.T) {
	r := reportFight(t).Report()
	if r.Name != "test" || r.Page != 2 || r.Phase != PhaseLosers || r.Over || !reflect.DeepEqual(r.Sides, []string{"x", "y"}) {
		t.Errorf("header: %+v", r)
	}
	if len(r.Pages) != 2 || r.Pages[0].Page != 1 || r.Pages[1].Page != 2 {
		t.Fatalf("pages: %+v", r.Pages)
	}
	p1, p2 := r.Pages[0], r.Pages[1]
	if p1.Initiative == nil || p1.Initiative.Advance != 3 || p1.Initiative.Winner != "x" || p2.Initiative != nil {
		t.Errorf("initiative: %+v, %+v", p1.Initiative, p2.Initiative)
	}
	if !p1.Ended || p2.Ended {
		t.Errorf("ended: %v %v", p1.Ended, p2.Ended)
	}
	if len(p1.Events) != 6 || len(p2.Events) != 3 {
		t.Errorf("events per page: %d, %d", len(p1.Events), len(p2.Events))
	}
	// Who acted: the attack and the reaction on page 1 (its panel owed,
	// so none spent this page, p. 31); a pass is not acting.
	if want := []Acted{{"b", 1}, {"a", 0}}; !reflect.DeepEqual(p1.Acted, want) {
		t.Errorf("page 1 acted %v, want %v", p1.Acted, want)
	}
	if want := []Acted{{"b", 2}, {"a", 1}}; !reflect.DeepEqual(p2.Acted, want) {
		t.Errorf("page 2 acted %v, want %v", p2.Acted, want)
	}
	if want := []string{"a: ok → dazed"}; !reflect.DeepEqual(p1.Conditions, want) || len(p2.Conditions) != 0 {
		t.Errorf("conditions %v, %v; want %v and none", p1.Conditions, p2.Conditions, want)
	}
	tests := []struct {
		id    string
		start Vitals
		pages []Vitals
	}{
		// Starts at the first attack's "before"; page 1 ends at the
		// attack's 26 health and the recovery's 29 stamina; page 2 is
		// being played, so it shows the current 22 and 18.
		{"a", Vitals{30, 40}, []Vitals{{26, 29}, {22, 18}}},
		// Nothing touched b: its current values throughout.
		{"b", Vitals{20, 20}, []Vitals{{20, 20}, {20, 20}}},
		{"m", Vitals{0, 0}, []Vitals{{0, 0}, {0, 0}}},
	}
	if len(r.Combatants) != len(tests) {
		t.Fatalf("%d combatants", len(r.Combatants))
	}
	for i, tc := range tests {
		c := r.Combatants[i]
		if c.ID != tc.id || c.Start != tc.start {
			t.Errorf("%s: start %+v, want %+v", c.ID, c.Start, tc.start)
		}
		var got []Vitals
		for j, p := range c.Pages {
			if p.Page != j+1 {
				t.Errorf("%s: point %d is page %d", c.ID, j, p.Page)
			}
			got = append(got, p.Vitals)
		}
		if !reflect.DeepEqual(got, tc.pages) {
			t.Errorf("%s: pages %v, want %v", c.ID, got, tc.pages)
		}
	}
	if a := r.Combatants[0]; a.HealthMax != 30 || a.StaminaMax != 40 || a.Battered != 3 || a.Dazed != 8 || a.Stunned != 4 || a.Condition != "ok" || a.Mundane {
		t.Errorf("a: %+v", a)
	}
	if m := r.Combatants[2]; !m.Mundane || m.Kind != "mundane" {
		t.Errorf("m: %+v", m)
	}
}

// An encounter with an empty log still reports (no pages), and every
// list is present for JSON.
func TestReportEmpty(t *testing.T) {
	e := &Encounter{Schema: SchemaVersion, Sides: []Side{{"x"}}, Combatants: []Combatant{{ID: "a", Side: "x", Hero: hero.Hero{Health: hero.Health{Max: 5, Current: 4}}}}}
	r := e.Report()
	if r.Pages == nil || len(r.Pages) != 0 || r.Standing == nil || len(r.Combatants) != 1 || r.Combatants[0].Pages == nil {
		t.Fatalf("%+v", r)
	}
	if r.Combatants[0].Start != (Vitals{4, 0}) {
		t.Errorf("start %+v", r.Combatants[0].Start)
	}
}
