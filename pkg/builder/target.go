// Package builder searches for an opposition that gives a party of heroes
// a target chance of winning: a villain and a number of goons of one
// kind, the fights played by a simulator the caller injects. It rolls
// nothing and plays nothing itself: what a candidate is, and how its
// fights are played, are the caller's (Eval). The book gives no such
// rule; the search is the tool's own (docs/fight.md, "Building an
// encounter").
package builder

import (
	"math"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/refusal"
)

// Word is a named target: a win chance for the heroes.
type Word struct {
	Name string
	// Chance is the heroes' chance of winning, from 0 to 1.
	Chance float64
	// Means is what the word promises the GM.
	Means string
}

// Words are the targets by name, easiest first. They are the tool's,
// not the book's (docs/fight.md).
var Words = []Word{
	{"easy", 0.90, "the heroes win nine fights in ten"},
	{"fair", 0.75, "the heroes win three fights in four"},
	{"hard", 0.50, "a coin toss"},
	{"deadly", 0.25, "the heroes lose three fights in four"},
}

// WordNames lists the target words, for completion and messages.
func WordNames() []string {
	out := make([]string, len(Words))
	for i, w := range Words {
		out[i] = w.Name
	}
	return out
}

// MinTarget and MaxTarget bound a target given as a number: a chance of
// 0 or 1 cannot be measured by playing fights.
const (
	MinTarget = 0.01
	MaxTarget = 0.99
)

// ParseTarget reads a target win chance: a word of Words, or a
// percentage ("60%", "60", "62.5%") from 1 to 99.
func ParseTarget(s string) (float64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for _, w := range Words {
		if t == w.Name {
			return w.Chance, nil
		}
	}
	p, num, err := parsePercent(t)
	if err != nil {
		return 0, refusal.Errorf("%q is not a chance (60%%) or one of %s", s, strings.Join(WordNames(), ", "))
	}
	if p < MinTarget-1e-12 || p > MaxTarget+1e-12 {
		return 0, refusal.Errorf("%s%% is outside 1-99 %%: a fight the heroes always or never win cannot be measured", num)
	}
	return p, nil
}

// MaxTolerance bounds ParseTolerance.
const MaxTolerance = 0.25

// ParseTolerance reads a tolerance in percentage points ("5", "5%",
// "2.5") above 0 and at most 25.
func ParseTolerance(s string) (float64, error) {
	p, num, err := parsePercent(s)
	if err != nil {
		return 0, refusal.Errorf("%q is not a number of percentage points (5%%)", s)
	}
	if p <= 0 || p > MaxTolerance+1e-12 {
		return 0, refusal.Errorf("%s%% is outside 0-25 percentage points (above 0)", num)
	}
	return p, nil
}

// parsePercent reads "60%" or "60" as 0.6, and returns the number as
// written ("60"): a refusal of its value echoes that, never the rest of
// the input, which may hold anything that is space to strings.TrimSpace
// (line breaks among them).
func parsePercent(s string) (float64, string, error) {
	num := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "%"))
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, "", strconv.ErrSyntax
	}
	return v / 100, num, nil
}

// Percent writes a chance as a percentage with up to one decimal ("60 %",
// "62.5 %").
func Percent(p float64) string {
	return strconv.FormatFloat(math.Round(p*1000)/10, 'f', -1, 64) + " %"
}
