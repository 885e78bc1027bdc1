package encounter

import (
	"cmp"
	"errors"
	"slices"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/odds"
)

// The sensible policy weighs each attack on each enemy once: what an
// attack is expected to do depends on the attacker's attack and the
// defender's defences, not on the rest of the fight, so a simulation
// weighs them on the encounter as the file has it and keeps the weights
// for all its fights (weigh). The choice between them reads the fight as
// it is now: who stands, who fights for whom, how much stamina each has
// left and how many hits a mundane character has taken (OutProgress).

// WeighLimit is how many dice outcomes weigh walks exactly; an attack with
// more (a psionic blast's contest and ten dice of damage) is weighed by
// WeighSamples runs of the ruling instead.
const WeighLimit = 4096

// WeighSamples is how many seeded runs of the ruling weigh an attack with
// more outcomes than WeighLimit.
const WeighSamples = 512

// weighKey is an attack of one combatant on another, by their places in
// the encounter's combatants and the attack's in the attacker's.
type weighKey struct{ att, attack, def int }

// weight is a weighed attack: what it is expected to do, or that
// pkg/combat refuses it.
type weight struct {
	x   combat.Expected
	err error
}

// Weigh is what c's i-th attack on target is expected to do taking no
// reaction (combat.Expected: damage, the chance it hits and the chance
// it takes target out), on the two as their sheets have them, fresh: full
// tracks and pools, no condition, no hit taken, no lasting state, no
// surprise. It is walked exactly when it has at most WeighLimit dice
// outcomes, else it is the mean of WeighSamples runs of the ruling rolled
// with a seed of the three's places in the encounter. A simulation weighs
// each once (on the encounter as decoded) and keeps it for every fight;
// a run of fight auto weighs each once on the fight as it stood when the
// run began (beginWeighing): the same answer, since only the sheets
// count.
func (e *Encounter) Weigh(c, target *Combatant, i int, opt combat.Options) (combat.Expected, error) {
	wc := e.weighing
	if e.batch != nil {
		wc = &e.batch.weighing
	}
	k := weighKey{e.index(c), i, e.index(target)}
	if wc == nil || wc.base == nil || k.att < 0 || k.def < 0 || k.att >= len(wc.base.Combatants) || k.def >= len(wc.base.Combatants) ||
		wc.base.Combatants[k.att].ID != c.ID || wc.base.Combatants[k.def].ID != target.ID {
		// Not in a simulation or a run of the autopilot, or a combatant
		// the fight made (a duplicate): weighed now.
		return weigh(c, target, i, opt, k)
	}
	if w, ok := wc.weights[k]; ok {
		return w.x, w.err
	}
	x, err := weigh(&wc.base.Combatants[k.att], &wc.base.Combatants[k.def], i, opt, k)
	if wc.weights == nil {
		wc.weights = map[weighKey]weight{}
	}
	wc.weights[k] = weight{x: x, err: err}
	return x, err
}

// weighCache is the encounter the sensible policy weighs attacks on
// (base: as decoded for a simulation, as it stood when fight auto began
// for a run of the autopilot) and the attacks weighed so far.
type weighCache struct {
	base    *Encounter
	weights map[weighKey]weight
}

// beginWeighing makes a run of the autopilot weigh each attack once, on
// a copy of the fight as it stands (a simulation has its own); end
// forgets the weights.
func (e *Encounter) beginWeighing() (end func(), err error) {
	if e.batch != nil || e.weighing != nil {
		return func() {}, nil
	}
	data, err := Encode(e)
	if err != nil {
		return nil, err
	}
	base, err := Decode(data)
	if err != nil {
		return nil, err
	}
	e.weighing = &weighCache{base: base}
	return func() { e.weighing = nil }, nil
}

// fresh is a copy of c as its sheet has it, before any fight: full
// tracks and pools, no condition, no hit taken, no lasting state.
func fresh(c *Combatant) *Combatant {
	f := *c
	f.Effects = nil
	h := &f.Hero
	h.Health.Current, h.Stamina.Current = h.Health.Max, h.Stamina.Max
	h.Condition = hero.Condition{}
	if h.Pools != nil {
		h.Pools = slices.Clone(h.Pools)
		for j := range h.Pools {
			h.Pools[j].Current = h.Pools[j].Max
		}
	}
	if h.Mundane != nil {
		m := *h.Mundane
		m.Hits = 0
		h.Mundane = &m
	}
	return &f
}

