package combat

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

func ptr[T any](v T) *T { return &v }

// TestObjectBonusDefaultsToHealth: objects ignore stamina (p. 39) and the
// attacker chooses the split (p. 36), so with no split given the damage
// bonus goes on health against an object. A fist (1d6-6 H, 2d6 S) with a
// bonus of +8 at a wooden wall (8 for a hole, Wall Strength Table): 1d6 6 - 6
// = 0, +8 = 8 H: holed (the old default put the +8 on
// stamina: 0 H, the wall stood). A bonus of -2 goes on stamina (ignored).
func TestObjectBonusDefaultsToHealth(t *testing.T) {
	if got := ObjectBonusOnHealth(5); got != 5 {
		t.Errorf("ObjectBonusOnHealth(5) = %d", got)
	}
	if got := ObjectBonusOnHealth(-2); got != 0 {
		t.Errorf("ObjectBonusOnHealth(-2) = %d", got)
	}
	att := mk("Puncher", rulebook.ACF)
	att.Combat.DamageBonus = 8
	fist := unarmedAttack(att)
	os, err := StrikeObject(att, fist, Blow{}, ObjectTarget{Wall: "wood"}, dice.NewScripted([]int{6, 1, 1}))
	if err != nil {
		t.Fatal(err)
	}
	if os.Damage.BonusHealth != 8 || os.Object.Taken != 8 || !os.Object.Destroyed {
		t.Errorf("default split: %+v taken %d", os.Damage, os.Object.Taken)
	}
	os, err = StrikeObject(att, fist, Blow{SplitHealth: ptr(0)}, ObjectTarget{Wall: "wood"}, dice.NewScripted([]int{6, 1, 1}))
	if err != nil {
		t.Fatal(err)
	}
	if os.Damage.BonusHealth != 0 || os.Object.Taken != 0 {
		t.Errorf("health=0: %+v taken %d", os.Damage, os.Object.Taken)
	}
}
