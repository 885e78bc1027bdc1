package combat

// Immunity (p. 61): "You are completely immune to damage from one type of
// energy" (the power's flavour). An attack carrying that energy does no
// damage and no knockback; Environmental Control's heat is fire's and
// its cold cold's (p. 58). The energy types a hero file lists in
// combat.immunities count the same (immuneToEnergy).

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// immunityPower is the Immunity power's immunityRule.
func immunityPower(h *hero.Hero, et string) string {
	if p := h.FindPower(rulebook.PowerImmunity); p != nil && p.HasFlavour(et) {
		return "Immunity to " + et + " (p. 61)"
	}
	return ""
}
