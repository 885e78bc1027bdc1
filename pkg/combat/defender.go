package combat

import (
	"fmt"
	"strings"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// ChooseParry is the defender's parry against an attack of type at (p.
// 34): the one named slug, or else the first of its parries the Parrying
// Table lets stop at. field names the flag in errors. Used by attacks
// and by the one-off `parry` with a hero file.
func ChooseParry(def *hero.Hero, slug string, at rulebook.AttackType, field string) (*hero.Parry, error) {
	if len(def.Combat.Parries) == 0 {
		return nil, reqErr(field, "parry: %s has no parries in combat.parries", def.Name)
	}
	if slug != "" {
		for i := range def.Combat.Parries {
			if strings.EqualFold(def.Combat.Parries[i].Slug, slug) {
				return &def.Combat.Parries[i], nil
			}
		}
		return nil, reqErr(field, "parry: %q is not one of %s's parries (%s)", slug, def.Name, parrySlugs(def))
	}
	for i := range def.Combat.Parries {
		pt, err := parseParryType(def.Combat.Parries[i].ParryType)
		if err != nil {
			continue
		}
		if _, ok := rulebook.ParryTarget(at, pt); ok {
			return &def.Combat.Parries[i], nil
		}
	}
	return nil, reqErr(field, "parry: none of %s's parries (%s) can stop %s on the Parrying Table (p. 34)", def.Name, parrySlugs(def), at.Label())
}

// ParseParryType reads a hero file's parry_type (a Parrying Table
// column).
func ParseParryType(s string) (rulebook.ParryType, error) { return parseParryType(s) }

// DefenderParryModifiers are the modifiers a defender's own file puts on
// its parry roll, as an attack adds them (pp. 34, 74): its strike bonus
// and animal senses.
func DefenderParryModifiers(def *hero.Hero) []Modifier {
	var mods []Modifier
	if b := def.Combat.StrikeBonus; b != 0 {
		mods = append(mods, ParryStrikeBonus(b))
	}
	for _, rule := range defenderParry {
		mods = rule(mods, def)
	}
	return mods
}

// DefenderDodge is a defender's own dodge from its file (p. 35): an error
// when its armour class cannot dodge, else its dodge bonus.
func DefenderDodge(def *hero.Hero) (int, error) {
	if !CanDodge(def.Combat.ArmourClass) {
		return 0, reqErr("hero", "%s is armour class %s, which cannot dodge (armour class A-C and K-L, p. 35)", def.Name, def.Combat.ArmourClass)
	}
	return def.Combat.DodgeBonus, nil
}

// RollReaction rolls a defender's reaction die (the parry d20 or the
// dodge d6) with points hero points spent on it (p. 14): the original,
// then a re-roll a point, keeping the highest face (a higher face is
// always better for the one reacting); a tie keeps the earlier. The
// points are checked against def's pool but not taken off (the caller
// spends them with the ruling). rr is nil with no points.
func RollReaction(def *hero.Hero, points, sides int, purpose string, r dice.Roller) (face int, rr *heropoints.Reroll, err error) {
	if points != 0 {
		if err := heropoints.Check(def, points); err != nil {
			return 0, nil, reqErr("hero-points", "%v", err)
		}
	}
	kept, results, err := heropoints.Keep(points, heropoints.Higher, func(i int) (int, error) {
		p := purpose
		if i > 0 {
			p += " (hero point re-roll)"
		}
		return r.Roll(sides, p)
	})
	if err != nil {
		return 0, nil, err
	}
	if points > 0 {
		rec := heropoints.Record(def.Name, RoleDefender, purpose, heropoints.Higher, fmt.Sprintf("d%d face", sides), kept, results)
		rr = &rec
	}
	return results[kept], rr, nil
}
