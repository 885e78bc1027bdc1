package encounter

import (
	"fmt"
	"sort"

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
		if err := e.autoTurn(ctx, c, copt); err != nil {
			return "", err
		}
		if until == UntilTurn {
			return UntilTurn, nil
		}
	}
	return "", fmt.Errorf("the autopilot stopped after %d steps without finishing", limit)
}

// bestAttacks orders c's attacks by their expected damage against target
// (combat.ExpectedDamage), best first; ties keep file order.
func bestAttacks(c, target *Combatant) []hero.Attack {
	attacks := append([]hero.Attack(nil), c.Hero.Combat.Attacks...)
	exp := make(map[string]float64, len(attacks))
	for _, a := range attacks {
		v, err := combat.ExpectedDamage(&c.Hero, a, target.Hero.Combat.ArmourClass)
		if err != nil {
			v = -1 // tried last; pkg/combat will say what is wrong
		}
		exp[a.Slug] = v
	}
	sort.SliceStable(attacks, func(i, j int) bool { return exp[attacks[i].Slug] > exp[attacks[j].Slug] })
	return attacks
}

// autoTurn takes one action for c: an attack on the first enemy standing,
// or a pass.
func (e *Encounter) autoTurn(ctx Ctx, c *Combatant, copt combat.Options) error {
	var target *Combatant
	for i := range e.Combatants {
		if o := &e.Combatants[i]; o.Side != c.Side && !o.Out() {
			target = o
			break
		}
	}
	if target != nil {
		e.repay(c)
		left := e.PhaseLeft(c)
		for _, a := range bestAttacks(c, target) {
			s := Strike{Actor: c.ID, Target: target.ID, Request: combat.Request{Attack: a.Slug}}
			if n, _, err := e.AttackPanels(c, s); err != nil || n > left {
				continue
			}
			cr := &countingRoller{r: ctx.Roller}
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
