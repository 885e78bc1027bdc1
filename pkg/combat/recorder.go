package combat

import "github.com/codename-spandex/spandex/pkg/dice"

// recorder wraps the caller's roller and appends every die, with its
// purpose, to the result's Dice. It lives in the Resolver's pipeline so
// that recording does not allocate a separate object per attack.
type recorder struct {
	r    dice.Roller
	dice *[]dice.Rolled
}

func (rc *recorder) Roll(sides int, purpose string) (int, error) {
	v, err := rc.r.Roll(sides, purpose)
	if err != nil {
		return 0, err
	}
	if v < 1 || v > sides {
		return 0, errRoller(sides, v, purpose)
	}
	*rc.dice = append(*rc.dice, dice.Rolled{Sides: sides, Value: v, Purpose: purpose})
	return v, nil
}
