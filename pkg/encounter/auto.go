package encounter

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
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
// number of steps Auto takes.
const (
	DefaultAutoSteps = 10_000
	MaxAutoSteps     = 100_000
)

// AutoOptions set what the autopilot plays.
type AutoOptions struct {
	// Sides are the sides it plays; when another side's combatant is to
	// act, it stops and hands over. Empty plays every side.
	Sides []string
	// Until is UntilOver (default), UntilPage or UntilTurn.
	Until string
	// MaxSteps bounds the run (0: DefaultAutoSteps; at most
	// MaxAutoSteps, so a fight nobody can win stops in bounded time and
	// memory: every step adds to the log).
	MaxSteps int
	// Policy is PolicyPlain (default: the first enemy standing) or
	// PolicyFocus (FocusTarget: the enemy nearest to going out).
	Policy string
}

// Auto plays the fight by a plain policy, for GMs who want the mooks'
// turns taken for them and for reproducible simulations. It rolls
// initiative when a page begins and ends each page when everyone has
// acted. The combatant whose turn it is attacks the first enemy still
// standing, in file order, with the attack of best expected damage against
// it (combat.ExpectedDamage) that fits in its panels and that pkg/combat
// accepts (a pool that cannot pay, say), taking
// no reaction; a combatant with no such attack passes. It returns why it
// stopped: "over", "page", "turn", or "waiting for ID".
//
// Dice: in the order the steps happen, each step's own dice (see
// RollInitiative, Attack and EndPage).
func (e *Encounter) Auto(ctx Ctx, opt AutoOptions, copt combat.Options) (string, error) {
	until := opt.Until
	if until == "" {
		until = UntilOver
	}
	if opt.Policy != "" && opt.Policy != PolicyPlain && opt.Policy != PolicyFocus {
		return "", fmt.Errorf("policy: %q is not plain or focus", opt.Policy)
	}
	if until != UntilOver && until != UntilPage && until != UntilTurn {
		return "", fmt.Errorf("until: %q is not over, page or turn", until)
	}
	for _, s := range opt.Sides {
		if e.SideIndex(s) < 0 {
			return "", fmt.Errorf("side %q is not one of %s", s, e.sideList())
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
		return "", fmt.Errorf("max steps %d is over the limit of %d", limit, MaxAutoSteps)
	}
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
		case !plays(c.Side):
			return "waiting for " + c.ID, nil
		}
		if err := e.autoTurn(ctx, c, copt, opt.Policy); err != nil {
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
// (combat.ExpectedDamage), best first; ties keep file order.
func (e *Encounter) bestAttacks(c, target *Combatant) []scored {
	var out []scored
	if e.batch != nil {
		out = e.batch.scored[:0]
	}
	for i := range c.Hero.Combat.Attacks {
		a := &c.Hero.Combat.Attacks[i]
		v, err := e.expected(c, target, i)
		if err != nil {
			v = -1 // tried last; pkg/combat will say what is wrong
		}
		out = append(out, scored{a: a, exp: v})
	}
	slices.SortStableFunc(out, func(x, y scored) int { return cmp.Compare(y.exp, x.exp) })
	if e.batch != nil {
		e.batch.scored = out
	}
	return out
}

// expected is combat.ExpectedDamage of c's i-th attack against target; a
// simulation remembers it for the fight's run, keyed by everything it
// depends on that can change in a fight (the attacker dazed or stunned).
func (e *Encounter) expected(c, target *Combatant, i int) (float64, error) {
	a := c.Hero.Combat.Attacks[i]
	b := e.batch
	if b == nil {
		return combat.ExpectedDamage(&c.Hero, a, target.Hero.Combat.ArmourClass)
	}
	k := expectKey{att: e.index(c), def: e.index(target), attack: i, dazed: c.Hero.Condition.Dazed, stunned: c.Hero.Condition.Stunned}
	if v, ok := b.expect[k]; ok {
		return v, nil
	}
	v, err := combat.ExpectedDamage(&c.Hero, a, target.Hero.Combat.ArmourClass)
	if err != nil {
		return 0, err
	}
	if b.expect == nil {
		b.expect = map[expectKey]float64{}
	}
	b.expect[k] = v
	return v, nil
}

// expectKey is what an expected damage in a simulation depends on.
type expectKey struct {
	att, def, attack int
	dazed, stunned   bool
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
func (e *Encounter) autoTurn(ctx Ctx, c *Combatant, copt combat.Options, policy string) error {
	var target *Combatant
	if policy == PolicyFocus {
		target = FocusTarget(e, c)
	} else {
		for i := range e.Combatants {
			if o := &e.Combatants[i]; o.Side != c.Side && !o.Out() {
				target = o
				break
			}
		}
	}
	if target != nil {
		e.repay(c)
		left := e.PhaseLeft(c)
		for _, sc := range e.bestAttacks(c, target) {
			s := Strike{Actor: c.ID, Target: target.ID, Request: combat.Request{Attack: sc.a.Slug}}
			if n, err := attackPanels(c, s, nil); err != nil || n > left {
				continue
			}
			cr := e.counting(ctx.Roller)
			_, err := e.Attack(Ctx{Roller: cr, Seed: ctx.Seed}, s, copt)
			if err == nil {
				return nil
			}
			if cr.n > 0 {
				return err // the dice failed, not the request
			}
		}
	}
	return e.Do(ctx, Action{Actor: c.ID, Kind: ActPass})
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
