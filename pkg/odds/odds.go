// Package odds computes the exact probability of every outcome of a
// ruling by driving the real ruling with an enumerating dice.Roller: the
// ruling is run once per distinct dice outcome, each run weighted by that
// outcome's exact probability. Nothing is sampled and nothing about the
// rules is duplicated, so the odds and the rulings cannot disagree.
//
// A die the ruling only compares with a cut (dice.CutRoller: a to-hit
// roll against its target) is run once for each side of the cut, each run
// weighted by the faces it stands for: 2 runs, not 20.
//
// A total the ruling uses only as a total (dice.DistRoller: a parry's
// virtual damage, health and stamina dice added) is handed out once per
// possible total, weighted by the ways its dice make it, from the
// distribution the ruling builds (convolved, not walked).
//
// Consecutive dice with the same number of sides and the same purpose
// whose purpose is exchangeable (the dice of one damage formula, say) are
// enumerated as multisets, each weighted by its multinomial count, rather
// than as every ordering: 3d6 is 56 runs, not 216. A ruling that uses
// such dice only through their sum, or their sorted values, gives the
// same results either way.
//
// A ruling split into its own steps (Staged: combat.Stages, the to-hit
// roll and reaction, the damage dice, what follows the damage) is walked
// by WalkStages with the same runs, weights and observations, but each run
// starts at the step that rolled its first new die, from the state kept
// at that step's start, rather than at the start of the ruling.
//
// The package is pure: no I/O.
package odds

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"sort"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// DefaultLimit is the default bound on the number of runs of a ruling.
const DefaultLimit = 2_000_000

// ErrTooMany is returned when a ruling has more distinct dice outcomes
// than the limit.
var ErrTooMany = refusal.New("odds: too many dice outcomes to enumerate exactly")

// Exchangeable reports whether dice with this purpose may be enumerated
// as a multiset: the default treats the dice of damage formulas ("damage
// health", "parry virtual damage stamina", "fall damage health") and of
// bare expressions ("3d6") as exchangeable.
func Exchangeable(purpose string) bool {
	return strings.Contains(purpose, "damage") || (purpose != "" && purpose[0] >= '0' && purpose[0] <= '9')
}

type step struct {
	sides   int
	face    int
	purpose string
	group   bool // exchangeable with the previous die
	// n > 0 makes the step the total of n dice with sides sides: face
	// runs from n to n*sides, weighted by ways[face].
	n    int
	ways []uint64
	den  uint64
	// cut > 0 makes the step a die the ruling compares with cut only
	// (dice.CutRoller): face is 1 (standing for faces 1 to cut-1) or cut
	// (standing for cut to sides).
	cut int
	// dist makes the step a total drawn from a distribution
	// (dice.DistRoller): face runs over the totals lo to
	// lo+len(ways)-1 that have ways, weighted by ways[face-lo] of den.
	dist bool
	lo   int
}

// hi is the largest face of the step.
func (s *step) hi() int {
	switch {
	case s.dist:
		return s.lo + len(s.ways) - 1
	case s.n > 0:
		return s.n * s.sides
	case s.cut > 0:
		return s.cut
	}
	return s.sides
}

// advance moves the step to its next face; false when it had the last.
func (s *step) advance() bool {
	if s.face >= s.hi() {
		return false
	}
	if s.cut > 0 {
		s.face = s.cut // from the faces below the cut to those above
		return true
	}
	if s.dist {
		for f := s.face + 1; f <= s.hi(); f++ {
			if s.ways[f-s.lo] != 0 {
				s.face = f
				return true
			}
		}
		return false
	}
	s.face++
	return true
}

