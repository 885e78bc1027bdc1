package encounter

import (
	"encoding/json"
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// TestWhy: every way of being out of the fight has one out_reason word,
// the worst first; stunned and dazed combatants still fight (p. 37).
func TestWhy(t *testing.T) {
	cases := []struct {
		name string
		cond hero.Condition
		gone string
		want string
	}{
		{"fighting", hero.Condition{}, "", ""},
		{"stunned still fights", hero.Condition{Stunned: true, Dazed: true}, "", ""},
		{"dazed still fights", hero.Condition{Dazed: true}, "", ""},
		{"punched out goon", hero.Condition{TakenOut: true}, "", "taken_out"},
		{"slammed unconscious", hero.Condition{Unconscious: true, Stunned: true}, "", "unconscious"},
		{"finishing move", hero.Condition{KnockedOut: true}, "", "knocked_out"},
		{"battered crawls", hero.Condition{Battered: true}, "", "battered"},
		{"death's door beats unconscious", hero.Condition{DeathsDoor: true, Unconscious: true}, "", "deaths_door"},
		{"dead", hero.Condition{Dead: true, DeathsDoor: true}, "", "dead"},
		{"fled", hero.Condition{}, "fled", "left"},
		{"fled while stunned", hero.Condition{Stunned: true}, "fled", "left"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := &Combatant{Gone: tc.gone}
			c.Hero.Condition = tc.cond
			if got := c.Why(); got != tc.want {
				t.Errorf("Why() = %q, want %q", got, tc.want)
			}
			if got := c.Out(); got != (tc.want != "") {
				t.Errorf("Out() = %v, want %v", got, tc.want != "")
			}
		})
	}
}

// TestOutInFile: the encoded file carries out and out_reason; the side
// counts and the winner follow.
func TestOutInFile(t *testing.T) {
	e := newBank(t)
	if e.Over() || e.Winner() != "" {
		t.Fatalf("a new fight is over: %v %q", e.Over(), e.Winner())
	}
	for i := range e.Combatants {
		if e.Combatants[i].Side == "villains" {
			e.Combatants[i].Hero.Condition.TakenOut = true
		}
	}
	data, err := Encode(e)
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Combatants []struct {
			ID        string `json:"id"`
			Side      string `json:"side"`
			Out       *bool  `json:"out"`
			OutReason *string
		} `json:"combatants"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	for _, c := range f.Combatants {
		if c.Out == nil {
			t.Fatalf("%s: no out field", c.ID)
		}
		if *c.Out != (c.Side == "villains") {
			t.Errorf("%s: out %v", c.ID, *c.Out)
		}
	}
	counts := e.SideCounts()
	want := []SideCount{{Name: "heroes", Standing: 3, Total: 3}, {Name: "villains", Standing: 0, Total: 5}}
	if len(counts) != 2 || counts[0] != want[0] || counts[1] != want[1] {
		t.Errorf("SideCounts() = %+v, want %+v", counts, want)
	}
	if !e.Over() || e.Winner() != "heroes" {
		t.Errorf("Over %v, Winner %q; want true, heroes", e.Over(), e.Winner())
	}
	n := e.NextTurn()
	if n.Actor != nil || n.Winner != "heroes" || n.Hint != "the fight is over: heroes won (every other side is out)" {
		t.Errorf("NextTurn() = %+v", n)
	}
	mustFail(t, e.RollInitiative(gm(8, 3)), "the fight is over: heroes won")
}
