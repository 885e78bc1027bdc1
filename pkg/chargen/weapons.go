package chargen

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// weapon is a weapon type for Weapon Mastery and cyber weapons (p. 77:
// "a specific form of weapon (e.g. swords, bows, guns)"). The damage rows
// are the Physical Damage Table's (p. 36); the list itself is spandex's
// choice of common forms.
type weapon struct {
	slug   string // the mastery's subject, plural ("staves")
	name   string // "Staves"
	attack string // attack slug, singular ("staff")
	item   string // equipment name ("Staff")
	// melee and ranged are the Physical Damage Table rows of the weapon's
	// attack modes; "" when it has no such mode.
	melee     rulebook.DamageType
	ranged    rulebook.DamageType
	twoHanded bool
	shield    bool
}

var weapons = []weapon{
	{"swords", "Swords", "sword", "Sword", rulebook.DamageSharpOneHanded, "", false, false},
	{"staves", "Staves", "staff", "Staff", rulebook.DamageBluntTwoHanded, "", true, false},
	{"bows", "Bows", "bow", "Bow and arrows", "", rulebook.DamageProjectile, true, false},
	{"knives", "Knives", "knife", "Knives", rulebook.DamageSharpOneHanded, rulebook.DamageSharpThrown, false, false},
	{"clubs", "Clubs and batons", "club", "Baton", rulebook.DamageBluntOneHanded, rulebook.DamageBluntThrown, false, false},
	{"guns", "Guns", "gun", "Pistol", "", rulebook.DamageProjectile, false, false},
	{"spears", "Spears", "spear", "Spear", rulebook.DamageSharpTwoHanded, rulebook.DamageSharpThrown, true, false},
	{"shields", "Shields", "shield", "Shield", rulebook.DamageBluntOneHanded, rulebook.DamageBluntThrown, false, true},
	{"axes", "Axes", "axe", "Axe", rulebook.DamageSharpTwoHanded, "", true, false},
	{"throwing-stars", "Throwing stars", "throwing-star", "Throwing stars", "", rulebook.DamageSharpThrown, false, false},
	{"hammers", "Hammers", "hammer", "War hammer", rulebook.DamageBluntTwoHanded, rulebook.DamageBluntThrown, true, false},
	{"whips", "Whips", "whip", "Whip", rulebook.DamageBluntOneHanded, "", false, false},
}

// Weapons returns the weapon types spandex offers for Weapon Mastery and
// cyber weapons, as slugs ("swords", "staves", ...).
func Weapons() []string {
	out := make([]string, len(weapons))
	for i, w := range weapons {
		out[i] = w.slug
	}
	return out
}

func weaponBySlug(s string) (weapon, bool) {
	for _, w := range weapons {
		if w.slug == s || w.attack == s {
			return w, true
		}
	}
	if naming.IsSlug(s) {
		return weapon{}, false
	}
	n := naming.Slug(s)
	for _, w := range weapons {
		if w.slug == n || w.attack == n {
			return w, true
		}
	}
	return weapon{}, false
}

// defaultMode is the attack mode a mastery takes: a shield's defence mode
// (p. 77), else melee when the weapon has it, else ranged.
func (w weapon) defaultMode() string {
	switch {
	case w.shield:
		return "defence"
	case w.melee != "":
		return "melee"
	}
	return "ranged"
}

// weaponFor picks the weapon for a cyber weapon: the weapon the hero
// already masters, else one picked by the hint.
func (b *builder) weaponFor() weapon {
	if j := powerIndex(b.h, rulebook.PowerWeaponMastery); j >= 0 && len(b.h.Powers[j].Flavours) > 0 {
		if w, ok := weaponBySlug(b.h.Powers[j].Flavours[0].Slug); ok {
			return w
		}
	}
	return weapons[b.pick(len(weapons))]
}

// newWeapon gives Weapon Mastery (or a new rank spent on another weapon)
// its weapon: the next --choose value, else the cyber weapon's weapon,
// else one picked by the hint; the mode is the weapon's default mode.
func (b *builder) newWeapon(i int) error {
	var arr [16]string
	opts := arr[:0]
	for _, w := range weapons {
		if !b.h.Powers[i].HasFlavour(w.slug) {
			opts = append(opts, w.slug)
		}
	}
	var prefer []string
	for _, p := range b.h.Powers {
		for _, f := range p.Flavours {
			if f.Slug == string(rulebook.ImplantCyberWeapon) {
				if w, ok := weaponBySlug(f.Detail); ok {
					prefer = append(prefer, w.slug)
				}
			}
		}
	}
	s, err := b.choice("weapon of Weapon Mastery", opts, prefer)
	if err != nil {
		return err
	}
	w, _ := weaponBySlug(s)
	b.h.Powers[i].Flavours = append(b.h.Powers[i].Flavours, hero.Flavour{Slug: w.slug, Name: w.name, Rank: 1, Detail: w.defaultMode()})
	if !b.quiet {
		b.add("flavour", "p. 77", "Weapon Mastery: %s, %s mode", w.name, w.defaultMode())
	}
	return nil
}

// weaponRank spends a Weapon Mastery rank (p. 77): the first weapon below
// rank 3 rises, taking at rank 2 "all-modes" (strike class 4 in every
// mode) when the weapon has a second mode, else "damage" (+2/+5), and at
// rank 3 "heavy-damage" (+5/+10 in the chosen mode, replacing the rank 2
// +2/+5:). With every weapon at rank 3 it masters a new
// weapon.
func (b *builder) weaponRank(i int) error {
	p := &b.h.Powers[i]
	for k := range p.Flavours {
		f := &p.Flavours[k]
		if f.Rank >= 3 {
			continue
		}
		f.Rank++
		w, _ := weaponBySlug(f.Slug)
		opt := "heavy-damage"
		if f.Rank == 2 {
			opt = "damage"
			if (w.melee != "" && w.ranged != "") || w.shield {
				opt = "all-modes"
			}
		}
		f.Options = append(f.Options, opt)
		if !b.quiet {
			b.add("option", "p. 77", "Weapon Mastery (%s) rank %d: %s", f.Name, f.Rank, opt)
		}
		return nil
	}
	return b.newWeapon(i)
}
