package encounter

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// countingRoller counts the dice asked of a roller, failed or not.
type countingRoller struct {
	r dice.Roller
	n int
}

func (c *countingRoller) Roll(sides int, purpose string) (int, error) {
	c.n++
	return c.r.Roll(sides, purpose)
}

// Autopilot stop conditions.
const (
	UntilOver = "over" // one side is left standing
	UntilPage = "page" // the current page has ended
	UntilTurn = "turn" // one combatant has finished one action
)

// DefaultAutoSteps and MaxAutoSteps are the default and the largest
// number of steps Auto takes. Every step adds an event to the log, so the
// bound is what caps the work of one run (time, memory and the file it
// writes), whatever the combatants' health: a fight of a few dozen pages
// takes a few hundred steps, and one still going after 5,000 steps is
// stuck (two sides that cannot hurt each other).
const (
	DefaultAutoSteps = 5_000
	MaxAutoSteps     = 5_000
)

// AutoOptions set what the autopilot plays.
type AutoOptions struct {
	// Sides are the sides it plays; when another side's combatant is to
	// act, it stops and hands over. Empty plays every side. A controlled
	// combatant is played with its controller's side (FightsFor).
	Sides []string
	// Until is UntilOver (default), UntilPage or UntilTurn.
	Until string
	// MaxSteps bounds the run (0: DefaultAutoSteps; at most
	// MaxAutoSteps, so a fight nobody can win stops in bounded time and
	// memory: every step adds to the log).
	MaxSteps int
	// Policy is PolicySensible (default: the attack that takes its
	// target furthest to going out, each attack weighed once),
	// PolicyPlain (the first enemy standing) or PolicyFocus (FocusChoice:
	// the attack and target of best expected effect against the
	// reactions the enemies would answer with, each weighed once, and
	// those reactions when worth them).
	Policy string
	// HeroPoints is HeroPointsSpend (default: AutoHeroPoints' rule) or
	// HeroPointsKeep (none spent).
	HeroPoints string
}

// Auto plays the fight by a policy, for GMs who want the mooks' turns
// taken for them and for reproducible simulations. It rolls initiative
// when a page begins and ends each page when everyone has acted. By the
// sensible policy (the default) the combatant whose turn it is makes
// sensibleTurn's attack. By the plain policy the combatant whose turn it is attacks the first enemy
// still standing, in file order (an enemy fights for another side:
// FightsFor, which follows mind control and hypnosis, p. 68), with the attack of best expected damage
// against it (its weight, Weigh) that fits in its panels and that
// pkg/combat accepts (a pool that cannot pay, say), and nobody reacts; by
// the focus policy it makes FocusChoice's attack, answered by
// FocusReaction's reaction. A combatant with no such attack passes. It
// returns why it stopped: "over", "page", "turn", or "waiting for ID".
//
// Dice: in the order the steps happen, each step's own dice (see
// RollInitiative, Attack and EndPage).
func (e *Encounter) Auto(ctx Ctx, opt AutoOptions, copt combat.Options) (string, error) {
	until := opt.Until
	if until == "" {
		until = UntilOver
	}
	if err := CheckPolicy(opt.Policy); err != nil {
		return "", err
	}
	if err := CheckHeroPointMode(opt.HeroPoints); err != nil {
		return "", err
	}
	if until != UntilOver && until != UntilPage && until != UntilTurn {
		return "", refusal.Errorf("until: %q is not over, page or turn", until)
	}
	for _, s := range opt.Sides {
		if e.SideIndex(s) < 0 {
			return "", refusal.Errorf("side %q is not one of %s", s, e.sideList())
		}
	}
	plays := func(side string) bool {
		if len(opt.Sides) == 0 {
			return true
		}
		for _, s := range opt.Sides {
			if s == side {
				return true
			}
		}
		return false
	}
	limit := opt.MaxSteps
	if limit <= 0 {
		limit = DefaultAutoSteps
	}
	if limit > MaxAutoSteps {
		return "", refusal.Errorf("max steps %d is over the limit of %d", limit, MaxAutoSteps)
	}
	end, err := e.beginWeighing()
	if err != nil {
		return "", err
	}
	defer end()
	page := e.Page
	for step := 0; step < limit; step++ {
		if e.Over() {
			return UntilOver, nil
		}
		if until == UntilPage && e.Page != page {
			return UntilPage, nil
		}
		c := e.Current()
		switch {
		case c == nil && (e.Phase == PhaseInitiative || e.Phase == PhaseSurprise):
			if err := e.RollInitiative(ctx); err != nil {
				return "", err
			}
			continue
		case c == nil:
			if err := e.EndPage(ctx); err != nil {
				return "", err
			}
			continue
		case !plays(e.FightsFor(c)):
			return "waiting for " + c.ID, nil
		}
		if err := e.autoTurn(ctx, c, copt, opt.Policy, opt.HeroPoints); err != nil {
			return "", err
		}
		if until == UntilTurn {
			return UntilTurn, nil
		}
	}
	return "", &StepLimitError{Steps: limit}
}

