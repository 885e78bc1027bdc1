package chargen

import (
	"sync"

	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// index holds lookups over the rulebook's tables by exact slug, built the
// first time they are needed (generation looks tables up thousands of
// times per hero batch; the rulebook's own lookups normalise every row).
type index struct {
	powers  map[string]rulebook.PowerRow
	subs    map[string]*rulebook.SubTable
	options map[string][]string
	perks   map[string]rulebook.Perk
	lines   []rulebook.AbilityLine
	items   []rulebook.EquipmentItem
}

var (
	idxOnce sync.Once
	idx     *index
)

func tables() *index {
	idxOnce.Do(func() {
		x := &index{
			powers:  map[string]rulebook.PowerRow{},
			subs:    map[string]*rulebook.SubTable{},
			options: map[string][]string{},
			perks:   map[string]rulebook.Perk{},
			lines:   rulebook.AbilityLines(),
			items:   rulebook.StartingEquipment(),
		}
		for _, p := range rulebook.Powers() {
			x.powers[p.Slug] = p
		}
		for _, s := range rulebook.SubTables() {
			st := s
			x.subs[s.Slug] = &st
			var opts []string
			for _, r := range s.Rows {
				if !r.Choose {
					opts = append(opts, r.Slug)
				}
			}
			x.options[s.Slug] = opts
		}
		for _, p := range rulebook.Perks() {
			x.perks[p.Slug] = p
		}
		idx = x
	})
	return idx
}

// lookupPower finds a power by exact slug, else by the rulebook's
// forgiving lookup (names, any case).
func lookupPower(s string) (rulebook.PowerRow, bool) {
	if p, ok := tables().powers[s]; ok {
		return p, true
	}
	return rulebook.PowerBySlug(s)
}

// lookupPerk finds a perk by exact slug, else by name.
func lookupPerk(s string) (rulebook.Perk, bool) {
	if p, ok := tables().perks[s]; ok {
		return p, true
	}
	return rulebook.PerkBySlug(s)
}

// subTableRow returns the sub-table and its row for a roll.
func subTableRow(table string, roll int) (*rulebook.SubTable, rulebook.SubRow, bool) {
	st, ok := tables().subs[table]
	if !ok {
		return nil, rulebook.SubRow{}, false
	}
	for _, r := range st.Rows {
		if roll >= r.Lo && roll <= r.Hi {
			return st, r, true
		}
	}
	return st, rulebook.SubRow{}, false
}
