package encounter

import (
	"bytes"
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/odds"
	"github.com/codename-spandex/spandex/pkg/override"
)

// oddsOf is the exact probability of label in table, as num/den.
func oddsOf(t *testing.T, od *odds.Odds, table, label string) (uint64, uint64) {
	t.Helper()
	for _, tb := range od.Tables {
		if tb.Name != table {
			continue
		}
		for _, o := range tb.Outcomes {
			if o.Label == label {
				return o.Num, o.Den
			}
		}
	}
	t.Fatalf("no %s %s in %+v", table, label, od.Tables)
	return 0, 0
}

// TestActOdds: the odds of The Guardian's punch on Nefario are Do's own,
// worked by hand (pp. 33, 36-37): a d20 of 8 or more hits (d20 + 2
// against 10): 13/20; 2d6 + 30 stamina, 42 on a double six, takes
// Nefario's 42 to 0 and out of the fight: 13/720. The fight is not
// changed.
func TestActOdds(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	before, err := Encode(e)
	must(t, err)
	req := combat.Request{Attack: "fist", Mode: combat.ModeStrike, Reaction: combat.Reaction{Kind: combat.ReactionNone}}
	act := StrikeAction{Strike: Strike{Actor: "guardian", Target: "nefario", Request: req}}
	od, err := ActOdds(e, act, func(out Outcome, o *odds.Observer) {
		o.Label("outcome", string(out.Attack.Outcome))
		o.Flag("nefario out", out.After.Find("nefario").Out())
		o.Value("events", len(out.Events))
	})
	must(t, err)
	if n, d := oddsOf(t, od, "outcome", "hit"); n != 13 || d != 20 {
		t.Errorf("hit %d/%d, want 13/20", n, d)
	}
	if n, d := oddsOf(t, od, "nefario out", "yes"); n != 13 || d != 720 {
		t.Errorf("out %d/%d, want 13/720", n, d)
	}
	after, err := Encode(e)
	must(t, err)
	if !bytes.Equal(before, after) {
		t.Error("ActOdds changed the fight")
	}
	// A refused action is refused, as Do refuses it.
	act.Strike.Actor = "nefario"
	_, err = ActOdds(e, act, func(Outcome, *odds.Observer) {})
	mustFail(t, err, "it is guardian's turn")
}

// TestAdjust: each override, its event, its refusals, and undo.
func TestAdjust(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	orig, err := Encode(e)
	must(t, err)
	state, err := Snapshot(e)
	must(t, err)
	n := len(e.Log)
	must(t, e.Adjust(Adjust{Who: "guardian", Change: override.Change{Health: -5, Stamina: -30}, Note: "masonry"}))
	must(t, e.RecordChange(state, n))
	g := e.Find("guardian")
	if g.Hero.Health.Current != 30 || g.Hero.Stamina.Current != 6 || g.Hero.Condition.State() != "dazed" {
		t.Fatalf("guardian %d/%d %s", g.Hero.Health.Current, g.Hero.Stamina.Current, g.Hero.Condition.State())
	}
	ev := e.Log[len(e.Log)-1]
	if ev.Kind != KindAdjust || ev.Actor != "guardian" {
		t.Fatalf("event %+v", ev)
	}
	u, err := Undo(e, 0)
	must(t, err)
	u.Log = e.Log[:n]
	back, err := Encode(u)
	must(t, err)
	if !bytes.Equal(back, orig) {
		t.Error("undo does not restore the file")
	}

	// Panels: taken from those left, given back from those spent (pp. 29-31).
	must(t, e.Adjust(Adjust{Who: "goon-1", Panels: -1}))
	if p := e.Find("goon-1").Panels; p.Left() != 1 || p.Forfeited != 1 {
		t.Errorf("goon-1 panels %+v", p)
	}
	must(t, e.Adjust(Adjust{Who: "goon-1", Panels: 1}))
	if p := e.Find("goon-1").Panels; p.Left() != 2 {
		t.Errorf("goon-1 panels %+v", p)
	}
	mustFail(t, e.Adjust(Adjust{Who: "goon-1", Panels: 1}), "has spent 0 this page")
	mustFail(t, e.Adjust(Adjust{Who: "goon-1", Panels: -3}), "has 2 left this page")

	// A state as the GM's effect; a side.
	must(t, e.Adjust(Adjust{Who: "goon-2", SetStates: []string{combat.StateInvisible}, Side: "heroes"}))
	g2 := e.Find("goon-2")
	if g2.Side != "heroes" || findEffect(g2, combat.StateInvisible) < 0 {
		t.Errorf("goon-2 %s %+v", g2.Side, g2.Effects)
	}
	must(t, e.Adjust(Adjust{Who: "goon-2", ClearStates: []string{combat.StateInvisible}}))
	mustFail(t, e.Adjust(Adjust{Who: "goon-2", ClearStates: []string{combat.StateInvisible}}), "is not invisible")
	mustFail(t, e.Adjust(Adjust{Who: "goon-2", SetStates: []string{combat.StateGrown}}), "grown changes the scores")
	mustFail(t, e.Adjust(Adjust{Who: "goon-2", Side: "police"}), `"police" is not a side`)
	mustFail(t, e.Adjust(Adjust{Who: "goon-2"}), "give something to adjust")
	mustFail(t, e.Adjust(Adjust{Who: "nobody", Panels: 1}), "nobody")
}

