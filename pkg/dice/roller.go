package dice

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/echo"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// Roller hands out die faces.
type Roller interface {
	// Roll returns the face of one die with the given number of sides, a
	// value in [1, sides]. purpose says what the die is for ("to-hit",
	// "damage health", "3d6"); it appears in errors.
	Roll(sides int, purpose string) (int, error)
}

// MaxListValues is the largest number of values ParseList accepts.
const MaxListValues = 100_000

// describe names a die for error messages: "the d6 for to-hit".
func describe(sides int, purpose string) string {
	return "the d" + strconv.Itoa(sides) + forPurpose(purpose)
}

// forPurpose is " for PURPOSE", or nothing when purpose is empty.
func forPurpose(purpose string) string {
	if purpose == "" {
		return ""
	}
	return " for " + purpose
}

func badSides(sides int, purpose string) error {
	return refusal.Errorf("dice: cannot roll %s: a die needs at least 1 side", describe(sides, purpose))
}

// seedStream is the PCG stream (second seed word) of every Seeded roller.
// Changing it would change every seeded result, so it is fixed forever.
const seedStream = 0x5350_414e_4445_5821 // "SPANDEX!"

// Seeded is a reproducible Roller backed by PCG from math/rand/v2. The same
// seed always yields the same faces for the same sequence of dice: the
// faces are 1 + r.IntN(sides) for successive dice, where r is
// rand.New(rand.NewPCG(seed, stream)) and stream a fixed constant of this
// package. It is not safe for concurrent use.
type Seeded struct {
	seed uint64
	pcg  rand.PCG
}

// NewSeeded returns a Seeded roller started from seed.
func NewSeeded(seed uint64) *Seeded {
	s := &Seeded{seed: seed}
	s.pcg.Seed(seed, seedStream)
	return s
}

// Reseed starts the roller afresh from seed, as NewSeeded(seed) would,
// in the same memory (a simulation reseeds one roller fight after fight).
func (s *Seeded) Reseed(seed uint64) {
	s.seed = seed
	s.pcg.Seed(seed, seedStream)
}

// Seed returns the seed the roller was created with, so that its rolls
// can be replayed.
func (s *Seeded) Seed() uint64 { return s.seed }

// Roll returns a uniformly distributed face in [1, sides]. It never fails
// for sides >= 1; sides < 1 is an error naming the die and its purpose.
func (s *Seeded) Roll(sides int, purpose string) (int, error) {
	if sides < 1 {
		return 0, badSides(sides, purpose)
	}
	// This is rand.Rand.IntN inlined on the concrete PCG, which saves two
	// indirect calls per die; TestSeededMatchesIntN keeps them identical.
	n := uint64(sides)
	if n&(n-1) == 0 { // a power of two: mask
		return int(s.pcg.Uint64()&(n-1)) + 1, nil
	}
	// Lemire's multiply-and-reject, exactly uniform.
	hi, lo := bits.Mul64(s.pcg.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(s.pcg.Uint64(), n)
		}
	}
	return int(hi) + 1, nil
}

// Scripted is a Roller that hands out given values in order: the GM's
// physical dice entered with --dice. A value that does not fit the die it
// is asked for is an error and is not consumed. It is not safe for
// concurrent use.
type Scripted struct {
	values []int
	next   int
	// With CountShort: the dice asked for after the last value, and how
	// many of them are noted before Roll gives up.
	short []Rolled
	limit int
	count bool
	over  bool // more than limit dice were asked for
}

// NewScripted returns a Scripted roller handing out a copy of values in
// order.
func NewScripted(values []int) *Scripted {
	return &Scripted{values: slices.Clone(values)}
}

// Roll hands out the next value. It fails when the value is outside
// [1, sides] (`--dice value 7 (#2) does not fit the d6 for to-hit`) or when
// no value is left (`--dice ran out: the d20 for to-hit needed value #4 but
// only 3 were given`).
func (s *Scripted) Roll(sides int, purpose string) (int, error) {
	if sides < 1 {
		return 0, badSides(sides, purpose)
	}
	if s.next >= len(s.values) {
		if s.count {
			return s.placeholder(sides, purpose)
		}
		return 0, refusal.Errorf("--dice ran out: %s needed value #%d but %s", describe(sides, purpose), s.next+1, given(len(s.values)))
	}
	v := s.values[s.next]
	if v < 1 || v > sides {
		if v == 100 && sides < 100 {
			return 0, refusal.Errorf("--dice value %d (#%d, or 00: a d100's 100, p. 5) does not fit %s", v, s.next+1, describe(sides, purpose))
		}
		return 0, refusal.Errorf("--dice value %d (#%d) does not fit %s", v, s.next+1, describe(sides, purpose))
	}
	s.next++
	return v, nil
}

