package encounter

import (
	"cmp"
	"errors"
	"slices"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/odds"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// The sensible policy weighs each attack on each enemy once: what an
// attack is expected to do depends on the attacker's attack and the
// defender's defences, not on the rest of the fight, so a simulation
// weighs them on the encounter as the file has it and keeps the weights
// for all its fights (weigh). The choice between them reads the fight as
// it is now: who stands, who fights for whom, how much stamina each has
// left and how many hits a mundane character has taken (OutProgress).
// Every policy reads the same weights, and the focus policy weighs the
// reactions to an attack the same way (WeighReaction).

// WeighLimit is how many dice outcomes weigh walks exactly; an attack with
// more (a psionic blast's contest and ten dice of damage) is weighed by
// WeighSamples runs of the ruling instead.
const WeighLimit = 4096

// WeighSamples is how many seeded runs of the ruling weigh an attack with
// more outcomes than WeighLimit.
const WeighSamples = 512

// weighKey is an attack of one combatant on another, by their places in
// the encounter's combatants and the attack's in the attacker's, and the
// reaction the defender answers it with (reactionOf: none for Weigh)
// with its free reactions of the page left or spent (p. 31). Whole
// numbers only: a turn looks weights up by the dozen.
type weighKey struct {
	att, attack, def, rx int32
	spent                bool
}

// The reactions weighed, by their number in weighKey: none, a dodge, and
// from reactParry on a parry with the defender's parries in its file's
// order.
const (
	reactNone = iota
	reactDodge
	reactParry
)

// reactionOf is the reaction numbered r (reactNone...) of def.
func reactionOf(def *Combatant, r int) combat.Reaction {
	switch {
	case r == reactNone:
		return combat.Reaction{}
	case r == reactDodge:
		return combat.Reaction{Kind: combat.ReactionDodge}
	}
	return combat.Reaction{Kind: combat.ReactionParry, Parry: def.Hero.Combat.Parries[r-reactParry].Slug}
}

// reactionNumber is rx's number (reactionOf), or false when it is not
// one the weights hold (a block, a judo throw, another parry).
func reactionNumber(def *Combatant, rx combat.Reaction) (int, bool) {
	switch rx {
	case combat.Reaction{}:
		return reactNone, true
	case combat.Reaction{Kind: combat.ReactionDodge}:
		return reactDodge, true
	}
	if rx.Kind == combat.ReactionParry && rx == (combat.Reaction{Kind: rx.Kind, Parry: rx.Parry}) {
		for j, p := range def.Hero.Combat.Parries {
			if p.Slug == rx.Parry {
				return reactParry + j, true
			}
		}
	}
	return 0, false
}

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
	return e.weighAnswer(c, target, i, reactNone, false, opt)
}

// WeighReaction is Weigh with target answering the attack with the
// reaction rx (none, a dodge or a parry with one of its parries: the
// reactions the focus policy weighs), its free reactions of the page
// (against strike class 0-1, p. 31) left or, when spent is set, all
// used: Expected.Panels is what the reaction is expected to cost it (a
// free reaction costs none). It is weighed, and kept, as Weigh's are: on
// the two fresh, once per simulation or run of the autopilot, an attack
// of more than WeighLimit outcomes by samples with the seed Weigh's has,
// whatever the reaction (the reactions to one attack are compared on the
// same dice). Another reaction is weighed each time it is asked.
func (e *Encounter) WeighReaction(c, target *Combatant, i int, rx combat.Reaction, spent bool, opt combat.Options) (combat.Expected, error) {
	r, ok := reactionNumber(target, rx)
	if !ok {
		return weigh(c, target, i, rx, spent, opt, weighKey{att: int32(e.index(c)), attack: int32(i), def: int32(e.index(target))})
	}
	return e.weighAnswer(c, target, i, r, spent, opt)
}

// weighAnswer is WeighReaction with the reaction numbered r (reactionOf).
func (e *Encounter) weighAnswer(c, target *Combatant, i, r int, spent bool, opt combat.Options) (combat.Expected, error) {
	return e.weighAt(e.index(c), e.index(target), c, target, i, r, spent, opt)
}

