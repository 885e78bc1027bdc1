package encounter

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// The first page of the bank fight (pp. 30, 40-41), panel by panel, with
// the reactions booked as the book describes them.
func TestBankFightPanels(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	if e.Initiative.Advance != 3 {
		t.Fatalf("8 vs 3: %d advance panels, want 3", e.Initiative.Advance)
	}
	// "The Guardian and the police officers getting 3 panels each.
	// However ... they only get 2."
	wantTurn(t, e, "guardian", 3)
	q := e.NextTurn().Queue
	if len(q) != 2 || q[0].Panels != 2 || q[1].Panels != 2 {
		t.Fatalf("police queue %+v, want two officers with 2 panels", q)
	}
	must(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActMove, Metres: 7}))
	other(t, e, "guardian", 1) // the punch
	must(t, e.React(Reaction{Actor: "nefario", Against: "guardian", Reaction: "parry", Panels: 1, StrikeClass: 2}))
	if p := panelsOf(t, e, "nefario"); p.Owed != 1 || p.FreeReactions != 0 {
		t.Fatalf("Nefario's parry: %+v, want 1 owed", p)
	}
	must(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActMove, Metres: 2}))
	other(t, e, "police-officer-1", 2)
	other(t, e, "police-officer-2", 1)
	other(t, e, "police-officer-2", 1)
	// "He would normally get all four ... but he used one up in advance
	// parrying ... so he only has three left."
	if e.Phase != PhaseLosers {
		t.Fatalf("phase %s, want losers", e.Phase)
	}
	wantTurn(t, e, "nefario", 3)
	must(t, e.Do(Ctx{}, ActionRecord{Actor: "nefario", Kind: ActMove, Metres: 15})) // flight
	other(t, e, "nefario", 2)                                                       // the energy blast
	must(t, e.React(Reaction{Actor: "guardian", Against: "nefario", Reaction: "brace", Panels: 0, StrikeClass: 3}))
	if p := panelsOf(t, e, "guardian"); p.Owed != 0 {
		t.Fatalf("bracing owes %d, want 0 (p. 35)", p.Owed)
	}
	for _, g := range []string{"goon-1", "goon-2", "goon-3", "goon-4"} {
		wantTurn(t, e, g, 2)
		other(t, e, g, 1)
		must(t, e.Do(Ctx{}, ActionRecord{Actor: g, Kind: ActGrab, Object: "hostage"}))
	}
	// "Now that the bad guys have had their turns, it's back to The
	// Guardian. She still has a panel remaining"; the police have none.
	if e.Phase != PhaseRemainder {
		t.Fatalf("phase %s, want remainder", e.Phase)
	}
	wantTurn(t, e, "guardian", 1)
	if q := e.NextTurn().Queue; len(q) != 0 {
		t.Fatalf("after The Guardian: %+v, want nobody", q)
	}
	must(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActMove, Metres: 7}))
	if e.Phase != PhaseEnd {
		t.Fatalf("phase %s, want end", e.Phase)
	}
	for id, want := range map[string]int{"guardian": 4, "nefario": 4, "police-officer-1": 2, "goon-4": 2} {
		if p := panelsOf(t, e, id); p.Used != want || p.Left() != 0 || p.Owed != 0 {
			t.Errorf("%s: %+v, want %d used and none left or owed", id, p, want)
		}
	}
}

// "She can't take two double-panel actions immediately, because she only
// has three panels to take ... she can take one now and save her third
// panel until after the villains act so that she can combine it with her
// fourth one" (p. 30); a double-panel cannot straddle a break (p. 31).
func TestDoublePanelCannotFit(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	other(t, e, "guardian", 2)
	wantTurn(t, e, "guardian", 1)
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActOther, Panels: 2, Note: "second double"}), "double-panel needs two consecutive panels")
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActHold}), "acts again after the losers")
	pass(t, e, "guardian")
	for _, id := range []string{"police-officer-1", "police-officer-2", "nefario", "goon-1", "goon-2", "goon-3", "goon-4"} {
		pass(t, e, id)
	}
	wantTurn(t, e, "guardian", 2)
	other(t, e, "guardian", 2)
	if p := panelsOf(t, e, "guardian"); p.Used != 4 {
		t.Fatalf("%+v", p)
	}
	// A power is a double-panel by default; one panel left cannot take it.
	e = newBank(t)
	initiative(t, e, 2, 1) // difference 1: one advance panel
	wantTurn(t, e, "guardian", 1)
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActPower, Power: "wallcrawling"}), "cannot be started now and finished later")
	if p := panelsOf(t, e, "guardian"); p.Used != 0 {
		t.Fatalf("a refused action spent panels: %+v", p)
	}
}

