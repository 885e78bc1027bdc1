package dice

import (
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/refusal"
)

// MaxShortLen bounds the length of the error Scripted.Short returns; past
// it the dice still needed are summed up by sides ("and 40 more d6").
const MaxShortLen = 300

// CountShort makes s keep going when its values run out, so that one
// error can name every die still needed at once, in order, instead of one
// at a time: each die asked for after the last value is noted and gets a
// placeholder face, up to limit dice. The placeholder is the die's
// highest face (so a to-hit roll hits and the damage dice that follow are
// counted too), one lower for every other missing die, so that two sides
// re-rolling a tie (initiative) do not tie for ever. Past limit, Roll
// fails with Short's error. The caller must call Short when the ruling
// ends and throw its result away if Short reports anything: the faces
// were not the GM's.
func (s *Scripted) CountShort(limit int) {
	s.count, s.limit = true, limit
}

// placeholder notes a die asked for after the last value (see CountShort).
func (s *Scripted) placeholder(sides int, purpose string) (int, error) {
	if len(s.short) >= s.limit {
		s.over = true
		return 0, s.Short()
	}
	v := sides
	if len(s.short)%2 == 1 {
		v = max(1, sides-1)
	}
	s.short = append(s.short, Rolled{Sides: sides, Value: v, Purpose: purpose})
	return v, nil
}

// Short is the error naming every die asked for after the values ran out
// (with CountShort), e.g. `--dice ran out: 2 values given, 5 needed:
// still need d6 (damage), d6 (damage), d6 (knockback)`, or nil when none
// was. Past MaxShortLen characters the rest are counted by sides.
func (s *Scripted) Short() error {
	if len(s.short) == 0 {
		return nil
	}
	return refusal.New(shortMessage(len(s.values), s.short, s.over))
}

// Needed returns a copy of the dice noted after the values ran out (with
// CountShort), in the order they were asked for.
func (s *Scripted) Needed() []Rolled { return append([]Rolled(nil), s.short...) }

// shortMessage words Short's error: given values, the dice still needed
// (more beyond them when over).
func shortMessage(given int, need []Rolled, over bool) string {
	var b strings.Builder
	b.WriteString("--dice ran out: ")
	b.WriteString(strconv.Itoa(given))
	if given == 1 {
		b.WriteString(" value given, ")
	} else {
		b.WriteString(" values given, ")
	}
	if over {
		b.WriteString("more than ")
	}
	b.WriteString(strconv.Itoa(given + len(need)))
	b.WriteString(" needed: still need ")
	head := b.Len()
	for i, d := range need {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(dieName(d))
	}
	if b.Len() <= MaxShortLen && !over {
		return b.String()
	}
	// Too long, or more dice beyond: list what fits, then count the rest.
	full := b.String()
	b.Reset()
	b.WriteString(full[:head])
	budget := MaxShortLen - 60 // room for the tail
	n := 0
	for i, d := range need {
		name := dieName(d)
		if i > 0 && b.Len()+2+len(name) > budget {
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(name)
		n++
	}
	if rest := need[n:]; len(rest) > 0 {
		b.WriteString(", and ")
		b.WriteString(countBySides(rest))
	} else {
		b.WriteString(", and more")
	}
	return b.String()
}

// dieName is "d6 (damage)", or "d6" without a purpose.
func dieName(d Rolled) string {
	name := "d" + strconv.Itoa(d.Sides)
	if d.Purpose != "" {
		name += " (" + d.Purpose + ")"
	}
	return name
}

// countBySides sums dice up by sides, in order of first appearance: "40
// more d6", "40 more: 38 d6, 2 d20", "40 more dice" past three kinds.
func countBySides(ds []Rolled) string {
	var sides []int
	count := map[int]int{}
	for _, d := range ds {
		if count[d.Sides] == 0 {
			sides = append(sides, d.Sides)
		}
		count[d.Sides]++
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(len(ds)))
	b.WriteString(" more")
	switch {
	case len(sides) == 1:
		b.WriteString(" d")
		b.WriteString(strconv.Itoa(sides[0]))
	case len(sides) > 1 && len(sides) <= 3:
		b.WriteString(":")
		for i, sd := range sides {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(" " + strconv.Itoa(count[sd]) + " d" + strconv.Itoa(sd))
		}
	default:
		b.WriteString(" dice")
	}
	return b.String()
}
