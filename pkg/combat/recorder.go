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
	*rc.dice = append(*rc.dice, dice.Rolled{Sides: sides, Value: v, Purpose: purpose, Source: dice.SourceOf(rc.r)})
	return v, nil
}

// RollSum hands out the total of n dice: from the caller's roller when it
// is a dice.SumRoller (the odds engine; recorded as one entry with the
// group's total), else die by die as Roll.
func (rc *recorder) RollSum(n, sides int, purpose string) (int, error) {
	if sr, ok := rc.r.(dice.SumRoller); ok {
		v, err := sr.RollSum(n, sides, purpose)
		if err != nil {
			return 0, err
		}
		*rc.dice = append(*rc.dice, dice.Rolled{Sides: sides, Value: v, Purpose: purpose})
		return v, nil
	}
	sum := 0
	for range n {
		v, err := rc.Roll(sides, purpose)
		if err != nil {
			return 0, err
		}
		sum += v
	}
	return sum, nil
}

// RollCut rolls a die the ruling only compares with cut (dice.RollCut),
// recording the face handed out.
func (rc *recorder) RollCut(sides int, purpose string, cut int) (int, error) {
	if _, ok := rc.r.(dice.CutRoller); !ok {
		return rc.Roll(sides, purpose)
	}
	v, err := dice.RollCut(rc.r, sides, purpose, cut)
	if err != nil {
		return 0, err
	}
	*rc.dice = append(*rc.dice, dice.Rolled{Sides: sides, Value: v, Purpose: purpose, Source: dice.SourceOf(rc.r)})
	return v, nil
}

// distRecorder is the recorder seen as a dice.DistRoller: only when the
// caller's roller is one (the odds engine), so that a ruling asks for a
// total (and builds its distribution) only then.
type distRecorder struct{ *recorder }

// distOrPlain is the recorder as a dice.DistRoller when the caller's
// roller is one, else as a plain roller (no allocation either way).
func (rc *recorder) distOrPlain() dice.Roller {
	if _, ok := rc.r.(dice.DistRoller); ok {
		return distRecorder{rc}
	}
	return rc
}

// RollDist hands out a total from the caller's roller (recorded as one
// entry, its sides the total).
func (rc distRecorder) RollDist(purpose string, dist func() (dice.Dist, bool)) (int, bool, error) {
	dr, ok := rc.r.(dice.DistRoller)
	if !ok {
		return 0, false, nil
	}
	v, ok, err := dr.RollDist(purpose, dist)
	if err != nil || !ok {
		return v, ok, err
	}
	*rc.dice = append(*rc.dice, dice.Rolled{Sides: max(v, 1), Value: v, Purpose: purpose})
	return v, true, nil
}
