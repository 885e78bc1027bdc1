package encounter

import (
	"github.com/codename-spandex/spandex/pkg/combat"
)

// massOf is a combatant's mass now (pkg/combat's MassNow): its hero
// file's own mass, grown or denser, and the largest mass multiplier
// Density Control (Other) has put on it (pp. 54, 60-61).
func massOf(c *Combatant) combat.BodyMass {
	m := 0
	for _, ef := range c.Effects {
		if ef.Name == EffectMass {
			m = max(m, ef.Multiplier)
		}
	}
	return combat.MassNow(&c.Hero, stateNames(c), m)
}
