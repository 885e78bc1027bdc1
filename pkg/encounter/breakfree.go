package encounter

import (
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// BreakFree is actor's attempt to break free of a Snare binding or a
// Restraint spell on its turn: it "may then make attempts to break free
// that take a double-panel per attempt" (pp. 64, 73), a d100 at most its
// escape chance (see escapeRoll). Under the option escape_rolls: page the
// attempts are the free rolls of each end of page instead, and this is
// refused.
//
// Dice: one d100 (and its hero point re-rolls).
func (e *Encounter) BreakFree(ctx Ctx, actor string) error {
	if e.Options.EscapeRolls == EscapeRollsPage {
		return refusal.Errorf("this fight rolls escapes at each end of page (escape_rolls: page), not on a turn")
	}
	c, err := e.turnOf(actor)
	if err != nil {
		return err
	}
	j := e.boundEscape(c)
	if j < 0 {
		return refusal.Errorf("%s is not bound by a snare or a restraint it can break (pp. 64, 72)", c.ID)
	}
	if err := e.spend(c, rulebook.DoublePanel); err != nil {
		return err
	}
	if _, err := e.escapeRoll(ctx, c, j, rulebook.DoublePanel); err != nil {
		return err
	}
	e.endAction(c)
	return nil
}

// boundEscape is the index of c's binding with an escape chance of 1% or
// more, or -1.
func (e *Encounter) boundEscape(c *Combatant) int {
	for j, ef := range c.Effects {
		if ef.Name == EffectBound && ef.EscapeChance != nil && *ef.EscapeChance >= 1 {
			return j
		}
	}
	return -1
}