// RollDist hands out a total of the distribution dist builds as one step
// (dice.DistRoller); dist is called only when the step is new.
func (w *walker) RollDist(purpose string, dist func() (dice.Dist, bool)) (int, bool, error) {
	if w.pos < len(w.path) {
		s := w.path[w.pos]
		if !s.dist || s.purpose != purpose {
			w.dirty = refusal.Errorf("odds: the ruling asked for a total for %s where it asked for something else before (not deterministic)", purpose)
			return 0, false, w.dirty
		}
		w.pos++
		return s.face, true, nil
	}
	d, ok := dist()
	if !ok || len(d.Ways) == 0 || d.Den == 0 {
		return 0, false, nil
	}
	st := step{purpose: purpose, dist: true, lo: d.Lo, ways: d.Ways, den: d.Den}
	for i, c := range d.Ways {
		if c != 0 {
			st.face = d.Lo + i
			break
		}
	}
	w.path = append(w.path, st)
	w.pos++
	return st.face, true, nil
}

// RollCut hands out one face for each side of the cut (dice.CutRoller).
func (w *walker) RollCut(sides int, purpose string, cut int) (int, error) {
	if sides < 1 {
		return 0, refusal.Errorf("odds: cannot enumerate a d%d for %s", sides, purpose)
	}
	cut = min(max(cut, 1), sides+1)
	if cut == 1 || cut == sides+1 {
		// Every face on one side: a single run stands for them all.
		cut = 1
	}
	if w.pos < len(w.path) {
		s := w.path[w.pos]
		if s.cut != cut || s.n != 0 || s.dist || s.sides != sides || s.purpose != purpose {
			w.dirty = refusal.Errorf("odds: the ruling asked for a d%d for %s cut at %d where it asked for something else before (not deterministic)", sides, purpose, cut)
			return 0, w.dirty
		}
		w.pos++
		return s.face, nil
	}
	st := step{sides: sides, face: 1, purpose: purpose, cut: cut}
	w.path = append(w.path, st)
	w.pos++
	return st.face, nil
}

// cutWays is how many faces a cut step's face stands for.
func (s *step) cutWays() uint64 {
	if s.cut == 1 {
		return uint64(s.sides) // one class: every face
	}
	if s.face < s.cut {
		return uint64(s.cut - 1)
	}
	return uint64(s.sides - s.cut + 1)
}

// walker is the enumerating roller: it replays path and extends it with
// the lowest allowed face for every new die.
type walker struct {
	path  []step
	sums  map[[2]int]sumTable
	pos   int
	exch  func(string) bool
	dirty error
	// acc[i] is the weight of path[:i+1], for i < accOK.
	acc   []weightAcc
	accOK int
}

type sumTable struct {
	ways []uint64 // ways[t] for totals t, indexed from 0
	den  uint64
	ok   bool
}

// sumWays is the number of ways n dice of sides sides make each total,
// and sides^n; ok is false when sides^n does not fit in 64 bits.
func (w *walker) sumWays(n, sides int) sumTable {
	k := [2]int{n, sides}
	if t, ok := w.sums[k]; ok {
		return t
	}
	t := sumTable{den: 1, ok: true}
	for range n {
		hi, lo := bits.Mul64(t.den, uint64(sides))
		if hi != 0 {
			t.ok = false
			break
		}
		t.den = lo
	}
	if t.ok {
		ways := []uint64{1}
		for range n {
			next := make([]uint64, len(ways)+sides)
			for v, c := range ways {
				if c == 0 {
					continue
				}
				for f := 1; f <= sides; f++ {
					next[v+f] += c
				}
			}
			ways = next
		}
		t.ways = ways
	}
	if w.sums == nil {
		w.sums = map[[2]int]sumTable{}
	}
	w.sums[k] = t
	return t
}

// RollSum hands out the total of n dice as one step (dice.SumRoller).
func (w *walker) RollSum(n, sides int, purpose string) (int, error) {
	if n == 1 {
		return w.Roll(sides, purpose)
	}
	t := w.sumWays(n, sides)
	if !t.ok || sides < 1 {
		sum := 0
		for range n {
			v, err := w.Roll(sides, purpose)
			if err != nil {
				return 0, err
			}
			sum += v
		}
		return sum, nil
	}
	if w.pos < len(w.path) {
		s := w.path[w.pos]
		if s.n != n || s.sides != sides || s.purpose != purpose {
			w.dirty = refusal.Errorf("odds: the ruling asked for %dd%d for %s where it asked for something else before (not deterministic)", n, sides, purpose)
			return 0, w.dirty
		}
		w.pos++
		return s.face, nil
	}
	w.path = append(w.path, step{sides: sides, face: n, purpose: purpose, n: n, ways: t.ways, den: t.den})
	w.pos++
	return n, nil
}