// "Saving a single panel in this way can also be done from page to page"
// (p. 30): a held panel joins the first turn of the next page.
func TestSavingPanelsAcrossPages(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	other(t, e, "guardian", 2)
	pass(t, e, "guardian")
	for _, id := range []string{"police-officer-1", "police-officer-2", "nefario", "goon-1", "goon-2", "goon-3", "goon-4"} {
		pass(t, e, id)
	}
	wantTurn(t, e, "guardian", 2)
	other(t, e, "guardian", 1)
	must(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActHold}))
	if p := panelsOf(t, e, "guardian"); p.Held != 1 || p.Used != 3 {
		t.Fatalf("%+v", p)
	}
	must(t, e.EndPage(gm()))
	if p := panelsOf(t, e, "guardian"); p.Saved != 1 || p.Held != 0 || p.Used != 0 {
		t.Fatalf("next page: %+v, want 1 saved", p)
	}
	// A difference of 1 gives 1 advance panel; with the saved one, 2: a
	// double-panel fits.
	initiative(t, e, 6, 5)
	wantTurn(t, e, "guardian", 2)
	other(t, e, "guardian", 2)
	// ... and the page's total is panels per page plus the saved panel.
	passAll(t, e)
	if p := panelsOf(t, e, "guardian"); p.Used+p.Forfeited != 5 {
		t.Fatalf("%+v: want 5 panels in a page with one saved", p)
	}
}

// Only Options.SavedPanels carry over; the rest of a hold is given up.
func TestHoldingMoreThanOnePanel(t *testing.T) {
	for _, tc := range []struct{ saved, wantHeld, wantGone int }{{1, 1, 3}, {2, 2, 2}, {0, 0, 4}} {
		s := bankSetup(t)
		s.Options = Options{SavedPanels: tc.saved, HalfPanels: "down"}
		if tc.saved == 0 {
			s.Options.HalfPanels = "up" // a non-zero Options so New keeps SavedPanels 0
		}
		e, err := New(s)
		must(t, err)
		initiative(t, e, 3, 8) // villains win: the heroes' only turn is the losers phase
		passAll(t, e)          // everyone passes ...
		if e.Phase != PhaseEnd {
			t.Fatalf("phase %s", e.Phase)
		}
		e = mustNew(t, s)
		initiative(t, e, 3, 8)
		for id, _ := current(e); id != "guardian"; id, _ = current(e) {
			pass(t, e, id)
		}
		must(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActHold}))
		p := panelsOf(t, e, "guardian")
		if p.Held != tc.wantHeld || p.Forfeited != tc.wantGone {
			t.Fatalf("saved_panels %d: %+v", tc.saved, p)
		}
		passAll(t, e)
		must(t, e.EndPage(gm()))
		if got := panelsOf(t, e, "guardian").Saved; got != tc.wantHeld {
			t.Fatalf("saved_panels %d: %d saved", tc.saved, got)
		}
	}
}

func mustNew(t testing.TB, s Setup) *Encounter {
	t.Helper()
	e, err := New(s)
	must(t, err)
	return e
}

// Reactions taken out of turn are paid back from the next panels, and
// nothing else can be done until they are (p. 31).
func TestOwedReactions(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	// Nefario reacts three times to double-panel attacks: 6 panels owed.
	for i := 0; i < 3; i++ {
		must(t, e.React(Reaction{Actor: "nefario", Against: "guardian", Reaction: "dodge", Panels: 2, StrikeClass: 3}))
	}
	other(t, e, "guardian", 2)
	other(t, e, "guardian", 1)
	pass(t, e, "police-officer-1")
	pass(t, e, "police-officer-2")
	// His whole page pays back 4; he never gets a turn.
	if id, _ := current(e); id != "goon-1" {
		t.Fatalf("turn: %s, want goon-1 (Nefario repays with every panel)", id)
	}
	if p := panelsOf(t, e, "nefario"); p.Owed != 2 || p.Used != 4 {
		t.Fatalf("%+v, want 4 repaid and 2 still owed", p)
	}
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "nefario", Kind: ActMove, Metres: 1}), "it is goon-1's turn")
	passAll(t, e)
	must(t, e.EndPage(gm(1, 1)))
	if p := panelsOf(t, e, "nefario"); p.Owed != 2 {
		t.Fatalf("owed after the page: %+v", p)
	}
	// Next page the villains win: he pays 2 of his 4 advance panels.
	initiative(t, e, 1, 10)
	wantTurn(t, e, "nefario", 2)
	if p := panelsOf(t, e, "nefario"); p.Owed != 0 || p.Used != 2 {
		t.Fatalf("%+v", p)
	}
}

