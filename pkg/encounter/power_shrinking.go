package encounter

// Shrinking (pp. 70-71): `fight act --power shrinking` switches the
// shrunk state on or off (a double-panel). Shrunk, a combatant walks 1 m
// a panel, or half its flying speed; what the shrunk state changes in an
// attack (to hit, knockback) is pkg/combat's ApplyStates. Its regrowth
// slam's momentum check is Growth's (growthMomentum).

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// shrinkingRule is Shrinking's row of powerRules.
var shrinkingRule = powerRule{
	SwitchOn:    func(c *Combatant) error { return oneSize(c, combat.StateGrown) },
	SwitchedOff: "back to normal size",
	Walk: func(d *doing, fh *hero.Hero, _ int) (int, *ruling.Step, error) {
		m, flying := combat.ShrunkMovement(fh)
		if d.a.Metres > m {
			how := "1 m a panel"
			if flying {
				how = fmt.Sprintf("half its flying speed, %d m a panel", m)
			}
			return 0, nil, refusal.Errorf("%s is shrunk: it moves %s (p. 71)", d.c.ID, how)
		}
		return m, &ruling.Step{Rule: "move", Page: "p. 71", Text: fmt.Sprintf("shrunk: up to %d m a panel", m)}, nil
	},
}