func (w *walker) Roll(sides int, purpose string) (int, error) {
	if sides < 1 {
		return 0, refusal.Errorf("odds: cannot enumerate a d%d for %s", sides, purpose)
	}
	if w.pos < len(w.path) {
		s := w.path[w.pos]
		if s.n != 0 || s.cut != 0 || s.dist || s.sides != sides || s.purpose != purpose {
			w.dirty = refusal.Errorf("odds: the ruling asked for a d%d for %s where it asked for a d%d for %s before (not deterministic)", sides, purpose, s.sides, s.purpose)
			return 0, w.dirty
		}
		w.pos++
		return s.face, nil
	}
	st := step{sides: sides, face: 1, purpose: purpose}
	if n := len(w.path); n > 0 && w.exch(purpose) {
		prev := w.path[n-1]
		if prev.n == 0 && prev.cut == 0 && !prev.dist && prev.sides == sides && prev.purpose == purpose {
			st.group, st.face = true, prev.face
		}
	}
	w.path = append(w.path, st)
	w.pos++
	return st.face, nil
}

// weight is the probability of the current path: count/den. The
// product is kept step by step (w.acc), so a path that differs from the
// last only in its later dice multiplies only those.
func (w *walker) weight() (count, den uint64, ok bool) {
	if w.accOK > len(w.path) {
		w.accOK = len(w.path)
	}
	w.acc = w.acc[:w.accOK]
	a := weightAcc{count: 1, den: 1}
	if w.accOK > 0 {
		a = w.acc[w.accOK-1]
	}
	for i := w.accOK; i < len(w.path); i++ {
		if !a.times(w.path, i) {
			return 0, 0, false
		}
		w.acc = append(w.acc, a)
		w.accOK = i + 1
	}
	return a.count, a.den, true
}

// weightAcc is the weight of a path's first dice: count/den, and the
// size of the exchangeable group the last die is in and the
// multiplicity of its face.
type weightAcc struct {
	count, den uint64
	k, m       int
}

// times multiplies a by the weight of the i-th die of path; false when
// the product does not fit in 64 bits.
func (a *weightAcc) times(path []step, i int) bool {
	s := &path[i]
	mul := func(ways, of uint64) bool {
		hi, lo := bits.Mul64(a.den, of)
		if hi != 0 {
			return false
		}
		a.den = lo
		hi, lo = bits.Mul64(a.count, ways)
		if hi != 0 {
			return false
		}
		a.count = lo
		a.k, a.m = 1, 1
		return true
	}
	switch {
	case s.dist:
		return mul(s.ways[s.face-s.lo], s.den)
	case s.n > 0:
		return mul(s.ways[s.face], s.den)
	case s.cut > 0:
		return mul(s.cutWays(), uint64(s.sides))
	case !s.group:
		return mul(1, uint64(s.sides))
	}
	// Multinomial count of an exchangeable group: k!/prod(m!), built as
	// a product of binomials to stay small.
	hi, lo := bits.Mul64(a.den, uint64(s.sides))
	if hi != 0 {
		return false
	}
	a.den = lo
	a.k++
	if s.face == path[i-1].face {
		a.m++
	} else {
		a.m = 1
	}
	// count *= k / m (exact: the running product is a multinomial).
	hi, lo = bits.Mul64(a.count, uint64(a.k))
	if hi != 0 {
		return false
	}
	a.count = lo / uint64(a.m)
	return true
}

// next moves to the next path; false when every outcome has been run.
func (w *walker) next() bool {
	_, ok := w.nextAt()
	return ok
}

