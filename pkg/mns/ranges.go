package mns

import (
	"math"

	"github.com/codename-spandex/spandex/pkg/refusal"
)

// Ranges are a weapon's or a power's Short Range, Range Set and Maximum
// Range in meters, and the bonus to Attack of an explosion.
type Ranges struct {
	Short       float64 `json:"short"`
	Set         float64 `json:"set"`
	Max         float64 `json:"max"`
	AttackBonus float64 `json:"attack_bonus"`
}

// RangeSets is how many range sets a target at distance is beyond short
// range, rounded up; 0 within short range (SectionRange). The Defense
// bonus is this number looked up on the Sphere Chart.
func RangeSets(distance float64, r Ranges) (int, error) {
	if err := r.checkSet(); err != nil {
		return 0, err
	}
	if distance <= r.Short {
		return 0, nil
	}
	return ceilDiv(distance-r.Short, r.Set), nil
}

// BeyondMaxPenalty is the Damage penalty of a target beyond maximum
// range: the distance past it divided by the range set, rounded up (a
// reading: the chapter's example divides exactly), not looked up on any
// chart; 0 within maximum range (SectionRange).
func BeyondMaxPenalty(distance float64, r Ranges) (int, error) {
	if err := r.checkSet(); err != nil {
		return 0, err
	}
	if distance <= r.Max {
		return 0, nil
	}
	return ceilDiv(distance-r.Max, r.Set), nil
}

func (r Ranges) checkSet() error {
	if !(r.Set > 0) || math.IsInf(r.Set, 0) {
		return refusal.Errorf("range set %v: must be above 0", r.Set)
	}
	if r.Short < 0 || r.Max < r.Short {
		return refusal.Errorf("short range %v and maximum range %v: need 0 <= short <= maximum", r.Short, r.Max)
	}
	return nil
}

// StandardRange is the standard range of a power or spell whose
// description gives none (SectionRanges), from its power rank (PR) or,
// for a spell, the levels applied to Spell Range (x) and the spell's
// range (spellRange); for "other" x is the power's maximum range.
//
//	beam       short PR/2, set PR/4, maximum 4×PR
//	explosion  short PR/5, set PR/10, maximum PR, +PR to Attack
//	center     short PR, set PR/2, maximum 2×PR (aiming an explosion)
//	other      short range/4, set range/8, maximum range
//	spell      short levels/2, set levels/4, maximum the spell's range
//
// The values are not rounded.
func StandardRange(kind string, x, spellRange float64) (Ranges, error) {
	if !(x > 0) || math.IsInf(x, 0) {
		return Ranges{}, refusal.Errorf("%v: give a number above 0", x)
	}
	switch kind {
	case "beam":
		return Ranges{Short: x / 2, Set: x / 4, Max: 4 * x}, nil
	case "explosion":
		return Ranges{Short: x / 5, Set: x / 10, Max: x, AttackBonus: x}, nil
	case "center":
		return Ranges{Short: x, Set: x / 2, Max: 2 * x}, nil
	case "other":
		return Ranges{Short: x / 4, Set: x / 8, Max: x}, nil
	case "spell":
		if !(spellRange > 0) {
			return Ranges{}, refusal.Errorf("a spell needs its range (above 0)")
		}
		return Ranges{Short: x / 2, Set: x / 4, Max: spellRange}, nil
	}
	return Ranges{}, refusal.Errorf("%q is not one of beam, explosion, center, other, spell", kind)
}

// ProjectileMissCM is how far a missed projectile goes wide, in
// centimeters: Defense minus Attack, times the distance to the target in
// meters (SectionMisses).
func ProjectileMissCM(attack, defense int, distance float64) float64 {
	return float64(defense-attack) * distance
}

// ThrownMissM is how far from the target a missed throw lands, in
// meters: Defense minus Attack, times the distance to the target, over
// 10; halved when the d8 for direction shows 3 or 7 (SectionMisses).
func ThrownMissM(attack, defense int, distance float64, d8 int) float64 {
	m := float64(defense-attack) * distance / 10
	if d8 == 3 || d8 == 7 {
		m /= 2
	}
	return m
}
