package combat

import (
	"fmt"
	"math"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// ObjectWeapon is an object picked up and swung or thrown as a weapon
// (pp. 36, 39-41): an Object Table example (Name) or a mass.
type ObjectWeapon struct {
	// Name is an Object Table example ("chair", "fridge"); MassKg is used
	// when Name is not on the table (or not given).
	Name   string  `json:"name,omitempty"`
	MassKg float64 `json:"mass_kg,omitempty"`
	// Thrown: thrown at the target rather than swung in melee.
	Thrown bool `json:"thrown"`
	// Awkward: an unaerodynamic object thrown half as far (p. 41).
	Awkward bool `json:"awkward,omitempty"`
}

// ObjectAttack is the ruling on using an object as a weapon: its Object
// Table row, the strength it needs, the Physical Damage Table row, and
// for a throw how far it goes.
type ObjectAttack struct {
	Object string `json:"object"`
	Mass   string `json:"mass"`
	Thrown bool   `json:"thrown"`
	// Strength is the attacker's; Needed the Object Table score it must
	// reach: Lift to swing the object, Throw to throw it (NeededScore).
	Strength    int    `json:"strength"`
	Needed      int    `json:"strength_needed"`
	NeededScore string `json:"needed_score"`
	// DamageType is the Physical Damage Table row: blunt-one-handed for an
	// object under 5 kg swung, blunt-two-handed for a heavier one,
	// blunt-thrown for any throw.
	DamageType string `json:"damage_type"`
	Health     string `json:"health"`
	Stamina    string `json:"stamina"`
	// AddsBonus: the damage bonus adds (every swing; a throw of an object
	// over 1 kg, p. 41).
	AddsBonus bool `json:"adds_damage_bonus"`
	Panels    int  `json:"panels"`
	// Metres is how far the object can be thrown (p. 41): the throw's
	// maximum range. 0 for a swing.
	Metres  int  `json:"metres"`
	Awkward bool `json:"awkward"`
	// ObjectHealth is the object's own health (p. 39).
	ObjectHealth int `json:"object_health"`
}

// oneHandedMaxKg: an object in the Object Table's first two rows (under
// 5 kg: a laptop, a brick, a chair) is swung one-handed; anything heavier
// needs both hands (docs/rules-notes.md).
const oneHandedMaxKg = 5

// ObjectWeaponAttack rules on an attacker of the given strength using an
// object as a weapon (pp. 36, 39-41) and builds the attack it makes, at
// the attacker's unarmed strike class sc (a costumed character's SC 2 for
// "standard melee attacks and attacks with thrown objects", p. 31; a
// mundane character's own). Swung: the attacker must be able to lift it
// (the Lift score); blunt one-handed under 5 kg (a panel), blunt
// two-handed from 5 kg (a double-panel, p. 33); the damage bonus adds
// (p. 36). Thrown: the Throw score; 2 m per point of strength over it, 1
// m at exactly it, half for an awkward object (p. 41), which is the
// throw's maximum range for the range penalty (p. 33); the blunt thrown
// row, with the damage bonus only for an object over 1 kg (p. 41). Mass
// adds no damage either way.
func ObjectWeaponAttack(strength int, sc rulebook.StrikeClass, ow ObjectWeapon) (hero.Attack, ObjectAttack, error) {
	if math.IsNaN(ow.MassKg) || math.IsInf(ow.MassKg, 0) || ow.MassKg < 0 {
		return hero.Attack{}, ObjectAttack{}, reqErr("object-weapon", "%v is not a mass in kg", ow.MassKg)
	}
	if ow.Name == "" && ow.MassKg == 0 {
		return hero.Attack{}, ObjectAttack{}, reqErr("object-weapon", "name an Object Table example (chair, desk, fridge ...) or give its mass")
	}
	row, err := LookupObject(ow.Name, ow.MassKg)
	if err != nil {
		return hero.Attack{}, ObjectAttack{}, reqErr("object-weapon", "%v", err)
	}
	name := ow.Name
	if name == "" {
		name = fmt.Sprintf("%v kg object", ow.MassKg)
	}
	info := ObjectAttack{Object: name, Mass: row.Mass, Thrown: ow.Thrown, Strength: strength, ObjectHealth: row.Health, Awkward: ow.Awkward && ow.Thrown}
	how := map[bool]string{true: "thrown", false: "swung"}[ow.Thrown]
	a := hero.Attack{Slug: naming.Slug(name + " " + how), Name: name + ", " + how, StrikeClass: sc, Panels: 1}
	dt := rulebook.DamageBluntThrown
	if ow.Thrown {
		t, err := ThrowObject(strength, ow.Name, ow.MassKg, ow.Awkward)
		if err != nil {
			return hero.Attack{}, ObjectAttack{}, reqErr("object-weapon", "%v", err)
		}
		info.Needed, info.NeededScore, info.Metres, info.AddsBonus = row.Throw, "throw", t.Metres, t.AddsBonus
		if !t.CanThrow {
			return hero.Attack{}, ObjectAttack{}, reqErr("object-weapon", "%s (%s) needs strength %d to throw (Object Table, p. 39); strength %d can't throw it", name, row.Mass, row.Throw, strength)
		}
		if t.Metres == 0 {
			return hero.Attack{}, ObjectAttack{}, reqErr("object-weapon", "%s (%s) is awkward: half of 1 m is 0 m, so it can't be thrown at anyone (p. 41)", name, row.Mass)
		}
		a.Ranged, a.Range, a.ParryAs = true, t.Metres, string(rulebook.AttackThrown)
	} else {
		if ow.Awkward {
			return hero.Attack{}, ObjectAttack{}, reqErr("object-weapon", "awkward is for a thrown object (p. 41)")
		}
		info.Needed, info.NeededScore, info.AddsBonus = row.Lift, "lift", true
		if strength < row.Lift {
			return hero.Attack{}, ObjectAttack{}, reqErr("object-weapon", "%s (%s) needs strength %d to lift and swing (Object Table, p. 39); strength %d can't", name, row.Mass, row.Lift, strength)
		}
		dt = rulebook.DamageBluntOneHanded
		if row.MinKg >= oneHandedMaxKg {
			dt, a.Panels = rulebook.DamageBluntTwoHanded, 2
		}
		a.ParryAs = string(rulebook.AttackOtherMelee)
	}
	dr, err := rulebook.PhysicalDamage(dt)
	if err != nil {
		return hero.Attack{}, ObjectAttack{}, err
	}
	a.DamageType, a.Health, a.Stamina, a.AddsDamageBonus = string(dt), dr.Health, dr.Stamina, info.AddsBonus
	info.DamageType, info.Health, info.Stamina, info.Panels = string(dt), dr.Health, dr.Stamina, a.Panels
	return a, info, nil
}

// Text describes the object ruling for --explain.
func (o *ObjectAttack) Text() string {
	bonus := "plus the damage bonus"
	if !o.AddsBonus {
		bonus = "no damage bonus (1 kg or less, p. 41)"
	}
	if o.Thrown {
		return fmt.Sprintf("%s (%s) thrown: strength %d ≥ throw %d; goes %d m%s (2 m per point over, 1 m at exactly it); %s %s / %s, %s",
			o.Object, o.Mass, o.Strength, o.Needed, o.Metres, yesText(o.Awkward, ", halved: awkward"), o.DamageType, o.Health, o.Stamina, bonus)
	}
	return fmt.Sprintf("%s (%s) swung: strength %d ≥ lift %d; %s %s / %s, %s, %s",
		o.Object, o.Mass, o.Strength, o.Needed, o.DamageType, o.Health, o.Stamina, bonus, plural(o.Panels, "panel"))
}

func yesText(b bool, s string) string {
	if b {
		return s
	}
	return ""
}

// catches rules on catching a thrown object parried bare-handed (p. 34):
// the defender may catch it "providing they have a high enough strength
// to have thrown it", the object's Throw score on the Object Table
// (p. 39). An object thrown with --object is known; a thrown weapon of
// the attacker's list is not weighed, so the note leaves it to the GM.
func catches(def *hero.Hero, ow *ObjectWeapon) (bool, string) {
	if ow == nil || !ow.Thrown {
		return true, def.Name + " catches the thrown object, if strong enough to have thrown it (p. 34)"
	}
	row, err := LookupObject(ow.Name, ow.MassKg)
	if err != nil {
		return true, def.Name + " catches the thrown object, if strong enough to have thrown it (p. 34)"
	}
	name := ow.Name
	if name == "" {
		name = fmt.Sprintf("%v kg object", ow.MassKg)
	}
	strength := def.Abilities.Final.Strength
	if strength >= row.Throw {
		return true, fmt.Sprintf("%s catches the %s: strength %d is enough to have thrown it (Throw %d, Object Table p. 39; p. 34)", def.Name, name, strength, row.Throw)
	}
	return false, fmt.Sprintf("%s cannot catch the %s: strength %d is under its Throw %d (Object Table p. 39), so the parry only deflects it (p. 34)", def.Name, name, strength, row.Throw)
}
