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

// NPC types (pp. 49-50, 65, 71). "goon" is another name for combatant.
const (
	NPCNormalAdult = "normal-adult"
	NPCStreetTough = "street-tough"
	NPCSpecialist  = "specialist"
	NPCChild       = "child"
	NPCCombatant   = "combatant"
	NPCRobot       = "robot"
	NPCAndroid     = "android"
	NPCAnimal      = "animal"
	NPCSummoned    = "summoned"
	NPCSidekick    = "sidekick"
)

// NPCTypes lists the supporting cast types gen npc makes.
func NPCTypes() []string {
	return []string{NPCNormalAdult, NPCStreetTough, NPCSpecialist, NPCChild, NPCCombatant, NPCRobot, NPCAndroid, NPCAnimal, NPCSummoned, NPCSidekick}
}

// ParseNPCType accepts a type slug or an alias (goon, thug, civilian,
// adult, tough, creature, summoned-creature).
func ParseNPCType(s string) (string, error) {
	switch s {
	case NPCNormalAdult, NPCStreetTough, NPCSpecialist, NPCChild, NPCCombatant, NPCRobot, NPCAndroid, NPCAnimal, NPCSummoned, NPCSidekick:
		return s, nil
	}
	n := naming.Slug(s)
	switch n {
	case "goon", "goons", "thug", "thugs", "henchman", "combatants":
		return NPCCombatant, nil
	case "civilian", "adult", "bystander":
		return NPCNormalAdult, nil
	case "tough":
		return NPCStreetTough, nil
	case "creature", "summoned-creature", "summon":
		return NPCSummoned, nil
	}
	if slices.Contains(NPCTypes(), n) {
		return n, nil
	}
	return "", errorf("type", "%q is not a supporting cast type (one of %s; goon = combatant)", s, joinSlugs(NPCTypes()))
}

// NPCOptions control GenerateNPC.
type NPCOptions struct {
	// Type is one of NPCTypes.
	Type string
	Name string
	// Trained (+1) and Elite (+2) combatants add to their ability rolls
	// and their combat prowess roll (p. 49).
	Trained, Elite bool
	// Focus is a specialist's talent: "mental" (the default: 2d6 will,
	// 1d3+2 physical scores) or "physical" (p. 49).
	Focus string
	// Blaster is how a hi-tech blaster works (p. 49): "stunning-attack"
	// (default) or "energy-blast" (Energy Blast rank 1).
	Blaster string
	// Rank is a sidekick's rank, 1-3 (p. 71).
	Rank int
	// MP is the magic points spent on a summoned creature's body (1d10
	// health and stamina each per point); Extras are its extra abilities
	// at 2 MP each (p. 65).
	MP     int
	Extras []string
	// Panels is a robot's panels per page (the book says it varies; 2 by
	// default). Powers is the number of Power Table rolls for a robot.
	Panels int
	Powers int
	// Derive are the Step 4 options for NPCs built as full characters.
	Derive Options
	Seed   *uint64
	// Reuse, when set, is a character from an earlier call that the
	// caller no longer needs: it is overwritten and returned, its memory
	// reused (see GenOptions.Reuse).
	Reuse *hero.Hero
}

