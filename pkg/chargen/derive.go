package chargen

import (
	"fmt"
	"github.com/codename-spandex/spandex/pkg/combat"
	"slices"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/profile"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Options control Derive.
type Options struct {
	// DodgeStacking is how dodge bonuses combine: "add"
	// (every source adds; the default) or "best" (the best single bonus
	// plus Martial Arts' +1).
	DodgeStacking string
	// FillEquipment tops the starting equipment up to three items from
	// the book's list (p. 13). gen hero sets it; hero derive does not
	// (equipment is the player's choice).
	FillEquipment bool
	// Choose queues forced choices for flavours Derive has to resolve
	// (a draft's flavoured power without flavours).
	Choose []string
	// Quiet skips the step-by-step explanation (it costs time in large
	// batches); the combat explain lines are still written.
	Quiet bool
}

// Derive fills in every derived figure of a hero (Step 4, pp. 12-16): it
// resolves any flavour a power still lacks, rolls any value not yet
// rolled (power dice, health and stamina), then recomputes final
// abilities, equipment the powers rely on, the combat figures (armour
// class, dividers, bonuses, knockback threshold, panels, movement,
// attacks, parries, immunities), health and stamina thresholds, recovery,
// point pools, the starting personal profile measures that are unset,
// resources, hero points and downtime points.
//
// Values already in the file are kept: Derive is how a GM completes a
// hand-written hero and how downtime updates a hero after a change. The
// dice are rolled in this order: for each power in file order, its
// missing flavours and then its missing values (docs/chargen.md lists
// them); then the missing health dice (one d6 per point of endurance);
// then the missing stamina dice.
//
// Current health, stamina, pools, hero points and downtime points keep
// their deficit from the maximum; a hero never derived before (health and
// stamina maxima 0) starts full.
func Derive(h *hero.Hero, r dice.Roller, opt Options) (ruling.Steps, error) {
	b := &builder{h: h, r: r, choose: opt.Choose, quiet: opt.Quiet}
	err := b.derive(opt)
	return b.steps, err
}

// DeriveCombat recomputes only the combat figures (armour class,
// dividers, bonuses, dodge, movement, attacks, parries, immunities) from
// the hero's powers, equipment and final abilities as they stand,
// rolling nothing: for a power gained or lost during a fight (Bestow
// Gift's gifts, p. 63), where Derive would also roll what a hand-written
// file never recorded.
func DeriveCombat(h *hero.Hero, opt Options) {
	b := &builder{h: h, quiet: true}
	b.combat(opt)
}

func (b *builder) derive(opt Options) error {
	h := b.h
	if err := checkDraft(h); err != nil {
		return err
	}
	b.hint = h.Abilities.Base.Strength + 3*h.Abilities.Base.Agility + 5*h.Abilities.Base.Will + 7*h.Abilities.Base.Endurance
	fresh := h.Health.Max == 0 && h.Stamina.Max == 0
	if h.Kind == hero.KindSidekick {
		b.noSidekick = true
	}

	// Flavours and rolled values, power by power.
	for i := 0; i < len(h.Powers); i++ {
		if err := b.completeFlavours(i); err != nil {
			return err
		}
		nameFlavours(&h.Powers[i])
		if err := b.rollValues(i); err != nil {
			return err
		}
	}
	b.finalAbilities()
	b.equipment(opt.FillEquipment)
	b.combat(opt)
	if err := b.tracks(fresh); err != nil {
		return err
	}
	b.recovery()
	b.pools(fresh)
	b.startingProfile(fresh)
	b.forms(opt)
	b.vehicle()
	b.mass()
	return nil
}

// vehicle gives a hero with the Vehicle power and no vehicle on its file
// one (p. 77): the "Custom vehicle", flying for free (hint even) or
// aquatic, sized as the Object Table's small helicopter or hatchback car
// (health 14, p. 39), of thin metal (H/3, p. 39: nothing in the power
// armours it), with the names of its three gadget items and no powers
// built in (the book leaves that to the player: "if you choose to do
// so"), not aboard.
func (b *builder) vehicle() {
	h := b.h
	if h.PowerRank(rulebook.PowerVehicle) == 0 || h.Vehicle != nil {
		return
	}
	v := &hero.Vehicle{Name: "Custom vehicle", Object: "Small helicopter", Material: "thin-metal", Travel: string(rulebook.PowerFlight), Gadgets: []string{}, Powers: []string{}}
	if b.hint%2 == 1 {
		v.Object, v.Travel = "Hatchback car", "water"
	}
	row, _ := rulebook.ObjectByName(v.Object)
	v.Health, v.Current = row.Health, row.Health
	for _, it := range h.Equipment {
		if it.Slug == "vehicle-gadget" {
			v.Gadgets = append(v.Gadgets, it.Name)
		}
	}
	h.Vehicle = v
	if !b.quiet {
		b.add(string(rulebook.PowerVehicle), "pp. 39, 77", "%s: travels by %s for free, sized as a %s (health %d, Object Table), thin metal H/%d; %s; no powers built in", v.Name, v.Travel, strings.ToLower(v.Object), v.Health, rulebook.SturdyDivider(v.Material), count(len(v.Gadgets), "gadget"))
	}
}

// Form names gen hero and hero derive give Shapechange's specific forms
// when a hero has none yet (p. 70: "the most common way").
const (
	FormHeroic         = "heroic"
	FormSecretIdentity = "secret-identity"
)

// forms fills and derives Shapechange's specific forms (p. 70). A hero
// with specific forms and none in its file gets the book's most common
// split: a "heroic" form with every other power at its full rank and a
// "secret-identity" form without powers, in the heroic form (only the
// heroic form, without powers, when Shapechange is the hero's only
// power: at most one form may have none). Then each
// form's final abilities and combat figures (attacks, dividers,
// movement) are worked out from its own powers, as Derive does for the
// hero (no dice: every value was rolled with the power).
func (b *builder) forms(opt Options) {
	h := b.h
	if !h.ShapechangeSpecific() {
		return
	}
	if len(h.Forms) == 0 {
		heroic := hero.Form{Name: FormHeroic, Powers: []hero.FormPower{}}
		for _, p := range h.Powers {
			if p.Slug != rulebook.PowerShapechange {
				heroic.Powers = append(heroic.Powers, hero.FormPower{Slug: string(p.Slug), Rank: p.Rank})
			}
		}
		h.Form = FormHeroic
		switch {
		case len(heroic.Powers) == 0:
			// Shapechange is the hero's only power: there is nothing to
			// split, and a second form without powers is not allowed
			// (at most one non-powered form, p. 70).
			h.Forms = []hero.Form{heroic}
			if !b.quiet {
				b.add(string(rulebook.PowerShapechange), "p. 70", "specific forms: only %q, without powers (no other power to give a form; at most one form without powers)", FormHeroic)
			}
		default:
			h.Forms = []hero.Form{heroic, {Name: FormSecretIdentity, Powers: []hero.FormPower{}}}
			if !b.quiet {
				b.add(string(rulebook.PowerShapechange), "p. 70", "specific forms: %q with every other power, %q without powers (the book's most common split); in the %s form", FormHeroic, FormSecretIdentity, FormHeroic)
			}
		}
	}
	for i := range h.Forms {
		f := &h.Forms[i]
		if f.Powers == nil {
			f.Powers = []hero.FormPower{}
		}
		v := h.FormView(f.Name).Clone()
		v.Forms, v.Form = nil, ""
		sub := &builder{h: v, r: b.r, quiet: true}
		sub.finalAbilities()
		sub.combat(opt)
		f.Abilities = v.Abilities.Final
		f.Combat = v.Combat
		if !b.quiet {
			b.add(string(rulebook.PowerShapechange), "p. 70", "form %q: %s, %s, armour class %s", f.Name, count(len(f.Powers), "power"), count(len(f.Combat.Attacks), "attack"), f.Combat.ArmourClass)
		}
	}
}

// checkDraft checks what Derive cannot work without.
func checkDraft(h *hero.Hero) error {
	if h.Schema == 0 {
		h.Schema = hero.SchemaVersion
	}
	if h.Kind == "" {
		h.Kind = hero.KindHero
	}
	if h.Name == "" {
		return errorf("$.name", "missing")
	}
	base := h.Abilities.Base
	for _, a := range []struct {
		name string
		v    int
	}{{"strength", base.Strength}, {"agility", base.Agility}, {"will", base.Will}, {"endurance", base.Endurance}} {
		if a.v < 1 || a.v > hero.MaxAbility {
			return errorf("$.abilities.base."+a.name, "%d: give the score read off the grid (1 or more)", a.v)
		}
	}
	for i := range h.Powers {
		p := &h.Powers[i]
		path := powerPath(i)
		row, ok := lookupPower(string(p.Slug))
		if !ok || row.FreeChoice {
			return errorf(path+".slug", "%q is not a power on the Power Table (p. 7)", p.Slug)
		}
		p.Slug, p.Name, p.MaxRank = rulebook.PowerID(row.Slug), row.Name, row.MaxRanks
		if p.Rank < 1 {
			return errorf(path+".rank", "%d: a power has rank 1 or more", p.Rank)
		}
		if row.MaxRanks != rulebook.Unlimited && p.Rank > row.MaxRanks && p.Source == "" {
			return errorf(path+".rank", "%d is above %s's maximum of %d (p. 7)", p.Rank, row.Name, row.MaxRanks)
		}
		for j := range h.Powers[:i] {
			if h.Powers[j].Slug == p.Slug {
				return errorf(path+".slug", "%s is listed twice; give it once with its rank", row.Name)
			}
		}
	}
	for i := range h.Perks {
		pk, ok := lookupPerk(h.Perks[i].Slug)
		if !ok {
			return errorf(fmt.Sprintf("$.perks[%d].slug", i), "%q is not a perk (pp. 9-12)", h.Perks[i].Slug)
		}
		h.Perks[i].Slug, h.Perks[i].Name = pk.Slug, pk.Name
		if pk.Slug == "specialist-training" {
			if _, err := parseTraining(h.Perks[i].Option); err != nil {
				return errorf(fmt.Sprintf("$.perks[%d].option", i), "%v", err)
			}
		}
	}
	return nil
}

// powerPath is the JSON path of power i, "$.powers[i]".
func powerPath(i int) string { return "$.powers[" + strconv.Itoa(i) + "]" }

// flavoured reports whether a power's flavours must be determined.
func flavoured(slug string) bool {
	switch slug {
	case string(rulebook.PowerCybernetics), string(rulebook.PowerEnergyBlast), string(rulebook.PowerEnergyReflect), string(rulebook.PowerImmunity), string(rulebook.PowerEnvironmentalControl),
		string(rulebook.PowerForcefield), string(rulebook.PowerMagic), string(rulebook.PowerPsychicAbility), string(rulebook.PowerMartialArts), string(rulebook.PowerShapechange), string(rulebook.PowerSkills),
		string(rulebook.PowerSuperHealth), string(rulebook.PowerSuperSenses), string(rulebook.PowerWeaponMastery), string(rulebook.PowerLarger):
		return true
	}
	return false
}

// completeFlavours resolves the flavours of a draft's power that has
// none, as if it had been gained rank by rank.
func (b *builder) completeFlavours(i int) error {
	p := &b.h.Powers[i]
	if !flavoured(string(p.Slug)) || len(p.Flavours) > 0 {
		return nil
	}
	rank := p.Rank
	opts := p.Options
	p.Rank, p.Options = 1, nil
	if err := b.resolveNew(i); err != nil {
		return err
	}
	for k := 2; k <= rank; k++ {
		b.h.Powers[i].Rank = k
		if err := b.resolveRankUp(i); err != nil {
			return err
		}
	}
	if len(opts) > 0 {
		b.h.Powers[i].Options = opts
	}
	return nil
}

// ensure returns power i's value key, rolling one die for it if it is
// missing; a value already in the file must be a face of the die.
func (b *builder) ensure(i int, key string, sides int, purpose string) (int, error) {
	p := &b.h.Powers[i]
	if v, ok := p.Values[key]; ok {
		if v < 1 || v > sides {
			return 0, errorf(fmt.Sprintf("$.powers[%d].values.%s", i, key), "%d is not a face of the d%d (%s)", v, sides, purpose)
		}
		return v, nil
	}
	v, err := b.rollFor(i, sides, purpose)
	if err != nil {
		return 0, err
	}
	p = &b.h.Powers[i]
	if p.Values == nil {
		p.Values = map[string]int{}
	}
	p.Values[key] = v
	return v, nil
}

// rollValues rolls a power's numbers that are fixed when it is gained
// (docs/chargen.md, "Rolled values").
func (b *builder) rollValues(i int) error {
	p := &b.h.Powers[i]
	name := p.Name
	rank := p.Rank
	switch p.Slug {
	case rulebook.PowerSuperStrength:
		for k := 1; k <= rank; k++ {
			if _, err := b.ensure(i, rankKey("d10_r", k), 10, "Super Strength rank "+strconv.Itoa(k)+" strength (1d10+10)"); err != nil {
				return err
			}
		}
	case rulebook.PowerSuperEndurance:
		for k := 1; k <= rank; k++ {
			if _, err := b.ensure(i, rankKey("d6_r", k), 6, "Super Endurance rank "+strconv.Itoa(k)+" endurance (1d6+6)"); err != nil {
				return err
			}
		}
	case rulebook.PowerLarger:
		for k := 1; k <= rank; k++ {
			if _, err := b.ensure(i, rankKey("str_d6_r", k), 6, "Larger rank "+strconv.Itoa(k)+" strength (1d6+2)"); err != nil {
				return err
			}
			if _, err := b.ensure(i, rankKey("end_d6_r", k), 6, "Larger rank "+strconv.Itoa(k)+" endurance (1d6+2)"); err != nil {
				return err
			}
		}
	case rulebook.PowerGrowth:
		if _, err := b.ensure(i, "str_d6", 6, "Growth strength while grown (1d6)"); err != nil {
			return err
		}
		if _, err := b.ensure(i, "end_d6", 6, "Growth endurance while grown (1d6)"); err != nil {
			return err
		}
	case rulebook.PowerLuck:
		if _, err := b.ensure(i, "d3", 3, "Luck chance (1d3 x will)"); err != nil {
			return err
		}
	case rulebook.PowerForcefield:
		if err := b.forcefieldHealth(i); err != nil {
			return err
		}
	case rulebook.PowerEnergyBlast:
		if p.HasOption("extra-dice") {
			if _, err := b.ensure(i, "pool_d10", 10, "Energy Blast extra dice (1d10)"); err != nil {
				return err
			}
		}
	case rulebook.PowerMagic, rulebook.PowerPsychicAbility:
		for k := 2; k <= min(rank, 3); k++ {
			if _, err := b.ensure(i, rankKey("pool_d10_r", k), 10, name+" rank "+strconv.Itoa(k)+" extra points (1d10)"); err != nil {
				return err
			}
		}
	case rulebook.PowerSnare:
		if rank >= 2 {
			if _, err := b.ensure(i, "pool_d10_r2", 10, "Snare rank 2 extra fluid points (1d10)"); err != nil {
				return err
			}
		}
	case rulebook.PowerCybernetics:
		if p.HasFlavour(string(rulebook.ImplantBionicArm)) {
			if _, err := b.ensure(i, "arm_d10", 10, "bionic arm strength (1d10+10)"); err != nil {
				return err
			}
		}
	case rulebook.PowerSidekick:
		if err := b.sidekick(i); err != nil {
			return err
		}
	}
	// Values of ranks the power no longer has (a dropped rank) go.
	p = &b.h.Powers[i]
	for k := range p.Values {
		if n := rankSuffix(k); n > p.Rank {
			delete(p.Values, k)
		}
	}
	return nil
}

// rankSuffix returns N for a key ending "_rN", else 0.
func rankSuffix(key string) int {
	j := strings.LastIndex(key, "_r")
	if j < 0 {
		return 0
	}
	n, err := strconv.Atoi(key[j+2:])
	if err != nil {
		return 0
	}
	return n
}

// forcefieldHealth rolls the forcefield's strength once (p. 59).
func (b *builder) forcefieldHealth(i int) error {
	p := &b.h.Powers[i]
	if len(p.Flavours) == 0 {
		return nil
	}
	expr, ok := rulebook.ForcefieldHealthDice(p.Flavours[0].Slug)
	if !ok {
		return nil
	}
	e := b.g.parse(expr)
	if v, ok := p.Values["health"]; ok {
		if v < e.Min() || v > e.Max() {
			return errorf(fmt.Sprintf("$.powers[%d].values.health", i), "%d is outside %s (%d-%d)", v, expr, e.Min(), e.Max())
		}
		return nil
	}
	n := e.NumDice()
	total := 0
	purpose := "forcefield health (" + expr + ")"
	for k := 0; k < n; k++ {
		v, err := b.rollFor(i, 6, purpose)
		if err != nil {
			return err
		}
		total += v
	}
	p = &b.h.Powers[i]
	if p.Values == nil {
		p.Values = map[string]int{}
	}
	p.Values["health"] = total
	return nil
}

// value returns a power's value (0 when missing).
func value(p *hero.Power, key string) int { return p.Values[key] }

// ownedModifier reports whether Derive manages an ability modifier:
// those from powers and perks ("power:super-strength"). A hand-written
// draft may name the source another way ("Super Strength",
// "super_strength", "perk: Specialist Training"): a source naming one of
// the powers or perks Derive adds modifiers for is Derive's too, so that
// it is replaced, not added a second time. Others (downtime training, GM
// changes) are kept as they are.
func ownedModifier(src string) bool {
	if strings.HasPrefix(src, "power:") || strings.HasPrefix(src, "perk:") {
		return true
	}
	if j := strings.LastIndexByte(src, ':'); j >= 0 {
		src = src[j+1:]
	}
	switch naming.Slug(src) {
	case string(rulebook.PowerSuperStrength), string(rulebook.PowerSuperEndurance), string(rulebook.PowerLarger), "specialist-training":
		return true
	}
	return false
}

// finalAbilities recomputes final abilities: base plus every modifier
// (p. 13: "be sure to remember any modifiers ... from your powers or
// perks").
func (b *builder) finalAbilities() {
	h := b.h
	mods := emptied(take(&b.spare.modifiers))
	for _, m := range h.Abilities.Modifiers {
		if !ownedModifier(m.Source) {
			mods = append(mods, m)
		}
	}
	add := func(ability string, amount int, source, expr string) {
		mods = append(mods, hero.AbilityModifier{Ability: ability, Amount: amount, Source: source, Dice: expr})
	}
	for i := range h.Powers {
		p := &h.Powers[i]
		switch p.Slug {
		case rulebook.PowerSuperStrength:
			for k := 1; k <= p.Rank; k++ {
				add("strength", 10+value(p, rankKey("d10_r", k)), "power:super-strength", "1d10+10")
			}
		case rulebook.PowerSuperEndurance:
			for k := 1; k <= p.Rank; k++ {
				add("endurance", 6+value(p, rankKey("d6_r", k)), "power:super-endurance", "1d6+6")
			}
		case rulebook.PowerLarger:
			for k := 1; k <= p.Rank; k++ {
				add("strength", 2+value(p, rankKey("str_d6_r", k)), "power:larger", "1d6+2")
				add("endurance", 2+value(p, rankKey("end_d6_r", k)), "power:larger", "1d6+2")
			}
		}
	}
	for _, pk := range h.Perks {
		if pk.Slug != "specialist-training" {
			continue
		}
		t, _ := parseTraining(pk.Option)
		for _, a := range t {
			add(a.ability, a.amount, "perk:specialist-training", "")
		}
	}
	h.Abilities.Modifiers = mods
	f := h.Abilities.Base
	for _, m := range mods {
		if ptr := f.Ptr(m.Ability); ptr != nil {
			*ptr += m.Amount
		}
	}
	for _, ptr := range []*int{&f.Strength, &f.Agility, &f.Will, &f.Endurance} {
		*ptr = max(0, min(*ptr, hero.MaxAbility))
	}
	h.Abilities.Final = f
	for i := range h.Powers {
		p := &h.Powers[i]
		if p.Slug == rulebook.PowerLuck {
			p.Values["chance"] = value(p, "d3") * f.Will
		}
	}
	if !b.quiet {
		b.add("abilities", "p. 13", "final abilities: strength %d, agility %d, will %d, endurance %d", f.Strength, f.Agility, f.Will, f.Endurance)
	}
}

// training is one Specialist Training bonus.
type training struct {
	ability string
	amount  int
}

// parseTraining reads a Specialist Training option (p. 12): "" (the
// unattended choice, +2 agility), "ABILITY" (+2) or "ABILITY+ABILITY"
// (+1 each, two different abilities).
func parseTraining(opt string) ([]training, error) {
	if strings.TrimSpace(opt) == "" {
		return []training{{"agility", 2}}, nil
	}
	parts := strings.Split(opt, "+")
	if len(parts) > 2 {
		return nil, refusal.Errorf("%q: Specialist Training gives +2 to one ability or +1 to each of two (p. 12)", opt)
	}
	var out []training
	for _, s := range parts {
		a, ok := abilityName(s)
		if !ok {
			return nil, refusal.Errorf("%q is not an ability (strength, agility, will, endurance)", strings.TrimSpace(s))
		}
		out = append(out, training{a, 3 - len(parts)})
	}
	if len(out) == 2 && out[0].ability == out[1].ability {
		return nil, refusal.Errorf("%q: the two +1s go to two different abilities (p. 12)", opt)
	}
	return out, nil
}

func abilityName(s string) (string, bool) {
	switch naming.Slug(s) {
	case "strength", "str":
		return "strength", true
	case "agility", "agi":
		return "agility", true
	case "will", "wil":
		return "will", true
	case "endurance", "end":
		return "endurance", true
	}
	return "", false
}

// tracks rolls and sets health and stamina (p. 14): one d6 per point of
// endurance each, battered = health ÷ 10, dazed = stamina ÷ 5, stunned =
// stamina ÷ 10, rounded to nearest. Robots have no stamina
// (p. 49); mundane characters do not track either (p. 38).
func (b *builder) tracks(fresh bool) error {
	h := b.h
	if h.IsMundane() || h.Kind == hero.KindSummoned {
		// Mundane characters do not track health and stamina (p. 38); a
		// summoned creature's are 1d10 each per magic point (p. 65).
		return nil
	}
	n := h.Abilities.Final.Endurance
	hd, err := b.trackDice(h.Health.Dice, n, "$.health.dice", "health (1d6 per point of endurance)", take(&b.spare.health))
	if err != nil {
		return err
	}
	oldMax, oldCur := h.Health.Max, h.Health.Current
	h.Health.Dice = hd
	h.Health.Max = sum(hd)
	h.Health.Battered = rulebook.BatteredValue(h.Health.Max)
	h.Health.Current = keepDeficit(fresh, oldMax, oldCur, h.Health.Max)
	if !b.quiet {
		b.add("health", "p. 14", "health %dd6 = %d, battered at %d (health ÷ 10, rounded)", n, h.Health.Max, h.Health.Battered)
	}
	if h.Kind == hero.KindRobot {
		h.Stamina = hero.Stamina{}
		if !b.quiet {
			b.add("stamina", "p. 49", "robots have no stamina and are immune to stamina damage")
		}
		return nil
	}
	sd, err := b.trackDice(h.Stamina.Dice, n, "$.stamina.dice", "stamina (1d6 per point of endurance)", take(&b.spare.stamina))
	if err != nil {
		return err
	}
	oldMax, oldCur = h.Stamina.Max, h.Stamina.Current
	h.Stamina.Dice = sd
	h.Stamina.Max = sum(sd)
	h.Stamina.Dazed = rulebook.DazedValue(h.Stamina.Max)
	h.Stamina.Stunned = rulebook.StunnedValue(h.Stamina.Max)
	h.Stamina.Current = keepDeficit(fresh, oldMax, oldCur, h.Stamina.Max)
	if !b.quiet {
		b.add("stamina", "p. 14", "stamina %dd6 = %d, dazed at %d (÷ 5), stunned at %d (÷ 10)", n, h.Stamina.Max, h.Stamina.Dazed, h.Stamina.Stunned)
	}
	return nil
}

// trackDice checks the pinned d6s and rolls the missing ones (one per
// point of endurance); extra dice from a lost point of endurance go.
// spare, when not nil, is memory to reuse (not have's).
func (b *builder) trackDice(have []int, n int, path, what string, spare []int) ([]int, error) {
	for k, v := range have {
		if v < 1 || v > 6 {
			return nil, errorf(fmt.Sprintf("%s[%d]", path, k), "%d is not a face of a d6", v)
		}
	}
	if len(have) >= n {
		return slices.Clone(have[:n]), nil
	}
	out := append(recycled(spare, n), have...)
	for len(out) < n {
		v, err := b.roll(6, what)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func sum(v []int) int {
	t := 0
	for _, x := range v {
		t += x
	}
	return t
}

// keepDeficit returns the new current value of a track whose maximum
// changed: a fresh hero starts full; otherwise damage taken stays taken.
func keepDeficit(fresh bool, oldMax, oldCur, newMax int) int {
	if fresh || oldMax == 0 {
		return newMax
	}
	return min(newMax, newMax-(oldMax-oldCur))
}

// recovery sets the recovery rates (p. 14): 1d6 health per hour and 1d6
// stamina per page, each plus the Endurance Table bonus; Fast Recovery
// recovers twice (p. 73).
func (b *builder) recovery() {
	h := b.h
	if h.IsMundane() || h.Kind == hero.KindSummoned {
		h.Recovery = hero.Recovery{}
		return
	}
	bonus := rulebook.RecoveryBonus(h.Abilities.Final.Endurance)
	expr := "1d6"
	if bonus != 0 {
		expr = signedDice("1d6", bonus)
	}
	h.Recovery = hero.Recovery{Bonus: bonus, Health: expr, Stamina: expr, Times: 1}
	if h.Kind == hero.KindRobot {
		// Robots have no stamina and, unlike androids, do not repair
		// themselves (p. 50): their creators mend them.
		h.Recovery = hero.Recovery{Bonus: bonus, Times: 1}
		if !b.quiet {
			b.add("recovery", "p. 50", "a robot does not recover: it has no stamina, and only androids repair themselves")
		}
		return
	}
	if b.hasFlavour(string(rulebook.PowerSuperHealth), "fast-recovery") {
		h.Recovery.Times = 2
	}
	if !b.quiet {
		b.add("recovery", "p. 9", "recovery %s per hour (health) and per page (stamina), endurance %d", expr, h.Abilities.Final.Endurance)
	}
}

// hasFlavour reports whether the hero has a power with a flavour.
func (b *builder) hasFlavour(power, flavour string) bool {
	i := powerIndex(b.h, rulebook.PowerID(power))
	return i >= 0 && b.h.Powers[i].HasFlavour(flavour)
}

// pools sets the point pools (pp. 55, 62, 67, 72): 15 at rank 1 plus the
// 1d10s rolled at later ranks, at most 10 per action, refilling every 5
// pages.
func (b *builder) pools(fresh bool) {
	h := b.h
	var old map[string]hero.Pool
	if len(h.Pools) > 0 && !fresh {
		old = make(map[string]hero.Pool, len(h.Pools))
		for _, p := range h.Pools {
			old[p.Name] = p
		}
	}
	pools := emptied(take(&b.spare.pools))
	add := func(name, power string, size int) {
		p := hero.Pool{Name: name, Max: size, Current: size, CapPerAction: rulebook.PoolCapPerAction, RefillPages: rulebook.PoolRefillPages, Power: power}
		if o, ok := old[name]; ok && !fresh {
			p.Current = keepDeficit(false, o.Max, o.Current, size)
			p.Current = max(0, p.Current)
		}
		pools = append(pools, p)
		if !b.quiet {
			b.add("pool", "p. 55", "%s pool %d, at most %d per action, refills every %d pages", name, size, rulebook.PoolCapPerAction, rulebook.PoolRefillPages)
		}
	}
	for i := range h.Powers {
		p := &h.Powers[i]
		switch p.Slug {
		case rulebook.PowerEnergyBlast:
			add("energy", string(p.Slug), rulebook.PoolRank1+value(p, "pool_d10"))
		case rulebook.PowerMagic:
			add(string(rulebook.PowerMagic), string(p.Slug), rulebook.PoolRank1+value(p, "pool_d10_r2")+value(p, "pool_d10_r3"))
		case rulebook.PowerPsychicAbility:
			add("psi", string(p.Slug), rulebook.PoolRank1+value(p, "pool_d10_r2")+value(p, "pool_d10_r3"))
		case rulebook.PowerSnare:
			add("fluid", string(p.Slug), rulebook.PoolRank1+value(p, "pool_d10_r2"))
		}
	}
	h.Pools = pools
}

// startingProfile fills the personal profile measures that are unset (0)
// with their starting values (pp. 18-27), sets resources that are unset
// from the perks (p. 15), then lets pkg/profile derive the rest.
func (b *builder) startingProfile(fresh bool) {
	h := b.h
	switch h.Kind {
	case hero.KindMundane, hero.KindRobot, hero.KindSummoned:
		return
	}
	p := &h.Profile
	set := func(v *int, start int) {
		if *v == 0 {
			*v = start
		}
	}
	set(&p.Backing, rulebook.StartBacking)
	set(&p.Heroism, rulebook.StartHeroism)
	set(&p.Identification, b.identification())
	set(&p.PublicRelations, rulebook.StartPublicRelations)
	set(&p.Competence, rulebook.StartCompetence)
	set(&p.Methods, rulebook.StartMethods)
	set(&p.PowerUse, b.powerUse())
	contacts := rulebook.DefaultContacts
	material, financial := rulebook.DefaultMaterialResources, rulebook.DefaultFinancialResources
	for _, pk := range h.Perks {
		row, _ := lookupPerk(pk.Slug)
		contacts = max(contacts, row.Contacts)
		material = max(material, row.MaterialResources)
		financial = max(financial, row.FinancialResources)
		if pk.Slug == "contacts" && p.ContactsField == "" {
			p.ContactsField = pk.Option
		}
		if pk.Slug == "unearthly-being" && fresh {
			p.NonHuman = true
		}
	}
	if h.Kind == hero.KindAndroid && fresh {
		// An android has no basic human needs (pp. 12, 27, 50).
		p.NonHuman = true
	}
	set(&p.Contacts, contacts)
	set(&p.Conscience, rulebook.StartConscience)
	set(&p.SocialCircle, rulebook.StartSocialCircle)
	set(&h.Resources.Material, material)
	set(&h.Resources.Financial, financial)
	oldWeek := h.Downtime.PointsPerWeek
	profile.Recompute(h)
	if fresh {
		h.HeroPoints.Current = h.HeroPoints.Max
	}
	if oldWeek == 0 && h.Downtime.Points == 0 {
		h.Downtime.Points = h.Downtime.PointsPerWeek
	}
	if !b.quiet {
		b.add("profile", "p. 18", "popularity %d, investigation %d, confidence %d", p.Popularity, p.Investigation, p.Confidence)
	}
	if !b.quiet {
		b.add("profile", "p. 24", "hero points %d, downtime points %d per week", h.HeroPoints.Max, h.Downtime.PointsPerWeek)
	}
	if !b.quiet {
		b.add("resources", "p. 15", "material resources %d, financial resources %d", h.Resources.Material, h.Resources.Financial)
	}
}

// identification is the starting identification (p. 19): 1 for an alien,
// monstrous or robotic hero (Unearthly Being, an android), 2 with an
// outlandish power, else 3.
func (b *builder) identification() int {
	h := b.h
	if h.HasPerk("unearthly-being") || h.Kind == hero.KindAndroid {
		return rulebook.IdentificationAlien
	}
	for _, p := range h.Powers {
		if rulebook.IsOutlandish(string(p.Slug)) {
			return rulebook.IdentificationOutlandish
		}
	}
	return rulebook.IdentificationNormal
}

// powerUse is the starting power use (p. 23): one point per power or
// flavour that helps investigation without being used on purpose, within
// 1-5.
func (b *builder) powerUse() int {
	n := 0
	for _, p := range b.h.Powers {
		if rulebook.HelpsInvestigationAutomatically(string(p.Slug)) {
			n++
		}
		for _, f := range p.Flavours {
			if rulebook.HelpsInvestigationAutomatically(f.Slug) {
				n++
			}
		}
	}
	return max(rulebook.MinPowerUse, min(n, rulebook.MaxPowerUse))
}

// Value keys of the ranks 0-9 of the powers whose dice are rolled per
// rank (docs/chargen.md, "Rolled values"); static data, no init work.
var (
	keysD10     = [...]string{"d10_r0", "d10_r1", "d10_r2", "d10_r3", "d10_r4", "d10_r5", "d10_r6", "d10_r7", "d10_r8", "d10_r9"}
	keysD6      = [...]string{"d6_r0", "d6_r1", "d6_r2", "d6_r3", "d6_r4", "d6_r5", "d6_r6", "d6_r7", "d6_r8", "d6_r9"}
	keysStrD6   = [...]string{"str_d6_r0", "str_d6_r1", "str_d6_r2", "str_d6_r3", "str_d6_r4", "str_d6_r5", "str_d6_r6", "str_d6_r7", "str_d6_r8", "str_d6_r9"}
	keysEndD6   = [...]string{"end_d6_r0", "end_d6_r1", "end_d6_r2", "end_d6_r3", "end_d6_r4", "end_d6_r5", "end_d6_r6", "end_d6_r7", "end_d6_r8", "end_d6_r9"}
	keysPoolD10 = [...]string{"pool_d10_r0", "pool_d10_r1", "pool_d10_r2", "pool_d10_r3", "pool_d10_r4", "pool_d10_r5", "pool_d10_r6", "pool_d10_r7", "pool_d10_r8", "pool_d10_r9"}
)

// rankKey returns prefix followed by rank k ("d10_r3"), without
// allocating for the usual prefixes and ranks.
func rankKey(prefix string, k int) string {
	if k >= 0 && k < 10 {
		switch prefix {
		case "d10_r":
			return keysD10[k]
		case "d6_r":
			return keysD6[k]
		case "str_d6_r":
			return keysStrD6[k]
		case "end_d6_r":
			return keysEndD6[k]
		case "pool_d10_r":
			return keysPoolD10[k]
		}
	}
	return prefix + strconv.Itoa(k)
}

// signedDice returns expr followed by n as fmt's %+d writes it ("1d6+1",
// "1d6-2"), without allocating for small n.
func signedDice(expr string, n int) string {
	if expr == "1d6" && n >= -9 && n <= 9 {
		return oneD6Signed[n+9]
	}
	s := strconv.Itoa(n)
	if n >= 0 {
		s = "+" + s
	}
	return expr + s
}

var oneD6Signed = [...]string{"1d6-9", "1d6-8", "1d6-7", "1d6-6", "1d6-5", "1d6-4", "1d6-3", "1d6-2", "1d6-1", "1d6+0",
	"1d6+1", "1d6+2", "1d6+3", "1d6+4", "1d6+5", "1d6+6", "1d6+7", "1d6+8", "1d6+9"}

// count is "1 power", "2 powers".
func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// mass gives a stockier hero of Larger its weight: 50% more than a normal
// person, and another 50% of normal size a rank (p. 61), on an average
// super hero's 120 kg (p. 43). A mass the file gives already is kept (the
// GM's); other heroes weigh the default and get no mass_kg.
func (b *builder) mass() {
	if b.h.MassKg != 0 || combat.StockierRanks(b.h) == 0 {
		return
	}
	kg, why := combat.OwnMassKg(b.h)
	b.h.MassKg = combat.WholeKg(kg)
	b.add("mass", "pp. 43, 61", "%s", why)
}