// nextAt moves to the next path and returns the position of the die
// that changed (the dice before it are as they were); false when every
// outcome has been run.
func (w *walker) nextAt() (int, bool) {
	for j := len(w.path) - 1; j >= 0; j-- {
		if w.path[j].advance() {
			w.path = w.path[:j+1]
			w.accOK = min(w.accOK, j)
			return j, true
		}
	}
	return 0, false
}

// Observer collects what one run of a ruling produced; the run's
// observations are counted with the run's probability once it finishes.
type Observer struct {
	obs []obs
}

type obs struct {
	table  string
	label  string
	suffix string // joined to label with a space when not empty
	value  int
	num    bool
}

// Label records a named outcome (hit, miss, dodged) in table.
func (o *Observer) Label(table, label string) {
	o.obs = append(o.obs, obs{table: table, label: label})
}

// Label2 records the named outcome "a b" in table, joining the words
// only when the outcome is new (no string is built run after run).
func (o *Observer) Label2(table, a, b string) {
	o.obs = append(o.obs, obs{table: table, label: a, suffix: b})
}

// Value records a numeric outcome (damage 7) in table.
func (o *Observer) Value(table string, v int) {
	o.obs = append(o.obs, obs{table: table, value: v, num: true})
}

// Flag records a yes/no outcome in table.
func (o *Observer) Flag(table string, b bool) {
	if b {
		o.Label(table, "yes")
	} else {
		o.Label(table, "no")
	}
}

// Options tune Walk.
type Options struct {
	// Limit bounds the number of runs (DefaultLimit when 0).
	Limit int
	// Exchangeable says which purposes' dice are enumerated as multisets
	// (the package's Exchangeable when nil).
	Exchangeable func(purpose string) bool
}

// walker starts a walk with the options' exchangeability test and its
// limit on runs (DefaultLimit when unset).
func (opt Options) walker() (*walker, int) {
	limit := opt.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	w := &walker{exch: opt.Exchangeable}
	if w.exch == nil {
		w.exch = Exchangeable
	}
	return w, limit
}

// Walk runs the ruling once per distinct dice outcome and returns the
// exact distribution of everything it observed. run must be
// deterministic in its dice; an error from run stops the walk.
func Walk(opt Options, run func(r dice.Roller, o *Observer) error) (*Odds, error) {
	w, limit := opt.walker()
	t := newTally()
	var o Observer
	for runs := 0; ; runs++ {
		if runs == limit {
			return nil, fmt.Errorf("%w (more than %d)", ErrTooMany, limit)
		}
		w.pos = 0
		o.obs = o.obs[:0]
		if err := run(w, &o); err != nil {
			if w.dirty != nil {
				return nil, w.dirty
			}
			return nil, err
		}
		if err := t.count(w, &o); err != nil {
			return nil, err
		}
		if !w.next() {
			break
		}
	}
	return t.finish(), nil
}

// Staged is a ruling split into the steps it runs one after another
// (combat.Stages: the to-hit roll and reaction, the damage dice, what
// follows the damage), whose state at the start of a step can be kept and
// brought back. WalkStages runs it as Walk runs a ruling, but when only
// the dice of later steps change from one run to the next it goes back to
// the start of the step that rolled the first changed die, not to the
// start of the ruling: the to-hit roll is run once per side of its cut,
// the reaction once per to-hit outcome, and so on, each step by the
// ruling's own code.
type Staged interface {
	// Steps is how many steps the ruling has.
	Steps() int
	// Step runs step i with r; done is true when the ruling ended in it.
	Step(i int, r dice.Roller) (done bool, err error)
	// Save keeps the state at the start of step i (i > 0), reporting
	// false when it cannot be brought back (the walk then starts over
	// from the first step whenever it would go back to step i).
	Save(i int) bool
	// Restore brings back the state Save(i) kept.
	Restore(i int)
	// Observe records what the finished ruling produced.
	Observe(o *Observer)
}