// StepLimitError is Auto stopping at its step limit before the fight
// reached the stop condition.
type StepLimitError struct{ Steps int }

func (e *StepLimitError) Error() string {
	return fmt.Sprintf("the autopilot stopped after %d steps without finishing", e.Steps)
}

// scored is an attack and its expected damage against a target.
type scored struct {
	a   *hero.Attack
	exp float64
}

// bestAttacks orders c's attacks by their expected damage against target
// taking no reaction (their weights, Weigh: on the two as their sheets
// have them, once per simulation), best first; ties keep file order.
func (e *Encounter) bestAttacks(c, target *Combatant, opt combat.Options) []scored {
	var out []scored
	if e.batch != nil {
		out = e.batch.scored[:0]
	}
	for i := range c.Hero.Combat.Attacks {
		a := &c.Hero.Combat.Attacks[i]
		if !autoUsable(c, a) || haymakerSpent(c, target, a) {
			continue // the re-phase strike needs its maker phased; one haymaker per opponent (p. 66)
		}
		v, err := e.Weigh(c, target, i, opt)
		if err != nil {
			v.Damage = -1 // tried last; pkg/combat will say what is wrong
		}
		out = append(out, scored{a: a, exp: v.Damage})
	}
	slices.SortStableFunc(out, func(x, y scored) int { return cmp.Compare(y.exp, x.exp) })
	if e.batch != nil {
		e.batch.scored = out
	}
	return out
}

// index is c's place in the encounter's combatants.
func (e *Encounter) index(c *Combatant) int {
	for i := range e.Combatants {
		if &e.Combatants[i] == c {
			return i
		}
	}
	return -1
}

// autoTurn takes one action for c: an attack on the first enemy standing,
// or a pass.
func (e *Encounter) autoTurn(ctx Ctx, c *Combatant, copt combat.Options, policy, heroPoints string) error {
	// The bound try to break free first, a double-panel a try (pp. 64, 73).
	e.repay(c)
	if e.Options.EscapeRolls != EscapeRollsPage && e.boundEscape(c) >= 0 && e.PhaseLeft(c) >= rulebook.DoublePanel {
		return e.BreakFree(ctx, c.ID)
	}
	if done, err := e.autoAid(ctx, c); done { // CPR for an ally dying this page (auto_aid.go)
		return err
	}
	switch policy {
	case PolicyFocus:
		return e.focusTurn(ctx, c, copt, heroPoints)
	case PolicySensible, "":
		return e.sensibleTurn(ctx, c, copt, heroPoints)
	}
	var target *Combatant
	for i := range e.Combatants {
		if o := &e.Combatants[i]; e.autoEnemy(c, o) {
			target = o
			break
		}
	}
	if target != nil {
		e.repay(c)
		left := e.PhaseLeft(c)
		for _, sc := range e.bestAttacks(c, target, copt) {
			s := Strike{Actor: c.ID, Target: target.ID, Request: combat.Request{Attack: sc.a.Slug, AutoHeroPoints: AutoHeroPoints(heroPoints, c, target)}}
			if done, err := e.tryStrike(ctx, c, s, left, copt); done {
				return err
			}
		}
	}
	return e.Do(ctx, Pass{Actor: c.ID})
}

// tryStrike makes the autopilot's strike s if it fits in the left panels
// and the rules accept it: done reports that it was made (or that its
// dice failed, err), so the policy stops looking; a strike the rules
// refuse before any die is rolled leaves done false, and the policy tries
// its next choice.
func (e *Encounter) tryStrike(ctx Ctx, c *Combatant, s Strike, left int, copt combat.Options) (done bool, err error) {
	if n, err := attackPanels(c, s, nil); err != nil || n > left {
		return false, nil
	}
	cr := e.counting(ctx.Roller)
	if _, err := e.Attack(Ctx{Roller: cr, Seed: ctx.Seed}, s, copt); err == nil {
		return true, nil
	} else if cr.n > 0 {
		return true, err // the dice failed, not the request
	}
	return false, nil
}

// counting wraps r to count its dice (in the batch's memory in a
// simulation).
func (e *Encounter) counting(r dice.Roller) *countingRoller {
	if b := e.batch; b != nil {
		b.cr = countingRoller{r: r}
		return &b.cr
	}
	return &countingRoller{r: r}
}
