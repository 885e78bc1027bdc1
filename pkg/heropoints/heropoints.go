// Package heropoints spends hero points on rolls (p. 14): "Each hero
// point spent will allow you to reroll the dice after making any roll,
// and take either the original result of the re-rolled one, whichever is
// more favourable." Several points on one roll give several re-rolls; a
// point also makes the GM re-roll a roll that directly affects the hero.
// Points are gone once used and refresh at the start of an adventure
// (p. 15; pkg/profile.Refresh).
//
// Keep is the one place the keep-the-better rule is applied: every verb
// that lets a hero spend points rolls through it, saying for its ruling
// which way is more favourable (Favour). It is pure: the dice come from
// the caller's roll function, the original first and then each re-roll,
// so a --dice list gives the re-rolls' faces straight after the
// original's.
package heropoints

import (
	"fmt"
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// MaxPoints bounds the points spent on one roll. The Confidence Table
// gives at most 5 (p. 24); a GM's own house rules may give more, and the
// bound only guards against typos.
const MaxPoints = 100

// Favour says which result of a roll is more favourable to the hero
// spending the points: the higher or the lower compared value.
type Favour string

// The two directions.
const (
	Higher Favour = "higher"
	Lower  Favour = "lower"
)

// Better reports whether a is strictly more favourable than b.
func (f Favour) Better(a, b int) bool {
	if f == Lower {
		return a < b
	}
	return a > b
}

// Reroll is one roll made again with hero points, as recorded in the
// log: every result in the order rolled (the original first), and the
// one kept.
type Reroll struct {
	// Hero names who spent the points; Role is their part in the ruling
	// (attacker, defender, hero).
	Hero string `json:"hero"`
	Role string `json:"role"`
	// Roll names the roll (to-hit, reaction, damage, popularity roll ...).
	Roll   string `json:"roll"`
	Points int    `json:"points"`
	// Favour is which compared value is better for the spender; Compared
	// says what was compared (the d20 face, the damage total ...).
	Favour   Favour `json:"favour"`
	Compared string `json:"compared"`
	// Results are the compared values, the original first; Kept indexes
	// the one used, and Value is it.
	Results []int `json:"results"`
	Kept    int   `json:"kept"`
	Value   int   `json:"value"`
}

// Keep makes a roll (roll(0)) and then points re-rolls (roll(1) ...
// roll(points)), each returning the value to compare, and keeps the most
// favourable; a tie keeps the earlier result, so a re-roll is only taken
// when it is strictly better. It returns the index kept and every value.
// points 0 is just the roll.
func Keep(points int, favour Favour, roll func(i int) (int, error)) (kept int, results []int, err error) {
	return KeepUntil(points, favour, never, roll)
}

// never is Keep's "good enough": no result stops the re-rolls.
func never(int) bool { return false }

// Opposite is the other direction: what the other side of a roll wants.
func (f Favour) Opposite() Favour {
	if f == Lower {
		return Higher
	}
	return Lower
}

// Both is a roll both sides spend hero points on (p. 14): the roll's
// owner re-rolls it own times keeping the more favourable by favour, then
// the other side makes it re-roll opp times against the result that
// stands, keeping the more favourable to itself (favour's Opposite).
type Both struct {
	// Kept indexes Results, every value in the order rolled: the
	// original, the owner's re-rolls, then the other side's.
	Kept    int
	Results []int
	// OwnKept indexes the result the owner's re-rolls left standing.
	OwnKept int
	Own     int
	Opp     int
}

// KeepBoth is Keep with two spenders on one roll (docs/rules-notes.md,
// p. 14): the roll's owner spends own points first, as the one who rolls
// and sees the die, then the other side spends opp points on the result
// that stands. roll(i) is asked for i = 0 ... own+opp in that order.
func KeepBoth(own, opp int, favour Favour, roll func(i int) (int, error)) (Both, error) {
	b := Both{Own: own, Opp: opp}
	if opp < 0 || opp > MaxPoints {
		return b, refusal.Errorf("hero points: %d is outside 0-%d", opp, MaxPoints)
	}
	k, results, err := Keep(own, favour, roll)
	if err != nil {
		return b, err
	}
	b.OwnKept, b.Kept, b.Results = k, k, results
	for i := 1; i <= opp; i++ {
		v, err := roll(own + i)
		if err != nil {
			return b, err
		}
		b.Results = append(b.Results, v)
		if favour.Opposite().Better(v, b.Results[b.Kept]) {
			b.Kept = own + i
		}
	}
	return b, nil
}

// Value is the value kept.
func (b Both) Value() int { return b.Results[b.Kept] }

// OwnResults are the owner's Keep: the original and its re-rolls, and
// the index kept among them.
func (b Both) OwnResults() (int, []int) { return b.OwnKept, b.Results[:b.Own+1] }

// OppResults are the other side's Keep: the result that stood after the
// owner's re-rolls first, then the other side's re-rolls, and the index
// kept among them.
func (b Both) OppResults() (int, []int) {
	rs := make([]int, 0, b.Opp+1)
	rs = append(rs, b.Results[b.OwnKept])
	rs = append(rs, b.Results[b.Own+1:]...)
	kept := 0
	if b.Kept != b.OwnKept {
		kept = b.Kept - b.Own
	}
	return kept, rs
}

// KeepUntil spends at most budget hero points on one roll, one at a
// time and only while the best result so far is not good enough (good
// false): the reading for rulings whose points are given before the
// dice (a fight's end of page, hours of recovery, initiative), where the
// player would re-roll a failed or poor roll and keep a good one. Each
// re-roll keeps the more favourable result, a tie the earlier. The points
// spent are len(results)-1; budget 0 is just the roll.
func KeepUntil(budget int, favour Favour, good func(v int) bool, roll func(i int) (int, error)) (kept int, results []int, err error) {
	if budget < 0 || budget > MaxPoints {
		return 0, nil, refusal.Errorf("hero points: %d is outside 0-%d", budget, MaxPoints)
	}
	for i := 0; i <= budget; i++ {
		if i > 0 && good(results[kept]) {
			break
		}
		v, err := roll(i)
		if err != nil {
			return 0, nil, err
		}
		results = append(results, v)
		if i > 0 && favour.Better(v, results[kept]) {
			kept = i
		}
	}
	return kept, results, nil
}

// Record builds the log record of a Keep.
func Record(heroName, role, roll string, favour Favour, compared string, kept int, results []int) Reroll {
	return Reroll{Hero: heroName, Role: role, Roll: roll, Points: len(results) - 1, Favour: favour, Compared: compared,
		Results: results, Kept: kept, Value: results[kept]}
}

// Check reports whether h has points hero points left to spend.
func Check(h *hero.Hero, points int) error {
	if points < 0 {
		return refusal.Errorf("%d hero points: cannot spend a negative number", points)
	}
	if points > h.HeroPoints.Current {
		return refusal.Errorf("%s has %d hero points left, not %d (they refresh at the start of an adventure, p. 15)", h.Name, h.HeroPoints.Current, points)
	}
	return nil
}

// Spend takes points off h's pool. Callers Check first; the pool never
// goes below 0.
func Spend(h *hero.Hero, points int) {
	h.HeroPoints.Current = max(0, h.HeroPoints.Current-points)
}

// Text describes a re-roll for summaries and --explain: "Nefario spends
// 2 hero points on the to-hit: 3, 15, 9 (d20 face); keeps 15 (higher is
// better for the attacker)".
func (r Reroll) Text() string {
	vals := make([]string, len(r.Results))
	for i, v := range r.Results {
		vals[i] = fmt.Sprint(v)
	}
	which := "the original"
	if r.Kept > 0 {
		which = fmt.Sprintf("re-roll %d", r.Kept)
	}
	return fmt.Sprintf("%s spends %s on the %s: %s (%s); keeps %d, %s (%s is better for the %s)",
		r.Hero, plural(r.Points, "hero point"), r.Roll, strings.Join(vals, ", "), r.Compared, r.Value, which, r.Favour, r.Role)
}

func plural(n int, s string) string {
	if n == 1 {
		return "1 " + s
	}
	return fmt.Sprintf("%d %ss", n, s)
}
