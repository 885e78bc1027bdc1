package chargen

import (
	"slices"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Unattended preferences for "Choose" results and other free choices.
var (
	preferSpells   = []string{string(rulebook.SpellEldritchBolt), string(rulebook.SpellMysticShield), string(rulebook.SpellRestraint), string(rulebook.SpellHypnotism), string(rulebook.SpellIllusion), string(rulebook.SpellLore), string(rulebook.SpellSummoning), string(rulebook.SpellBestowGift), string(rulebook.SpellAstralProjection)}
	preferPsychic  = []string{string(rulebook.PsiPsionicBlast), string(rulebook.PsiTelepathy), string(rulebook.PsiMindControl), string(rulebook.PsiTelekinesis), string(rulebook.PsiPrecognition), string(rulebook.PsiEmpathy), string(rulebook.PsiPsychicDrain), string(rulebook.PsiHallucinations), string(rulebook.PsiTransmutation)}
	preferImplants = []string{string(rulebook.ImplantCyberWeapon), string(rulebook.ImplantBionicArm), string(rulebook.ImplantBrainImplant), string(rulebook.ImplantRetractableGlider), string(rulebook.ImplantPowerEnhancer), string(rulebook.ImplantHologramProjector), string(rulebook.ImplantCyberController), string(rulebook.ImplantMindControlDevice), string(rulebook.ImplantPowerSimulator)}
	// preferSimulated are the "more straightforward" powers a power
	// simulator copies, picked by the hint.
	preferSimulated = []string{string(rulebook.PowerFlight), string(rulebook.PowerSuperLeap), string(rulebook.PowerClaws), string(rulebook.PowerWallcrawling), string(rulebook.PowerReactions), string(rulebook.PowerDangerSense), string(rulebook.PowerSuperSpeed), string(rulebook.PowerAccuracy), string(rulebook.PowerAcrobatics)}
	// animals a cyber controller may control (p. 52).
	controllerAnimals = []string{"rats", "dogs", "birds", "insects", "wolves", "snakes"}
)

// resolveNew determines the flavours of a power just gained at rank 1.
func (b *builder) resolveNew(i int) error {
	p := &b.h.Powers[i]
	switch p.Slug {
	case rulebook.PowerCybernetics:
		return b.implant(i)
	case rulebook.PowerEnergyBlast, rulebook.PowerEnergyReflect, rulebook.PowerImmunity:
		return b.energyType(i)
	case rulebook.PowerEnvironmentalControl:
		return b.flavourFromTable(i, string(rulebook.PowerEnvironmentalControl), "environmental aspect", nil)
	case rulebook.PowerForcefield:
		return b.flavourFromTable(i, string(rulebook.PowerForcefield), "forcefield type", []string{"personal-forcefield"})
	case rulebook.PowerMagic:
		for k := 0; k < 3; k++ {
			if err := b.learn(i, "magic-spells", k == 0, preferSpells); err != nil {
				return err
			}
		}
	case rulebook.PowerPsychicAbility:
		for k := 0; k < 3; k++ {
			if err := b.learn(i, "psychic-powers", k == 0, preferPsychic); err != nil {
				return err
			}
		}
	case rulebook.PowerMartialArts:
		if err := b.flavourFromTable(i, string(rulebook.PowerMartialArts), "martial arts style", nil); err != nil {
			return err
		}
		b.h.Powers[i].Flavours[len(b.h.Powers[i].Flavours)-1].Rank = 1
	case rulebook.PowerShapechange:
		return b.flavourFromTable(i, string(rulebook.PowerShapechange), "shapechange type", nil)
	case rulebook.PowerSkills:
		return b.flavourFromTable(i, string(rulebook.PowerSkills), "skill", []string{"gymnastics"})
	case rulebook.PowerSuperHealth:
		return b.flavourFromTable(i, string(rulebook.PowerSuperHealth), "health type", []string{"fast-recovery"})
	case rulebook.PowerSuperSenses:
		return b.superSense(i)
	case rulebook.PowerWeaponMastery:
		return b.newWeapon(i)
	case rulebook.PowerLarger:
		b.largerForm(i)
	}
	return nil
}

// resolveRankUp spends a new rank of a power with flavours or options.
func (b *builder) resolveRankUp(i int) error {
	p := &b.h.Powers[i]
	switch p.Slug {
	case rulebook.PowerCybernetics:
		// Rank 2+ (p. 52): another implant per rank, or enhance one. Only
		// reachable after creation (the Power Table's maximum is 1); spandex rolls a new implant.
		return b.implant(i)
	case rulebook.PowerEnergyBlast:
		// R2-R4 (p. 56): one of the options not yet taken.
		for _, o := range []string{"extra-dice", string(rulebook.PowerEnergyReflect), string(rulebook.PowerImmunity)} {
			if !p.HasOption(o) {
				p.Options = append(p.Options, o)
				if !b.quiet {
					b.add("option", "p. 56", "Energy Blast rank %d: takes %s", p.Rank, o)
				}
				return nil
			}
		}
	case rulebook.PowerMagic:
		return b.mysticRank(i, "magic-spells", preferSpells)
	case rulebook.PowerPsychicAbility:
		return b.mysticRank(i, "psychic-powers", preferPsychic)
	case rulebook.PowerMartialArts:
		b.martialRank(i)
	case rulebook.PowerWeaponMastery:
		return b.weaponRank(i)
	case rulebook.PowerLarger:
		b.largerRank(i)
	}
	return nil
}

// learn rolls one spell or psychic power, re-rolling a duplicate.
func (b *builder) learn(i int, table string, speciality bool, prefer []string) error {
	what := "spell"
	if table == "psychic-powers" {
		what = "psychic power"
	}
	for tries := 0; ; tries++ {
		if tries > 200 {
			return errorf("dice", "could not roll a new %s for %s", what, b.h.Powers[i].Name)
		}
		row, v, err := b.subTable(i, table, b.g.flavourPurpose(string(b.h.Powers[i].Slug), what))
		if err != nil {
			return err
		}
		slug := row.Slug
		if row.Choose {
			var opts []string
			for _, o := range tableOptions(table) {
				if !b.h.Powers[i].HasFlavour(o) {
					opts = append(opts, o)
				}
			}
			slug, err = b.choice(what+" for "+b.h.Powers[i].Name, opts, prefer)
			if err != nil {
				return err
			}
		}
		if b.h.Powers[i].HasFlavour(slug) {
			b.notes = append(b.notes, "re-rolled a second "+tableName(table, slug))
			if !b.quiet {
				b.add("flavour", "p. 62", "%s: already known, re-roll", tableName(table, slug))
			}
			continue
		}
		b.h.Powers[i].Flavours = append(b.h.Powers[i].Flavours, hero.Flavour{Slug: slug, Name: tableName(table, slug), Table: table, Roll: v, Speciality: speciality})
		return nil
	}
}

// mysticRank spends magic or psychic rank 2 (one more spell/power) or
// rank 3 (a second speciality) (pp. 62, 67). The extra 1d10 points are
// rolled in Derive.
func (b *builder) mysticRank(i int, table string, prefer []string) error {
	p := &b.h.Powers[i]
	switch p.Rank {
	case 2:
		return b.learn(i, table, false, prefer)
	case 3:
		var opts []string
		for _, f := range p.Flavours {
			if !f.Speciality {
				opts = append(opts, f.Slug)
			}
		}
		if len(opts) == 0 {
			return nil
		}
		s, err := b.choice("second speciality of "+p.Name, opts, prefer)
		if err != nil {
			return err
		}
		for k := range p.Flavours {
			if p.Flavours[k].Slug == s {
				p.Flavours[k].Speciality = true
			}
		}
		if !b.quiet {
			b.add("flavour", "p. 62", "%s rank 3: %s becomes a second speciality", p.Name, tableName(table, s))
		}
	}
	return nil
}

// martialStyleMax is each style's own maximum (p. 65).
func martialStyleMax(style string) int {
	if style == "streetfighting" {
		return 2
	}
	return 3
}

// martialRank spends a martial arts rank after the first (p. 65): raise
// the known style while it can go up, else learn the judo throw, else the
// other style at rank 1, else raise the other style.
func (b *builder) martialRank(i int) {
	p := &b.h.Powers[i]
	for k := range p.Flavours {
		f := &p.Flavours[k]
		if f.Rank < martialStyleMax(f.Slug) && k == 0 {
			f.Rank++
			if !b.quiet {
				b.add("option", "p. 65", "Martial Arts: %s rises to rank %d", f.Name, f.Rank)
			}
			return
		}
	}
	if !p.HasOption("judo-throw") {
		p.Options = append(p.Options, "judo-throw")
		if !b.quiet {
			b.add("option", "p. 65", "Martial Arts: learns the judo throw reaction")
		}
		return
	}
	other := "streetfighting"
	if len(p.Flavours) > 0 && p.Flavours[0].Slug == "streetfighting" {
		other = "oriental"
	}
	for k := range p.Flavours {
		f := &p.Flavours[k]
		if f.Slug == other {
			if f.Rank < martialStyleMax(f.Slug) {
				f.Rank++
				if !b.quiet {
					b.add("option", "p. 65", "Martial Arts: %s rises to rank %d", f.Name, f.Rank)
				}
			}
			return
		}
	}
	p.Flavours = append(p.Flavours, hero.Flavour{Slug: other, Name: tableName(string(rulebook.PowerMartialArts), other), Table: string(rulebook.PowerMartialArts), Rank: 1})
	if !b.quiet {
		b.add("option", "p. 65", "Martial Arts: learns %s at rank 1", tableName(string(rulebook.PowerMartialArts), other))
	}
}

// superSense rolls on the Super Senses Table and its follow-up tables
// (p. 74). A 6 ("choose or special sense") takes the next --choose value
// (any sense) when one is queued, else rolls the Special Sense Table.
func (b *builder) superSense(i int) error {
	row, v, err := b.subTable(i, string(rulebook.PowerSuperSenses), "super sense")
	if err != nil {
		return err
	}
	switch row.Slug {
	case "animal-senses", "radar-sense":
		b.h.Powers[i].Flavours = append(b.h.Powers[i].Flavours, hero.Flavour{Slug: row.Slug, Name: row.Result, Table: string(rulebook.PowerSuperSenses), Roll: v})
		return nil
	case "enhanced-sense":
		return b.flavourFromTable(i, "enhanced-sense", "enhanced sense", []string{"enhanced-hearing"})
	}
	if c, ok := b.nextChoice(); ok {
		all := append(append([]string{"animal-senses", "radar-sense"}, tableOptions("enhanced-sense")...), tableOptions("special-sense")...)
		n := naming.Slug(c)
		if !slices.Contains(all, n) {
			return errorf("--choose", "%q is not a super sense (one of %s)", c, joinSlugs(all))
		}
		table := rulebook.PowerSuperSenses
		if slices.Contains(tableOptions("enhanced-sense"), n) {
			table = "enhanced-sense"
		} else if slices.Contains(tableOptions("special-sense"), n) {
			table = "special-sense"
		}
		b.h.Powers[i].Flavours = append(b.h.Powers[i].Flavours, hero.Flavour{Slug: n, Name: tableName(string(table), n), Table: string(table)})
		return nil
	}
	return b.flavourFromTable(i, "special-sense", "special sense", []string{"x-ray-vision"})
}

// implant rolls a cybernetic implant (p. 52) and sets up what it needs.
func (b *builder) implant(i int) error {
	var slug string
	var roll int
	for tries := 0; ; tries++ {
		if tries > 200 {
			return errorf("dice", "could not roll a usable cybernetic implant")
		}
		row, v, err := b.subTable(i, "cybernetic-implants", "cybernetic implant")
		if err != nil {
			return err
		}
		slug, roll = row.Slug, v
		if row.Choose {
			slug, err = b.choice("cybernetic implant", tableOptions("cybernetic-implants"), preferImplants)
			if err != nil {
				return err
			}
		}
		if slug == string(rulebook.ImplantPowerEnhancer) && b.enhanceable(i) < 0 {
			b.notes = append(b.notes, "re-rolled a power enhancer: no other power to enhance")
			if !b.quiet {
				b.add("flavour", "p. 53", "power enhancer with no other power below its maximum: re-roll")
			}
			continue
		}
		break
	}
	f := hero.Flavour{Slug: slug, Name: tableName("cybernetic-implants", slug), Table: "cybernetic-implants", Roll: roll, Rank: 1}
	switch slug {
	case string(rulebook.ImplantCyberController):
		f.Detail = controllerAnimals[b.pick(len(controllerAnimals))]
	case string(rulebook.ImplantCyberWeapon):
		w := b.weaponFor()
		f.Detail = w.slug
	case string(rulebook.ImplantPowerEnhancer):
		j := b.enhanceable(i)
		t := &b.h.Powers[j]
		t.Rank++
		if t.Values == nil {
			t.Values = map[string]int{}
		}
		t.Values["implant_ranks"]++
		f.Detail = string(t.Slug)
		if !b.quiet {
			b.add("flavour", "p. 53", "power enhancer raises %s to rank %d", t.Name, t.Rank)
		}
		// The new rank brings what the power's rank brings (an Energy
		// Blast option, a spell, a martial arts rank's moves).
		if err := b.resolveRankUp(j); err != nil {
			return err
		}
	case string(rulebook.ImplantPowerSimulator):
		var opts []string
		for _, s := range preferSimulated {
			if powerIndex(b.h, rulebook.PowerID(s)) < 0 {
				opts = append(opts, s)
			}
		}
		if len(opts) == 0 {
			opts = []string{string(rulebook.PowerWallcrawling)}
		}
		s, err := b.choice("power simulated by the power simulator", opts, nil)
		if err != nil {
			return err
		}
		f.Detail = s
		b.h.Powers[i].Flavours = append(b.h.Powers[i].Flavours, f)
		if powerIndex(b.h, rulebook.PowerID(s)) >= 0 {
			return nil
		}
		if _, err := b.gain(s, howImplant); err != nil {
			return err
		}
		if !b.quiet {
			b.add("flavour", "p. 53", "power simulator gives %s at rank 1", powerName(s))
		}
		return nil
	}
	b.h.Powers[i].Flavours = append(b.h.Powers[i].Flavours, f)
	return nil
}

// enhanceable returns the index of the power a power enhancer raises: the
// held power with the most ranks that is below its maximum (ties: the
// earliest), not the cybernetics itself; -1 when there is none.
func (b *builder) enhanceable(except int) int {
	best := -1
	for j := range b.h.Powers {
		p := &b.h.Powers[j]
		if j == except || p.Slug == rulebook.PowerCybernetics || p.Slug == rulebook.PowerSidekick || atMax(p) {
			continue
		}
		if best < 0 || p.Rank > b.h.Powers[best].Rank {
			best = j
		}
	}
	return best
}

// largerForm picks stockier or taller for Larger rank 1 (p. 61): stockier
// (knockback) for heroes built to take hits (Armour, Toughness, Super
// Strength), taller (movement) otherwise. Later ranks follow the form.
func (b *builder) largerForm(i int) {
	form := "taller"
	for _, s := range []string{string(rulebook.PowerArmour), string(rulebook.PowerToughness), string(rulebook.PowerSuperStrength)} {
		if powerIndex(b.h, rulebook.PowerID(s)) >= 0 {
			form = "stockier"
		}
	}
	p := &b.h.Powers[i]
	name := "Taller"
	if form == "stockier" {
		name = "Stockier"
	}
	p.Flavours = append(p.Flavours, hero.Flavour{Slug: form, Name: name})
	b.largerRank(i)
}

// largerRank records whether a Larger rank gives +5 knockback threshold
// or +50% movement (p. 62): a stockier hero takes knockback, a taller one
// movement.
func (b *builder) largerRank(i int) {
	p := &b.h.Powers[i]
	if p.Values == nil {
		p.Values = map[string]int{}
	}
	if len(p.Flavours) > 0 && p.Flavours[0].Slug == "stockier" {
		p.Values["knockback_ranks"]++
	}
}