func given(n int) string {
	switch n {
	case 0:
		return "none were given"
	case 1:
		return "only 1 was given"
	}
	return "only " + strconv.Itoa(n) + " were given"
}

// Used returns how many values have been handed out so far.
func (s *Scripted) Used() int { return s.next }

// maxListed bounds how many leftover values Finish spells out.
const maxListed = 10

// Finish reports values that were never used, e.g. `--dice has 2 values
// left over: 5,6`; it returns nil when every value was used. Long lists
// are shortened.
func (s *Scripted) Finish() error {
	left := s.values[s.next:]
	if len(left) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("--dice has ")
	b.WriteString(strconv.Itoa(len(left)))
	if len(left) == 1 {
		b.WriteString(" value left over: ")
	} else {
		b.WriteString(" values left over: ")
	}
	for i, v := range left[:min(len(left), maxListed)] {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(v))
	}
	if len(left) > maxListed {
		fmt.Fprintf(&b, ",... (%d more)", len(left)-maxListed)
	}
	return refusal.New(b.String())
}

// D100Zero is how a d100 roll of two zeros is written in --dice: "00",
// read as 100 (p. 5: "if both roll '0' then the result is always treated
// as 100 rather than 00"). It fits only a die of 100 or more sides.
const D100Zero = "00"

// ParseList parses the values of the GM's dice as given to --dice: whole
// numbers separated by commas and/or spaces ("3,5,6", "3 5 6", "3, 5,6").
// "00" is a d100's 100 (p. 5).
// An empty or blank list gives no values. Errors name the bad token, e.g.
// `--dice: "x" is not a number`. Every value must be a possible die face
// (1 to MaxSides), commas must separate values, and at most MaxListValues
// values are accepted.
func ParseList(s string) ([]int, error) {
	var out []int
	comma := false // a comma was seen since the last value
	for i := 0; i < len(s); {
		c := s[i]
		if isSpace(c) {
			i++
			continue
		}
		if c == ',' {
			if len(out) == 0 {
				return nil, refusal.Errorf("--dice: value #1 is empty (comma before the first value)")
			}
			if comma {
				return nil, refusal.Errorf("--dice: value #%d is empty (two commas in a row)", len(out)+1)
			}
			comma = true
			i++
			continue
		}
		j := i
		for j < len(s) && !isSpace(s[j]) && s[j] != ',' {
			j++
		}
		tok := s[i:j]
		i = j
		comma = false
		if len(out) == MaxListValues {
			return nil, refusal.Errorf("--dice: more than %d values", MaxListValues)
		}
		v, err := strconv.Atoi(tok)
		if tok == D100Zero {
			// Both d10s of a d100 showing 0 read as 100 (p. 5).
			v = 100
		}
		switch {
		case err != nil && errors.Is(err, strconv.ErrRange):
			return nil, refusal.Errorf("--dice: %s is larger than any die (at most %d sides)", echo.Quote(tok), MaxSides)
		case err != nil:
			return nil, refusal.Errorf("--dice: %s is not a number", echo.Quote(tok))
		case v < 1:
			return nil, refusal.Errorf("--dice: %s is not a die face (faces start at 1)", echo.Quote(tok))
		case v > MaxSides:
			return nil, refusal.Errorf("--dice: %s is larger than any die (at most %d sides)", echo.Quote(tok), MaxSides)
		}
		out = append(out, v)
	}
	if comma {
		return nil, refusal.Errorf("--dice: value #%d is empty (comma after the last value)", len(out)+1)
	}
	return out, nil
}

// Rolled is one die recorded by a Recorder.
type Rolled struct {
	// Sides is the number of sides of the die.
	Sides int `json:"sides"`
	// Value is the face rolled.
	Value int `json:"value"`
	// Purpose is what the die was for, as given to Roll.
	Purpose string `json:"purpose"`
	// Source is "entered" (the GM rolled the face on a real die) or
	// "rolled" (spandex rolled it); it is present only when the two are
	// mixed (--dice LIST --roll-rest, a Mixed roller).
	Source Source `json:"source,omitempty" jsonschema:"enum=entered,enum=rolled"`
}

// Recorder is a Roller that passes every roll to another Roller and
// records the dice that were rolled successfully. It is not safe for
// concurrent use.
type Recorder struct {
	r     Roller
	rolls []Rolled
}

// NewRecorder returns a Recorder rolling with r.
func NewRecorder(r Roller) *Recorder { return &Recorder{r: r} }

// Roll rolls one die with the wrapped Roller and records it. Errors from
// the wrapped Roller are returned unchanged and nothing is recorded.
func (r *Recorder) Roll(sides int, purpose string) (int, error) {
	v, err := r.r.Roll(sides, purpose)
	if err != nil {
		return 0, err
	}
	r.rolls = append(r.rolls, Rolled{Sides: sides, Value: v, Purpose: purpose, Source: SourceOf(r.r)})
	return v, nil
}

