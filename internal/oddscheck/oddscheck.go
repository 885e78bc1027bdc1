// Package oddscheck checks a ruling's exact odds against brute force: every
// sequence of die faces is fed to the real verb as --dice, and the
// outcomes it prints are counted. It is used by the verbs' tests.
package oddscheck

import (
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/odds"
)

// ranOut matches the --dice error when the verb needs one more die.
var ranOut = regexp.MustCompile(`the d(\d+) for .* needed value #(\d+)`)

// Run is one run of the verb with the given --dice values: on success it
// records what the verb printed into o; a "--dice ran out" error asks for
// one more die. Any other error fails the check.
type Run func(vals []int, o *odds.Observer) error

// BruteForce runs the verb once per full sequence of faces (every ordering,
// nothing merged) and returns the exact distribution of its observations,
// with at most limit runs.
func BruteForce(limit int, run Run) (map[string]map[string]*big.Rat, int, error) {
	out := map[string]map[string]*big.Rat{}
	runs := 0
	var walk func(vals []int, sides []int) error
	walk = func(vals, sides []int) error {
		runs++
		if runs > limit {
			return fmt.Errorf("brute force: more than %d runs", limit)
		}
		var o odds.Observer
		err := run(vals, &o)
		if err != nil {
			m := ranOut.FindStringSubmatch(err.Error())
			if m == nil {
				return fmt.Errorf("dice %v: %w", vals, err)
			}
			s, _ := strconv.Atoi(m[1])
			if n, _ := strconv.Atoi(m[2]); n != len(vals)+1 {
				return fmt.Errorf("dice %v: asked for value #%d", vals, n)
			}
			for f := 1; f <= s; f++ {
				if err := walk(append(vals[:len(vals):len(vals)], f), append(sides[:len(sides):len(sides)], s)); err != nil {
					return err
				}
			}
			return nil
		}
		p := big.NewRat(1, 1)
		for _, s := range sides {
			p.Mul(p, big.NewRat(1, int64(s)))
		}
		for _, ob := range Observations(&o) {
			t := out[ob[0]]
			if t == nil {
				t = map[string]*big.Rat{}
				out[ob[0]] = t
			}
			if t[ob[1]] == nil {
				t[ob[1]] = new(big.Rat)
			}
			t[ob[1]].Add(t[ob[1]], p)
		}
		return nil
	}
	err := walk([]int{}, nil)
	return out, runs, err
}

// Observations lists an observer's (table, outcome) pairs.
func Observations(o *odds.Observer) [][2]string {
	var out [][2]string
	o.Each(func(t, l string) { out = append(out, [2]string{t, l}) })
	return out
}

// CompareFractions is Compare for odds decoded from JSON: the exact
// probability of each outcome is its printed num/den (which must be
// present).
func CompareFractions(od *odds.Odds, brute map[string]map[string]*big.Rat) error {
	exact := func(_ string, oc odds.Outcome) *big.Rat {
		if oc.Den == 0 {
			return nil
		}
		return new(big.Rat).SetFrac(new(big.Int).SetUint64(oc.Num), new(big.Int).SetUint64(oc.Den))
	}
	return compare(od, brute, exact)
}

// Compare checks the odds against the brute-force distribution: the same
// tables, the same outcomes, the same exact probabilities.
func Compare(od *odds.Odds, brute map[string]map[string]*big.Rat) error {
	return compare(od, brute, func(_ string, oc odds.Outcome) *big.Rat { return oc.Exact() })
}

func compare(od *odds.Odds, brute map[string]map[string]*big.Rat, exact func(string, odds.Outcome) *big.Rat) error {
	var errs []string
	for _, t := range od.Tables {
		b := brute[t.Name]
		if b == nil {
			errs = append(errs, "table "+t.Name+" missing from the brute force")
			continue
		}
		for _, oc := range t.Outcomes {
			want := b[oc.Label]
			if want == nil {
				errs = append(errs, fmt.Sprintf("%s %s: odds %v, never seen by brute force", t.Name, oc.Label, oc.Probability))
				continue
			}
			if got := exact(t.Name, oc); got == nil || got.Cmp(want) != 0 {
				errs = append(errs, fmt.Sprintf("%s %s: odds %v (%v), brute force %v", t.Name, oc.Label, got, oc.Probability, want))
			}
		}
		if len(b) != len(t.Outcomes) {
			errs = append(errs, fmt.Sprintf("%s: %d outcomes, brute force %d", t.Name, len(t.Outcomes), len(b)))
		}
	}
	if len(brute) != len(od.Tables) {
		errs = append(errs, fmt.Sprintf("%d tables, brute force %d", len(od.Tables), len(brute)))
	}
	if errs != nil {
		return fmt.Errorf("odds disagree with brute force:\n%s", strings.Join(errs, "\n"))
	}
	return nil
}