// WalkStages is Walk for a ruling split into steps: the same runs, the
// same weights and the same observations (so the same Odds), with each
// run starting at the step that rolled its first new die.
func WalkStages(opt Options, s Staged) (*Odds, error) {
	w, limit := opt.walker()
	t := newTally()
	var o Observer
	n := s.Steps()
	start := make([]int, n) // the path position at the start of each step
	saved := make([]bool, n)
	ran := 0  // the steps the last run ran
	from := 0 // the step the next run starts at
	for runs := 0; ; runs++ {
		if runs == limit {
			return nil, fmt.Errorf("%w (more than %d)", ErrTooMany, limit)
		}
		if from > 0 {
			s.Restore(from)
		}
		w.pos = start[from]
		o.obs = o.obs[:0]
		for i := from; i < n; i++ {
			start[i] = w.pos
			if i > from {
				saved[i] = s.Save(i)
			}
			done, err := s.Step(i, w)
			if err != nil {
				if w.dirty != nil {
					return nil, w.dirty
				}
				return nil, err
			}
			ran = i + 1
			if done {
				break
			}
		}
		s.Observe(&o)
		if err := t.count(w, &o); err != nil {
			return nil, err
		}
		j, more := w.nextAt()
		if !more {
			break
		}
		// Go back to the step that rolled die j, if its start was kept.
		from = 0
		for i := ran - 1; i > 0; i-- {
			if start[i] <= j {
				if saved[i] {
					from = i
				}
				break
			}
		}
	}
	return t.finish(), nil
}

// Expect runs the ruling once per distinct dice outcome, as Walk does,
// and returns the expectation of each of the n numbers run writes into v
// (zeroed before each run), each run weighted by its exact probability.
// It is Walk's mean without the tables: the one pass an autopilot makes
// to weigh its choices.
func Expect(opt Options, n int, run func(r dice.Roller, v []float64) error) ([]float64, error) {
	sum, v := make([]float64, n), make([]float64, n)
	err := Each(opt, func(r dice.Roller) error {
		clear(v)
		return run(r, v)
	}, func(p float64) {
		for k := range sum {
			sum[k] += p * v[k]
		}
	})
	if err != nil {
		return nil, err
	}
	return sum, nil
}

// Each runs the ruling once per distinct dice outcome, as Walk does, and
// after each run calls done with the run's exact probability (as a
// float64: count/den), in the order of the walk. It is what Expect is
// made of, for a caller that keeps the runs.
func Each(opt Options, run func(r dice.Roller) error, done func(p float64)) error {
	w, limit := opt.walker()
	for runs := 0; ; runs++ {
		if runs == limit {
			return fmt.Errorf("%w (more than %d)", ErrTooMany, limit)
		}
		w.pos = 0
		if err := run(w); err != nil {
			if w.dirty != nil {
				return w.dirty
			}
			return err
		}
		count, den, err := w.chance()
		if err != nil {
			return err
		}
		done(float64(count) / float64(den))
		if !w.next() {
			return nil
		}
	}
}

// chance is the exact probability, count/den, of the run the walker just
// made. The ruling must have used as many dice as the run before that took
// the same path (it is deterministic in its dice).
func (w *walker) chance() (count, den uint64, err error) {
	if w.pos != len(w.path) {
		return 0, 0, refusal.Errorf("odds: the ruling used %d dice where it used %d before (not deterministic)", w.pos, len(w.path))
	}
	count, den, ok := w.weight()
	if !ok {
		return 0, 0, refusal.Errorf("odds: %d dice are too many to weigh exactly", len(w.path))
	}
	return count, den, nil
}

// tally accumulates, per table and outcome, the sum of count/den as one
// count per distinct denominator (exact, finished with big.Rat). A walk
// adds the same tables in the same order run after run, so each position
// of a run remembers the table it had last time, and each table the
// outcome it had last time: most additions hash nothing.
type tally struct {
	order  []string
	tables map[string]*tableAcc
	pos    []*tableAcc // the table at each position of the last run
	runs   int
}

type tableAcc struct {
	name    string
	numeric bool
	mixed   bool
	outs    []outAcc // in order of first observation
	last    int      // the outcome added last
	byKey   map[outKey]int
	numLo   int   // numeric outcomes: numIdx[v-numLo] is 1 + the index
	numIdx  []int // of value v in outs (0: not seen yet)
}