// Skipped panels at the end of a page pay back what is owed.
func TestUntakenPanelsRepay(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	must(t, e.React(Reaction{Actor: "guardian", Against: "goon-1", Reaction: "parry", Panels: 1, StrikeClass: 2}))
	// The GM ends the page at once: the Guardian's 4 untaken panels repay.
	must(t, e.EndPage(gm()))
	if p := panelsOf(t, e, "guardian"); p.Owed != 0 {
		t.Fatalf("%+v", p)
	}
}

// Heroes and villains get four free reactions a page against strike class
// 0-1 (p. 31); extras are never free (pp. 34-35); mundane characters get
// none.
func TestFreeReactions(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	for i := 1; i <= 4; i++ {
		must(t, e.React(Reaction{Actor: "guardian", Against: "goon-1", Reaction: "parry", Panels: 1, StrikeClass: 1}))
		if p := panelsOf(t, e, "guardian"); p.FreeReactions != i || p.Owed != 0 {
			t.Fatalf("free reaction %d: %+v", i, p)
		}
	}
	must(t, e.React(Reaction{Actor: "guardian", Against: "goon-1", Reaction: "parry", Panels: 1, StrikeClass: 1}))
	// It is her turn, so the owed panel is paid at once from it.
	if p := panelsOf(t, e, "guardian"); p.FreeReactions != 4 || p.Owed != 0 || p.Used != 1 {
		t.Fatalf("fifth: %+v, want 1 owed and repaid", p)
	}
	// Strike class 2 is never free.
	must(t, e.React(Reaction{Actor: "nefario", Against: "guardian", Reaction: "dodge", Panels: 1, StrikeClass: 2}))
	if p := panelsOf(t, e, "nefario"); p.FreeReactions != 0 || p.Owed != 1 {
		t.Fatalf("SC 2: %+v", p)
	}
	// A free block still owes the pick-up panel.
	must(t, e.React(Reaction{Actor: "nefario", Against: "goon-1", Reaction: "block", Panels: 1, Extra: 1, StrikeClass: 0}))
	if p := panelsOf(t, e, "nefario"); p.FreeReactions != 1 || p.Owed != 2 {
		t.Fatalf("free block with pick-up: %+v", p)
	}
	// Bracing takes nothing and uses no free reaction.
	must(t, e.React(Reaction{Actor: "nefario", Against: "goon-1", Reaction: "brace", StrikeClass: 1}))
	if p := panelsOf(t, e, "nefario"); p.FreeReactions != 1 || p.Owed != 2 {
		t.Fatalf("brace: %+v", p)
	}
	// The police are mundane: no free reactions.
	must(t, e.React(Reaction{Actor: "police-officer-1", Against: "goon-1", Reaction: "dodge", Panels: 1, StrikeClass: 1}))
	if p := panelsOf(t, e, "police-officer-1"); p.FreeReactions != 0 || p.Owed != 1 {
		t.Fatalf("police: %+v", p)
	}
	// The count starts again each page.
	must(t, e.EndPage(gm(1, 1)))
	if p := panelsOf(t, e, "guardian"); p.FreeReactions != 0 {
		t.Fatalf("%+v", p)
	}
	mustFail(t, e.React(Reaction{Actor: "nobody", Reaction: "parry", Panels: 1}), `"nobody" is not a combatant`)
	mustFail(t, e.React(Reaction{Actor: "guardian", Reaction: "parry", Panels: 3}), "0-2 panels")
}

