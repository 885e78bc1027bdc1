package chargen

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// Acrobatics rank 1 swings on "some kind of grapple or line-slinger" (p.
// 51): derive gives the hero the grappling gun it relies on (p. 13), once.
func TestAcrobaticsReliesOnAGrapplingGun(t *testing.T) {
	for _, fill := range []bool{false, true} {
		h := &hero.Hero{Schema: hero.SchemaVersion, Name: "Swing", Kind: hero.KindHero,
			Abilities: hero.AbilitySet{Base: hero.Abilities{Strength: 10, Agility: 14, Will: 9, Endurance: 3}},
			Powers:    []hero.Power{{Slug: "acrobatics", Name: "Acrobatics", Rank: 1, MaxRank: 2, Rolled: 1}},
			Health:    hero.Health{Dice: []int{1, 2, 3}}, Stamina: hero.Stamina{Dice: []int{4, 5, 6}}}
		if _, err := Derive(h, dice.NewScripted(nil), Options{FillEquipment: fill}); err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, it := range h.Equipment {
			if it.Slug == "grappling-gun" {
				n++
			}
		}
		if n != 1 || (fill && len(h.Equipment) != 3) {
			t.Fatalf("fill %v: equipment %+v", fill, h.Equipment)
		}
	}
}
