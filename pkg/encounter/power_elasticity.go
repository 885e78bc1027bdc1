package encounter

// Elasticity (p. 55): a stretch is a move of a panel, rank 1 up to 6 m,
// rank 2 any distance, losing 1 stamina per 5 m or part beyond 20 m
// (`fight act --move M --stretch`).

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// elasticityRule is Elasticity's row of powerRules.
var elasticityRule = powerRule{
	Movement: func(d *doing) error {
		if d.a.Teleport || d.a.Upwards {
			return refusal.Errorf("stretch: a stretch is not a teleport")
		}
		s, st, err := combat.StretchCost(d.c.Hero.PowerRank(rulebook.PowerElasticity), d.a.Metres)
		if err != nil {
			return err
		}
		d.moveCost = s
		d.steps = append(d.steps, st...)
		d.ev.Kind = KindMove
		d.ev.Summary = fmt.Sprintf("%s stretches %d m", d.c.ID, d.a.Metres)
		if s > 0 {
			d.ev.Summary += fmt.Sprintf(", losing %d stamina", s)
		}
		return nil
	},
	Moved: func(d *doing, _ dice.Roller) error {
		if d.moveCost > 0 {
			loseStamina(d.c, d.moveCost)
			d.ev.Summary += fmt.Sprintf(" (stamina %d of %d)", d.c.Hero.Stamina.Current, d.c.Hero.Stamina.Max)
		}
		return nil
	},
}