// The surprising side takes two panels each; nobody may react to them
// unless never surprised (p. 29; Danger Sense p. 54, Animal Senses p. 74).
func TestSurprise(t *testing.T) {
	s := bankSetup(t)
	s.Surprise = "villains"
	e := mustNew(t, s)
	if e.Page != 0 || e.Phase != PhaseSurprise {
		t.Fatalf("page %d phase %s", e.Page, e.Phase)
	}
	wantTurn(t, e, "nefario", 2)
	if p := panelsOf(t, e, "guardian"); p.PerPage != 0 {
		t.Fatalf("the surprised get no panels: %+v", p)
	}
	mustFail(t, e.React(Reaction{Actor: "guardian", Against: "nefario", Reaction: "brace", StrikeClass: 3}), "surprised")
	other(t, e, "nefario", 2)
	for _, g := range []string{"goon-1", "goon-2", "goon-3", "goon-4"} {
		wantTurn(t, e, g, 2)
		mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: g, Kind: ActHold}), "surprise round")
		other(t, e, g, 1)
		other(t, e, g, 1)
	}
	if id, _ := current(e); id != "" {
		t.Fatalf("after the surprise round: %s acts", id)
	}
	mustFail(t, e.EndPage(gm()), "not a page")
	// Danger Sense and Animal Senses are never surprised.
	{
		e := mustNew(t, s)
		g := e.Find("guardian")
		g.Hero.Powers = append(append([]hero.Power(nil), g.Hero.Powers...), hero.Power{Slug: "danger-sense", Name: "Danger Sense", Rank: 1, MaxRank: 1})
		must(t, e.React(Reaction{Actor: "guardian", Against: "nefario", Reaction: "brace", StrikeClass: 3}))
	}
	{
		e := mustNew(t, s)
		g := e.Find("guardian")
		g.Hero.Powers = append([]hero.Power(nil), g.Hero.Powers...)
		ss := g.Hero.FindPower("super-senses")
		ss.Flavours = append(append([]hero.Flavour(nil), ss.Flavours...), hero.Flavour{Slug: "animal-senses", Name: "Animal Senses"})
		must(t, e.React(Reaction{Actor: "guardian", Against: "nefario", Reaction: "brace", StrikeClass: 3}))
		// ... while nobody else on the side may react.
		mustFail(t, e.React(Reaction{Actor: "police-officer-1", Against: "nefario", Reaction: "dodge", Panels: 1, StrikeClass: 3}), "surprised")
	}
	// Initiative closes the round and starts page 1 with full panels.
	initiative(t, e, 8, 3)
	if e.Page != 1 || e.Phase != PhaseAdvance {
		t.Fatalf("page %d phase %s", e.Page, e.Phase)
	}
	wantTurn(t, e, "guardian", 3)
	if p := panelsOf(t, e, "nefario"); p.PerPage != 4 || p.Used != 0 {
		t.Fatalf("page 1: %+v", p)
	}
	// Closing a surprise round early gives up its remaining panels.
	e = mustNew(t, s)
	initiative(t, e, 2, 9)
	wantTurn(t, e, "nefario", 4)
	if p := panelsOf(t, e, "goon-1"); p.Used != 0 || p.Forfeited != 0 {
		t.Fatalf("the surprise round's panels leaked into page 1: %+v", p)
	}
}

// Stunned characters get two panels, mundane ones two, sidekicks by rank,
// duplicates two; Density Control, Gravity and Mind Control halve them;
// the unconscious get none (pp. 29, 38, 54, 57, 68, 71).
func TestPanelsPerPage(t *testing.T) {
	g := loadHero(t, "guardian.json")
	cases := []struct {
		name  string
		setup func(c *Combatant)
		opts  Options
		want  int
	}{
		{"hero", func(c *Combatant) {}, DefaultOptions(), 4},
		{"stunned", func(c *Combatant) { c.Hero.Condition.Stunned = true }, DefaultOptions(), 2},
		{"unconscious", func(c *Combatant) { c.Hero.Condition.Unconscious = true }, DefaultOptions(), 0},
		{"battered", func(c *Combatant) { c.Hero.Condition.Battered = true }, DefaultOptions(), 0},
		{"sidekick rank 1", func(c *Combatant) { c.PanelsBase = 2 }, DefaultOptions(), 2},
		{"duplicate", func(c *Combatant) { c.DuplicateOf = "x" }, DefaultOptions(), 2},
		{"mind controlled", func(c *Combatant) { c.Effects = []Effect{{Name: "mind-control", HalvesPanels: true}} }, DefaultOptions(), 2},
		{"mass and stunned", func(c *Combatant) {
			c.Hero.Condition.Stunned = true
			c.Effects = []Effect{{Name: "mass", Multiplier: 2, HalvesPanels: true}}
		}, DefaultOptions(), 1},
		{"sidekick 3 halved down", func(c *Combatant) {
			c.PanelsBase = 3
			c.Effects = []Effect{{Name: "gravity", Multiplier: 2, HalvesPanels: true}}
		}, DefaultOptions(), 1},
		{"sidekick 3 halved up", func(c *Combatant) {
			c.PanelsBase = 3
			c.Effects = []Effect{{Name: "gravity", Multiplier: 2, HalvesPanels: true}}
		}, Options{SavedPanels: 1, HalfPanels: "up"}, 2},
		{"immobilised", func(c *Combatant) { c.Effects = []Effect{{Name: "mass", Multiplier: 4, Immobilised: true}} }, DefaultOptions(), 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := &Combatant{ID: "g", Hero: *g}
			tc.setup(c)
			if got, why := c.EffectivePanels(tc.opts); got != tc.want {
				t.Fatalf("got %d (%v), want %d", got, why, tc.want)
			}
		})
	}
	// Sidekick ranks through New.
	for rank, want := range map[int]int{1: 2, 2: 3, 3: 4} {
		s := bankSetup(t)
		s.Sidekicks = map[string]int{"guardian": rank}
		e := mustNew(t, s)
		if got := panelsOf(t, e, "guardian").PerPage; got != want {
			t.Errorf("sidekick rank %d: %d panels, want %d", rank, got, want)
		}
	}
	s := bankSetup(t)
	s.Sidekicks = map[string]int{"guardian": 4}
	if _, err := New(s); err == nil {
		t.Fatal("sidekick rank 4 accepted")
	}
}