// weighAt is weighAnswer with the places of c and target in the
// encounter (att and def) known.
func (e *Encounter) weighAt(att, def int, c, target *Combatant, i, r int, spent bool, opt combat.Options) (combat.Expected, error) {
	if r == reactNone {
		spent = false
	}
	wc := e.weighing
	if e.batch != nil {
		wc = &e.batch.weighing
	}
	if r-reactParry >= len(target.Hero.Combat.Parries) {
		return combat.Expected{}, errors.New("no such parry")
	}
	k := weighKey{att: int32(att), attack: int32(i), def: int32(def), rx: int32(r), spent: spent}
	if wc == nil || wc.base == nil || att < 0 || def < 0 || att >= len(wc.base.Combatants) || def >= len(wc.base.Combatants) ||
		wc.base.Combatants[att].ID != c.ID || wc.base.Combatants[def].ID != target.ID {
		// Not in a simulation or a run of the autopilot, or a combatant
		// the fight made (a duplicate): weighed now.
		return weigh(c, target, i, reactionOf(target, r), spent, opt, k)
	}
	slot := wc.unanswered(att, def, i, r)
	if slot != nil && slot.ok {
		return slot.x, slot.err
	}
	if slot == nil {
		if w, ok := wc.weights[k]; ok {
			return w.x, w.err
		}
	}
	x, err := wc.weighBase(att, def, i, r, spent, opt, k)
	if slot != nil {
		*slot = weighSlot{weight: weight{x: x, err: err}, ok: true}
		return x, err
	}
	if wc.weights == nil {
		wc.weights = map[weighKey]weight{}
	}
	wc.weights[k] = weight{x: x, err: err}
	return x, err
}

// weighBase weighs base combatant att's i-th attack on def answered by
// reaction r, or finds the weight in the memo (WeighMemo) when the cache
// has one and keeps it there when it is exact.
func (wc *weighCache) weighBase(att, def, i, r int, spent bool, opt combat.Options, k weighKey) (combat.Expected, error) {
	bc, bt := &wc.base.Combatants[att], &wc.base.Combatants[def]
	if r-reactParry >= len(bt.Hero.Combat.Parries) {
		return combat.Expected{}, errors.New("no such parry")
	}
	var mk memoKey
	memo := false
	if wc.memo != nil {
		mk, memo = wc.memoKey(att, def, i, r, spent, opt)
		if memo {
			if w, ok := wc.memo.get(mk); ok {
				return w.x, w.err
			}
		}
	}
	x, sampled, err := weighExact(bc, bt, i, reactionOf(bt, r), spent, opt, k)
	if memo && !sampled {
		wc.memo.put(mk, weight{x: x, err: err})
	}
	return x, err
}

// unanswered is the place of the weight of att's i-th attack on def
// taking no reaction (r reactNone), by the two's places in the base:
// the weights every turn of every policy reads, kept in a table by
// places rather than the map (a turn reads a dozen or more); nil for an
// answered attack or one the attacker's sheet does not have (the map's).
func (wc *weighCache) unanswered(att, def, i, r int) *weighSlot {
	cs := wc.base.Combatants
	if r != reactNone || i < 0 || i >= len(cs[att].Hero.Combat.Attacks) {
		return nil
	}
	n := len(cs)
	if wc.fresh == nil {
		wc.fresh = make([][]weighSlot, n*n)
	}
	row := wc.fresh[att*n+def]
	if row == nil {
		row = make([]weighSlot, len(cs[att].Hero.Combat.Attacks))
		wc.fresh[att*n+def] = row
	}
	return &row[i]
}

// weighSlot is a weight of the table by places (unanswered), ok once
// weighed.
type weighSlot struct {
	weight
	ok bool
}

