package combat

import "fmt"

// RangeFifths works out the to-hit penalty's count from a distance: "-1
// per fifth of the maximum range of a ranged attack" (p. 33), read as
// each complete fifth of the maximum range between attacker and target.
// With a 40 m range a fifth is 8 m: 0-7 m is 0, 8-15 m is 1, and 40 m
// is 5. A target beyond the maximum range cannot be attacked.
func RangeFifths(metres, maxRange int) (int, error) {
	switch {
	case maxRange <= 0:
		return 0, reqErr("range", "the attack has no maximum range to take fifths of: give --max-range, or --range-fifths (p. 33)")
	case metres < 0:
		return 0, reqErr("range", "%d m is negative", metres)
	case metres > maxRange:
		return 0, reqErr("range", "%d m is beyond the attack's maximum range of %d m (p. 33)", metres, maxRange)
	}
	return metres * 5 / maxRange, nil
}

// rangeModifier resolves the situation's range: a distance in metres
// (with the attack's maximum range) or a count of fifths, not both.
func rangeModifier(sit *Situation) (fifths int, text string, err error) {
	if sit.RangeMetres == 0 {
		if sit.RangeFifths < 0 || sit.RangeFifths > 5 {
			return 0, "", reqErr("range-fifths", "%d is outside 0-5 (fifths of the attack's maximum range, p. 33)", sit.RangeFifths)
		}
		return sit.RangeFifths, "fifths of the maximum range", nil
	}
	if sit.RangeFifths != 0 {
		return 0, "", reqErr("range", "give the range in metres or in fifths (--range-fifths), not both")
	}
	n, err := RangeFifths(sit.RangeMetres, sit.RangeMax)
	if err != nil {
		return 0, "", err
	}
	return n, fmt.Sprintf("%d m of a %d m maximum range: %d complete fifth(s)", sit.RangeMetres, sit.RangeMax, n), nil
}
