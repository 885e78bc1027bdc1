package encounter

import (
	"slices"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// haymakerSpent reports whether c has already thrown a at target in this
// fight, a being its haymaker: "You may only do a haymaker once per
// opponent per combat" (p. 66). A haymaker that missed was still done.
func haymakerSpent(c, target *Combatant, a *hero.Attack) bool {
	return combat.IsHaymaker(a) && slices.Contains(c.Haymakered, target.ID)
}

// checkHaymaker refuses c's second haymaker on target.
func checkHaymaker(c, target *Combatant, req combat.Request) error {
	if req.Mode != combat.ModeStrike || req.Object != nil {
		return nil
	}
	if haymakerSpent(c, target, c.Hero.FindAttack(req.Attack)) {
		return refusal.Errorf("%s has already thrown its haymaker at %s: once per opponent per combat (p. 66)", c.ID, target.ID)
	}
	return nil
}

// markHaymaker remembers that c has thrown its haymaker at target.
func markHaymaker(c, target *Combatant, req combat.Request) {
	if req.Mode != combat.ModeStrike || req.Object != nil || !combat.IsHaymaker(c.Hero.FindAttack(req.Attack)) {
		return
	}
	if !slices.Contains(c.Haymakered, target.ID) {
		c.Haymakered = append(c.Haymakered, target.ID)
	}
}
