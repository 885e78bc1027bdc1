package hero

import (
	"maps"
	"slices"
)

// Clone returns a deep copy of h: no slice, map or pointer of the copy
// is shared with h (strings, being immutable, are), so the copy can be
// changed freely. A test walks every field by reflection, so a field
// added to the types without a copy here fails it.
func (h *Hero) Clone() *Hero {
	if h == nil {
		return nil
	}
	c := *h
	c.Abilities.Modifiers = slices.Clone(h.Abilities.Modifiers)
	if h.Powers != nil {
		c.Powers = make([]Power, len(h.Powers))
		for i := range h.Powers {
			c.Powers[i] = h.Powers[i].clone()
		}
	}
	c.Perks = slices.Clone(h.Perks)
	c.Equipment = slices.Clone(h.Equipment)
	c.Combat = h.Combat.clone()
	c.Health.Dice = slices.Clone(h.Health.Dice)
	c.Stamina.Dice = slices.Clone(h.Stamina.Dice)
	c.Pools = slices.Clone(h.Pools)
	c.States = slices.Clone(h.States)
	c.ImposedStates = slices.Clone(h.ImposedStates)
	if h.Forms != nil {
		c.Forms = make([]Form, len(h.Forms))
		for i, f := range h.Forms {
			f.Powers = slices.Clone(f.Powers)
			f.Combat = f.Combat.clone()
			c.Forms[i] = f
		}
	}
	c.Profile.Scenarios = slices.Clone(h.Profile.Scenarios)
	c.Downtime.Experience = maps.Clone(h.Downtime.Experience)
	c.Downtime.Upkeep = slices.Clone(h.Downtime.Upkeep)
	c.Downtime.Devices = slices.Clone(h.Downtime.Devices)
	if h.Vehicle != nil {
		v := *h.Vehicle
		v.Gadgets = slices.Clone(v.Gadgets)
		v.Powers = slices.Clone(v.Powers)
		c.Vehicle = &v
	}
	if h.Mundane != nil {
		m := *h.Mundane
		c.Mundane = &m
	}
	if h.Creation != nil {
		cr := h.Creation.clone()
		c.Creation = &cr
	}
	if h.Log != nil {
		c.Log = make([]Event, len(h.Log))
		for i, e := range h.Log {
			e.Seed = cloneUint(e.Seed)
			e.Details = slices.Clone(e.Details)
			if e.Revert != nil {
				r := *e.Revert
				r.Patch = slices.Clone(r.Patch)
				e.Revert = &r
			}
			c.Log[i] = e
		}
	}
	return &c
}

// CloneWithoutLog is Clone with no log: a copy to work figures out on
// (hero derive's cross-check), which need none of the history, the most
// of a long-played file.
func (h *Hero) CloneWithoutLog() *Hero {
	if h == nil {
		return nil
	}
	s := *h
	s.Log = nil
	return s.Clone()
}

func (p Power) clone() Power {
	c := p
	if p.Flavours != nil {
		c.Flavours = make([]Flavour, len(p.Flavours))
		for i, f := range p.Flavours {
			f.Options = slices.Clone(f.Options)
			c.Flavours[i] = f
		}
	}
	c.Options = slices.Clone(p.Options)
	c.Values = maps.Clone(p.Values)
	c.Dice = slices.Clone(p.Dice)
	c.Sidekick = p.Sidekick.Clone()
	return c
}

func (cb Combat) clone() Combat {
	c := cb
	c.Attacks = slices.Clone(cb.Attacks)
	c.Parries = slices.Clone(cb.Parries)
	c.Immunities = slices.Clone(cb.Immunities)
	c.Moves = slices.Clone(cb.Moves)
	c.Explain = slices.Clone(cb.Explain)
	return c
}

func (cr Creation) clone() Creation {
	c := cr
	c.Seed = cloneUint(cr.Seed)
	c.Slots = slices.Clone(cr.Slots)
	if cr.Grid != nil {
		c.Grid = make([][]int, len(cr.Grid))
		for i, row := range cr.Grid {
			c.Grid[i] = slices.Clone(row)
		}
	}
	c.Drops = slices.Clone(cr.Drops)
	c.Rolls = slices.Clone(cr.Rolls)
	c.Notes = slices.Clone(cr.Notes)
	return c
}

func cloneUint(p *uint64) *uint64 {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
