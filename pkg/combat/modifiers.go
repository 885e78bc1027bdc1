package combat

import (
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// The named modifiers below are the ones both Resolve and the one-off
// rulings (spandex tohit, dodge, parry) apply, kept here once.

// RangedParry reports whether a parry type is a ranged attack form (ranged
// weapon, ranged, energy blast), whose virtual damage comes off before
// knockback rather than after it (p. 36).
func RangedParry(p rulebook.ParryType) bool { return rangedParry(p) }

// ParryVirtualDamage rolls a successful parry's virtual damage (pp. 34,
// 36): the health dice, then the stamina dice (either may be nil), each
// at least 0, added together, plus damageBonus when it is positive (pass
// 0 when the parry does not add the parrier's damage bonus).
//
// The parry's virtual damage counts only as its total: a dice.DistRoller
// (the odds engine) hands the total out at once, each total weighted by
// the ways its dice make it, instead of every face of every die.
func ParryVirtualDamage(r dice.Roller, health, stamina *dice.Expr, damageBonus int) (int, error) {
	if dr, ok := r.(dice.DistRoller); ok {
		v, ok, err := dr.RollDist("parry virtual damage", func() (dice.Dist, bool) {
			return parryVirtualDist(health, stamina, damageBonus)
		})
		if err != nil || ok {
			return v, err
		}
	}
	vh, err := rollParsed(r, health, "parry virtual damage health")
	if err != nil {
		return 0, err
	}
	vs, err := rollParsed(r, stamina, "parry virtual damage stamina")
	if err != nil {
		return 0, err
	}
	return max(vh, 0) + max(vs, 0) + max(damageBonus, 0), nil
}

// parryVirtualDist is the exact distribution of ParryVirtualDamage's total.
func parryVirtualDist(health, stamina *dice.Expr, damageBonus int) (dice.Dist, bool) {
	d := dice.Const(max(damageBonus, 0))
	for _, e := range []*dice.Expr{health, stamina} {
		if e == nil {
			continue
		}
		de, ok := e.Ways64()
		if !ok {
			return dice.Dist{}, false
		}
		if d, ok = d.Add(de.AtLeast(0)); !ok {
			return dice.Dist{}, false
		}
	}
	return d, true
}