type outAcc struct {
	key  outKey
	dens []denCount
}

type denCount struct{ den, count uint64 }

type outKey struct {
	label  string
	suffix string
	value  int
}

func newTally() *tally { return &tally{tables: map[string]*tableAcc{}} }

// table finds the table of the i-th observation of a run.
func (t *tally) table(i int, ob obs) *tableAcc {
	if i < len(t.pos) && t.pos[i].name == ob.table {
		return t.pos[i]
	}
	ta := t.tables[ob.table]
	if ta == nil {
		ta = &tableAcc{name: ob.table, numeric: ob.num}
		t.tables[ob.table] = ta
		t.order = append(t.order, ob.table)
	}
	if i < len(t.pos) {
		t.pos[i] = ta
	} else {
		t.pos = append(t.pos, ta)
	}
	return ta
}

// outcome finds (or adds) the outcome k.
func (ta *tableAcc) outcome(k outKey, num bool) *outAcc {
	if ta.last < len(ta.outs) && ta.outs[ta.last].key == k {
		return &ta.outs[ta.last]
	}
	idx := -1
	if num && ta.numIdx != nil && k.value >= ta.numLo && k.value-ta.numLo < len(ta.numIdx) {
		idx = ta.numIdx[k.value-ta.numLo] - 1
	} else if !num {
		if ta.byKey != nil {
			if j, ok := ta.byKey[k]; ok {
				idx = j
			}
		} else {
			for j := range ta.outs {
				if ta.outs[j].key == k {
					idx = j
					break
				}
			}
		}
	}
	if idx < 0 {
		idx = len(ta.outs)
		ta.outs = append(ta.outs, outAcc{key: k})
		if num {
			ta.index(k.value, idx)
		} else if ta.byKey != nil || len(ta.outs) > 16 {
			if ta.byKey == nil {
				ta.byKey = map[outKey]int{}
				for j := range ta.outs {
					ta.byKey[ta.outs[j].key] = j
				}
			}
			ta.byKey[k] = idx
		}
	}
	ta.last = idx
	return &ta.outs[idx]
}

// index records that value v is outcome idx.
func (ta *tableAcc) index(v, idx int) {
	if ta.numIdx == nil {
		ta.numLo, ta.numIdx = v, make([]int, 1, 16)
	}
	if v < ta.numLo {
		grown := make([]int, ta.numLo-v+len(ta.numIdx))
		copy(grown[ta.numLo-v:], ta.numIdx)
		ta.numLo, ta.numIdx = v, grown
	}
	for v-ta.numLo >= len(ta.numIdx) {
		ta.numIdx = append(ta.numIdx, 0)
	}
	ta.numIdx[v-ta.numLo] = idx + 1
}

// count adds the run the walker just made to t: each of its observations,
// weighted by the chance of its dice (walker.chance).
func (t *tally) count(w *walker, o *Observer) error {
	count, den, err := w.chance()
	if err != nil {
		return err
	}
	for i, ob := range o.obs {
		t.add(i, ob, count, den)
	}
	t.runs++
	return nil
}

func (t *tally) add(i int, ob obs, count, den uint64) {
	ta := t.table(i, ob)
	if ta.numeric != ob.num {
		ta.mixed = true
	}
	oa := ta.outcome(outKey{label: ob.label, suffix: ob.suffix, value: ob.value}, ob.num)
	for j := range oa.dens {
		if oa.dens[j].den == den {
			oa.dens[j].count += count
			return
		}
	}
	oa.dens = append(oa.dens, denCount{den: den, count: count})
}

