package chargen

import (
	"strconv"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// damageRow returns the Physical Damage Table dice for a row (p. 36).
func damageRow(t rulebook.DamageType) (health, stamina string) {
	row, err := rulebook.PhysicalDamage(t)
	if err != nil {
		return "", ""
	}
	return row.Health, row.Stamina
}

// plus adds a flat amount to a dice expression ("2d6" + 5 = "2d6+5").
func plus(expr string, n int) string {
	if n == 0 || expr == "" {
		return expr
	}
	// Fold into an existing trailing constant: "1d6-6"+5 = "1d6-1".
	for i := len(expr) - 1; i > 0; i-- {
		c := expr[i]
		if c == '+' || c == '-' {
			if k, err := strconv.Atoi(expr[i+1:]); err == nil && isConst(expr[i+1:]) {
				if c == '-' {
					k = -k
				}
				k += n
				head := expr[:i]
				if k == 0 {
					return head
				}
				return signedDice(head, k)
			}
			break
		}
		if c == 'd' {
			break
		}
	}
	return signedDice(expr, n)
}

func isConst(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// special is the attack-after-movement special attack (flying kick, slam,
// charge): 1d6 H / 2d6+6 S, one panel plus one recovery panel.
func special(slug, name, power, notes string) hero.Attack {
	return hero.Attack{Slug: slug, Name: name, StrikeClass: rulebook.SC2, DamageType: slug,
		Health: rulebook.SpecialAttackHealth, Stamina: rulebook.SpecialAttackStamina,
		ParryAs: string(rulebook.AttackOtherMelee), Panels: 1, RecoveryPanels: 1, Power: power, Notes: notes}
}

// attacks builds the attacks list (p. 14): the fist/foot and every
// power's attacks, named by slug.
func (b *builder) attacks() []hero.Attack {
	h := b.h
	out := recycled(take(&b.spare.attacks), 6)
	add := func(a hero.Attack) {
		for _, x := range out {
			if x.Slug == a.Slug {
				return
			}
		}
		out = append(out, a)
	}
	uh, us := damageRow(rulebook.DamageUnarmed)
	fist := hero.Attack{Slug: "fist", Name: "Fist/foot", StrikeClass: rulebook.BasicAttackStrikeClass, DamageType: string(rulebook.DamageUnarmed),
		Health: uh, Stamina: us, AddsDamageBonus: true, ParryAs: string(rulebook.AttackOtherMelee), Panels: 1,
		Notes: "damage bonus on stamina or health or split, chosen each attack (p. 14)"}
	if h.PowerRank(rulebook.PowerSuperStrength) > 0 || h.PowerRank(rulebook.PowerSuperSpeed) > 0 {
		fist.Notes += "; counts as a super-powered strike against mundane characters (p. 49)"
	}

	// Martial arts modifies the fist and adds its own attacks (p. 66).
	if i := powerIndex(h, rulebook.PowerMartialArts); i >= 0 {
		p := &h.Powers[i]
		top, oriental, street := 0, 0, 0
		for _, f := range p.Flavours {
			top = max(top, f.Rank)
			switch f.Slug {
			case "oriental":
				oriental = f.Rank
			case "streetfighting":
				street = f.Rank
			}
		}
		top = max(top, 1)
		fist.Name = "Martial arts strike"
		fist.StrikeClass = rulebook.SC3
		fist.ParryAs = string(rulebook.AttackMartialArts)
		fist.Power = string(rulebook.PowerMartialArts)
		if top >= 2 {
			fist.Health, fist.Stamina = "1d6", "2d6+6"
		}
		if oriental >= 3 {
			fist.StrikeClass = rulebook.SC4
			fist.ParryAs = string(rulebook.AttackRank3MartialArts)
		}
		add(fist)
		if oriental > 0 {
			o := fist
			o.Slug, o.Name = "oriental-strike", "Oriental strike (health)"
			o.Health, o.Stamina = "2d6", "1d6"
			if oriental >= 2 {
				o.Health = "2d6+3"
			}
			o.Notes = "oriental martial arts' alternative damage, chosen each attack (p. 66)"
			add(o)
		}
		if street > 0 {
			add(hero.Attack{Slug: "haymaker", Name: "Haymaker", StrikeClass: fist.StrikeClass, DamageType: string(rulebook.DamageUnarmed),
				Health: "1d6", Stamina: "3d6+12", AddsDamageBonus: true, ParryAs: fist.ParryAs, Panels: 2, ToHitBonus: 2,
				Power: string(rulebook.PowerMartialArts), Notes: "once per opponent per combat (p. 66)"})
		}
	} else {
		add(fist)
	}

	if h.PowerRank(rulebook.PowerClaws) > 0 {
		add(hero.Attack{Slug: string(rulebook.PowerClaws), Name: "Claws", StrikeClass: fist.StrikeClass, DamageType: string(rulebook.DamageUnarmed),
			Health: "2d6", Stamina: "1d6", AddsDamageBonus: true, ParryAs: fist.ParryAs, Panels: 1, Power: string(rulebook.PowerClaws),
			Notes: "unarmed attacks with the claws out (p. 52)"})
	}
	if i := powerIndex(h, rulebook.PowerCybernetics); i >= 0 {
		p := &h.Powers[i]
		for _, f := range p.Flavours {
			switch f.Slug {
			case string(rulebook.ImplantBionicArm):
				arm := 10 + value(p, "arm_d10")
				str := h.Abilities.Final.Strength + arm
				a := fist
				a.Slug, a.Name = string(rulebook.ImplantBionicArm), "Bionic arm"
				a.Power = string(rulebook.PowerCybernetics)
				a.ExtraDamage = rulebook.DamageBonus(str) - h.Combat.DamageBonus
				a.Notes = "the arm has Super Strength rank 1: strength " + strconv.Itoa(str) + " (+" + strconv.Itoa(arm) + ") for this arm only (p. 52)"
				add(a)
			case string(rulebook.ImplantCyberWeapon):
				if w, ok := weaponBySlug(f.Detail); ok {
					for _, a := range weaponAttacks(w, nil) {
						a.Slug = "cyber-" + a.Slug
						a.Name = "Cyber-linked " + a.Name
						a.Health, a.Stamina = plus(a.Health, rulebook.CyberWeaponBonus), plus(a.Stamina, rulebook.CyberWeaponBonus)
						a.Power = string(rulebook.PowerCybernetics)
						a.Notes = "+5 health and +5 stamina damage; a thrown one returns in a double-panel (p. 53)"
						add(a)
					}
				}
			case string(rulebook.ImplantRetractableGlider):
				add(special("glider-kick", "Glider dive kick", string(rulebook.PowerCybernetics), "after a power dive of at least 4 m; or +2 damage on a normal melee attack instead (p. 52)"))
			}
		}
	}
	if i := powerIndex(h, rulebook.PowerWeaponMastery); i >= 0 {
		for k := range h.Powers[i].Flavours {
			f := &h.Powers[i].Flavours[k]
			w, ok := weaponBySlug(f.Slug)
			if !ok {
				continue
			}
			for _, a := range weaponAttacks(w, f) {
				add(a)
			}
		}
	}
	if i := powerIndex(h, rulebook.PowerEnergyBlast); i >= 0 {
		p := &h.Powers[i]
		add(hero.Attack{Slug: string(rulebook.PowerEnergyBlast), Name: "Energy blast (" + flavourNames(p) + ")", StrikeClass: rulebook.SC3, DamageType: string(rulebook.DamageEnergyBlast),
			Health: "5d6", Stamina: "5d6", ParryAs: string(rulebook.AttackEnergyBlast), Ranged: true, Range: 40, Panels: 2, LowersDividers: 2,
			Power: string(rulebook.PowerEnergyBlast), Notes: "up to 10d6 from the energy pool per attack, split between stamina and health with neither more than two dice ahead (p. 55); 5d6/5d6 shown"})
	}
	if h.PowerRank(rulebook.PowerStunningAttack) > 0 {
		add(hero.Attack{Slug: string(rulebook.PowerStunningAttack), Name: "Stunning attack", StrikeClass: rulebook.SC3, DamageType: string(rulebook.PowerStunningAttack),
			Stamina: "3d6", ParryAs: string(rulebook.AttackEnergyBlast), Ranged: true, Range: 40, Panels: 2, LowersStaminaDivider: 2,
			Power: string(rulebook.PowerStunningAttack), Notes: "no health damage; the target's S divider counts as 2 lower (p. 76)"})
	}
	if i := powerIndex(h, rulebook.PowerMagic); i >= 0 && h.Powers[i].HasFlavour(string(rulebook.SpellEldritchBolt)) {
		add(hero.Attack{Slug: string(rulebook.SpellEldritchBolt), Name: "Eldritch bolt", StrikeClass: rulebook.SC3, DamageType: string(rulebook.SpellEldritchBolt),
			Health: "2d6", Stamina: "3d6", Ranged: true, Range: 40, Panels: 2, IgnoresDividers: true, ParryAs: string(rulebook.AttackEnergyBlast),
			Power: string(rulebook.PowerMagic), Notes: "1d6 health or stamina per 2 magic points (at most 10 per casting), split before rolling; ignores dividers; cannot be cancelled (p. 63); 10 points shown"})
	}
	if i := powerIndex(h, rulebook.PowerPsychicAbility); i >= 0 && h.Powers[i].HasFlavour(string(rulebook.PsiPsionicBlast)) {
		add(hero.Attack{Slug: string(rulebook.PsiPsionicBlast), Name: "Psionic blast", StrikeClass: rulebook.SC2, DamageType: string(rulebook.PsiPsionicBlast),
			Health: "4d6", Stamina: "6d6", Range: 20, Ranged: true, Panels: 2, IgnoresDividers: true, Mental: true,
			Power: string(rulebook.PowerPsychicAbility), Notes: "mental attack roll; 2d6 stamina or health per 2 psi, at most 10d6, split before rolling; ignores dividers (p. 68); 10 psi shown"})
	}
	if h.PowerRank(rulebook.PowerSnare) > 0 {
		add(hero.Attack{Slug: "snare-ball", Name: "Snare ball", StrikeClass: rulebook.SC2, DamageType: "snare-ball",
			Health: "2d6", Stamina: "3d6", ParryAs: string(rulebook.AttackThrown), Ranged: true, Range: 20, Panels: 2,
			Power: string(rulebook.PowerSnare), Notes: "1d6 per 2 fluid points (at most 10 per action), no more health dice than stamina dice (p. 73); 10 points shown"})
		add(hero.Attack{Slug: "snare-bind", Name: "Snare binding", StrikeClass: rulebook.SC2, DamageType: string(rulebook.SpellRestraint),
			Ranged: true, Range: 20, Panels: 2, Power: string(rulebook.PowerSnare),
			Notes: "binds one target; escape chance = target's strength %, +10% per point under 10 spent, +10% per helpful power, +30% escapology (p. 73)"})
	}
	if i := powerIndex(h, rulebook.PowerEnvironmentalControl); i >= 0 {
		p := &h.Powers[i]
		switch {
		case p.HasFlavour("electrical"):
			add(hero.Attack{Slug: "electric-arc", Name: "Electric arc", StrikeClass: rulebook.SC2, DamageType: "electric-arc",
				Health: "1d6", Stamina: "1d6", Ranged: true, Range: 20, Panels: 2, NoToHit: true, Power: string(rulebook.PowerEnvironmentalControl),
				Notes: "only with a mains-strength source of electricity within 20 m; no to-hit roll (p. 57)"})
		case p.HasFlavour("magnetism"):
			add(hero.Attack{Slug: "magnetic-missile", Name: "Magnetic missile", StrikeClass: rulebook.SC2, DamageType: "magnetic-missile",
				Stamina: "2d6", Ranged: true, Range: 20, Panels: 2, Power: string(rulebook.PowerEnvironmentalControl),
				Notes: "a metal object of up to 25 kg; no to-hit roll when attracted towards a target within range, a to-hit roll when repelled (p. 58)"})
			add(special("magnetic-fling-kick", "Magnetic fling kick", string(rulebook.PowerEnvironmentalControl), "after a fling of at least 4 m; or +2 damage on a normal melee attack instead (p. 57)"))
		case p.HasFlavour("molecular"):
			add(hero.Attack{Slug: "molecular-collapse", Name: "Molecular collapse", StrikeClass: rulebook.SC2, DamageType: "molecular",
				Stamina: "2d6", Ranged: true, Range: 6, Panels: 1, Power: string(rulebook.PowerEnvironmentalControl),
				Notes: "destroying objects near a person: a to-hit roll, at most 2d6 stamina (p. 58)"})
		case p.HasFlavour("temperature"):
			add(hero.Attack{Slug: "temperature", Name: "Heat or cold", StrikeClass: rulebook.SC2, DamageType: "temperature",
				Stamina: "2d6", Ranged: true, Range: 20, Panels: 2, NoToHit: true, Power: string(rulebook.PowerEnvironmentalControl),
				Notes: "everyone in a 2 m radius each double-panel; S dividers do not help, only the matching immunity (p. 58)"})
		}
	}
	if r := h.PowerRank(rulebook.PowerPhasing); r > 0 {
		add(hero.Attack{Slug: "phase-strike", Name: "Phase strike", StrikeClass: rulebook.SC2, DamageType: "phase-strike",
			Health: "1d6", Stamina: "2d6", Panels: 1, Power: string(rulebook.PowerPhasing),
			Notes: "to-hit as against armour class F; may be dodged but not parried or blocked; 1-3d6 split before rolling; each strike adds a cumulative 20% chance of becoming vulnerable (p. 66)"})
	}
	// Attacks after movement.
	if h.PowerRank(rulebook.PowerAcrobatics) > 0 {
		add(special("flying-kick", "Flying kick", string(rulebook.PowerAcrobatics), "after a swing or leap of at least 4 m; or +2 damage on a normal melee attack instead (p. 51)"))
	}
	if b.hasFlavour(string(rulebook.PowerSkills), "gymnastics") {
		add(special("flying-kick", "Flying kick", string(rulebook.PowerSkills), "after tumbling at least 4 m; or +2 damage on a normal melee attack instead (p. 72)"))
	}
	if h.PowerRank(rulebook.PowerSuperLeap) > 0 {
		add(special("flying-kick", "Flying kick", string(rulebook.PowerSuperLeap), "after a leap of at least 4 m; or +2 damage on a normal melee attack instead (p. 74)"))
	}
	if h.PowerRank(rulebook.PowerFlight) > 0 {
		add(special("dive-kick", "Power-dive kick", string(rulebook.PowerFlight), "after a power dive of at least 4 m; or +5 damage on a normal melee attack instead (p. 58)"))
	}
	if h.PowerRank(rulebook.PowerSuperSpeed) > 0 {
		add(special("charge", "Charge", string(rulebook.PowerSuperSpeed), "after running at least 4 m; or +4 damage on a normal melee attack instead (p. 76)"))
	}
	if h.PowerRank(rulebook.PowerGrowth) > 0 {
		add(special("slam", "Growth slam", string(rulebook.PowerGrowth), "growing directly before the attack; or +4 damage on a normal melee attack instead (p. 61)"))
	}
	if h.PowerRank(rulebook.PowerShrinking) > 0 {
		add(special("regrow-slam", "Regrowth slam", string(rulebook.PowerShrinking), "returning to full size directly before the attack; or +4 damage on a normal melee attack instead (p. 71)"))
	}
	for k := range out {
		if out[k].Power != "" && out[k].DamageType != "" {
			out[k].AddsDamageBonus = out[k].AddsDamageBonus || addsBonus(out[k])
		}
	}
	// Accuracy rank 2: +5 damage with the precise attack form (p. 51).
	if i := powerIndex(h, rulebook.PowerAccuracy); i >= 0 {
		form := b.accuracyForm(i, out)
		if form == "thrown-object" {
			hd, sd := damageRow(rulebook.DamageBluntThrown)
			add(hero.Attack{Slug: "thrown-object", Name: "Thrown object", StrikeClass: rulebook.SC2, DamageType: string(rulebook.DamageBluntThrown),
				Health: hd, Stamina: sd, AddsDamageBonus: true, ParryAs: string(rulebook.AttackThrown), Ranged: true, Panels: 1,
				Power: string(rulebook.PowerAccuracy), Notes: "an object already in hand, thrown in one panel; how far depends on strength and mass (p. 42)"})
		}
		if h.Powers[i].Rank >= 2 {
			for k := range out {
				if out[k].Slug == form {
					out[k].ExtraDamage += 5
					out[k].Notes = appendNote(out[k].Notes, "Accuracy: +5 damage, +5 more per extra panel aiming, up to +25 (p. 51)")
				}
			}
		}
	}
	return out
}

func appendNote(n, s string) string {
	if n == "" {
		return s
	}
	return n + "; " + s
}

// addsBonus reports whether the strength damage bonus applies: unarmed,
// melee and thrown attacks (p. 36), including the special kicks.
func addsBonus(a hero.Attack) bool {
	return rulebook.DamageType(a.DamageType).TakesDamageBonus() || a.RecoveryPanels > 0
}

// accuracyForm returns (choosing it the first time) the ranged attack form
// Accuracy applies to (p. 51): the first ranged attack, else thrown
// objects.
func (b *builder) accuracyForm(i int, attacks []hero.Attack) string {
	p := &b.h.Powers[i]
	if len(p.Flavours) > 0 {
		return p.Flavours[0].Slug
	}
	form := "thrown-object"
	for _, a := range attacks {
		if a.Ranged && !a.Mental {
			form = a.Slug
			break
		}
	}
	p.Flavours = append(p.Flavours, hero.Flavour{Slug: form, Name: "Precise with " + form, Detail: "ranged attack form"})
	return form
}

func flavourNames(p *hero.Power) string {
	switch len(p.Flavours) {
	case 0:
		return ""
	case 1:
		return p.Flavours[0].Name
	}
	var arr [128]byte
	s := arr[:0]
	for k, f := range p.Flavours {
		if k > 0 {
			s = append(s, ", "...)
		}
		s = append(s, f.Name...)
	}
	return string(s)
}

// weaponAttacks returns a weapon's attacks: one per attack mode, strike
// class 4 in the mastered mode (all modes with "all-modes"), strike class
// 2 otherwise, with the mastery's damage options (p. 77). f is nil for a
// weapon without mastery.
func weaponAttacks(w weapon, f *hero.Flavour) []hero.Attack {
	var out []hero.Attack
	mode := ""
	rank := 0
	var opts []string
	if f != nil {
		mode, rank, opts = f.Detail, max(f.Rank, 1), f.Options
	}
	has := func(o string) bool {
		for _, x := range opts {
			if x == o {
				return true
			}
		}
		return false
	}
	allModes := has("all-modes") || has("all-modes-damage")
	bonus := func(chosen bool) int {
		small, big := 2, 5
		switch {
		case has("heavy-damage") && chosen:
			small, big = 5, 10
		case has("all-modes-damage"):
		case has("damage") && chosen:
		default:
			return 0
		}
		if w.twoHanded {
			return big
		}
		return small
	}
	panels := 1
	if w.twoHanded {
		panels = 2
	}
	mk := func(m string, dt rulebook.DamageType) hero.Attack {
		hd, sd := damageRow(dt)
		chosen := m == mode
		sc := rulebook.SC2
		if rank > 0 && (chosen || allModes) {
			sc = rulebook.SC4
		}
		parry := rulebook.AttackOtherMelee
		ranged := m == "ranged"
		if ranged {
			parry = rulebook.AttackThrown
			if dt == rulebook.DamageProjectile {
				parry = rulebook.AttackProjectile
			}
			if sc == rulebook.SC4 {
				parry = rulebook.AttackRangedWM
			}
		} else if sc == rulebook.SC4 {
			parry = rulebook.AttackOtherMeleeWM
		}
		slug, name := w.attack, w.item
		if ranged && w.melee != "" {
			slug, name = "thrown-"+w.attack, "Thrown "+lower(w.item)
		}
		a := hero.Attack{Slug: slug, Name: name, StrikeClass: sc, DamageType: string(dt), Health: hd, Stamina: sd,
			AddsDamageBonus: dt != rulebook.DamageProjectile, ParryAs: string(parry), Ranged: ranged, Panels: panels}
		if f != nil {
			a.Power = string(rulebook.PowerWeaponMastery)
			a.ExtraDamage = bonus(chosen)
		}
		return a
	}
	if w.melee != "" {
		out = append(out, mk("melee", w.melee))
	}
	if w.ranged != "" {
		out = append(out, mk("ranged", w.ranged))
	}
	return out
}

func lower(s string) string {
	if s == "" {
		return s
	}
	c := s[0]
	if c >= 'A' && c <= 'Z' {
		c += 'a' - 'A'
	}
	return string(c) + s[1:]
}

// parries lists the parries the hero can make (p. 34): bare-handed (or
// martial arts), each melee or ranged weapon, the energy blast, and
// Energy Reflect's automatic parry.
func (b *builder) parries() []hero.Parry {
	h := b.h
	out := recycled(take(&b.spare.parries), len(h.Combat.Attacks)+1)
	for _, a := range h.Combat.Attacks {
		var pt rulebook.ParryType
		switch rulebook.AttackType(a.ParryAs) {
		case rulebook.AttackRank3MartialArts:
			pt = rulebook.ParryRank3MartialArts
		case rulebook.AttackMartialArts:
			pt = rulebook.ParryMartialArts
		case rulebook.AttackOtherMeleeWM:
			pt = rulebook.ParryOtherMeleeWM
		case rulebook.AttackOtherMelee:
			pt = rulebook.ParryOtherMelee
		case rulebook.AttackRangedWM:
			pt = rulebook.ParryRangedWM
		case rulebook.AttackThrown, rulebook.AttackProjectile:
			pt = rulebook.ParryRanged
		case rulebook.AttackEnergyBlast:
			if a.Slug != string(rulebook.PowerEnergyBlast) {
				continue
			}
			pt = rulebook.ParryEnergyBlast
		default:
			continue
		}
		if a.RecoveryPanels > 0 || a.Slug == "haymaker" || a.Slug == "oriental-strike" || a.Slug == string(rulebook.PowerClaws) || a.Slug == string(rulebook.ImplantBionicArm) {
			continue
		}
		p := hero.Parry{Slug: a.Slug, ParryType: string(pt), Health: a.Health, Stamina: a.Stamina, AddsDamageBonus: a.AddsDamageBonus, Ranged: a.Ranged}
		if w, ok := weaponBySlug(a.Slug); ok && w.shield && pt == rulebook.ParryOtherMeleeWM {
			p.ParryType = string(rulebook.ParryShieldWM)
		}
		if a.ExtraDamage != 0 {
			p.Health = plus(p.Health, a.ExtraDamage)
		}
		out = append(out, p)
	}
	// A shield mastered in defence mode parries as "Shield (with weapon
	// mastery)" (pp. 34, 77).
	if i := powerIndex(h, rulebook.PowerWeaponMastery); i >= 0 {
		for _, f := range h.Powers[i].Flavours {
			if w, ok := weaponBySlug(f.Slug); ok && w.shield && f.Detail == "defence" {
				for k := range out {
					if out[k].Slug == w.attack {
						out[k].ParryType = string(rulebook.ParryShieldWM)
					}
				}
			}
		}
	}
	reflect := ""
	if i := powerIndex(h, rulebook.PowerEnergyReflect); i >= 0 {
		reflect = flavourNames(&h.Powers[i])
	}
	if i := powerIndex(h, rulebook.PowerEnergyBlast); i >= 0 && h.Powers[i].HasOption(string(rulebook.PowerEnergyReflect)) && reflect == "" {
		reflect = flavourNames(&h.Powers[i])
	}
	if reflect != "" {
		out = append(out, hero.Parry{Slug: string(rulebook.PowerEnergyReflect), ParryType: string(rulebook.ParryEnergyBlast), Automatic: true,
			Notes: "against " + reflect + " energy only: an automatic melee parry, then a strike class 2 to-hit roll back at the source (p. 56)"})
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