// GenerateNPC makes one supporting character (pp. 49-50). Dice order:
// the four ability scores in order (strength, agility, will, endurance),
// then, for a combatant, the combat prowess d6; for a robot, its power
// slots and then its health d6s; for a summoned creature, its health
// d10s then its stamina d10s; androids and sidekicks are generated as
// full heroes (see Generate).
func (g *Generator) npc(r dice.Roller, opt NPCOptions) (*hero.Hero, ruling.Steps, error) {
	typ, err := ParseNPCType(opt.Type)
	if err != nil {
		return nil, nil, err
	}
	switch naming.Slug(opt.Blaster) {
	case "", string(rulebook.PowerStunningAttack), string(rulebook.PowerEnergyBlast):
	default:
		return nil, nil, errorf("--blaster", "%q is not stunning-attack or energy-blast (p. 49)", opt.Blaster)
	}
	switch typ {
	case NPCAndroid:
		h, steps, err := g.generate(r, GenOptions{Kind: hero.KindAndroid, Name: opt.Name, Derive: opt.Derive, Seed: opt.Seed, Reuse: opt.Reuse})
		if err == nil {
			h.NPCType = typ
		}
		return h, steps, err
	case NPCSidekick:
		rank := opt.Rank
		if rank == 0 {
			rank = 1
		}
		if rank < 1 || rank > 3 {
			return nil, nil, errorf("--rank", "%d: the Sidekick power has ranks 1-3 (p. 71)", rank)
		}
		h, steps, err := g.generate(r, GenOptions{Kind: hero.KindSidekick, Name: opt.Name, Slots: rank - 1, NoSlots: rank == 1,
			PanelsPerPage: rank + 1, Derive: opt.Derive, Seed: opt.Seed, Reuse: opt.Reuse})
		if err == nil {
			h.NPCType = typ
		}
		return h, steps, err
	}
	h := opt.Reuse
	var sp spare
	if h == nil {
		h = new(hero.Hero)
	} else {
		sp = spareOf(h)
	}
	*h = hero.Hero{Schema: hero.SchemaVersion, Kind: hero.KindMundane, NPCType: typ, Name: opt.Name,
		Powers: recycled(sp.powers, 0), Perks: recycled(sp.perks, 0), Equipment: recycled(sp.equipment, 0), Log: recycled(sp.log, 0)}
	b, done := g.builder(builder{r: r, quiet: opt.Derive.Quiet, h: h, spare: sp})
	defer done()
	if h.Name == "" {
		h.Name = npcName(typ)
	}
	var abil hero.Abilities
	four := func(exprs [4]string) error { return b.rollAbilities(exprs, &abil) }
	c := &h.Combat
	c.KnockbackThreshold = rulebook.DefaultKnockbackThreshold
	c.PanelsPerPage = rulebook.PanelsMundane
	fist := func(sc rulebook.StrikeClass) hero.Attack {
		uh, us := damageRow(rulebook.DamageUnarmed)
		return hero.Attack{Slug: "fist", Name: "Fist/foot", StrikeClass: sc, DamageType: string(rulebook.DamageUnarmed), Health: uh, Stamina: us,
			AddsDamageBonus: true, ParryAs: string(rulebook.AttackOtherMelee), Panels: 1}
	}
	weaponAttack := func(slug, name string, dt rulebook.DamageType, sc rulebook.StrikeClass, ranged bool, panels int) hero.Attack {
		hd, sd := damageRow(dt)
		parry := rulebook.AttackOtherMelee
		if ranged {
			parry = rulebook.AttackProjectile
			if dt == rulebook.DamageSharpThrown || dt == rulebook.DamageBluntThrown {
				parry = rulebook.AttackThrown
			}
		}
		return hero.Attack{Slug: slug, Name: name, StrikeClass: sc, DamageType: string(dt), Health: hd, Stamina: sd,
			AddsDamageBonus: !ranged, ParryAs: string(parry), Ranged: ranged, Panels: panels}
	}
	mundane := sp.mundane
	if mundane == nil {
		mundane = new(hero.Mundane)
	}
	*mundane = hero.Mundane{SuperStrikes: 1, NormalStrikes: 2}
	switch typ {
	case NPCNormalAdult, NPCStreetTough, NPCChild, NPCSpecialist:
		row, _ := rulebook.CivilianBySlug(typ)
		var exprs [4]string
		switch typ {
		case NPCNormalAdult:
			exprs = [4]string{"1d3+2", "1d3+2", "1d3+2", "1d3+2"}
		case NPCStreetTough:
			exprs = [4]string{"1d6+2", "1d6+2", "1d6+2", "1d6+2"}
		case NPCChild:
			exprs = [4]string{"1d3", "1d3", "1d3", "1d3"}
		case NPCSpecialist:
			switch naming.Slug(opt.Focus) {
			case "", "mental":
				exprs = [4]string{"1d3+2", "1d3+2", "2d6", "1d3+2"}
			case "physical":
				exprs = [4]string{"2d6", "2d6", "1d3+2", "2d6"}
			default:
				return nil, nil, errorf("--focus", "%q is not mental or physical (p. 49)", opt.Focus)
			}
		}
		if err := four(exprs); err != nil {
			return nil, nil, err
		}
		c.ArmourClass = row.AC
		c.Attacks = append(recycled(take(&b.spare.attacks), 1), fist(row.SC))
		if typ == NPCStreetTough {
			k := weaponAttack("knife", "Knife", rulebook.DamageSharpOneHanded, rulebook.SC1, false, 1)
			c.Attacks = append(c.Attacks, k)
			c.Attacks[0].Notes = "strike class 0 with guns (p. 49)"
		}
		if typ == NPCChild {
			h.Notes = fmt.Sprintf("age about %d (the ability scores usually add up to the child's age, p. 49)", abil.Strength+abil.Agility+abil.Will+abil.Endurance)
		}
	case NPCCombatant:
		bonus := 0
		switch {
		case opt.Elite:
			bonus, mundane.Elite = rulebook.EliteBonus, true
		case opt.Trained:
			bonus, mundane.Trained = rulebook.TrainedBonus, true
		}
		e := [...]string{"1d6+2", "1d6+3", "1d6+4"}[bonus]
		if err := four([4]string{e, e, e, e}); err != nil {
			return nil, nil, err
		}
		d, err := r.Roll(rulebook.CombatantProwessDie, "combatant prowess (1d6, +1 trained, +2 elite)")
		if err != nil {
			return nil, nil, err
		}
		row, err := rulebook.CombatantProwess(d + bonus)
		if err != nil {
			return nil, nil, err
		}
		mundane.ProwessRoll, mundane.Weapon = d+bonus, row.Weapon
		c.ArmourClass = row.AC
		c.Attacks = append(recycled(take(&b.spare.attacks), 2), fist(rulebook.CombatantStrikeClass))
		switch row.Roll {
		case 2:
			c.Attacks = append(c.Attacks, weaponAttack("nightstick", "Nightstick", rulebook.DamageBluntOneHanded, rulebook.SC1, false, 1))
		case 3:
			c.Attacks = append(c.Attacks, weaponAttack("knife", "Knife", rulebook.DamageSharpOneHanded, rulebook.SC1, false, 1))
		case 4, 5:
			c.Attacks = append(c.Attacks, weaponAttack("pistol", "Pistol", rulebook.DamageProjectile, rulebook.SC1, true, 1))
		case 6:
			c.Attacks = append(c.Attacks, weaponAttack("shotgun", "Shotgun", rulebook.DamageProjectile, rulebook.SC1, true, 2))
		case 7:
			c.Attacks = append(c.Attacks, weaponAttack("sub-machine-gun", "Sub-machine gun", rulebook.DamageProjectile, rulebook.SC1, true, 2))
		case 8:
			blaster := naming.Slug(opt.Blaster)
			switch blaster {
			case "", string(rulebook.PowerStunningAttack):
				c.Attacks = append(c.Attacks, hero.Attack{Slug: "blaster", Name: "Hi-tech blaster (stunning attack)", StrikeClass: rulebook.SC3,
					DamageType: string(rulebook.PowerStunningAttack), Stamina: "3d6", ParryAs: string(rulebook.AttackEnergyBlast), Ranged: true, Range: 40, Panels: 2,
					LowersStaminaDivider: 2, Power: string(rulebook.PowerStunningAttack), Notes: "treated as the Stunning Attack power (p. 49)"})
			case string(rulebook.PowerEnergyBlast):
				h.Powers = append(h.Powers, hero.Power{Slug: rulebook.PowerEnergyBlast, Name: "Energy Blast", Rank: 1, MaxRank: 4, Source: "hi-tech blaster"})
				b.h = h
				if err := b.energyType(0); err != nil {
					return nil, nil, err
				}
				c.Attacks = append(c.Attacks, hero.Attack{Slug: "blaster", Name: "Hi-tech blaster (energy blast)", StrikeClass: rulebook.SC3,
					DamageType: string(rulebook.DamageEnergyBlast), Health: "5d6", Stamina: "5d6", ParryAs: string(rulebook.AttackEnergyBlast),
					Ranged: true, Range: 40, Panels: 2, LowersDividers: 2, Power: string(rulebook.PowerEnergyBlast), Notes: "treated as Energy Blast rank 1 (p. 49): 15d6 every 5 pages, at most 10d6 per attack"})
				h.Pools = []hero.Pool{{Name: "energy", Max: rulebook.PoolRank1, Current: rulebook.PoolRank1, CapPerAction: rulebook.PoolCapPerAction, RefillPages: rulebook.PoolRefillPages, Power: string(rulebook.PowerEnergyBlast)}}
			default:
				return nil, nil, errorf("--blaster", "%q is not stunning-attack or energy-blast (p. 49)", opt.Blaster)
			}
		}
		if row.Roll > 1 {
			h.Equipment = append(h.Equipment, hero.Item{Slug: naming.Slug(row.Weapon), Name: row.Weapon})
		}
	case NPCAnimal:
		if err := four([4]string{"1d6+2", "1d6+2", "1d6+2", "1d6+2"}); err != nil {
			return nil, nil, err
		}
		c.ArmourClass = rulebook.ACH
		a := fist(rulebook.SC1)
		a.Slug, a.Name, a.Notes = "bite", "Bite or claw", "abilities and attacks depend on the species (p. 50)"
		c.Attacks = append(recycled(take(&b.spare.attacks), 1), a)
	case NPCRobot:
		return b.robot(opt, &abil)
	case NPCSummoned:
		return b.summoned(opt)
	}
	h.Mundane = mundane
	h.Abilities = hero.AbilitySet{Base: abil, Final: abil}
	c.Parries = recycled(take(&b.spare.parries), 0)
	mundaneCombat(h)
	if !b.quiet {
		b.add("npc", "p. 49", "%s: strength %d, agility %d, will %d, endurance %d, armour class %s", typ, abil.Strength, abil.Agility, abil.Will, abil.Endurance, c.ArmourClass)
	}
	if err := b.derive(opt.Derive); err != nil {
		return nil, b.steps, err
	}
	return h, b.steps, nil
}

