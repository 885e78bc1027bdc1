package encounter

// The autopilot's emergency aid (p. 38): a combatant at death's door dies
// after five minutes (rulebook.DeathsDoorPages pages) unless given CPR or
// similar emergency aid (`fight act --aid`). The autopilot gives it only
// when the dying ally would otherwise die: on the page at whose end its
// five minutes run out, the first ally of its side to act with a
// double-panel left gives it CPR before anything else. Until then an
// ally's panels are the fight's (a fight seldom lasts 139 pages); a GM who
// wants the aid sooner gives it with `fight act --aid` (docs/rules-notes.md).

import (
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// autoAid gives CPR for c (whose turn it is) to the first ally, in file
// order, who dies at death's door at the end of this page without it
// (p. 38); done reports that c gave it (or that the aid failed, err). An
// aid the rules refuse (no double-panel left) changes nothing and leaves
// done false.
func (e *Encounter) autoAid(ctx Ctx, c *Combatant) (done bool, err error) {
	if e.PhaseLeft(c) < rulebook.DoublePanel {
		return false, nil
	}
	for i := range e.Combatants {
		o := &e.Combatants[i]
		if o == c || o.Gone != "" || !dyingThisPage(o) || e.FightsFor(o) != e.FightsFor(c) {
			continue
		}
		if err := e.Aid(ctx, Aid{Actor: c.ID, Target: o.ID, Note: "the autopilot: its five minutes end with this page"}); err == nil {
			return true, nil
		}
	}
	return false, nil
}

// dyingThisPage reports whether o dies at death's door at the end of this
// page unless aided: its last page of five minutes (p. 38).
func dyingThisPage(o *Combatant) bool {
	return combat.AtDeathsDoor(&o.Hero) && o.Hero.Condition.DeathsDoorPages+1 >= rulebook.DeathsDoorPages
}
