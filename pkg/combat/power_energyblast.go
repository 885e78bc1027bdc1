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

// energyBlastAttack is the energy blast: 1 energy point a die, at most
// 10, neither side more than 2 dice ahead (p. 55); dividers count as 2
// lower, and below 2 are ignored (p. 38).
var energyBlastAttack = specialAttack{slug: kindEnergyBlast, power: rulebook.PowerEnergyBlast, energy: true, ranged: true,
	parryRow: rulebook.AttackEnergyBlast, splitsDice: true,
	lowers: 2, dividerNote: "energy blast: dividers count as 2 lower, and below 2 are ignored (pp. 38, 55)",
	cost: func(_ *hero.Hero, nh, ns int) (string, int, int, error) {
		if d := nh - ns; d > 2 || d < -2 {
			return "", 0, 0, reqErr("power-dice", "energy blast: %d health and %d stamina dice; neither side may be more than 2 dice ahead (p. 55)", nh, ns)
		}
		return "energy", nh + ns, 10, nil
	}}

// energyBlastImmunity is the immunity option's immunityRule: immune to
// the blast's own energy type (p. 55).
func energyBlastImmunity(h *hero.Hero, et string) string {
	if p := h.FindPower(rulebook.PowerEnergyBlast); p != nil && p.HasFlavour(et) && p.HasOption("immunity") {
		return "Energy Blast's immunity to its own type " + et + " (p. 55)"
	}
	return ""
}
