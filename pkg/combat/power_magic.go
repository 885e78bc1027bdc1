package combat

// Magic (pp. 62-65) in a fight: the eldritch bolt, an attack (p. 63). The
// spells' other rules are spells.go's; Hypnotism and Restraint are mental
// powers (mentalRule), here.

import (
	"fmt"
	"strings"

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

// hypnotism is the Hypnotism spell's mentalRule (p. 63): 10 magic points,
// win or lose; a magic attack (a will contest); won, 1d6 double-panels
// establishing control.
var hypnotism = mentalRule{
	MentalPower: MentalPower{rulebook.SpellHypnotism, rulebook.PowerMagic, MentalMagic, "magic", "always", "p. 63"},
	cost:        tenPoints,
	renewed:     true,
	outcome:     establishControl,
	worked:      controlEstablished,
}

// restraint is the Restraint spell's mentalRule (pp. 64-65): 1-10 magic
// points, strength 10 each; no attack roll, it binds a target within 20
// m unless it escapes at once (RestraintOn).
var restraint = mentalRule{
	MentalPower: MentalPower{rulebook.SpellRestraint, rulebook.PowerMagic, MentalMagic, "magic", "never", "pp. 64-65"},
	cost:        chosenPoints,
	outcome: func(u mentalUse, res *MentalResult) error {
		rs, err := RestraintOn(u.def, u.points)
		if err != nil {
			return err
		}
		res.Restraint = &rs
		res.Steps.Add(string(rulebook.SpellRestraint), "p. 64", "no attack roll is asked: the spell binds a target within 20 m")
		res.Steps = append(res.Steps, rs.Steps...)
		if !rs.Automatic && !rs.Free {
			res.State = StateBound
		}
		return nil
	},
	worked: func(b *strings.Builder, m *MentalResult) {
		r := m.Restraint
		switch {
		case r.Automatic:
			b.WriteString(", but Teleport or Phasing escapes it at once")
		case r.Free:
			fmt.Fprintf(b, ", but escape chance %d%% frees at once", r.Chance)
		default:
			fmt.Fprintf(b, ", bound (strength %d, escape chance %d%%)", r.Strength, r.Chance)
		}
	},
}