// LastSource is the Source of the wrapped Roller's last face ("" when it
// does not mix sources), so that recorders can be stacked.
func (r *Recorder) LastSource() Source { return SourceOf(r.r) }

// Rolls returns a copy of the dice recorded since creation or the last
// Reset, in the order they were rolled.
func (r *Recorder) Rolls() []Rolled { return slices.Clone(r.rolls) }

// Reset forgets the recorded dice.
func (r *Recorder) Reset() { r.rolls = r.rolls[:0] }

// Roll is a convenience that rolls n dice of the given sides with r and
// returns their sum. n may be 0 (the sum is 0); n above MaxDice, or sides
// outside [1, MaxSides], is an error.
func Roll(r Roller, n, sides int, purpose string) (int, error) {
	if n < 0 || n > MaxDice {
		return 0, refusal.Errorf("dice: cannot roll %dd%d%s: the number of dice must be 0 to %d", n, sides, forPurpose(purpose), MaxDice)
	}
	if sides < 1 || sides > MaxSides {
		return 0, refusal.Errorf("dice: cannot roll %dd%d%s: a die has 1 to %d sides", n, sides, forPurpose(purpose), MaxSides)
	}
	if sr, ok := r.(SumRoller); ok {
		v, err := rollSum(sr, n, sides, purpose)
		if err != nil {
			return 0, fmt.Errorf("rolling %dd%d: %w", n, sides, err)
		}
		return v, nil
	}
	sum := 0
	for range n {
		v, err := rollDie(r, sides, purpose)
		if err != nil {
			return 0, fmt.Errorf("rolling %dd%d: %w", n, sides, err)
		}
		sum += v
	}
	return sum, nil
}

// rollDie rolls one die and checks that the Roller kept its contract.
func rollDie(r Roller, sides int, purpose string) (int, error) {
	v, err := r.Roll(sides, purpose)
	if err != nil {
		return 0, err
	}
	if v < 1 || v > sides {
		return 0, fmt.Errorf("dice: roller gave %d for %s", v, describe(sides, purpose))
	}
	return v, nil
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// SumRoller is a Roller that can hand out the total of n dice of the same
// sides at once. Roll and Expr.Total ask a SumRoller for the total of each
// plain group (no keep/drop) instead of its dice one by one: the odds
// engine (pkg/odds) uses it to walk a damage formula's totals rather than
// its faces. A SumRoller's total must be what rolling the n dice one by
// one with it would have summed to.
type SumRoller interface {
	Roller
	RollSum(n, sides int, purpose string) (int, error)
}

// CutRoller is a Roller that can roll a die whose faces the ruling only
// compares with one cut: faces below cut are all alike to it, and so are
// faces from cut up (a to-hit roll against its target, a prone check
// against agility). The odds engine (pkg/odds) hands out one face of each
// side of the cut, weighted by how many faces it stands for, instead of
// every face. The face handed out must be one the die could show.
type CutRoller interface {
	Roller
	RollCut(sides int, purpose string, cut int) (int, error)
}

// RollCut rolls a die whose faces matter only as below cut or not: with
// r's RollCut when r is a CutRoller (the odds engine), else with Roll.
func RollCut(r Roller, sides int, purpose string, cut int) (int, error) {
	cr, ok := r.(CutRoller)
	if !ok {
		return r.Roll(sides, purpose)
	}
	v, err := cr.RollCut(sides, purpose, cut)
	if err != nil {
		return 0, err
	}
	if v < 1 || v > sides {
		return 0, fmt.Errorf("dice: roller gave %d for %s", v, describe(sides, purpose))
	}
	return v, nil
}

// rollSum asks a SumRoller for a group's total and checks its range.
func rollSum(r SumRoller, n, sides int, purpose string) (int, error) {
	if n == 0 {
		return 0, nil
	}
	v, err := r.RollSum(n, sides, purpose)
	if err != nil {
		return 0, err
	}
	if v < n || v > n*sides {
		return 0, fmt.Errorf("dice: roller gave a total of %d for %dd%d%s", v, n, sides, forPurpose(purpose))
	}
	return v, nil
}

// RollSum rolls n dice at once when the wrapped Roller is a SumRoller (the
// odds engine), recording the total as one entry, else die by die.
func (r *Recorder) RollSum(n, sides int, purpose string) (int, error) {
	if sr, ok := r.r.(SumRoller); ok {
		v, err := sr.RollSum(n, sides, purpose)
		if err != nil {
			return 0, err
		}
		r.rolls = append(r.rolls, Rolled{Sides: sides, Value: v, Purpose: purpose})
		return v, nil
	}
	sum := 0
	for range n {
		v, err := rollDie(r, sides, purpose)
		if err != nil {
			return 0, err
		}
		sum += v
	}
	return sum, nil
}
