package chargen

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// mysticPowers need the Mystic Training perk, once each, to be kept
// (pp. 7, 11).
var mysticPowers = []rulebook.PowerID{rulebook.PowerMagic, rulebook.PowerPsychicAbility}

// backStory runs Step 3 (pp. 9-12): the forced drops, Mystic Training for
// each kept Magic and Psychic Ability, and one dropped power rank per
// perk. Unpaired perks take the rank named by the drop policy; unpaired
// drops buy Specialist Training (+2 agility). See docs/chargen.md.
func (b *builder) backStory(opt GenOptions, cr *hero.Creation) error {
	perks := make([]PerkChoice, 0, len(opt.Perks)+2)
	for _, pc := range opt.Perks {
		row, ok := lookupPerk(pc.Slug)
		if !ok {
			return errorf("--perk", "%q is not a perk (one of %s)", pc.Slug, perkSlugs())
		}
		opt, err := checkPerkOption(row.Slug, pc.Option)
		if err != nil {
			return err
		}
		perks = append(perks, PerkChoice{Slug: row.Slug, Option: opt})
	}
	var drops []string
	for _, d := range opt.Drops {
		row, ok := lookupPower(d)
		if !ok {
			return errorf("--drop", "%q is not a power on the Power Table (p. 7)", d)
		}
		i := powerIndex(b.h, rulebook.PowerID(row.Slug))
		if i < 0 {
			return errorf("--drop", "the hero has no %s to drop (powers: %s)", row.Name, b.powerList())
		}
		drops = append(drops, b.dropRank(i))
	}
	auto := map[string]bool{} // mystic perks added by the policy
	for iter := 0; iter < 64; iter++ {
		// Mystic Training for each kept mystic power.
		for _, m := range mysticPowers {
			held := powerIndex(b.h, m) >= 0
			k := slices.IndexFunc(perks, func(pc PerkChoice) bool { return pc.Slug == "mystic-training" && pc.Option == string(m) })
			if held && k < 0 {
				if e := slices.IndexFunc(perks, func(pc PerkChoice) bool { return pc.Slug == "mystic-training" && pc.Option == "" }); e >= 0 {
					perks[e].Option = string(m)
				} else {
					perks = append(perks, PerkChoice{Slug: "mystic-training", Option: string(m)})
					auto[string(m)] = true
				}
			}
			if !held && k >= 0 && auto[string(m)] {
				perks = slices.Delete(perks, k, k+1)
				delete(auto, string(m))
			}
		}
		switch {
		case len(perks) > len(drops):
			i := b.dropTarget()
			if i < 0 {
				return errorf("--perk", "%d perk(s) need %d dropped power rank(s) but the hero has only %d", len(perks), len(perks), len(drops))
			}
			drops = append(drops, b.dropRank(i))
			continue
		case len(drops) > len(perks):
			perks = append(perks, PerkChoice{Slug: "specialist-training", Option: "agility"})
			continue
		}
		break
	}
	for k, pc := range perks {
		row, _ := lookupPerk(pc.Slug)
		h := b.h
		h.Perks = append(h.Perks, hero.Perk{Slug: row.Slug, Name: row.Name, Option: pc.Option, Bought: drops[k]})
		if !b.quiet {
			b.add("perk", fmt.Sprintf("p. %d", row.Page), "drops %s for %s%s", drops[k], row.Name, optionTail(pc.Option))
		}
	}
	cr.Drops = drops
	for _, m := range mysticPowers {
		if powerIndex(b.h, m) >= 0 && !b.h.HasPerk("mystic-training") {
			return refusal.Errorf("chargen: %s kept without Mystic Training", m)
		}
	}
	return nil
}

func optionTail(o string) string {
	if o == "" {
		return ""
	}
	return " (" + o + ")"
}

func perkSlugs() string {
	var s []string
	for _, p := range rulebook.Perks() {
		s = append(s, p.Slug)
	}
	return joinSlugs(s)
}

func (b *builder) powerList() string {
	var s []string
	for _, p := range b.h.Powers {
		s = append(s, string(p.Slug))
	}
	if len(s) == 0 {
		return "none"
	}
	return joinSlugs(s)
}

