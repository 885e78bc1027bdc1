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
	// with the attack of best expected damage, and takes no reaction.
	PolicyPlain = "plain"
	// PolicyFocus chooses the attack and the target of best expected
	// effect, and reacts when it is worth it (FocusChoice,
	// FocusReaction).
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

// FocusChoice is the focus policy's move for c: of every attack of c that
// fits in the panels it may take now and every standing enemy, the one of
// greatest OutProgress, each weighed with the reaction the enemy would answer
// it with (FocusReaction); ties go to the enemy first in file order, then
// the attack first in c's file. ok is false when c has no such attack or
// no enemy stands. It is a pure function of the encounter: it rolls
// nothing and changes nothing.
func FocusChoice(e *Encounter, c *Combatant, opt combat.Options) (best Choice, ok bool) {
	left := e.PhaseLeft(c)
	for ti := range e.Combatants {
		t := &e.Combatants[ti]
		if !e.autoEnemy(c, t) {
			continue
		}
		for i := range c.Hero.Combat.Attacks {
			if !autoUsable(c, &c.Hero.Combat.Attacks[i]) || haymakerSpent(c, t, &c.Hero.Combat.Attacks[i]) {
				continue
			}
			s := Strike{Actor: c.ID, Target: t.ID, Request: combat.Request{Attack: c.Hero.Combat.Attacks[i].Slug}}
			if n, err := attackPanels(c, s, nil); err != nil || n > left {
				continue
			}
			rx, x, err := FocusReaction(e, t, c, i, opt)
			if err != nil {
				continue // pkg/combat refuses the attack
			}
			if eff := OutProgress(x, t); !ok || eff > best.Progress {
				best, ok = Choice{Target: t, Attack: i, Reaction: rx, Expected: x, Progress: eff}, true
			}
		}
	}
	return best, ok
}

// FocusReaction is the reaction the focus policy answers c's i-th attack
// on def with: of no reaction, a dodge and a parry with each of def's
// parries that pkg/combat accepts, the one that leaves def least hurt
// (OutProgress), if it saves at least FocusReactionWorth of the way to going
// out for each panel it is expected to cost (a free reaction costs none,
// p. 31); no reaction when def cannot react (p. 29). It returns what the
// attack is expected to do with that reaction. Pure, like FocusChoice.
func FocusReaction(e *Encounter, def, c *Combatant, i int, opt combat.Options) (combat.Reaction, combat.Expected, error) {
	none, err := e.Expected(c, def, i, combat.Reaction{}, true, opt)
	if err != nil {
		return combat.Reaction{}, none, err
	}
	if ok, _ := e.CanReact(def, c); !ok {
		return combat.Reaction{}, none, nil
	}
	base := OutProgress(none, def)
	best, bestX, bestGain := combat.Reaction{}, none, 0.0
	try := func(rx combat.Reaction) {
		x, err := e.Expected(c, def, i, rx, true, opt)
		if err != nil {
			return // not a reaction pkg/combat allows here
		}
		if gain := base - OutProgress(x, def) - FocusReactionWorth*x.Panels; gain > bestGain {
			best, bestX, bestGain = rx, x, gain
		}
	}
	try(combat.Reaction{Kind: combat.ReactionDodge})
	for _, p := range def.Hero.Combat.Parries {
		try(combat.Reaction{Kind: combat.ReactionParry, Parry: p.Slug})
	}
	return best, bestX, nil
}

// focusTurn takes c's turn by the focus policy: FocusChoice's attack and
// reaction, or a pass.
func (e *Encounter) focusTurn(ctx Ctx, c *Combatant, copt combat.Options, heroPoints string) error {
	e.repay(c)
	if ch, ok := FocusChoice(e, c, copt); ok {
		s := Strike{Actor: c.ID, Target: ch.Target.ID, Request: combat.Request{Attack: c.Hero.Combat.Attacks[ch.Attack].Slug, Reaction: ch.Reaction,
			AutoHeroPoints: AutoHeroPoints(heroPoints, c, ch.Target)}}
		cr := e.counting(ctx.Roller)
		_, err := e.Attack(Ctx{Roller: cr, Seed: ctx.Seed}, s, copt)
		if err == nil || cr.n > 0 {
			return err // done, or the dice failed
		}
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