// mundaneCombat fills the figures every supporting character has.
func mundaneCombat(h *hero.Hero) {
	c := &h.Combat
	abilityFigures(c, h.Abilities.Final)
	if c.Movement == 0 {
		b := h.Abilities.Base
		c.Movement = rulebook.MovementSpeed(b.Strength, b.Agility, b.Endurance)
	}
	if c.KnockbackThreshold == 0 {
		c.KnockbackThreshold = rulebook.DefaultKnockbackThreshold
	}
	for _, a := range c.Attacks {
		if a.Ranged || rulebook.AttackType(a.ParryAs) != rulebook.AttackOtherMelee {
			continue
		}
		c.Parries = append(c.Parries, hero.Parry{Slug: a.Slug, ParryType: string(rulebook.ParryOtherMelee), Health: a.Health, Stamina: a.Stamina, AddsDamageBonus: a.AddsDamageBonus})
	}
}

// abilityFigures sets the combat figures a supporting character's final
// abilities and armour class give (pp. 8-9, 32-33): the damage bonus
// (Strength Table), the strike bonus (Agility Table), dodging (the armour
// class's row) and the damage dividers (the armour class's, improved by
// strength). Verify recomputes them for a mundane character.
func abilityFigures(c *hero.Combat, f hero.Abilities) {
	c.DamageBonus = rulebook.DamageBonus(f.Strength)
	c.StrikeBonus = rulebook.AgilityBonus(f.Agility)
	info := rulebook.ArmourClassInfo(c.ArmourClass)
	c.CanDodge, c.DodgeBonus = info.CanDodge, info.DodgeBonus
	d := rulebook.Dividers(info.Dividers).Improve(rulebook.StrengthDividerModifier(f.Strength))
	c.Dividers = hero.Dividers{Health: d.Health, Stamina: d.Stamina}
}

