package combat

import (
	"errors"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// Apply writes the result onto the defender: health and stamina, the
// condition (battered, death's door, dead, dazed, stunned, unconscious,
// prone, grabbed, grappled, knocked out), a mundane character's hits, and
// appends an "attack" event to its log carrying the whole Result (with
// Steps, which Apply fills by calling Explain) and the seed, if any.
func (res *Result) Apply(defender *hero.Hero, seed *uint64) error {
	return errors.New("combat: not implemented yet")
}

// ApplyAttacker writes onto the attacker what the attack did to it: judo
// throw damage and prone, the pool dice or points spent. It appends an
// "attacked-back" event only when something changed, and reports whether
// it did.
func (res *Result) ApplyAttacker(attacker *hero.Hero, seed *uint64) (bool, error) {
	return false, errors.New("combat: not implemented yet")
}