// checkPerkOption checks a perk's option: the Contacts field (p. 10),
// Mystic Training's power (magic or psychic-ability), Specialist
// Training's abilities (p. 12); free text for the others' back-story.
func checkPerkOption(slug, opt string) (string, error) {
	switch slug {
	case "contacts":
		if opt == "" {
			return "", nil
		}
		n := naming.Slug(opt)
		if n == "" {
			return "", errorf("--perk", "contacts: the field is empty")
		}
		return n, nil
	case "mystic-training":
		if opt == "" {
			return "", nil
		}
		row, ok := lookupPower(opt)
		if !ok || !slices.Contains(mysticPowers, rulebook.PowerID(row.Slug)) {
			return "", errorf("--perk", "mystic-training:%s: the option is the power it trains, magic or psychic-ability", opt)
		}
		return row.Slug, nil
	case "specialist-training":
		t, err := parseTraining(opt)
		if err != nil {
			return "", errorf("--perk", "specialist-training: %v", err)
		}
		s := ""
		for k, x := range t {
			if k > 0 {
				s += "+"
			}
			s += x.ability
		}
		return s, nil
	case "idle-rich":
		if opt != "" {
			return "", errorf("--perk", "idle-rich takes no option")
		}
	}
	return opt, nil
}

// dropTarget is the drop policy: the power with the fewest ranks, the
// most recently gained among equals, leaving out kept Magic and Psychic
// Ability and powers that came from an implant; a mystic power only when
// nothing else is left. -1 when the hero has no power.
func (b *builder) dropTarget() int {
	best := -1
	for pass := 0; pass < 2 && best < 0; pass++ {
		for i := range b.h.Powers {
			p := &b.h.Powers[i]
			if p.Source != "" {
				continue
			}
			if pass == 0 && slices.Contains(mysticPowers, p.Slug) {
				continue
			}
			if best < 0 || p.Rank <= b.h.Powers[best].Rank {
				best = i
			}
		}
	}
	return best
}

// dropRank removes one rank of power i (the last one gained) and returns
// a description for the perk's "bought" field.
func (b *builder) dropRank(i int) string {
	h := b.h
	p := &h.Powers[i]
	desc := string(p.Slug) + " rank " + strconv.Itoa(p.Rank)
	if p.Improved > 0 {
		p.Improved--
	} else if p.Rolled > 0 {
		p.Rolled--
	}
	p.Rank--
	if p.Rank <= 0 {
		b.removePower(i)
		return desc
	}
	undoRank(p)
	return desc
}

// undoRank takes back what the power's last rank gave.
func undoRank(p *hero.Power) {
	switch p.Slug {
	case rulebook.PowerMagic, rulebook.PowerPsychicAbility:
		if p.Rank == 2 {
			for k := len(p.Flavours) - 1; k > 0; k-- {
				if p.Flavours[k].Speciality {
					p.Flavours[k].Speciality = false
					return
				}
			}
		}
		if p.Rank == 1 && len(p.Flavours) > 3 {
			p.Flavours = p.Flavours[:3]
		}
	case rulebook.PowerLarger:
		if k := p.Values["knockback_ranks"]; k > p.Rank {
			p.Values["knockback_ranks"] = p.Rank
		}
	case rulebook.PowerMartialArts, rulebook.PowerWeaponMastery:
		total := len(p.Options)
		for _, f := range p.Flavours {
			total += max(f.Rank, 1)
		}
		for total > p.Rank {
			switch {
			case len(p.Options) > 0 && p.Slug == rulebook.PowerMartialArts:
				p.Options = p.Options[:len(p.Options)-1]
			default:
				last := &p.Flavours[len(p.Flavours)-1]
				if last.Rank > 1 {
					last.Rank--
					if len(last.Options) > 0 {
						last.Options = last.Options[:len(last.Options)-1]
					}
				} else if len(p.Flavours) > 1 {
					p.Flavours = p.Flavours[:len(p.Flavours)-1]
				} else {
					return
				}
			}
			total--
		}
	case rulebook.PowerEnergyBlast:
		if len(p.Options) > p.Rank-1 {
			p.Options = p.Options[:p.Rank-1]
			delete(p.Values, "pool_d10")
		}
	}
}

// removePower removes power i, and what its implants gave.
func (b *builder) removePower(i int) {
	h := b.h
	p := h.Powers[i]
	h.Powers = slices.Delete(h.Powers, i, i+1)
	if p.Slug != rulebook.PowerCybernetics {
		return
	}
	for _, f := range p.Flavours {
		switch f.Slug {
		case string(rulebook.ImplantPowerEnhancer):
			if j := powerIndex(h, rulebook.PowerID(f.Detail)); j >= 0 {
				t := &h.Powers[j]
				t.Rank--
				t.Values["implant_ranks"]--
				if t.Values["implant_ranks"] <= 0 {
					delete(t.Values, "implant_ranks")
				}
				if t.Rank <= 0 {
					h.Powers = slices.Delete(h.Powers, j, j+1)
				}
			}
		case string(rulebook.ImplantPowerSimulator):
			if j := powerIndex(h, rulebook.PowerID(f.Detail)); j >= 0 && h.Powers[j].Source == string(rulebook.PowerCybernetics) {
				h.Powers = slices.Delete(h.Powers, j, j+1)
			}
		}
	}
}