// robot makes a robot (p. 49): 3d6 abilities (they "vary wildly"), health
// from endurance, no stamina, 2 panels per page unless told, optional
// power rolls.
func (b *builder) robot(opt NPCOptions, abil *hero.Abilities) (*hero.Hero, ruling.Steps, error) {
	h := b.h
	h.Kind = hero.KindRobot
	if err := b.rollAbilities([4]string{"3d6", "3d6", "3d6", "3d6"}, abil); err != nil {
		return nil, nil, err
	}
	h.Abilities = hero.AbilitySet{Base: *abil, Final: *abil}
	panels := opt.Panels
	if panels == 0 {
		panels = rulebook.PanelsMundane
	}
	if panels < 1 || panels > 12 {
		return nil, nil, errorf("--panels", "%d is outside 1-12", panels)
	}
	h.Combat.PanelsPerPage = panels
	if opt.Powers < 0 || opt.Powers > rulebook.PowerSlots {
		return nil, nil, errorf("--powers", "%d is outside 0-%d", opt.Powers, rulebook.PowerSlots)
	}
	cr := &hero.Creation{Seed: opt.Seed, Method: "generated"}
	h.Creation = cr
	b.noSidekick = true
	var none []string
	for s := 1; s <= opt.Powers; s++ {
		if err := b.rollSlot(s, &none, cr); err != nil {
			return nil, nil, err
		}
	}
	if err := b.derive(opt.Derive); err != nil {
		return nil, b.steps, err
	}
	return h, b.steps, nil
}