// Stunned mid-page: the panels drop at once and moving is refused.
func TestStunnedMidPage(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 3, 8) // villains win
	g := e.Find("guardian")
	g.Hero.Condition.Stunned = true
	e.refreshAll()
	passAll(t, e)
	if p := panelsOf(t, e, "guardian"); p.PerPage != 2 || p.Forfeited != 2 {
		t.Fatalf("%+v", p)
	}
	e = newBank(t)
	initiative(t, e, 8, 3)
	e.Find("guardian").Hero.Condition.Stunned = true
	e.refreshAll()
	wantTurn(t, e, "guardian", 2)
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActMove, Metres: 1}), "stunned characters cannot move")
}

// Super Speed acts first on its side whatever the agility (p. 75).
func TestSuperSpeedFirst(t *testing.T) {
	s := bankSetup(t)
	for i := range s.Entries {
		if s.Entries[i].Hero.Name == "Goon" && s.Entries[i].Hero.Abilities.Final.Agility == 6 {
			s.Entries[i].Hero.Powers = append(s.Entries[i].Hero.Powers, hero.Power{Slug: "super-speed", Name: "Super Speed", Rank: 1, MaxRank: -1})
		}
	}
	e := mustNew(t, s)
	initiative(t, e, 3, 8)
	wantTurn(t, e, "goon-4", 2)
	pass(t, e, "goon-4")
	wantTurn(t, e, "nefario", 3)
}

func TestMoves(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActMove, Metres: 8}), "at most 7 m")
	e.Find("guardian").Hero.Condition.Dazed = true
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActMove, Metres: 4}), "at most 3 m")
	must(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActMove, Metres: 3}))
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActMove, Metres: -1}), "negative")
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "police-officer-1", Kind: ActMove, Metres: 1}), "it is guardian's turn")
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActOther, Panels: 3, Note: "x"}), "give 1 or 2")
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActOther, Panels: 1}), "say what")
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActPickUp}), "say what")
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActGrab, Target: "nefario"}), "to-hit roll")
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActPower, Power: "flight"}), "no power")
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: "fly"}), "unknown action")
	// Nefario flies farther than he walks.
	pass(t, e, "guardian")
	pass(t, e, "police-officer-1")
	pass(t, e, "police-officer-2")
	must(t, e.Do(Ctx{}, ActionRecord{Actor: "nefario", Kind: ActMove, Metres: 15}))
}

// Nobody acts between phases; the hints say what to do.
func TestBetweenPhases(t *testing.T) {
	e := newBank(t)
	n := e.NextTurn()
	if n.Actor != nil || n.Hint == "" || n.Over {
		t.Fatalf("%+v", n)
	}
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActPass}), "roll initiative")
	mustFail(t, e.EndPage(gm()), "roll initiative first")
	initiative(t, e, 8, 3)
	passAll(t, e)
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActPass}), "end the page")
}
