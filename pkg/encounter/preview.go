package encounter

import (
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/odds"
)

// Outcome is what one run of an action did, for its odds: the encounter
// before and after, the events the action appended, and the attack's
// ruling when the action was a strike (nil otherwise).
type Outcome struct {
	Before, After *Encounter
	Events        []Event
	Attack        *combat.Result
}

// ActOdds is the exact distribution of what act would do to e as it is
// now: Do itself, run once per distinct dice outcome (pkg/odds) on a
// fresh copy of e, each run observed by observe. e is not changed. The
// odds and the act cannot disagree: they are the same code.
func ActOdds(e *Encounter, act Action, observe func(Outcome, *odds.Observer)) (*odds.Odds, error) {
	fresh, err := copier(e)
	if err != nil {
		return nil, err
	}
	return odds.Walk(odds.Options{}, func(r dice.Roller, o *odds.Observer) error {
		c, err := fresh()
		if err != nil {
			return err
		}
		n := len(c.Log)
		res, err := c.do(Ctx{Roller: r}, act)
		if err != nil {
			return err
		}
		observe(Outcome{Before: e, After: c, Events: c.Log[n:], Attack: res}, o)
		return nil
	})
}

// copier returns a function making deep copies of e's state (its log
// shared, read-only: a copy's appended events go to its own array).
func copier(e *Encounter) (func() (*Encounter, error), error) {
	log := e.Log
	e.Log = nil
	data, err := Encode(e)
	e.Log = log
	if err != nil {
		return nil, err
	}
	return func() (*Encounter, error) {
		c, err := Decode(data)
		if err != nil {
			return nil, err
		}
		c.Log = log[:len(log):len(log)]
		return c, nil
	}, nil
}

// do is Do, returning the attack's ruling for a strike.
func (e *Encounter) do(ctx Ctx, act Action) (*combat.Result, error) {
	if x, ok := act.(StrikeAction); ok {
		return e.strikeAction(ctx, x)
	}
	return nil, e.Do(ctx, act)
}