// weighCache is the encounter the sensible policy weighs attacks on
// (base: as decoded for a simulation, as it stood when fight auto began
// for a run of the autopilot) and the attacks weighed so far.
type weighCache struct {
	base    *Encounter
	weights map[weighKey]weight
	// fresh are the weights of the attacks taking no reaction, by the
	// places of attacker and defender (att*n+def) and the attack's
	// (unanswered).
	fresh [][]weighSlot
	// memo, when set, keeps the weights across simulations (WeighMemo);
	// sheets are the base combatants' keys in it (sheetKey).
	memo    *WeighMemo
	sheets  []sheetID
	sheetOK []bool
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

// weighExact weighs c's i-th attack on target answered by rx (see Weigh,
// WeighReaction); k names it for its samples' seed. sampled says it was
// weighed by samples (more than WeighLimit outcomes), not exactly.
func weighExact(c, target *Combatant, i int, rx combat.Reaction, spent bool, opt combat.Options, k weighKey) (x combat.Expected, sampled bool, err error) {
	if i >= len(c.Hero.Combat.Attacks) {
		return combat.Expected{}, false, errors.New("no such attack")
	}
	c, target = fresh(c), fresh(target)
	var none Encounter // no surprise round, no weather
	req := combat.Request{Attack: c.Hero.Combat.Attacks[i].Slug, Reaction: rx}
	if spent {
		req.FreeReactionsUsed = rulebook.FreeReactionsPerPage
	}
	req, _, err = none.situation(c, target, req)
	if err != nil {
		return combat.Expected{}, false, err
	}
	att, def := &c.Hero, &target.Hero
	var rv combat.Resolver
	var res combat.Result
	run := func(r dice.Roller, v []float64) error {
		if err := rv.Resolve(&res, att, def, req, r, opt); err != nil {
			return err
		}
		v[0] = float64(res.Applied.Health + res.Applied.Stamina)
		v[1], v[2], v[3] = 0, 0, float64(res.Reaction.Panels)
		if res.TakesOut() {
			v[1] = 1
		}
		if res.Outcome == combat.OutcomeHit {
			v[2] = 1
		}
		return nil
	}
	var v []float64
	if rx.Kind == combat.ReactionNone {
		v, err = odds.Expect(odds.Options{Limit: WeighLimit}, 4, run)
	} else {
		v, err = weighStages(att, def, req, opt)
	}
	if errors.Is(err, odds.ErrTooMany) {
		sampled = true
		v, err = sample(run, weighSeed(k))
	}
	if err != nil {
		return combat.Expected{}, sampled, err
	}
	return combat.Expected{Damage: v[0], Out: v[1], Hit: v[2], Panels: v[3]}, sampled, nil
}

// weigh is weighExact's weight.
func weigh(c, target *Combatant, i int, rx combat.Reaction, spent bool, opt combat.Options, k weighKey) (combat.Expected, error) {
	x, _, err := weighExact(c, target, i, rx, spent, opt, k)
	return x, err
}

// weighStages is the exact walk of an answered attack, as weigh's but
// step by step (combat.Stages, odds.WalkStages: the same runs and
// weights): the to-hit roll and the reaction, whose checks are most of a
// ruling's work, are run once per their outcomes rather than once per
// outcome of the damage dice. It gives the means of damage, out, hit and
// panels, in weigh's order.
func weighStages(att, def *hero.Hero, req combat.Request, opt combat.Options) ([]float64, error) {
	od, err := odds.WalkStages(odds.Options{Limit: WeighLimit}, combat.NewStages(att, def, req, opt, func(res *combat.Result, o *odds.Observer) {
		o.Value(weighTables[0], res.Applied.Health+res.Applied.Stamina)
		o.Value(weighTables[1], b2i(res.TakesOut()))
		o.Value(weighTables[2], b2i(res.Outcome == combat.OutcomeHit))
		o.Value(weighTables[3], res.Reaction.Panels)
	}))
	if err != nil {
		return nil, err
	}
	v := make([]float64, len(weighTables))
	for _, tb := range od.Tables {
		if j := slices.Index(weighTables[:], tb.Name); j >= 0 && tb.Mean != nil {
			v[j] = *tb.Mean
		}
	}
	return v, nil
}

// weighTables are weighStages' observations.
var weighTables = [...]string{"damage", "out", "hit", "panels"}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sample is the mean of WeighSamples runs rolled with dice.NewSeeded(seed).
func sample(run func(r dice.Roller, v []float64) error, seed uint64) ([]float64, error) {
	r := dice.NewSeeded(seed)
	sum := make([]float64, 4)
	v := make([]float64, 4)
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
// that every worker of a simulation weighs it the same, and every
// reaction to it is weighed on the same dice.
func weighSeed(k weighKey) uint64 {
	return splitmix(splitmix(splitmix(uint64(k.att))^uint64(k.attack)) ^ uint64(k.def))
}

// aim is a candidate of the autopilot's for the actor's turn: an attack
// of the actor's (index: its place in the actor's attacks) on a target,
// the reaction the target is expected to answer it with (none but under
// the focus policy), what it is expected to do and how far it takes the
// target to going out. answered and tried are the focus policy's marks
// (focusNext): weighed with the reaction, and tried already.
type aim struct {
	target          *Combatant
	attack          *hero.Attack
	index           int
	reaction        combat.Reaction
	x               combat.Expected
	progress        float64
	answered, tried bool
}

// autoAims is the autopilot's candidate list for c's turn, which every
// policy that weighs (sensible, focus) chooses from: every attack of c on
// every enemy standing (autoEnemy, FightsFor: a controlled combatant
// fights for its controller, p. 68; the partial re-phase strike only when
// phased and a haymaker once per opponent, autoUsable and haymakerSpent,
// p. 66), the enemies in file order and each one's attacks in c's, each
// with its weight (Weigh, no reaction) and how far it takes its target to
// going out (OutProgress: a weakened enemy, or a goon one hit from going
// down, first); an attack pkg/combat refuses has progress -1 (tried last:
// pkg/combat says what is wrong). In a simulation the list is the batch's
// memory, valid until the next call.
func (e *Encounter) autoAims(c *Combatant, copt combat.Options) []aim {
	var aims []aim
	var usable []bool
	if e.batch != nil {
		aims, usable = e.batch.aims[:0], e.batch.usable[:0]
	}
	// What does not change from target to target is asked once a turn:
	// c's place and side (autoEnemy), the attacks it may make now.
	ci, side := e.index(c), e.FightsFor(c)
	for i := range c.Hero.Combat.Attacks {
		usable = append(usable, autoUsable(c, &c.Hero.Combat.Attacks[i]))
	}
	if e.batch != nil {
		e.batch.usable = usable
	}
	for ti := range e.Combatants {
		t := &e.Combatants[ti]
		if t == c || t.Out() || e.FightsFor(t) == side || !e.locates(c, t) { // autoEnemy
			continue
		}
		for i := range c.Hero.Combat.Attacks {
			a := &c.Hero.Combat.Attacks[i]
			if !usable[i] || haymakerSpent(c, t, a) {
				continue
			}
			x, err := e.weighAt(ci, ti, c, t, i, reactNone, false, copt) // Weigh
			p := OutProgress(x, t)
			if err != nil {
				p = -1 // tried last; pkg/combat will say what is wrong
			}
			aims = append(aims, aim{target: t, attack: a, index: i, x: x, progress: p})
		}
	}
	if e.batch != nil {
		e.batch.aims = aims
	}
	return aims
}

// byProgress orders aims by progress, furthest first (sorted stably, ties
// keep autoAims' file order).
func byProgress(x, y aim) int { return cmp.Compare(y.progress, x.progress) }

// nextAim is the place in aims of the first of those not yet tried in
// byProgress' order (-1: none left): the sensible policy's candidates
// taken in their sorted order without sorting them, since a turn
// usually makes its first or second (an aim is a large value, and
// moving it about cost more than the choice).
func nextAim(aims []aim) int {
	best := -1
	for j := range aims {
		if !aims[j].tried && (best < 0 || byProgress(aims[j], aims[best]) < 0) {
			best = j
		}
	}
	return best
}

// tryAim makes the aim am for c if it fits in the left panels and the
// rules accept it (tryStrike: done reports it was made, or that its dice
// failed).
func (e *Encounter) tryAim(ctx Ctx, c *Combatant, am aim, left int, heroPoints string, copt combat.Options) (done bool, err error) {
	s := Strike{Actor: c.ID, Target: am.target.ID, Request: combat.Request{Attack: am.attack.Slug, Reaction: am.reaction,
		AutoHeroPoints: AutoHeroPoints(heroPoints, c, am.target)}}
	return e.tryStrike(ctx, c, s, left, copt)
}

// sensibleTurn takes c's turn by the sensible policy: of the candidates
// (autoAims), the one that takes its target furthest to going out;
// ties go to the enemy first in file order, then the attack first in c's
// file. A use of a power its Auto hook offers (sensibleUses) goes before
// every attack it is worth more than. An attack or a use that does not
// fit in c's panels, or that the rules refuse, gives way to the next.
// Nobody reacts. With neither, a pass.
func (e *Encounter) sensibleTurn(ctx Ctx, c *Combatant, copt combat.Options, heroPoints string) error {
	uses := e.sensibleUses(c, copt)
	left := e.PhaseLeft(c)
	aims := e.autoAims(c, copt)
	for j := nextAim(aims); j >= 0; j = nextAim(aims) {
		aims[j].tried = true
		am := aims[j]
		if done, err := e.tryUsesOver(ctx, &uses, am.progress, left); done {
			return err
		}
		if done, err := e.tryAim(ctx, c, am, left, heroPoints, copt); done {
			return err
		}
	}
	if done, err := e.tryUsesOver(ctx, &uses, 0, left); done {
		return err
	}
	return e.Do(ctx, Pass{Actor: c.ID})
}
