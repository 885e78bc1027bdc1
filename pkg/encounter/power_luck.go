package encounter

// Luck (p. 62): "When something unfortunate would happen to you ... you
// may roll 1d100. If you roll less than or equal to your luck chance then
// no harm comes to you"; "You may only use your luck chance once per
// page". The chance, 1d3 × will, is rolled when the power is gained and
// kept as its "chance" value. `fight luck` asks the power's Avoid rule
// (Encounter.Luck); a GM may give a chance of its own (--chance), for a
// combatant without the power too.

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// luckRule is Luck's row of powerRules.
var luckRule = powerRule{Avoid: luckAvoids}

// luckAvoids rolls c's luck to avoid what: d100 ≤ the luck chance, once a
// page (p. 62). chance 0 reads the Luck power's "chance" value. It takes
// no panels.
//
// Dice: one d100.
func luckAvoids(e *Encounter, ctx Ctx, c *Combatant, chance int, what string) (bool, error) {
	id := c.ID
	if chance == 0 {
		p := c.Hero.FindPower(rulebook.PowerLuck)
		if p == nil {
			return false, refusal.Errorf("%s has no Luck power (give the chance with --chance)", id)
		}
		chance = p.Values["chance"]
		if chance == 0 {
			return false, refusal.Errorf("%s's Luck power has no chance value (give it with --chance)", id)
		}
	}
	if chance < 0 || chance > 1000 {
		return false, refusal.Errorf("luck chance %d is outside 1-1000", chance)
	}
	if c.LuckPage != nil && *c.LuckPage == e.Page {
		return false, refusal.Errorf("%s has already used luck on page %d (once per page, p. 62)", id, e.Page)
	}
	rec := dice.NewRecorder(ctx.Roller)
	roll, err := rec.Roll(rulebook.LuckDie, "luck for "+id)
	if err != nil {
		return false, err
	}
	page := e.Page
	c.LuckPage = &page
	ok := roll <= chance
	var steps ruling.Steps
	verdict := "bad luck"
	if ok {
		verdict = "avoided"
	}
	steps.Add(string(rulebook.PowerLuck), "p. 62", "d100 %d against luck chance %d: %s", roll, chance, verdict)
	summary := fmt.Sprintf("%s's luck: %d against %d, %s", id, roll, chance, verdict)
	if what != "" {
		summary += ": " + what
	}
	e.appendEvent(Event{Kind: KindLuck, Actor: id, Summary: summary, Seed: ctx.Seed, Dice: rec.Rolls(), Steps: steps})
	return ok, nil
}
