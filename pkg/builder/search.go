package builder

import (
	"errors"
	"fmt"
	"math"

	"github.com/codename-spandex/spandex/pkg/encounter"
)

// Candidate is one opposition: villain number Villain (from 0: the
// caller's first, second, ... villain) with the first Goons goons of kind
// number Kind and the first Added goons of kind number AddKind. With no
// goons the kind is 0: the villain alone; with none added, AddKind is 0.
type Candidate struct {
	Villain int `json:"villain"`
	Kind    int `json:"kind"`
	Goons   int `json:"goons"`
	AddKind int `json:"add_kind"`
	Added   int `json:"added"`
}

// Tally counts what a candidate's fights did to the heroes. Counts only,
// so that tallies of consecutive runs of fights add up exactly.
type Tally struct {
	Fights int `json:"fights"`
	// Wins are the heroes' wins.
	Wins int `json:"wins"`
	// Pages is the sum over the fights of the page each ended on.
	Pages      int64 `json:"pages"`
	Unfinished int   `json:"unfinished"`
	Draws      int   `json:"draws"`
	// Heroes are the party's members, in order.
	Heroes []HeroTally `json:"heroes"`
}

// HeroTally is one hero's fates over the fights: how often it ended out,
// and the health and stamina it lost (at the end of each fight, against
// the start).
type HeroTally struct {
	Out          int   `json:"out"`
	HealthTaken  int64 `json:"health_taken"`
	StaminaTaken int64 `json:"stamina_taken"`
}

// Add adds o's counts to t's.
func (t *Tally) Add(o Tally) {
	t.Fights += o.Fights
	t.Wins += o.Wins
	t.Pages += o.Pages
	t.Unfinished += o.Unfinished
	t.Draws += o.Draws
	if len(t.Heroes) < len(o.Heroes) {
		t.Heroes = append(t.Heroes, make([]HeroTally, len(o.Heroes)-len(t.Heroes))...)
	}
	for i, h := range o.Heroes {
		t.Heroes[i].Out += h.Out
		t.Heroes[i].HealthTaken += h.HealthTaken
		t.Heroes[i].StaminaTaken += h.StaminaTaken
	}
}

// P is the heroes' share of wins (0 with no fights).
func (t Tally) P() float64 {
	if t.Fights == 0 {
		return 0
	}
	return float64(t.Wins) / float64(t.Fights)
}

// Interval is the 95 % Wilson score interval of the heroes' wins.
func (t Tally) Interval() (lo, hi float64) { return encounter.Wilson(t.Wins, t.Fights) }

// MeanPages is the mean page a fight ended on.
func (t Tally) MeanPages() float64 {
	if t.Fights == 0 {
		return 0
	}
	return float64(t.Pages) / float64(t.Fights)
}

// Verdict is what the fights played so far say of a candidate.
type Verdict int

const (
	// Undecided: the interval still reaches into the band; play more.
	Undecided Verdict = iota
	// TooEasy: the heroes win more often than the band allows.
	TooEasy
	// TooHard: the heroes win less often than the band allows.
	TooHard
	// Within: at the full number of fights, the heroes' share of wins
	// is within the tolerance of the target.
	Within
)

// String names the verdict in --explain and in JSON.
func (v Verdict) String() string {
	switch v {
	case TooEasy:
		return "too-easy"
	case TooHard:
		return "too-hard"
	case Within:
		return "within"
	}
	return "undecided"
}

// MarshalText writes the verdict's name.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// Plan is what the search looks for and what it may try.
type Plan struct {
	// Target is the heroes' chance of winning sought; Tolerance how far
	// from it the chance found may be (both from 0 to 1).
	Target, Tolerance float64
	// Fights is how many fights a candidate is accepted on: its share of
	// wins over that many must be within the tolerance.
	Fights int
	// Villains is how many villains may be tried (1: one given).
	Villains int
	// Kinds is how many kinds of goons may be tried, in their order.
	Kinds int
	// MaxGoons is the most goons of a kind.
	MaxGoons int
	// Budget, when above 0, bounds the fights played in all: the search
	// stops at the first candidate that would pass it.
	Budget int
}

// Stages are the numbers of fights at which a candidate is judged: a
// sixteenth, an eighth, a quarter and a half of Plan.Fights (at least 20
// fights each), then all of them. A candidate whose interval lies wholly
// outside the band at a stage is decided there; the others play on to
// the next.
func (p Plan) Stages() []int {
	var out []int
	for _, d := range []int{16, 8, 4, 2} {
		n := max(p.Fights/d, 20)
		if n < p.Fights && (len(out) == 0 || n > out[len(out)-1]) {
			out = append(out, n)
		}
	}
	return append(out, p.Fights)
}

