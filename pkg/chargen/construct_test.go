package chargen

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// p. 49: robots may have only "the more straightforward super powers".
// Worked by hand: strength 1+2+3, agility 4+5+6, will 1+2+3, endurance
// 4+5+6; slot 1 rolls 43 (Magic: re-rolled), 51 (Psychic Ability:
// re-rolled), 09 (Armour); then 15d6 health of 2s.
func TestRobotRerollsPowersAConstructCannotHave(t *testing.T) {
	vals := []int{1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 43, 51, 9}
	for range 15 {
		vals = append(vals, 2)
	}
	s := dice.NewScripted(vals)
	h, _, err := GenerateNPC(s, NPCOptions{Type: NPCRobot, Powers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	if len(h.Powers) != 1 || h.Powers[0].Slug != "armour" {
		t.Fatalf("powers %+v, want armour only", h.Powers)
	}
	slots := h.Creation.Slots
	if len(slots) != 3 || slots[0].Power != "magic" || slots[0].Action != ActionReroll || slots[1].Power != "psychic-ability" || slots[1].Action != ActionReroll {
		t.Fatalf("slots %+v", slots)
	}
	if h.Health.Max != 30 {
		t.Fatalf("health %d, want 15d6 of 2s = 30", h.Health.Max)
	}
}

// No seed ever gives a robot a barred power, at any number of rolls.
func TestRobotPowersAreConstructPowers(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		h, _, err := GenerateNPC(dice.NewSeeded(seed), NPCOptions{Type: NPCRobot, Powers: rulebook.PowerSlots})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, p := range h.Powers {
			if ok, why := rulebook.ConstructPower(string(p.Slug)); !ok {
				t.Fatalf("seed %d: robot has %s (%s)", seed, p.Slug, why)
			}
		}
	}
	// Androids are full heroes (p. 50): the rule is for robots only.
	if ok, _ := rulebook.ConstructPower("armour"); !ok {
		t.Fatal("armour barred")
	}
	if ok, _ := rulebook.ConstructPower("magic"); ok {
		t.Fatal("magic allowed")
	}
}
