package combat

import (
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/odds"
)

// Expected is what an attack does to its defender on average.
type Expected struct {
	// Damage is the expected health plus stamina taken off the
	// defender's tracks: after the reaction, knockback into obstructions,
	// absorbers, dividers and immunities (Result.Applied).
	Damage float64 `json:"damage"`
	// Out is the probability that the attack leaves the defender out of
	// the fight: battered, unconscious, at death's door or dead, knocked
	// out by a finishing move, or a mundane defender taken out.
	Out float64 `json:"out"`
	// Hit is the probability that the attack hits (Outcome hit).
	Hit float64 `json:"hit"`
	// Panels is the expected panels the defender's reaction costs it,
	// free reactions counting 0 (p. 31).
	Panels float64 `json:"panels"`
}

// ExpectedLimit bounds the dice outcomes ExpectedDamage walks (an attack
// with more is refused with odds.ErrTooMany).
const ExpectedLimit = 200_000

// ExpectedDamage is the exact expectation of the attack req by att on def
// (docs/fight.md, "How the autopilot chooses"): Resolve itself is run once
// per distinct dice outcome by pkg/odds, each run weighted by its exact
// probability, so every rule the ruling knows (the to-hit modifiers, the
// reaction in req, dividers, immunities, absorbers, knockback damage)
// counts, and the expectation and the ruling cannot disagree. It is the
// one measure the autopilot's policies weigh attacks and reactions by.
// Errors: the request's (a RequestError, before any die), or
// odds.ErrTooMany past ExpectedLimit outcomes.
func ExpectedDamage(att, def *hero.Hero, req Request, opt Options) (Expected, error) {
	var rv Resolver
	var res Result
	v, err := odds.Expect(odds.Options{Limit: ExpectedLimit}, 4, func(r dice.Roller, v []float64) error {
		if err := rv.Resolve(&res, att, def, req, r, opt); err != nil {
			return err
		}
		v[0] = float64(res.Applied.Health + res.Applied.Stamina)
		if res.TakesOut() {
			v[1] = 1
		}
		if res.Outcome == OutcomeHit {
			v[2] = 1
		}
		v[3] = float64(res.Reaction.Panels)
		return nil
	})
	if err != nil {
		return Expected{}, err
	}
	return Expected{Damage: v[0], Out: v[1], Hit: v[2], Panels: v[3]}, nil
}

// TakesOut reports whether the attack left the defender out of the fight:
// battered (able only to crawl, p. 37) or worse, knocked out by a
// finishing move (p. 43), or a mundane defender taken out (p. 38).
func (res *Result) TakesOut() bool {
	if res.Mundane != nil {
		return res.Mundane.TakenOut
	}
	if res.Finishing != nil {
		return true
	}
	return outCondition(res.After.Condition)
}

// outCondition reports whether a condition leaves its character out of
// the fight (TakesOut).
func outCondition(c string) bool {
	switch c {
	case "battered", "unconscious", "deaths_door", "dead":
		return true
	}
	return false
}