// weigh weighs c's i-th attack on target (see Weigh).
func weigh(c, target *Combatant, i int, opt combat.Options, k weighKey) (combat.Expected, error) {
	if i >= len(c.Hero.Combat.Attacks) {
		return combat.Expected{}, errors.New("no such attack")
	}
	c, target = fresh(c), fresh(target)
	var none Encounter // no surprise round, no weather
	req, _, err := none.situation(c, target, combat.Request{Attack: c.Hero.Combat.Attacks[i].Slug})
	if err != nil {
		return combat.Expected{}, err
	}
	att, def := &c.Hero, &target.Hero
	var rv combat.Resolver
	var res combat.Result
	run := func(r dice.Roller, v []float64) error {
		if err := rv.Resolve(&res, att, def, req, r, opt); err != nil {
			return err
		}
		v[0] = float64(res.Applied.Health + res.Applied.Stamina)
		v[1], v[2] = 0, 0
		if res.TakesOut() {
			v[1] = 1
		}
		if res.Outcome == combat.OutcomeHit {
			v[2] = 1
		}
		return nil
	}
	v, err := odds.Expect(odds.Options{Limit: WeighLimit}, 3, run)
	if errors.Is(err, odds.ErrTooMany) {
		v, err = sample(run, weighSeed(k))
	}
	if err != nil {
		return combat.Expected{}, err
	}
	return combat.Expected{Damage: v[0], Out: v[1], Hit: v[2]}, nil
}

// sample is the mean of WeighSamples runs rolled with dice.NewSeeded(seed).
func sample(run func(r dice.Roller, v []float64) error, seed uint64) ([]float64, error) {
	r := dice.NewSeeded(seed)
	sum := make([]float64, 3)
	v := make([]float64, 3)
	for range WeighSamples {
		if err := run(r, v); err != nil {
			return nil, err
		}
		for j := range v {
			sum[j] += v[j]
		}
	}
	for j := range sum {
		sum[j] /= WeighSamples
	}
	return sum, nil
}

// weighSeed is the seed an attack is sampled with: its places only, so
// that every worker of a simulation weighs it the same.
func weighSeed(k weighKey) uint64 {
	return splitmix(splitmix(splitmix(uint64(k.att))^uint64(k.attack)) ^ uint64(k.def))
}

// aim is an attack of the actor's on a target and how far it takes the
// target to going out.
type aim struct {
	target   *Combatant
	attack   *hero.Attack
	progress float64
}

// sensibleTurn takes c's turn by the sensible policy: of every attack
// of c on every enemy standing (FightsFor: a controlled combatant fights
// for its controller, p. 68; a haymaker once per opponent, p. 66), the one
// that takes its target furthest to going out (OutProgress of its
// weight: a weakened enemy, or a goon one hit from going down, first);
// ties go to the enemy first in file order, then the attack first in c's
// file. A use of a power its Auto hook offers (sensibleUses) goes before
// every attack it is worth more than. An attack or a use that does not
// fit in c's panels, or that the rules refuse, gives way to the next.
// Nobody reacts. With neither, a pass.
func (e *Encounter) sensibleTurn(ctx Ctx, c *Combatant, copt combat.Options, heroPoints string) error {
	uses := e.sensibleUses(c, copt)
	left := e.PhaseLeft(c)
	var aims []aim
	if e.batch != nil {
		aims = e.batch.aims[:0]
	}
	for ti := range e.Combatants {
		t := &e.Combatants[ti]
		if !e.autoEnemy(c, t) {
			continue
		}
		for i := range c.Hero.Combat.Attacks {
			a := &c.Hero.Combat.Attacks[i]
			if !autoUsable(c, a) || haymakerSpent(c, t, a) {
				continue
			}
			x, err := e.Weigh(c, t, i, copt)
			p := OutProgress(x, t)
			if err != nil {
				p = -1 // tried last; pkg/combat will say what is wrong
			}
			aims = append(aims, aim{target: t, attack: a, progress: p})
		}
	}
	slices.SortStableFunc(aims, func(x, y aim) int { return cmp.Compare(y.progress, x.progress) })
	if e.batch != nil {
		e.batch.aims = aims
	}
	for _, am := range aims {
		if done, err := e.tryUsesOver(ctx, &uses, am.progress, left); done {
			return err
		}
		s := Strike{Actor: c.ID, Target: am.target.ID, Request: combat.Request{Attack: am.attack.Slug, AutoHeroPoints: AutoHeroPoints(heroPoints, c, am.target)}}
		if done, err := e.tryStrike(ctx, c, s, left, copt); done {
			return err
		}
	}
	if done, err := e.tryUsesOver(ctx, &uses, 0, left); done {
		return err
	}
	return e.Do(ctx, Pass{Actor: c.ID})
}
