package combat

// Energy Blast (p. 55) in a fight: a blast of 1d6 a point from the energy
// pool, split between health and stamina dice, neither more than 2 dice
// ahead; "h dividers and s dividers are treated as being 2 points lower"
// (p. 38); the immunity option makes its user immune to its own energy
// type.

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// energyBlastImmunity is the immunity option's immunityRule: immune to
// the blast's own energy type (p. 55).
func energyBlastImmunity(h *hero.Hero, et string) string {
	if p := h.FindPower(rulebook.PowerEnergyBlast); p != nil && p.HasFlavour(et) && p.HasOption("immunity") {
		return "Energy Blast's immunity to its own type " + et + " (p. 55)"
	}
	return ""
}