// HarmlessLoss is the health and stamina a fight (summed over the
// heroes) that a kind's goons must take off the heroes beyond what the
// villain alone takes, once there are two or more of them, for more of
// them to be tried: goons that cannot hurt the heroes (strike class 1
// against armour class A-C, p. 32) never make a fight harder.
const HarmlessLoss = 1.0

// Loss is the mean health and stamina a fight the heroes lost, summed
// over them.
func (t Tally) Loss() float64 {
	if t.Fights == 0 {
		return 0
	}
	var sum int64
	for _, h := range t.Heroes {
		sum += h.HealthTaken + h.StaminaTaken
	}
	return float64(sum) / float64(t.Fights)
}

// Judge is the verdict on t under the plan: at a stage short of Fights,
// TooEasy or TooHard only when the 95 % interval lies wholly above or
// below the band; at Fights, by the share of wins itself.
func (p Plan) Judge(t Tally) Verdict {
	const eps = 1e-9
	low, high := p.Target-p.Tolerance-eps, p.Target+p.Tolerance+eps
	if t.Fights < p.Fights {
		lo, hi := t.Interval()
		switch {
		case lo > high:
			return TooEasy
		case hi < low:
			return TooHard
		}
		return Undecided
	}
	switch pw := t.P(); {
	case pw > high:
		return TooEasy
	case pw < low:
		return TooHard
	}
	return Within
}

// Eval plays fights [from, to) of candidate c (fight i always rolling
// the same dice, whatever the candidate) and counts them.
type Eval func(c Candidate, from, to int) (Tally, error)

// Try is one candidate judged: its fights' tally and the verdict.
type Try struct {
	Candidate
	Tally   Tally   `json:"tally"`
	Verdict Verdict `json:"verdict"`
}

// Result is what a search found: Best is the candidate within the
// tolerance when Found, otherwise the one closest to the target; Tried
// lists every candidate judged, in the order tried; Played counts every
// fight played.
type Result struct {
	Found  bool
	Best   Try
	Tried  []Try
	Played int
	// OverBudget is set when the search stopped at Plan.Budget.
	OverBudget bool
}

// Search looks for a candidate within the plan's tolerance of its
// target. For each villain in turn: the villain alone (a villain too
// strong alone is given up); then for each kind of goon in turn, 1, 2,
// 4, 8, ... goons up to MaxGoons until one is too hard, then a bisection
// between the last too easy and the first too hard, since more goons
// never help the heroes. When n goons of a kind are too easy and n+1 too
// hard, the goons of each other kind are added to the n in the same way
// (1, 2, 4, ... then a bisection), to land between the two. A kind whose
// goons are harmless (HarmlessLoss) is given up at two. Each candidate is judged in stages (Plan.Stages,
// Judge): one far from the target costs a few fights, one near it all of
// them; every stage adds the next fights of the same dice stream. It
// stops at the first candidate within the tolerance.
func Search(p Plan, eval Eval) (Result, error) {
	if err := p.check(); err != nil {
		return Result{}, err
	}
	s := &search{plan: p, eval: eval, stages: p.Stages(), seen: map[Candidate]int{}}
	found, err := s.run()
	if err != nil {
		return Result{}, err
	}
	r := Result{Found: found, Tried: s.tried, Played: s.played, OverBudget: s.over}
	if found {
		r.Best = s.tried[len(s.tried)-1]
		return r, nil
	}
	best := -1
	for i, t := range s.tried {
		if best < 0 || closer(p.Target, t, s.tried[best]) {
			best = i
		}
	}
	if best >= 0 {
		r.Best = s.tried[best]
	}
	return r, nil
}

// closer reports whether a is nearer the target than b: by its share of
// wins, then by the more fights played.
func closer(target float64, a, b Try) bool {
	da, db := math.Abs(a.Tally.P()-target), math.Abs(b.Tally.P()-target)
	if da != db {
		return da < db
	}
	return a.Tally.Fights > b.Tally.Fights
}

func (p Plan) check() error {
	switch {
	case p.Target <= 0 || p.Target >= 1:
		return fmt.Errorf("builder: target %v is outside (0, 1)", p.Target)
	case p.Tolerance <= 0:
		return fmt.Errorf("builder: tolerance %v is not above 0", p.Tolerance)
	case p.Fights < 1:
		return fmt.Errorf("builder: %d fights", p.Fights)
	case p.Villains < 1 || p.Kinds < 1 || p.MaxGoons < 0:
		return fmt.Errorf("builder: %d villains, %d kinds, %d goons at most", p.Villains, p.Kinds, p.MaxGoons)
	}
	return nil
}

