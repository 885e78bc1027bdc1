package chargen

import (
	"fmt"
	"slices"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// maxSubPowerTries bounds the re-rolls of sub-powers the power already
// has (a seeded roller always ends sooner; --dice runs out first).
const maxSubPowerTries = 200

// SubPowerBlocked says why a power the hero has cannot gain another
// sub-power by GainSubPower, or "" when it can. It rolls nothing, so
// downtime can show the reason before experience is spent.
//
// The book (p. 48): "in the case of super powers that have different
// sub-powers or flavours gaining an additional sub-power from the list
// counts as acquiring a new power rather than merely increasing the rank
// of an existing power unless the power description specifically says
// that increasing it in rank gives you an additional sub-power". So:
//
//   - Magic and Psychic Ability learn their next spell or psychic power
//     with rank 2 (pp. 62, 67): below their maximum rank the rank is
//     bought instead; at rank 3 another one is a new sub-power.
//   - Martial Arts gains its other style with a rank (p. 65), and spandex
//     counts its rank over both styles (at most 3, docs/rules-notes.md):
//     refused.
//   - Weapon Mastery's ranks are counted over its weapons (at most 3,
//     docs/rules-notes.md), so a second weapon has no room: refused.
//   - A forcefield's strength is rolled once for its one type (p. 59):
//     refused.
//   - Powers without sub-powers have none to gain.
func SubPowerBlocked(h *hero.Hero, slug string) string {
	row, ok := lookupPower(slug)
	if !ok || row.FreeChoice {
		return fmt.Sprintf("%q is not a power on the Power Table (p. 7)", slug)
	}
	i := powerIndex(h, rulebook.PowerID(row.Slug))
	if i < 0 {
		return fmt.Sprintf("%s has no %s: buy power:%s first", h.Name, row.Name, row.Slug)
	}
	p := &h.Powers[i]
	switch row.Slug {
	case string(rulebook.PowerMagic), string(rulebook.PowerPsychicAbility):
		if !atMax(p) {
			return fmt.Sprintf("%s's next rank gives another %s (p. %d): buy power:%s (100 x rank %d)", row.Name, mysticWhat(row.Slug), row.Page, row.Slug, p.Rank)
		}
	case string(rulebook.PowerMartialArts):
		return "Martial Arts gains its other style or the judo throw with a rank (p. 65): buy power:martial-arts"
	case string(rulebook.PowerWeaponMastery):
		return "spandex counts Weapon Mastery's rank over all its weapons, at most 3 (docs/rules-notes.md): there is no room for another weapon; the GM can add it by hand (hero derive)"
	case string(rulebook.PowerForcefield):
		return "a forcefield's strength is rolled once for its one type (p. 59): another type is not supported; the GM can add it by hand (hero derive)"
	case string(rulebook.PowerCybernetics), string(rulebook.PowerEnergyBlast), string(rulebook.PowerEnergyReflect), string(rulebook.PowerImmunity), string(rulebook.PowerEnvironmentalControl),
		string(rulebook.PowerShapechange), string(rulebook.PowerSkills), string(rulebook.PowerSuperHealth), string(rulebook.PowerSuperSenses):
	default:
		return fmt.Sprintf("%s has no sub-powers or flavours (p. 7)", row.Name)
	}
	if opts := subPowerOptions(row.Slug); opts != nil {
		left := 0
		for _, o := range opts {
			if !p.HasFlavour(o) {
				left++
			}
		}
		if left == 0 {
			return fmt.Sprintf("%s already has every sub-power on its table", row.Name)
		}
	}
	return ""
}

func mysticWhat(slug string) string {
	if slug == string(rulebook.PowerMagic) {
		return "spell"
	}
	return "psychic power"
}

// subPowerOptions lists every sub-power a power's tables can give, nil
// for cybernetics (implants may repeat: a second arm, another weapon,
// p. 52).
func subPowerOptions(slug string) []string {
	switch slug {
	case string(rulebook.PowerEnergyBlast), string(rulebook.PowerEnergyReflect), string(rulebook.PowerImmunity):
		return tableOptions("energy-type")
	case string(rulebook.PowerSuperSenses):
		return superSenseOptions()
	case string(rulebook.PowerMagic):
		return tableOptions("magic-spells")
	case string(rulebook.PowerPsychicAbility):
		return tableOptions("psychic-powers")
	case string(rulebook.PowerCybernetics):
		return nil
	}
	return tableOptions(subPowerTable(slug))
}

// subPowerTable is the sub-table a power's sub-powers come from.
func subPowerTable(slug string) string {
	switch slug {
	case string(rulebook.PowerEnvironmentalControl), string(rulebook.PowerShapechange), string(rulebook.PowerSkills), string(rulebook.PowerSuperHealth):
		return slug
	}
	return ""
}

// superSenseOptions is every super sense: the Super Senses Table's own
// results and the enhanced and special senses (p. 74).
func superSenseOptions() []string {
	return append(append([]string{"animal-senses", "radar-sense"}, tableOptions("enhanced-sense")...), tableOptions("special-sense")...)
}

// GainSubPower gives a power the hero has another sub-power or flavour,
// which downtime prices as acquiring a new power (p. 48), then derives
// the hero again (Derive). The sub-power is rolled on the power's
// sub-table as at creation: another energy type (Energy Blast, Energy
// Reflect, Immunity), environmental aspect, shapechange type, skill,
// super health type, super sense (with its enhanced or special sense
// roll), cybernetic implant, or, at rank 3, another spell or psychic
// power. A result the power already has is re-rolled (except implants,
// which may repeat, p. 52); a "Choose" result takes the next opt.Choose,
// else the documented preference among those it lacks. The power's rank
// does not change. SubPowerBlocked says which powers are refused and why.
//
// Dice are rolled in this order: the sub-table dice (and re-rolls), then
// Derive's dice (none for a complete hero).
func GainSubPower(h *hero.Hero, slug string, r dice.Roller, opt Options) (ruling.Steps, error) {
	if why := SubPowerBlocked(h, slug); why != "" {
		return nil, errorf("subpower", "%s", why)
	}
	row, _ := lookupPower(slug)
	b := &builder{h: h, r: r, choose: opt.Choose, noSidekick: h.Kind == hero.KindSidekick, quiet: opt.Quiet}
	b.hint = h.Abilities.Base.Strength + 3*h.Abilities.Base.Agility + 5*h.Abilities.Base.Will + 7*h.Abilities.Base.Endurance + len(h.Log)
	i := powerIndex(h, rulebook.PowerID(row.Slug))
	n := len(h.Powers[i].Flavours)
	var err error
	switch row.Slug {
	case string(rulebook.PowerCybernetics):
		err = b.implant(i)
	case string(rulebook.PowerMagic):
		err = b.learn(i, "magic-spells", false, preferSpells)
	case string(rulebook.PowerPsychicAbility):
		err = b.learn(i, "psychic-powers", false, preferPsychic)
	case string(rulebook.PowerSuperSenses):
		err = b.newSense(i)
	case string(rulebook.PowerEnergyBlast), string(rulebook.PowerEnergyReflect), string(rulebook.PowerImmunity):
		err = b.newFromTable(i, "energy-type", "energy type", nil)
	case string(rulebook.PowerSkills):
		err = b.newFromTable(i, string(rulebook.PowerSkills), "skill", []string{"gymnastics"})
	case string(rulebook.PowerSuperHealth):
		err = b.newFromTable(i, string(rulebook.PowerSuperHealth), "health type", []string{"fast-recovery"})
	case string(rulebook.PowerEnvironmentalControl):
		err = b.newFromTable(i, string(rulebook.PowerEnvironmentalControl), "environmental aspect", nil)
	case string(rulebook.PowerShapechange):
		err = b.newFromTable(i, string(rulebook.PowerShapechange), "shapechange type", nil)
	}
	if err != nil {
		return b.steps, err
	}
	p := &h.Powers[i]
	if len(p.Flavours) > n {
		f := p.Flavours[len(p.Flavours)-1]
		b.add("subpower", "p. 48", "%s gains %s, a new sub-power (it counts as a new power); rank stays %d", p.Name, f.Name, p.Rank)
	}
	err = b.derive(opt)
	return b.steps, err
}

// newFromTable rolls a sub-table until it gives a result the power lacks;
// a "Choose" result picks among those it lacks.
func (b *builder) newFromTable(i int, table, what string, prefer []string) error {
	name := b.h.Powers[i].Name
	for tries := 0; tries < maxSubPowerTries; tries++ {
		row, v, err := b.subTable(i, table, powerName(string(b.h.Powers[i].Slug))+" "+what)
		if err != nil {
			return err
		}
		slug := row.Slug
		if row.Choose {
			slug, err = b.choice(what+" for "+name, b.lacking(i, tableOptions(table)), prefer)
			if err != nil {
				return err
			}
			b.add("flavour", "p. 7", "%s: chose %s", name, tableName(table, slug))
		}
		if b.h.Powers[i].HasFlavour(slug) {
			b.add("flavour", "p. 48", "%s already has %s: re-roll", name, tableName(table, slug))
			continue
		}
		b.h.Powers[i].Flavours = append(b.h.Powers[i].Flavours, hero.Flavour{Slug: slug, Name: tableName(table, slug), Table: table, Roll: v})
		return nil
	}
	return errorf("dice", "could not roll a new %s for %s", what, name)
}

// newSense rolls the Super Senses Table (and the enhanced or special
// sense table it sends to) until it gives a sense the power lacks
// (p. 74). A 6 takes the next --choose value (any sense it lacks) when
// one is queued, else rolls the Special Sense Table.
func (b *builder) newSense(i int) error {
	name := b.h.Powers[i].Name
	for tries := 0; tries < maxSubPowerTries; tries++ {
		row, v, err := b.subTable(i, string(rulebook.PowerSuperSenses), "super sense")
		if err != nil {
			return err
		}
		var f hero.Flavour
		switch row.Slug {
		case "animal-senses", "radar-sense":
			f = hero.Flavour{Slug: row.Slug, Name: row.Result, Table: string(rulebook.PowerSuperSenses), Roll: v}
		case "enhanced-sense":
			f, err = b.senseFrom(i, "enhanced-sense", "enhanced sense", []string{"enhanced-hearing"})
		default:
			if c, ok := b.nextChoice(); ok {
				n := naming.Slug(c)
				lack := b.lacking(i, superSenseOptions())
				if !slices.Contains(lack, n) {
					return errorf("--choose", "%q is not a super sense %s lacks (one of %s)", c, name, joinSlugs(lack))
				}
				table := rulebook.PowerSuperSenses
				if slices.Contains(tableOptions("enhanced-sense"), n) {
					table = "enhanced-sense"
				} else if slices.Contains(tableOptions("special-sense"), n) {
					table = "special-sense"
				}
				f = hero.Flavour{Slug: n, Name: tableName(string(table), n), Table: string(table)}
			} else {
				f, err = b.senseFrom(i, "special-sense", "special sense", []string{"x-ray-vision"})
			}
		}
		if err != nil {
			return err
		}
		if f.Slug == "" || b.h.Powers[i].HasFlavour(f.Slug) {
			b.add("flavour", "p. 48", "%s already has %s: re-roll", name, f.Name)
			continue
		}
		b.h.Powers[i].Flavours = append(b.h.Powers[i].Flavours, f)
		return nil
	}
	return errorf("dice", "could not roll a new super sense for %s", name)
}

// senseFrom rolls the enhanced or special sense table; a "Choose" result
// picks among the senses of that table the power lacks. An empty slug
// means every sense of the table is known (the caller re-rolls).
func (b *builder) senseFrom(i int, table, what string, prefer []string) (hero.Flavour, error) {
	row, v, err := b.subTable(i, table, powerName(string(b.h.Powers[i].Slug))+" "+what)
	if err != nil {
		return hero.Flavour{}, err
	}
	slug := row.Slug
	if row.Choose {
		lack := b.lacking(i, tableOptions(table))
		if len(lack) == 0 {
			return hero.Flavour{Name: "every " + what}, nil
		}
		if slug, err = b.choice(what+" for "+b.h.Powers[i].Name, lack, prefer); err != nil {
			return hero.Flavour{}, err
		}
	}
	return hero.Flavour{Slug: slug, Name: tableName(table, slug), Table: table, Roll: v}, nil
}

// lacking returns the options power i does not have yet.
func (b *builder) lacking(i int, options []string) []string {
	var out []string
	for _, o := range options {
		if !b.h.Powers[i].HasFlavour(o) {
			out = append(out, o)
		}
	}
	return out
}
