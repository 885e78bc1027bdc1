package chargen

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// GainPowerRank gives a hero a new power at rank 1, or raises a power it
// has by one rank, as downtime does (p. 48), then derives the hero again
// (Derive). The power's flavours are resolved as its text says (a new
// energy type or spell, a martial-arts style's rank, ...), following the
// documented unattended choices unless opt.Choose fixes them; a Sidekick
// rank regenerates nothing but gives the sidekick one more power roll and
// its panels (p. 71).
//
// Dice are rolled in this order: the power's sub-table dice, the
// sidekick's extra power roll (and its own Derive), then Derive's dice.
// The creation-only limit that rank 4 needs two rolls does not apply.
func GainPowerRank(h *hero.Hero, slug string, r dice.Roller, opt Options) (ruling.Steps, error) {
	row, ok := lookupPower(slug)
	if !ok || row.FreeChoice {
		return nil, errorf("power", "%q is not a power on the Power Table (p. 7)", slug)
	}
	b := &builder{h: h, r: r, choose: opt.Choose, noSidekick: h.Kind == hero.KindSidekick, quiet: opt.Quiet}
	b.hint = h.Abilities.Base.Strength + 3*h.Abilities.Base.Agility + 5*h.Abilities.Base.Will + 7*h.Abilities.Base.Endurance + len(h.Log)
	if row.Slug == string(rulebook.PowerSidekick) && b.noSidekick {
		return nil, errorf("power", "a sidekick may not have its own sidekick (p. 71)")
	}
	i, err := b.gain(row.Slug, howDowntime)
	if err != nil {
		return b.steps, err
	}
	p := &h.Powers[i]
	if !b.quiet {
		b.add("power", fmt.Sprintf("p. %d", row.Page), "%s now rank %d", p.Name, p.Rank)
	}
	if p.Slug == rulebook.PowerSidekick && p.Sidekick != nil && p.Rank > 1 {
		if err := b.sidekickRank(i); err != nil {
			return b.steps, err
		}
	}
	err = b.derive(opt)
	return b.steps, err
}

// sidekick generates the Sidekick power's sidekick if it has none (p. 71):
// built as a hero with rank-1 power rolls (none at rank 1, and rank 1
// has no super powers), panels per page equal to rank + 1, and no
// sidekick of its own.
func (b *builder) sidekick(i int) error {
	p := &b.h.Powers[i]
	rank := min(p.Rank, 3)
	if p.Sidekick != nil {
		p.Sidekick.Combat.PanelsPerPage = rank + 1
		return nil
	}
	opt := GenOptions{Kind: hero.KindSidekick, Slots: rank - 1, NoSlots: rank == 1, PanelsPerPage: rank + 1,
		Name: b.h.Name + "'s sidekick", Derive: Options{Quiet: b.quiet}}
	sk, steps, err := b.g.generateOr(b.r, opt)
	if err != nil {
		return err
	}
	sk.Creation.Notes = append(sk.Creation.Notes, fmt.Sprintf("sidekick of %s, Sidekick rank %d (p. 71)", b.h.Name, rank))
	for _, s := range steps {
		s.Text = "sidekick: " + s.Text
		b.steps = append(b.steps, s)
	}
	b.h.Powers[i].Sidekick = sk
	return nil
}

// sidekickRank gives an existing sidekick the power roll and panels of
// the owner's new Sidekick rank (p. 71).
func (b *builder) sidekickRank(i int) error {
	p := &b.h.Powers[i]
	sk := p.Sidekick
	if p.Rank > 3 {
		return nil
	}
	sb := &builder{h: sk, r: b.r, noSidekick: true}
	cr := sk.Creation
	if cr == nil {
		cr = &hero.Creation{Method: "generated"}
		sk.Creation = cr
	}
	slot := len(cr.Slots) + 1
	var none []string
	if err := sb.rollSlot(slot, &none, cr); err != nil {
		return err
	}
	sk.Combat.PanelsPerPage = p.Rank + 1
	if _, err := Derive(sk, b.r, Options{}); err != nil {
		return err
	}
	if !b.quiet {
		b.add(string(rulebook.PowerSidekick), "p. 71", "the sidekick gains a power roll and %d panels per page", p.Rank+1)
	}
	return nil
}