// summoned makes a creature of the Summoning spell (p. 65).
func (b *builder) summoned(opt NPCOptions) (*hero.Hero, ruling.Steps, error) {
	h := b.h
	h.Kind = hero.KindSummoned
	mp := opt.MP
	if mp == 0 {
		mp = rulebook.PoolCapPerAction - rulebook.SummonExtraAbilityCost*len(opt.Extras)
	}
	var extras []string
	for _, e := range opt.Extras {
		n := naming.Slug(e)
		ok := false
		for _, a := range rulebook.SummonAbilities() {
			if a.Slug == n {
				ok = true
			}
		}
		if !ok {
			return nil, nil, errorf("--ability", "%q is not a summoned creature ability (flight, speed, claws, strength, intelligence, toughness, weapon; p. 65)", e)
		}
		if slices.Contains(extras, n) {
			return nil, nil, errorf("--ability", "%s given twice: no ability can be given to the same creature twice (p. 65)", n)
		}
		extras = append(extras, n)
	}
	total := mp + rulebook.SummonExtraAbilityCost*len(extras)
	if mp < 1 || total > rulebook.PoolCapPerAction {
		return nil, nil, errorf("--mp", "%d magic points plus %d for %d extra abilities is %d; a casting spends 1-%d (p. 62)", mp, rulebook.SummonExtraAbilityCost*len(extras), len(extras), total, rulebook.PoolCapPerAction)
	}
	a := hero.Abilities{Strength: 6, Agility: 6, Will: 6, Endurance: 6}
	c := &h.Combat
	c.ArmourClass = rulebook.ACJ
	c.Movement = 4
	c.PanelsPerPage = 2
	uh, us := damageRow(rulebook.DamageUnarmed)
	c.Attacks = []hero.Attack{{Slug: "fist", Name: "Strike", StrikeClass: rulebook.SC0, DamageType: string(rulebook.DamageUnarmed), Health: uh, Stamina: us, AddsDamageBonus: true, ParryAs: string(rulebook.AttackOtherMelee), Panels: 1}}
	for _, e := range extras {
		switch e {
		case string(rulebook.PowerFlight):
			c.Moves = append(c.Moves, hero.Move{Mode: string(rulebook.PowerFlight), Metres: 8})
		case "speed":
			c.Movement, c.PanelsPerPage = 6, 3
		case string(rulebook.PowerClaws):
			c.Attacks = append(c.Attacks, hero.Attack{Slug: string(rulebook.PowerClaws), Name: "Claws or fangs", StrikeClass: rulebook.SC0, DamageType: string(rulebook.DamageUnarmed), Health: "2d6", Stamina: "1d6", AddsDamageBonus: true, ParryAs: string(rulebook.AttackOtherMelee), Panels: 1})
		case "strength":
			a.Strength = 25
		case string(rulebook.PowerToughness):
			c.ArmourClass = rulebook.ACF
		case "weapon":
			hd, sd := damageRow(rulebook.DamageBluntTwoHanded)
			c.Attacks = append(c.Attacks, hero.Attack{Slug: "weapon", Name: "Two-handed weapon", StrikeClass: rulebook.SC1, DamageType: string(rulebook.DamageBluntTwoHanded), Health: hd, Stamina: sd, AddsDamageBonus: true, ParryAs: string(rulebook.AttackOtherMelee), Panels: 2})
		case "intelligence":
			h.Notes = "needs only 1 panel per page of instruction (p. 65)"
		}
	}
	h.Abilities = hero.AbilitySet{Base: a, Final: a}
	for _, track := range []string{"health", "stamina"} {
		var ds []int
		t := 0
		for k := 1; k <= mp; k++ {
			v, err := b.r.Roll(10, fmt.Sprintf("summoned creature %s d10 #%d of %d (1d10 per magic point)", track, k, mp))
			if err != nil {
				return nil, nil, err
			}
			ds = append(ds, v)
			t += v
		}
		if track == "health" {
			h.Health = hero.Health{Max: t, Current: t, Battered: rulebook.BatteredValue(t), Dice: ds}
		} else {
			h.Stamina = hero.Stamina{Max: t, Current: t, Dazed: rulebook.DazedValue(t), Stunned: rulebook.StunnedValue(t), Dice: ds}
		}
	}
	h.Mundane = nil
	mundaneCombat(h)
	h.Notes = appendNote(h.Notes, fmt.Sprintf("summoned with %d magic points%s; lasts an hour; the caster spends 2 panels per page instructing it (p. 65)", total, extraTail(extras)))
	if !b.quiet {
		b.add("npc", "p. 65", "summoned creature: %d MP, health %d, stamina %d, armour class %s", total, h.Health.Max, h.Stamina.Max, c.ArmourClass)
	}
	if err := b.derive(opt.Derive); err != nil {
		return nil, b.steps, err
	}
	return h, b.steps, nil
}

