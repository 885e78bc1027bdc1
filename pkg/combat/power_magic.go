package combat

// Magic (pp. 62-65) in a fight: the eldritch bolt, an attack (p. 63). The
// spells' other rules are spells.go's; Hypnotism and Restraint are mental
// powers (power_hypnotism.go, power_restraint.go).

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// eldritchBolt is the eldritch bolt (p. 63): "1d6 health damage or 1d6
// stamina damage per two magic points", split as the caster sees fit,
// ignoring dividers; a speciality costs half (rounded up) and may use 10
// dice an action.
var eldritchBolt = specialAttack{slug: kindEldritch, ranged: true, parryRow: rulebook.AttackEnergyBlast, splitsDice: true,
	ignoresDividers: true, dividerNote: kindEldritch + " ignores dividers (pp. 63, 68)",
	cost: func(att *hero.Hero, nh, ns int) (string, int, int, error) {
		cost, capDice := 2*(nh+ns), 5
		if SpellSpeciality(att, kindEldritch) {
			cost, capDice = SpecialityCost(cost, true), 10
		}
		return "magic", cost, capDice, nil
	}}
