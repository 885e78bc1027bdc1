package combat

// Super Senses in a fight (pp. 74-75): the senses that see through
// invisibility, camouflage and stealth cancel the penalties for an unseen
// target; Enhanced Hearing halves them. Danger Sense and Animal Senses'
// never being surprised is NeverSurprised (power_dangersense.go).

import (
	"fmt"
	"slices"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// A super sense that sees through invisibility, camouflage and stealth.
type seeingSense struct {
	flavour, name, page string
	// metres is how far it reaches (0: as far as the eye).
	metres int
	// living: it senses only living beings (androids included, p. 75).
	living bool
}

// seeingSenses "let you see people using the invisibility or camouflage
// powers or the stealth skill" (pp. 74-75). Radar Sense's 180 degree arc
// in front of its user is the GM's to judge.
var seeingSenses = []seeingSense{
	{flavour: "radar-sense", name: "radar sense", page: "p. 74", metres: 40},
	{flavour: "thermal-vision", name: "thermal vision", page: "p. 75"},
	{flavour: "life-sense", name: "life sense", page: "p. 75", metres: 100, living: true},
}

// seesUnseen is the super sense with which att sees def despite its
// invisibility, camouflage or stealth, if any: within its reach
// (rangeMetres 0 is within), and for Life Sense only a living target
// (not a robot; androids count, p. 75).
func seesUnseen(att, def *hero.Hero, rangeMetres int) (seeingSense, bool) {
	for _, s := range seeingSenses {
		if !hasFlavour(att, rulebook.PowerSuperSenses, s.flavour) {
			continue
		}
		if s.metres > 0 && rangeMetres > s.metres {
			continue
		}
		if s.living && def != nil && def.Kind == hero.KindRobot {
			continue
		}
		return s, true
	}
	return seeingSense{}, false
}

// CheckLocated refuses an attack on an invisible target whose attacker
// has no idea where it is (sit.Unlocated): "opponents trying to attack
// you get a -4 penalty to their to-hit rolls if they can't see you; and
// even then they must at least have a good idea where you are because
// someone who can see you has told them or because they've seen an
// attack launched by you" (p. 61). An attacker who sees it with a super
// sense (pp. 74-75), or hears it with Enhanced Hearing (p. 74), knows
// where it is.
func CheckLocated(att, def *hero.Hero, sit Situation) error {
	if !sit.Invisible || !sit.Unlocated || sit.Located {
		return nil
	}
	if _, ok := seesUnseen(att, def, sit.RangeMetres); ok || enhancedHearing(att) {
		return nil
	}
	return reqErr("unlocated", "%s cannot see the invisible %s and has no idea where it is: it may not attack at all until someone who sees it tells it where (--located in a fight) or it sees an attack launched by it (p. 61)", att.Name, def.Name)
}

// hasUnseen reports whether mods hold a penalty for a target the
// attacker cannot see, the only case the senses change.
func hasUnseen(mods []Modifier) bool {
	for _, m := range mods {
		if m.Value < 0 && slices.Contains(unseenSlugs, m.Slug) {
			return true
		}
	}
	return false
}

// cancel cancels the penalties for attacking a target the attacker
// cannot see (invisible, camouflaged, stealth in the dark) when the
// attacker sees it with sense: the modifier stays, at 0, saying why.
func (s seeingSense) cancel(mods []Modifier) []Modifier {
	for i, m := range mods {
		if slices.Contains(unseenSlugs, m.Slug) && m.Value < 0 {
			mods[i].Value = 0
			mods[i].Text = fmt.Sprintf("%s, seen with %s", m.Text, s.name)
			mods[i].Page = m.Page + ", " + s.page
		}
	}
	return mods
}

// enhancedHearing reports the Enhanced Hearing super sense (p. 74).
func enhancedHearing(h *hero.Hero) bool {
	return hasFlavour(h, rulebook.PowerSuperSenses, "enhanced-hearing")
}

// unseenSlugs are the to-hit penalties for a target the attacker cannot
// see, which Enhanced Hearing halves (p. 74).
var unseenSlugs = []string{string(rulebook.PowerInvisibility), string(rulebook.PowerCamouflage), "stealth-dark"}

// HalveUnseen halves the penalties for attacking a target the attacker
// cannot see (invisible, camouflaged, stealth in the dark): an attacker
// with Enhanced Hearing tracks it by the noise it makes and "only get[s]
// half the normal penalties" (p. 74). The halves are exact (-4, -2, -2).
func HalveUnseen(mods []Modifier) []Modifier {
	for i, m := range mods {
		if slices.Contains(unseenSlugs, m.Slug) && m.Value < 0 {
			mods[i].Value = m.Value / 2
			mods[i].Text = m.Text + ", halved by enhanced hearing"
			mods[i].Page = m.Page + ", p. 74"
		}
	}
	return mods
}

// animalSenses: Super Senses' animal senses, never surprised (p. 74),
// +1 to parry, and seeing astral forms without a roll (p. 74).
func animalSenses(h *hero.Hero) bool {
	return hasFlavour(h, rulebook.PowerSuperSenses, "animal-senses")
}

// AnimalSensesModifier is the +1 on a parry of a defender with Super
// Senses' animal senses (p. 74).
func AnimalSensesModifier() Modifier {
	return Modifier{Slug: "animal-senses", Value: 1, Text: "animal senses", Page: "p. 74"}
}

// animalSensesParry is animal senses' parryRule (p. 74).
func animalSensesParry(mods []Modifier, def *hero.Hero) []Modifier {
	if animalSenses(def) {
		mods = append(mods, AnimalSensesModifier())
	}
	return mods
}