// TestJoin: arrivals act from the next page, or now; ids are numbered
// past those in the fight; a new side joins only between pages.
func TestJoin(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	goons := loadHeroes(t, "goons.jsonl")
	must(t, e.Join(Join{Entries: []Entry{{Side: "villains", Hero: goons[0]}, {Side: "villains", Hero: goons[1]}}}))
	for _, id := range []string{"goon-5", "goon-6"} {
		c := e.Find(id)
		if c == nil || c.Panels.PerPage != 0 {
			t.Fatalf("%s: %+v", id, c)
		}
	}
	must(t, e.Join(Join{Entries: []Entry{{Side: "heroes", Hero: loadHero(t, "guardian.json")}}, Now: true}))
	if c := e.Find("guardian-1"); c == nil || c.Panels.PerPage != 4 {
		t.Fatalf("guardian-1: %+v", c)
	}
	mustFail(t, e.Join(Join{Entries: []Entry{{Side: "army", Hero: goons[2]}}}), "a new side joins between pages")
	if e.Log[len(e.Log)-1].Kind != KindJoin {
		t.Error("no join event")
	}

	// Before initiative a new side joins and rolls with the others.
	f := newBank(t)
	must(t, f.Join(Join{Entries: []Entry{{Side: "army", Hero: goons[2]}}}))
	if c := f.Find("goon"); c == nil || c.Panels.PerPage != 2 || f.SideIndex("army") != 2 {
		t.Fatalf("goon: %+v", c)
	}
	initiative(t, f, 8, 3, 2)
}

// TestFinishDecided: once the fight is decided, any combatant standing may
// finish a helpless one out of turn, spending no panels (p. 43).
func TestFinishDecided(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	for _, id := range []string{"nefario", "goon-1", "goon-2", "goon-3", "goon-4"} {
		set := "unconscious"
		if id != "nefario" {
			set = "taken_out"
		}
		must(t, e.Adjust(Adjust{Who: id, Change: override.Change{Set: []string{set}}}))
	}
	if !e.Over() {
		t.Fatal("the fight goes on")
	}
	req := combat.Request{Attack: "fist", Mode: combat.ModeFinishing, Reaction: combat.Reaction{Kind: combat.ReactionNone}}
	used := e.Find("guardian").Panels.Used
	must(t, e.Do(gm(4), StrikeAction{Strike: Strike{Actor: "guardian", Target: "nefario", Request: req}}))
	n := e.Find("nefario")
	if !n.Hero.Condition.KnockedOut || n.Hero.Condition.KnockedOutHours != 4 {
		t.Errorf("nefario %+v", n.Hero.Condition)
	}
	if e.Find("guardian").Panels.Used != used {
		t.Error("panels spent")
	}
	req.Mode = combat.ModeStrike
	mustFail(t, e.Do(gm(), StrikeAction{Strike: Strike{Actor: "guardian", Target: "nefario", Request: req}}), "the fight is over")
}
