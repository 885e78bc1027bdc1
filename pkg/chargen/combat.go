package chargen

import (
	"slices"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// combat recomputes every combat figure (pp. 13-15 and the powers).
func (b *builder) combat(opt Options) {
	h := b.h
	c := &h.Combat
	f := h.Abilities.Final
	// A mundane character's figures come straight from its type's row
	// (pp. 49-50); it carries no explanation lines, and a quiet batch of
	// goons does not even record them. Nor does a cross-check, which
	// compares figures only.
	keep := !h.IsMundane() && !b.figuresOnly
	b.explaining = keep || !b.quiet
	b.lines = b.lines[:0]

	// Armour class and dividers. Strength's divider modifier only enhances
	// "existing dividers provided by powers" (p. 14), so a padded costume's
	// H/2 (equipment, p. 13) is not improved.
	dividersFromPower := true
	if !h.IsMundane() && h.Kind != hero.KindSummoned {
		ac, src, srcRank := rulebook.ACF, "a normal costume", 0
		dividersFromPower = false
		if b.hasItem("padded-costume") {
			ac, src = rulebook.ACE, "a padded or lightly armoured costume"
		}
		for _, s := range []string{string(rulebook.PowerArmour), string(rulebook.PowerToughness)} {
			if i := powerIndex(h, rulebook.PowerID(s)); i >= 0 {
				r := h.Powers[i].Rank
				if s == string(rulebook.PowerArmour) {
					r = min(r, 3)
				}
				if pac, _ := rulebook.ArmourRank(r); pac != 0 && pac < ac {
					ac, src, srcRank = pac, h.Powers[i].Name, h.Powers[i].Rank
					dividersFromPower = true
				}
			}
		}
		c.ArmourClass = ac
		b.explain(combatLine{what: lineArmourClass, ac: ac, from: src, rank: srcRank, page: "pp. 32, 51, 77"})
	}
	if c.ArmourClass == 0 {
		c.ArmourClass = rulebook.ACF
	}
	info := rulebook.ArmourClassInfo(c.ArmourClass)
	base := rulebook.Dividers(info.Dividers)
	mod := rulebook.StrengthDividerModifier(f.Strength)
	if !dividersFromPower {
		mod = rulebook.Dividers{}
	}
	d := base.Improve(mod)
	c.Dividers = hero.Dividers{Health: d.Health, Stamina: d.Stamina}
	if !base.None() {
		b.explain(combatLine{what: lineDividers, dividers: d, ac: c.ArmourClass, base: base, score: f.Strength, improve: mod, page: "pp. 8, 14"})
	}

	// Bonuses.
	c.DamageBonus = rulebook.DamageBonus(f.Strength)
	b.explain(combatLine{what: lineDamageBonus, value: c.DamageBonus, score: f.Strength, table: "Strength Table", page: "p. 8"})
	c.StrikeBonus = rulebook.AgilityBonus(f.Agility)
	b.explain(combatLine{what: lineStrikeBonus, value: c.StrikeBonus, score: f.Agility, table: "Agility Table", page: "p. 8"})
	b.dodge(opt)

	// Knockback threshold and bracing.
	c.KnockbackThreshold = rulebook.DefaultKnockbackThreshold
	if i := powerIndex(h, rulebook.PowerLarger); i >= 0 {
		k := min(value(&h.Powers[i], "knockback_ranks"), h.Powers[i].Rank)
		if k > 0 {
			c.KnockbackThreshold += 5 * k
			b.explain(combatLine{what: lineStockier, value: 5 * k, rank: k, page: "p. 61"})
		}
	}
	c.BraceBonus = 0
	if r := h.PowerRank(rulebook.PowerSuperStrength); r > 0 {
		c.BraceBonus = rulebook.BracePerRank * r
		b.explain(combatLine{what: lineBracing, value: c.BraceBonus, page: "p. 76"})
	}
	b.explain(combatLine{what: lineKnockback, value: c.KnockbackThreshold, page: "p. 13"})

	// Panels per page.
	switch h.Kind {
	case hero.KindHero, hero.KindVillain, hero.KindAndroid, "":
		c.PanelsPerPage = rulebook.PanelsHero
	case hero.KindMundane:
		c.PanelsPerPage = rulebook.PanelsMundane
	default:
		if c.PanelsPerPage == 0 {
			c.PanelsPerPage = rulebook.PanelsMundane
			if h.Kind == hero.KindSidekick {
				c.PanelsPerPage = 3
			}
		}
	}
	b.explain(combatLine{what: linePanels, value: c.PanelsPerPage, page: "p. 13"})

	b.movement()
	c.Explain = b.formatLines(keep, take(&b.spare.explain))
	b.senses()
	if (h.IsMundane() || h.Kind == hero.KindSummoned) && len(c.Attacks) > 0 {
		// A supporting character's attacks come from its type and weapon
		// (pp. 49-50, 65), not from powers: keep them.
		return
	}
	c.Attacks = b.attacks()
	c.Parries = b.parries()
	c.Immunities = b.immunities()
}

// dodge works out whether the hero may dodge and the dodge bonus (pp. 13,
// 35): the armour class's own bonus plus every power's, added up or the
// best one taken.
func (b *builder) dodge(opt Options) {
	h := b.h
	c := &h.Combat
	info := rulebook.ArmourClassInfo(c.ArmourClass)
	c.CanDodge = info.CanDodge
	why, whyRank := "", 0
	if r := h.PowerRank(rulebook.PowerArmour); r >= 2 {
		c.CanDodge, why, whyRank = false, "Armour", r
	}
	if r := h.PowerRank(rulebook.PowerToughness); r >= 2 {
		c.CanDodge, why, whyRank = false, "Toughness", r
	}
	if !c.CanDodge {
		c.DodgeBonus = 0
		b.explain(combatLine{what: lineCannotDodge, ac: c.ArmourClass, from: why, rank: whyRank, page: "pp. 35, 51"})
		return
	}
	// The bonus from each source, 0 for none.
	var bonus [dodgeSources]int
	bonus[dodgeArmourClass] = info.DodgeBonus
	if r := h.PowerRank(rulebook.PowerAcrobatics); r >= 2 {
		bonus[dodgeAcrobatics] = 3
	} else if r == 1 {
		bonus[dodgeAcrobatics] = 2
	}
	ma := 0
	if i := powerIndex(h, rulebook.PowerMartialArts); i >= 0 {
		for _, fl := range h.Powers[i].Flavours {
			if fl.Rank >= 2 {
				ma = 1
			}
		}
	}
	if h.PowerRank(rulebook.PowerReactions) > 0 {
		bonus[dodgeReactions] = 2
	}
	if h.PowerRank(rulebook.PowerSuperSpeed) > 0 {
		bonus[dodgeSuperSpeed] = 3
	}
	if b.hasFlavour(string(rulebook.PowerSkills), "gymnastics") {
		bonus[dodgeGymnastics] = 1
	}
	// "add" (the default): every source adds; "best": the best one.
	l := combatLine{what: lineDodge, ac: c.ArmourClass, martialArts: ma > 0, page: "pp. 13, 35"}
	total := 0
	if opt.DodgeStacking == "best" {
		l.best = true
		best := -1
		for s, v := range bonus {
			if v > 0 && (best < 0 || v > bonus[best]) {
				best = s
			}
		}
		if best >= 0 {
			total = bonus[best]
			l.dodge[best] = int8(total)
		}
	} else {
		for s, v := range bonus {
			total += v
			l.dodge[s] = int8(v)
		}
	}
	total += ma
	c.DodgeBonus = total
	l.value = total
	b.explain(l)
}

// movement works out the movement speed (p. 14): (strength + agility +
// endurance) ÷ 6 from the rolled scores, rounded to nearest; Larger (taller) adds 50% of it per rank and Super Speed doubles it
// per rank (pp. 62, 75). Other ways of moving go in Moves.
func (b *builder) movement() {
	h := b.h
	c := &h.Combat
	base := h.Abilities.Base
	if h.Kind == hero.KindSummoned && c.Movement > 0 {
		return
	}
	mv := rulebook.MovementSpeed(base.Strength, base.Agility, base.Endurance)
	b.explain(combatLine{what: lineMovement, scores: [3]int{base.Strength, base.Agility, base.Endurance}, value: mv, page: "p. 14"})
	orig := mv
	if i := powerIndex(h, rulebook.PowerLarger); i >= 0 {
		m := h.Powers[i].Rank - min(value(&h.Powers[i], "knockback_ranks"), h.Powers[i].Rank)
		if m > 0 {
			mv = (orig*(2+m) + 1) / 2
			b.explain(combatLine{what: lineTaller, score: orig, rank: m, value: mv, page: "p. 61"})
		}
	}
	if r := h.PowerRank(rulebook.PowerSuperSpeed); r > 0 {
		walk := mv
		for k := 0; k < r && mv < 1<<20; k++ {
			mv *= 2
		}
		b.explain(combatLine{what: lineSuperSpeed, rank: r, value: mv, page: "p. 75"})
		c.Moves = nil
		defer func() {
			c.Moves = append([]hero.Move{{Mode: "run", Metres: mv * 3 / 2, Power: string(rulebook.PowerSuperSpeed), Notes: "long straight path: three times " + strconv.Itoa(walk) + " (rank 1), doubled per further rank"}}, c.Moves...)
		}()
	}
	c.Movement = mv
	c.Moves = b.moves(orig, mv)
}

// moves lists the other ways of moving from powers and equipment.
func (b *builder) moves(orig, mv int) []hero.Move {
	h := b.h
	out := emptied(take(&b.spare.moves))
	if r := h.PowerRank(rulebook.PowerFlight); r > 0 {
		speeds := [][2]int{{15, 17}, {20, 30}, {25, 185}, {30, 6000}}
		s := speeds[min(r, 4)-1]
		out = append(out, hero.Move{Mode: string(rulebook.PowerFlight), Metres: s[0], Max: s[1], Power: string(rulebook.PowerFlight), Notes: "combat speed; top speed on a long straight path"})
	}
	if b.hasFlavour(string(rulebook.PowerCybernetics), string(rulebook.ImplantRetractableGlider)) {
		out = append(out, hero.Move{Mode: "glide", Metres: rulebook.GliderSpeed, Power: string(rulebook.PowerCybernetics), Notes: "must land after 20+4d10 panels of continuous flight"})
	}
	if r := h.PowerRank(rulebook.PowerSuperLeap); r > 0 {
		if r == 1 {
			out = append(out, hero.Move{Mode: "leap", Metres: 2 * orig, Power: string(rulebook.PowerSuperLeap), Notes: "per double-panel across; " + strconv.Itoa(orig) + " m upwards"})
		} else {
			str := h.Abilities.Final.Strength
			out = append(out, hero.Move{Mode: "leap", Metres: orig * str, Power: string(rulebook.PowerSuperLeap), Notes: "movement x strength across, " + strconv.Itoa(orig*str/2) + " m upwards; takes half the time of walking it"})
		}
	}
	if r := h.PowerRank(rulebook.PowerAcrobatics); r > 0 {
		out = append(out, hero.Move{Mode: "leap", Metres: 4, Power: string(rulebook.PowerAcrobatics), Notes: "in one panel"})
		if r >= 2 {
			out = append(out, hero.Move{Mode: "leap", Metres: 2 * orig, Power: string(rulebook.PowerAcrobatics), Notes: "4 m leaps in a double-panel (or one 8 m leap)"})
		}
		if b.hasItem("grappling-gun") {
			out = append(out, hero.Move{Mode: "swing", Metres: 2 * orig, Power: string(rulebook.PowerAcrobatics), Notes: "per panel with the grappling gun; " + strconv.Itoa(4*orig) + " m in a double-panel"})
		}
	}
	if b.hasFlavour(string(rulebook.PowerSkills), "gymnastics") {
		out = append(out, hero.Move{Mode: "tumble", Metres: (mv*3 + 1) / 2, Power: string(rulebook.PowerSkills), Notes: "+50% when tumbling"})
	}
	if b.hasFlavour(string(rulebook.PowerEnvironmentalControl), "magnetism") {
		out = append(out, hero.Move{Mode: "levitate", Metres: 10, Power: string(rulebook.PowerEnvironmentalControl), Notes: "up to 10 m above a metal surface; a fling is a leap of up to your movement"})
	}
	if r := h.PowerRank(rulebook.PowerElasticity); r > 0 {
		n := "reach up to 6 m"
		if r >= 2 {
			n = "any distance; 1 stamina per 5 m beyond 20 m"
		}
		reach := 6
		if r >= 2 {
			reach = 20
		}
		out = append(out, hero.Move{Mode: "stretch", Metres: reach, Power: string(rulebook.PowerElasticity), Notes: n})
	}
	if r := h.PowerRank(rulebook.PowerTeleport); r > 0 {
		notes := []string{"1 stamina per metre, no stated maximum", "1 stamina per 2 m, at most 20; maximum 80 m", "1 stamina per 4 m, at most 15; maximum 3,000 m"}
		dist := []int{0, 80, 3000}
		out = append(out, hero.Move{Mode: string(rulebook.PowerTeleport), Metres: dist[min(r, 3)-1], Power: string(rulebook.PowerTeleport), Notes: notes[min(r, 3)-1] + "; double-panel"})
	}
	return out
}

// senses sets the parry bonus and surprise immunity from powers.
func (b *builder) senses() {
	c := &b.h.Combat
	c.ParryBonus = 0
	c.NeverSurprised = false
	if b.hasFlavour(string(rulebook.PowerSuperSenses), "animal-senses") {
		c.ParryBonus = 1
		c.NeverSurprised = true
	}
	if b.h.PowerRank(rulebook.PowerDangerSense) > 0 {
		c.NeverSurprised = true
	}
}

// immunities lists what the hero ignores.
func (b *builder) immunities() []string {
	h := b.h
	out := emptied(take(&b.spare.immunities))
	add := func(s string) {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	info := rulebook.ArmourClassInfo(h.Combat.ArmourClass)
	if info.ImmuneSC01All {
		add("sc01")
	} else if info.ImmuneSC01Health {
		add("sc01-health")
	}
	if info.ImmuneMundaneBulletsBlades {
		add("mundane-bullets-blades")
	}
	for _, p := range h.Powers {
		switch p.Slug {
		case rulebook.PowerImmunity:
			for _, f := range p.Flavours {
				add(f.Slug)
			}
		case rulebook.PowerEnergyBlast:
			if p.HasOption(string(rulebook.PowerImmunity)) {
				for _, f := range p.Flavours {
					add(f.Slug)
				}
			}
		case rulebook.PowerSuperHealth:
			for _, f := range p.Flavours {
				switch f.Slug {
				case "immune-disease-radiation":
					add("disease")
					add("radiation")
				case "immune-poison":
					add("poison")
				case "environmental-protection":
					add("vacuum")
					add("pressure")
				}
			}
		}
	}
	if h.HasPerk("unearthly-being") {
		add("disease")
		add("ageing")
	}
	if h.Kind == hero.KindRobot {
		add("stamina")
	}
	return out
}

// hasItem reports whether the hero carries an item with the slug.
func (b *builder) hasItem(slug string) bool {
	for _, it := range b.h.Equipment {
		if it.Slug == slug {
			return true
		}
	}
	return false
}

// equipment adds the items the powers rely on (p. 13) and, for a new
// hero, tops the list up to three from the book's list.
func (b *builder) equipment(fill bool) {
	h := b.h
	has := func(slug, power string) bool {
		for _, it := range h.Equipment {
			if it.Slug == slug || (power != "" && it.For == power && slug == "") {
				return true
			}
		}
		return false
	}
	forPower := func(power string) bool {
		for _, it := range h.Equipment {
			if it.For == power {
				return true
			}
		}
		return false
	}
	for _, p := range h.Powers {
		switch p.Slug {
		case rulebook.PowerArmour:
			if !forPower(string(rulebook.PowerArmour)) {
				h.Equipment = append(h.Equipment, hero.Item{Slug: "armoured-suit", Name: "Armoured suit", For: string(rulebook.PowerArmour), Notes: "the protective suit the Armour power relies on (p. 51)"})
			}
		case rulebook.PowerWeaponMastery:
			for _, f := range p.Flavours {
				w, ok := weaponBySlug(f.Slug)
				if ok && !has(w.attack, "") {
					h.Equipment = append(h.Equipment, hero.Item{Slug: w.attack, Name: w.item, For: string(rulebook.PowerWeaponMastery)})
				}
			}
		case rulebook.PowerAcrobatics:
			// Rank 1 swings "if you possess some kind of grapple or
			// line-slinger" (p. 51): the grappling gun of the starting list.
			if !has("grappling-gun", "") {
				h.Equipment = append(h.Equipment, hero.Item{Slug: "grappling-gun", Name: "Grappling gun", For: string(rulebook.PowerAcrobatics), Notes: "the grapple Acrobatics swings on (p. 51)"})
			}
		case rulebook.PowerVehicle:
			if !forPower(string(rulebook.PowerVehicle)) {
				h.Equipment = append(h.Equipment, hero.Item{Slug: "custom-vehicle", Name: "Custom vehicle", For: string(rulebook.PowerVehicle), Notes: "does not count towards the three starting items (p. 77)"})
				if fill {
					for k := 1; k <= 3; k++ {
						h.Equipment = append(h.Equipment, hero.Item{Slug: "vehicle-gadget", Name: "Vehicle gadget " + strconv.Itoa(k), For: string(rulebook.PowerVehicle), Notes: "one of three extra pieces of equipment built into the vehicle (p. 77); the GM and player define it"})
					}
				}
			}
		case rulebook.PowerCybernetics:
			for _, f := range p.Flavours {
				if f.Slug == string(rulebook.ImplantCyberWeapon) && !has(string(rulebook.ImplantCyberWeapon), "") {
					it := hero.Item{Slug: string(rulebook.ImplantCyberWeapon), Name: "Cyber weapon", For: string(rulebook.PowerCybernetics),
						Notes: "+5 health and +5 stamina damage compared to a normal weapon of its type (p. 53); its weapon is not chosen yet: name it in the cyber-weapon flavour's detail"}
					if w, ok := weaponBySlug(f.Detail); ok {
						it.Name, it.Notes = "Cyber-linked "+strings.ToLower(w.item), "+5 health and +5 stamina damage (p. 53)"
					}
					h.Equipment = append(h.Equipment, it)
				}
			}
		}
	}
	if !fill {
		return
	}
	count := 0
	for _, it := range h.Equipment {
		if it.For != string(rulebook.PowerVehicle) {
			count++
		}
	}
	var order [8]string
	for _, slug := range b.topUpOrder(order[:0]) {
		if count >= rulebook.StartingItems {
			break
		}
		if has(slug, "") {
			continue
		}
		for _, e := range tables().items {
			if e.Slug == slug {
				h.Equipment = append(h.Equipment, hero.Item{Slug: e.Slug, Name: e.Name, Notes: e.Note})
				count++
			}
		}
	}
}

// topUpOrder is the unattended preference for the starting equipment
// list (p. 13): a morphic-fabric costume for self-altering powers, else
// a padded costume when the hero would otherwise be armour class F; a
// grappling gun for Acrobatics; then the radio, the tracking device, the
// grappling gun and a vehicle.
func (b *builder) topUpOrder(order []string) []string {
	h := b.h
	morphic := false
	for _, s := range []string{string(rulebook.PowerGrowth), string(rulebook.PowerShrinking), string(rulebook.PowerShapechange), string(rulebook.PowerElasticity), string(rulebook.PowerInvisibility), string(rulebook.PowerDuplication), string(rulebook.PowerCamouflage), string(rulebook.PowerDensityControlSelf)} {
		if powerIndex(h, rulebook.PowerID(s)) >= 0 {
			morphic = true
		}
	}
	if morphic {
		order = append(order, "morphic-fabric-costume")
	} else if h.PowerRank(rulebook.PowerArmour) == 0 && h.PowerRank(rulebook.PowerToughness) == 0 {
		order = append(order, "padded-costume")
	}
	if h.PowerRank(rulebook.PowerAcrobatics) > 0 {
		order = append(order, "grappling-gun")
	}
	return append(order, "earpiece-radio", "tracking-device", "grappling-gun", string(rulebook.PowerVehicle))
}