type search struct {
	plan   Plan
	eval   Eval
	stages []int
	tried  []Try
	seen   map[Candidate]int // index in tried
	played int
	over   bool
}

// errBudget stops a search at its budget.
var errBudget = errors.New("budget")

func (s *search) run() (bool, error) {
	for v := range s.plan.Villains {
		alone, err := s.judge(Candidate{Villain: v})
		if err != nil || alone == Within {
			return s.stop(alone, err)
		}
		if alone == TooHard {
			continue
		}
		for k := range s.plan.Kinds {
			ok, err := s.kind(v, k)
			if err != nil || ok {
				return s.stop(Within, err)
			}
		}
	}
	return false, nil
}

// stop turns a verdict and an error into run's answer: the budget's
// error is no error.
func (s *search) stop(v Verdict, err error) (bool, error) {
	if err == errBudget {
		s.over = true
		return false, nil
	}
	return err == nil && v == Within, err
}

// kind searches the goon counts of kind k for villain v, whose alone
// is too easy; then, between n too easy and n+1 too hard, adds goons of
// each other kind to the n.
func (s *search) kind(v, k int) (bool, error) {
	base := Candidate{Villain: v, Kind: k}
	n, ok, err := s.counts(Candidate{Villain: v}, s.plan.MaxGoons, func(n int) Candidate {
		return Candidate{Villain: v, Kind: k, Goons: n}
	})
	if err != nil || ok || n < 1 {
		return ok, err
	}
	base.Goons = n
	for j := range s.plan.Kinds {
		if j == k {
			continue
		}
		_, ok, err := s.counts(base, s.plan.MaxGoons-n, func(m int) Candidate {
			c := base
			c.AddKind, c.Added = j, m
			return c
		})
		if err != nil || ok {
			return ok, err
		}
	}
	return false, nil
}

// counts searches 1 to most goons added to from (too easy), of(m) being
// the candidate with m of them: 1, 2, 4, ... until one is too hard, then
// a bisection. It returns whether one was within the tolerance and, when
// m too easy and m+1 too hard were found, m (else -1).
func (s *search) counts(from Candidate, most int, of func(m int) Candidate) (int, bool, error) {
	lo, hi := 0, -1 // lo: too easy; hi: too hard
	for m := 1; lo < most; m *= 2 {
		m = min(m, most)
		vd, err := s.judge(of(m))
		if err != nil || vd == Within {
			return -1, vd == Within, err
		}
		if vd == TooHard {
			hi = m
			break
		}
		lo = m
		if m >= 2 && s.harmless(from, of(m)) {
			return -1, false, nil
		}
	}
	if hi < 0 {
		return -1, false, nil
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		vd, err := s.judge(of(mid))
		if err != nil || vd == Within {
			return -1, vd == Within, err
		}
		if vd == TooHard {
			hi = mid
		} else {
			lo = mid
		}
	}
	return lo, false, nil
}

// harmless reports whether c's goons take less than HarmlessLoss a
// fight off the heroes beyond what from's take.
func (s *search) harmless(from, c Candidate) bool {
	a, ok1 := s.seen[from]
	b, ok2 := s.seen[c]
	return ok1 && ok2 && s.tried[b].Tally.Loss()-s.tried[a].Tally.Loss() < HarmlessLoss
}

// judge plays c stage by stage until it is decided, recording it.
func (s *search) judge(c Candidate) (Verdict, error) {
	if c.Goons == 0 {
		c.Kind = 0
	}
	if c.Added == 0 {
		c.AddKind = 0
	}
	if i, ok := s.seen[c]; ok {
		return s.tried[i].Verdict, nil
	}
	var t Tally
	v := Undecided
	for _, n := range s.stages {
		if s.plan.Budget > 0 && s.played+n-t.Fights > s.plan.Budget {
			if t.Fights > 0 {
				s.record(c, t, v)
			}
			return v, errBudget
		}
		part, err := s.eval(c, t.Fights, n)
		if err != nil {
			return v, err
		}
		s.played += part.Fights
		t.Add(part)
		if v = s.plan.Judge(t); v != Undecided {
			break
		}
	}
	s.record(c, t, v)
	return v, nil
}

func (s *search) record(c Candidate, t Tally, v Verdict) {
	s.seen[c] = len(s.tried)
	s.tried = append(s.tried, Try{Candidate: c, Tally: t, Verdict: v})
}
