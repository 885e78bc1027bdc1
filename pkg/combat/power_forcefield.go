package combat

// Forcefield's personal forcefield (p. 59): always up, it takes its
// strength off every physical or energy attack, not knockback. Force
// walls and shields are effects of the fight (pkg/encounter's
// power_forcefield.go), stopped here as a barrier (Situation.ForceBarrier).

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// personalForcefieldAbsorbs is the personal forcefield's absorberRule: its
// strength, unless it is down or the attack's kind passes forcefields.
func personalForcefieldAbsorbs(def *hero.Hero, sit Situation, k AttackKind) (string, int) {
	if sit.ForcefieldDown || !k.StoppedByForcefield() {
		return "", 0
	}
	return "personal forcefield (p. 59)", forcefieldHealth(def)
}

// forcefieldHealth is the personal forcefield's strength, rolled when the
// power was gained (p. 59), or 0.
func forcefieldHealth(h *hero.Hero) int {
	p := h.FindPower(rulebook.PowerForcefield)
	if p == nil || !p.HasFlavour("personal-forcefield") {
		return 0
	}
	for _, k := range []string{"personal-forcefield", "health", "strength"} {
		if v, ok := p.Values[k]; ok && v > 0 {
			return v
		}
	}
	return 0
}