func extraTail(e []string) string {
	if len(e) == 0 {
		return ""
	}
	return " (" + joinSlugs(e) + ")"
}

func npcName(typ string) string {
	switch typ {
	case NPCNormalAdult:
		return "Bystander"
	case NPCStreetTough:
		return "Street tough"
	case NPCSpecialist:
		return "Specialist"
	case NPCChild:
		return "Child"
	case NPCCombatant:
		return "Goon"
	case NPCRobot:
		return "Robot"
	case NPCAnimal:
		return "Animal"
	case NPCSummoned:
		return "Summoned creature"
	}
	return "NPC"
}

// rollAbilities rolls the four ability scores in order (strength,
// agility, will, endurance), each with its own expression.
func (b *builder) rollAbilities(exprs [4]string, abil *hero.Abilities) error {
	var ds *[4]abilityDice
	for k, ptr := range [4]*int{&abil.Strength, &abil.Agility, &abil.Will, &abil.Endurance} {
		if k == 0 || exprs[k] != exprs[k-1] {
			ds = b.g.abilityDice(exprs[k])
		}
		a := ds[k]
		v, err := a.e.Total(b.r, a.purpose)
		if err != nil {
			return err
		}
		*ptr = v
	}
	return nil
}

// abilityDice is one parsed ability expression and its purpose, e.g.
// "strength (1d6+2)".
type abilityDice struct {
	e       *dice.Expr
	purpose string
}