func (t *tally) finish() *Odds {
	od := &Odds{Runs: t.runs}
	for _, name := range t.order {
		ta := t.tables[name]
		tb := Table{Name: name, Numeric: ta.numeric && !ta.mixed}
		outs := ta.outs
		if tb.Numeric {
			sort.Slice(outs, func(i, j int) bool { return outs[i].key.value < outs[j].key.value })
		}
		total := new(big.Rat)
		mean := new(big.Rat)
		for _, oa := range outs {
			k := oa.key
			r := new(big.Rat)
			for _, dc := range oa.dens {
				r.Add(r, new(big.Rat).SetFrac(new(big.Int).SetUint64(dc.count), new(big.Int).SetUint64(dc.den)))
			}
			total.Add(total, r)
			oc := Outcome{Label: k.label, Value: k.value, exact: r}
			if k.suffix != "" {
				oc.Label += " " + k.suffix
			}
			if tb.Numeric {
				oc.Label = strconv.Itoa(k.value)
				mean.Add(mean, new(big.Rat).Mul(r, new(big.Rat).SetInt64(int64(k.value))))
			}
			oc.fill()
			tb.Outcomes = append(tb.Outcomes, oc)
		}
		tb.Total, _ = total.Float64()
		if tb.Numeric {
			m, _ := mean.Float64()
			tb.Mean = &m
			// P(value >= x), summed exactly from the top.
			acc := new(big.Rat)
			for i := len(tb.Outcomes) - 1; i >= 0; i-- {
				acc.Add(acc, tb.Outcomes[i].exact)
				tb.Outcomes[i].AtLeast, _ = acc.Float64()
			}
		}
		od.Tables = append(od.Tables, tb)
	}
	return od
}

// Odds is the exact distribution of what a ruling observed.
type Odds struct {
	// Runs is how many times the ruling was run (distinct dice outcomes).
	Runs int `json:"runs"`
	// Tables in the order they were first observed.
	Tables []Table `json:"tables"`
}

// Table is the distribution of one observation (hit, health damage).
type Table struct {
	Name string `json:"name"`
	// Numeric tables have integer outcomes in ascending order, a mean and
	// P(value >= x) per outcome; the others keep the order of first
	// observation.
	Numeric bool `json:"numeric"`
	// Total is the probability that the ruling observed this at all (1
	// when every outcome does, less for e.g. knockback after a hit).
	Total    float64   `json:"total"`
	Mean     *float64  `json:"mean"`
	Outcomes []Outcome `json:"outcomes"`
}

// Outcome is one outcome and its exact probability.
type Outcome struct {
	Label string `json:"label"`
	// Value is the number of a numeric outcome (0 for labels).
	Value       int     `json:"value"`
	Probability float64 `json:"probability"`
	// Num and Den are the exact probability when both fit in 64 bits
	// (Den is 0 otherwise).
	Num uint64 `json:"num"`
	Den uint64 `json:"den"`
	// AtLeast is P(value >= Value) for numeric tables.
	AtLeast float64 `json:"at_least"`

	exact *big.Rat
}

func (o *Outcome) fill() {
	o.Probability, _ = o.exact.Float64()
	if n, d := o.exact.Num(), o.exact.Denom(); n.IsUint64() && d.IsUint64() {
		o.Num, o.Den = n.Uint64(), d.Uint64()
	}
}

// Exact returns the exact probability.
func (o Outcome) Exact() *big.Rat { return new(big.Rat).Set(o.exact) }

// Table returns the named table, or nil.
func (od *Odds) Table(name string) *Table {
	for i := range od.Tables {
		if od.Tables[i].Name == name {
			return &od.Tables[i]
		}
	}
	return nil
}

// P returns the probability of label in the named table (0 when absent).
func (od *Odds) P(table, label string) float64 {
	t := od.Table(table)
	if t == nil {
		return 0
	}
	for _, o := range t.Outcomes {
		if o.Label == label {
			return o.Probability
		}
	}
	return 0
}

// Round6 rounds a probability for display and JSON stability.
func Round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// Each calls fn for every observation recorded so far, numbers spelled
// in decimal (the labels of numeric tables).
func (o *Observer) Each(fn func(table, label string)) {
	for _, ob := range o.obs {
		switch {
		case ob.num:
			fn(ob.table, strconv.Itoa(ob.value))
		case ob.suffix != "":
			fn(ob.table, ob.label+" "+ob.suffix)
		default:
			fn(ob.table, ob.label)
		}
	}
}
