package chargen

import "github.com/codename-spandex/spandex/pkg/hero"

// spare is the memory of a character the caller no longer needs
// (GenOptions.Reuse, NPCOptions.Reuse): its slices and structs are
// emptied and filled again, so that a batch allocates little per
// character.
type spare struct {
	powers     []hero.Power
	perks      []hero.Perk
	equipment  []hero.Item
	log        []hero.Event
	attacks    []hero.Attack
	parries    []hero.Parry
	explain    []string
	health     []int
	stamina    []int
	creation   *hero.Creation
	mundane    *hero.Mundane
	moves      []hero.Move
	immunities []string
	modifiers  []hero.AbilityModifier
	pools      []hero.Pool
}

// spareOf takes what can be reused from h, which is about to be
// overwritten.
func spareOf(h *hero.Hero) spare {
	return spare{powers: h.Powers, perks: h.Perks, equipment: h.Equipment, log: h.Log,
		attacks: h.Combat.Attacks, parries: h.Combat.Parries, explain: h.Combat.Explain,
		health: h.Health.Dice, stamina: h.Stamina.Dice, creation: h.Creation, mundane: h.Mundane,
		moves: h.Combat.Moves, immunities: h.Combat.Immunities, modifiers: h.Abilities.Modifiers, pools: h.Pools}
}

// recycled returns s cleared and emptied for reuse, or, when s has no
// room, a new empty (non-nil) slice with room for n.
func recycled[T any](s []T, n int) []T {
	if cap(s) == 0 || cap(s) < n {
		if n == 0 {
			return []T{}
		}
		return make([]T, 0, n)
	}
	s = s[:cap(s)]
	clear(s)
	return s[:0]
}

// emptied returns s cleared and emptied for reuse: nil stays nil.
func emptied[T any](s []T) []T {
	clear(s[:cap(s)])
	return s[:0]
}

// take returns *s for reuse and forgets it, so that it is used once.
func take[T any](s *[]T) []T {
	t := *s
	*s = nil
	return t
}
