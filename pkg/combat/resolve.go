package combat

import (
	"errors"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// Resolve rules on one attack by attacker on defender, following the
// Physical Attack Detailed Steps (App. p. 82): to-hit, reaction, damage,
// knockback, dividers and immunities, condition. It rolls with r in the
// order documented in the package comment and changes neither hero; call
// Result.Apply to write the outcome onto the defender. Errors name the
// request field at fault (an unknown attack, an ineligible reaction, a
// bad split) or come from r (--dice running out).
func Resolve(attacker, defender *hero.Hero, req Request, r dice.Roller, opt Options) (*Result, error) {
	res := &Result{}
	if err := ResolveInto(res, attacker, defender, req, r, opt); err != nil {
		return nil, err
	}
	return res, nil
}

// ResolveInto is Resolve writing into res, reusing its slices, so that
// simulations can resolve many attacks without allocating a Result each.
func ResolveInto(res *Result, attacker, defender *hero.Hero, req Request, r dice.Roller, opt Options) error {
	return errors.New("combat: not implemented yet")
}
