package encounter

import (
	"slices"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// The autopilot's policies.
const (
	// PolicySensible (the default) makes the attack that takes its
	// target furthest to going out, each attack on each enemy weighed
	// once (sensibleTurn, Weigh), and takes no reaction.
	PolicySensible = "sensible"
	// PolicyPlain attacks the first enemy still standing, in file order,
	// with the attack of best expected damage (its weight, Weigh), and
	// takes no reaction.
	PolicyPlain = "plain"
	// PolicyFocus chooses from the sensible policy's candidates the
	// attack and target of best expected effect against the reaction
	// the target would answer it with, and reacts when it is worth it
	// (FocusChoice, FocusReaction); every reaction weighed once, as
	// sensible weighs attacks (WeighReaction).
	PolicyFocus = "focus"
)

// Policies are the autopilot's policies, the default first.
var Policies = []string{PolicySensible, PolicyPlain, PolicyFocus}

// CheckPolicy refuses a policy that is not one of Policies ("" is the
// default, PolicySensible).
func CheckPolicy(policy string) error {
	if policy != "" && !slices.Contains(Policies, policy) {
		return refusal.Errorf("policy: %q is not sensible, plain or focus", policy)
	}
	return nil
}

// FocusReactionWorth is how much of the way to going out (see OutProgress) a
// reaction must save its defender for each panel it costs, under the
// focus policy: a panel owed is a panel not spent attacking.
const FocusReactionWorth = 0.1

// OutProgress is how far an attack's expected outcome takes its target to
// going out of the fight, from 0 to 1: the chance it goes out, plus, when
// it does not, the expected damage as a share of its stamina left
// (stamina 0 knocks a character out, p. 38), at most 1. A mundane target
// (no tracks, p. 38) is out at its second hit: each hit is 1 of the hits
// it has left.
func OutProgress(x combat.Expected, target *Combatant) float64 {
	h := &target.Hero
	if h.IsMundane() {
		left := 2
		if h.Mundane != nil {
			left = max(2-h.Mundane.Hits, 1)
		}
		return max(x.Out, x.Hit/float64(left))
	}
	return x.Out + (1-x.Out)*min(1, x.Damage/float64(max(h.Stamina.Current, 1)))
}

// Choice is the focus policy's move: an attack of the actor's (its index
// in combat.attacks) on Target, the reaction Target answers it with, and
// what it is expected to do.
type Choice struct {
	Target   *Combatant
	Attack   int
	Reaction combat.Reaction
	Expected combat.Expected
	Progress float64
}

// FocusChoice is the focus policy's move for c: of every attack of c on
// every standing enemy (autoAims: the candidates the sensible policy
// chooses from), each weighed with the reaction the enemy would answer it
// with (FocusReaction), the one of greatest OutProgress that fits in the
// panels c may take now and that pkg/combat does not refuse on the
// sheets; ties go to the enemy first in file order, then the attack first
// in c's file. ok is false when c has no such attack or no enemy stands.
// It is a pure function of the encounter: it rolls nothing and changes
// nothing.
func FocusChoice(e *Encounter, c *Combatant, opt combat.Options) (best Choice, ok bool) {
	left := e.PhaseLeft(c)
	aims := e.autoAims(c, opt)
	for {
		j := e.focusNext(c, aims, opt)
		if j < 0 || aims[j].progress < 0 {
			return Choice{}, false // none left, or only attacks refused on the sheets
		}
		am := &aims[j]
		s := Strike{Actor: c.ID, Target: am.target.ID, Request: combat.Request{Attack: am.attack.Slug}}
		if n, err := attackPanels(c, s, nil); err == nil && n <= left {
			return Choice{Target: am.target, Attack: am.index, Reaction: am.reaction, Expected: am.x, Progress: am.progress}, true
		}
		am.tried = true
	}
}

// focusNext is the place in aims (autoAims' list, in its order) of the
// focus policy's next choice: of the aims not yet tried, the one of
// greatest progress once answered by the reaction its target would
// answer it with (focusAnswer), ties to the first in the list; -1 when
// every aim has been tried. An aim is answered only when it could be that
// one: a reaction is taken only when it leaves its target less far to
// going out (FocusReaction), so an aim's progress unanswered bounds it
// answered, and one whose bound falls short of the best answered so far
// is never weighed with reactions. The answers are the same as if every
// aim were answered and the list sorted.
func (e *Encounter) focusNext(c *Combatant, aims []aim, opt combat.Options) int {
	best := -1
	beats := func(j int) bool {
		return best < 0 || aims[j].progress > aims[best].progress || aims[j].progress == aims[best].progress && j < best
	}
	// The aim of greatest bound first: answered, it sets the bar.
	for j := range aims {
		if !aims[j].tried && beats(j) {
			best = j
		}
	}
	if best < 0 {
		return -1
	}
	top := best
	e.focusAnswer(c, &aims[top], opt)
	for j := range aims {
		if j == top || aims[j].tried || !beats(j) {
			continue
		}
		if e.focusAnswer(c, &aims[j], opt); beats(j) {
			best = j
		}
	}
	return best
}

// focusAnswer weighs the aim am of c again with the reaction its target
// would answer it with (FocusReaction), once: its reaction, what it is
// expected to do and its progress become the answered ones.
func (e *Encounter) focusAnswer(c *Combatant, am *aim, opt combat.Options) {
	if am.answered {
		return
	}
	am.answered = true
	if am.attack == nil || am.progress < 0 {
		return // not an attack, or one pkg/combat refuses
	}
	rx, x := focusReaction(e, am.target, c, am.index, am.x, opt)
	am.reaction, am.x, am.progress = rx, x, OutProgress(x, am.target)
}

// FocusReaction is the reaction the focus policy answers c's i-th attack
// on def with: of no reaction, a dodge and a parry with each of def's
// parries that pkg/combat accepts, the one that leaves def least hurt
// (OutProgress, against its tracks now), if it saves at least
// FocusReactionWorth of the way to going out for each panel it is
// expected to cost (a free reaction costs none while def has one left
// this page, p. 31); no reaction when def cannot react now (p. 29). Each
// is weighed as the sensible policy weighs attacks (WeighReaction: on
// the two as their sheets have them, once per simulation), not walked
// anew as the fight changes. It returns what the attack is expected to do
// with that reaction. Pure, like FocusChoice.
func FocusReaction(e *Encounter, def, c *Combatant, i int, opt combat.Options) (combat.Reaction, combat.Expected, error) {
	none, err := e.Weigh(c, def, i, opt)
	if err != nil {
		return combat.Reaction{}, none, err
	}
	rx, x := focusReaction(e, def, c, i, none, opt)
	return rx, x, nil
}

// focusReaction is FocusReaction given the attack's weight taking no
// reaction, none.
func focusReaction(e *Encounter, def, c *Combatant, i int, none combat.Expected, opt combat.Options) (combat.Reaction, combat.Expected) {
	if ok, _ := e.CanReact(def, c); !ok {
		return combat.Reaction{}, none
	}
	spent := def.Panels.FreeReactions >= rulebook.FreeReactionsPerPage
	base := OutProgress(none, def)
	best, bestX, bestGain := reactNone, none, 0.0
	for r := reactDodge; r < reactParry+len(def.Hero.Combat.Parries); r++ {
		x, err := e.weighAnswer(c, def, i, r, spent, opt)
		if err != nil {
			continue // not a reaction pkg/combat allows here
		}
		if gain := base - OutProgress(x, def) - FocusReactionWorth*x.Panels; gain > bestGain {
			best, bestX, bestGain = r, x, gain
		}
	}
	return reactionOf(def, best), bestX
}

// focusTurn takes c's turn by the focus policy: FocusChoice's order
// (focusNext), answered by each aim's reaction, the first that fits in
// c's panels and that pkg/combat accepts; when the fight refuses the
// reaction now (it was weighed on the sheets: a pool it cannot pay, say),
// the attack unanswered; with no attack, a pass.
func (e *Encounter) focusTurn(ctx Ctx, c *Combatant, copt combat.Options, heroPoints string) error {
	e.repay(c)
	left := e.PhaseLeft(c)
	aims := e.autoAims(c, copt)
	for j := e.focusNext(c, aims, copt); j >= 0; j = e.focusNext(c, aims, copt) {
		am := aims[j]
		if done, err := e.tryAim(ctx, c, am, left, heroPoints, copt); done {
			return err
		}
		if am.reaction.Kind != combat.ReactionNone {
			am.reaction = combat.Reaction{}
			if done, err := e.tryAim(ctx, c, am, left, heroPoints, copt); done {
				return err
			}
		}
		aims[j].tried = true
	}
	return e.Do(ctx, Pass{Actor: c.ID})
}

// autoUsable reports whether the autopilot may use attack a of c: the
// partial re-phase strike is a phased combatant's only attack and is never
// made by one who is not phased (p. 66), whatever its expected damage.
func autoUsable(c *Combatant, a *hero.Attack) bool {
	if v := c.Hero.InPlay(); v != &c.Hero && v.FindAttack(a.Slug) == nil {
		return false // not an attack of its form (p. 70) or off its vehicle (p. 77)
	}
	if a.PowerID() == rulebook.PowerPhasing || a.DamageType == "phase-strike" {
		return findEffect(c, combat.StatePhased) >= 0
	}
	return true
}
