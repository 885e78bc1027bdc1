package encounter

import (
	"fmt"
	"strings"

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

// massText is a body's mass now in one line: the kilograms and each step
// that made them (pkg/combat's MassNow steps, without their pages).
func massText(m combat.BodyMass) string {
	parts := make([]string, 0, len(m.Steps))
	for _, st := range m.Steps {
		parts = append(parts, strings.TrimPrefix(st.Text, "own mass: "))
	}
	return fmt.Sprintf("%d kg (%s)", combat.WholeKg(m.Kg), strings.Join(parts, "; "))
}
