package combat

import (
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/odds"
)

// The steps of an attack Stages runs one at a time: the Physical Attack
// Detailed Steps (App. p. 82) as Resolve runs them.
const (
	// StepAttackRoll is steps 1 and 2: the to-hit roll and the reaction
	// (and every ruling that ends there: a miss, an avoided attack, a
	// grab, a mundane defender, a complete immunity).
	StepAttackRoll = iota
	// StepDamage is step 3: the damage dice.
	StepDamage
	// StepAfterDamage is steps 3a-4b: reductions, knockback, absorbers,
	// dividers and the condition.
	StepAfterDamage
	numSteps
)

// Stages is one attack resolved step by step, for the odds engine
// (odds.WalkStages): the same steps Resolve runs, by the same code and in
// the same order, with the state at the start of a step kept so that a
// walk over every dice outcome goes back to the damage dice, say, rather
// than to the to-hit roll, when only the damage dice change. The result
// of the last run is Result.
type Stages struct {
	Result Result
	rv     Resolver
	p      *pipeline

	att, def *hero.Hero
	req      Request
	opt      Options
	observe  func(res *Result, o *odds.Observer)

	saved [numSteps]stageState
}

// stageState is the ruling's state at the start of a step: the pipeline
// and the result by value (their slices grow only by appending, so the
// parts kept stay as they were).
type stageState struct {
	p   pipeline
	res Result
}

// NewStages readies the attack req by att on def to be run step by step;
// observe records what each finished run produced.
func NewStages(att, def *hero.Hero, req Request, opt Options, observe func(res *Result, o *odds.Observer)) *Stages {
	return &Stages{att: att, def: def, req: req, opt: opt, observe: observe}
}

// Steps is the number of steps.
func (s *Stages) Steps() int { return numSteps }

// Step runs step i with r.
func (s *Stages) Step(i int, r dice.Roller) (done bool, err error) {
	switch i {
	case StepAttackRoll:
		p, err := s.rv.prepare(&s.Result, s.att, s.def, s.req, r, s.opt)
		if err != nil {
			return true, err
		}
		s.p = p
		done, err = p.attackRoll()
		if done && err == nil {
			p.bookRecovery()
		}
		return done, err
	case StepDamage:
		s.p.rec.r = r
		return false, s.p.rollDamage()
	}
	s.p.rec.r = r
	if err := s.p.afterDamage(); err != nil {
		return true, err
	}
	s.p.bookRecovery()
	return true, nil
}

// Save keeps the state at the start of step i. An attack that has
// already changed something of the attacker's (AttackerEffects, kept
// outside the pipeline) is not kept: the walk starts it over.
func (s *Stages) Save(i int) bool {
	if s.Result.AttackerEffects != nil {
		return false
	}
	s.saved[i] = stageState{p: s.rv.p, res: s.Result}
	return true
}

// Restore brings back the state Save(i) kept. The slices the later
// steps append to keep the memory they have grown (their first elements,
// those kept, are the same: the steps only append).
func (s *Stages) Restore(i int) {
	st := &s.saved[i]
	res := &s.Result
	dice, notes, hp := res.Dice, res.Notes, res.HeroPoints
	abs, dn, obs := res.Applied.Absorbers, res.Applied.DividerNotes, s.rv.p.kb.Obstructions
	s.rv.p, *res = st.p, st.res
	res.Dice, res.Notes, res.HeroPoints = regrow(st.res.Dice, dice), regrow(st.res.Notes, notes), regrow(st.res.HeroPoints, hp)
	res.Applied.Absorbers, res.Applied.DividerNotes = regrow(st.res.Applied.Absorbers, abs), regrow(st.res.Applied.DividerNotes, dn)
	s.rv.p.kb.Obstructions = regrow(st.p.kb.Obstructions, obs)
	s.p = &s.rv.p
}

// regrow is kept (a slice as it was at the start of a step) in the memory
// of grown, the same slice after the step appended to it, when grown
// holds kept's elements.
func regrow[T any](kept, grown []T) []T {
	if len(grown) >= len(kept) && cap(grown) > cap(kept) {
		return grown[:len(kept)]
	}
	return kept
}

// Observe records the finished run's observations.
func (s *Stages) Observe(o *odds.Observer) { s.observe(&s.Result, o) }
