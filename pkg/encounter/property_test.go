package encounter

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// TestPanelInvariants drives random fights (initiative, actions of one
// and two panels, passes, holds, reactions of every cost and strike class,
// stuns, ends of page) and checks after every step, failed or not, that no
// panel count is ever negative, that nobody spends more than its panels
// per page plus its saved panel, that the free reactions and saved panels
// stay within the book's limits, and that the file still validates.
func TestPanelInvariants(t *testing.T) {
	base := newBank(t)
	ids := make([]string, len(base.Combatants))
	for i, c := range base.Combatants {
		ids[i] = c.ID
	}
	rapid.Check(t, func(rt *rapid.T) {
		e := *base
		e.Combatants = append([]Combatant(nil), base.Combatants...)
		e.Log = append([]Event(nil), base.Log...)
		e.Options.SavedPanels = rapid.IntRange(0, 2).Draw(rt, "saved_panels")
		r := dice.NewSeeded(rapid.Uint64().Draw(rt, "seed"))
		ctx := Ctx{Roller: r}
		start := map[string]int{} // panels per page at the start of the page
		snapshot := func() {
			for i := range e.Combatants {
				start[e.Combatants[i].ID] = e.Combatants[i].Panels.PerPage
			}
		}
		snapshot()
		steps := rapid.IntRange(1, 80).Draw(rt, "steps")
		for s := 0; s < steps; s++ {
			switch op := rapid.IntRange(0, 6).Draw(rt, "op"); op {
			case 0:
				if e.RollInitiative(ctx) == nil {
					snapshot()
				}
			case 1, 2:
				if c := e.Current(); c != nil {
					n := rapid.IntRange(1, 2).Draw(rt, "panels")
					_ = e.Do(ctx, ActionRecord{Actor: c.ID, Kind: ActOther, Panels: n, Note: "acts"})
				}
			case 3:
				if c := e.Current(); c != nil {
					kind := rapid.SampledFrom([]string{ActPass, ActHold}).Draw(rt, "pass")
					_ = e.Do(ctx, ActionRecord{Actor: c.ID, Kind: kind})
				}
			case 4:
				_ = e.React(Reaction{
					Actor:       rapid.SampledFrom(ids).Draw(rt, "reactor"),
					Reaction:    "parry",
					Panels:      rapid.IntRange(0, 2).Draw(rt, "reaction_panels"),
					Extra:       rapid.IntRange(0, 1).Draw(rt, "extra"),
					StrikeClass: rapid.IntRange(0, 5).Draw(rt, "sc"),
				})
			case 5:
				c := e.Find(rapid.SampledFrom(ids).Draw(rt, "stunned"))
				c.Hero.Condition.Stunned = !c.Hero.Condition.Stunned
				e.refreshAll()
			case 6:
				if e.EndPage(ctx) == nil {
					snapshot()
				}
			}
			for i := range e.Combatants {
				c := &e.Combatants[i]
				p := c.Panels
				if p.PerPage < 0 || p.Saved < 0 || p.Used < 0 || p.Forfeited < 0 || p.Held < 0 || p.Owed < 0 || p.FreeReactions < 0 {
					rt.Fatalf("step %d: %s has a negative count: %+v", s, c.ID, p)
				}
				if p.Spent() > start[c.ID]+p.Saved {
					rt.Fatalf("step %d: %s spent %d of %d per page + %d saved: %+v", s, c.ID, p.Spent(), start[c.ID], p.Saved, p)
				}
				if left := e.PhaseLeft(c); left < 0 || left > p.PerPage+p.Saved {
					rt.Fatalf("step %d: %s may take %d panels now: %+v", s, c.ID, left, p)
				}
				if p.FreeReactions > rulebook.FreeReactionsPerPage || p.Saved > e.Options.SavedPanels || p.Held > e.Options.SavedPanels {
					rt.Fatalf("step %d: %s over a limit: %+v", s, c.ID, p)
				}
			}
			if err := e.Validate(); err != nil {
				rt.Fatalf("step %d: %v", s, err)
			}
		}
		// Every page ends: passing whoever acts empties the page in a
		// bounded number of turns.
		for n := 0; e.Current() != nil; n++ {
			if n > 3*len(e.Combatants) {
				rt.Fatalf("the page does not end (phase %s)", e.Phase)
			}
			_ = e.Do(ctx, ActionRecord{Actor: e.Current().ID, Kind: ActPass})
		}
	})
}
