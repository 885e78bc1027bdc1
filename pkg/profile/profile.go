// Package profile holds the rules of the personal profile (rulebook
// pp. 18-28): the fifteen measures, the three categories built from them,
// the measures derived from others, the Confidence Table's effects,
// scenarios and the popularity and investigation rolls. It is pure: it
// works on *hero.Hero and a dice.Roller and does no I/O.
package profile

import (
	"sync"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// ScenarioHistory is how many recent scenarios the success rate counts
// (p. 25).
const ScenarioHistory = 5

// Recompute recomputes every derived value of the personal profile from
// its components, in place (pp. 18-28):
//
//   - every component is kept within its range (1-5 or 1-10; success
//     rate 0-5), power use within 1-5 (p. 23);
//   - approachability = 3 + identification/2 - heroism/2, a leftover half
//     rounded up, within 1-5 (p. 22);
//   - success rate counts the successes in the last five scenarios of the
//     history (p. 25);
//   - popularity = 3 × (backing + heroism + identification + public
//     relations + competence) (p. 18);
//   - fame and public response come from the popularity bands (pp. 22, 27);
//   - security = financial resources, -2 for a public identity, +2 for a
//     non-human hero without basic human needs, within 1-10 (p. 27);
//   - investigation and confidence are three times their five measures;
//   - the Confidence Table effects (p. 24): downtime points per week
//     (7, -2 at confidence 15-30, +1 with the Idle Rich perk), the Will
//     bonus against mental attacks and the hero points maximum (current
//     hero points are cut to the new maximum, never raised; see Refresh).
//
// Recompute does not touch the measures a GM sets (backing, heroism,
// identification, public relations, competence, methods, power use,
// contacts, conscience, social circle) other than to clamp them. It is
// idempotent. Characters without a personal profile (mundane
// characters, robots and summoned creatures, pp. 49-50) are left alone.
func Recompute(h *hero.Hero) {
	if !HasProfile(h) {
		return
	}
	p := &h.Profile
	p.Backing = clampComponent("backing", p.Backing)
	p.Heroism = clampComponent("heroism", p.Heroism)
	p.Identification = clampComponent("identification", p.Identification)
	p.PublicRelations = clampComponent("public-relations", p.PublicRelations)
	p.Competence = clampComponent("competence", p.Competence)
	p.Methods = clampComponent("methods", p.Methods)
	p.PowerUse = clampComponent("power-use", p.PowerUse)
	p.Contacts = clampComponent("contacts", p.Contacts)
	p.Conscience = clampComponent("conscience", p.Conscience)
	p.SocialCircle = clampComponent("social-circle", p.SocialCircle)

	p.Approachability = rulebook.Approachability(p.Identification, p.Heroism)
	p.SuccessRate = SuccessRate(p.Scenarios)

	p.Popularity = rulebook.CategoryScore(p.Backing, p.Heroism, p.Identification, p.PublicRelations, p.Competence)
	p.Fame = rulebook.Fame(p.Popularity).Fame
	p.PublicResponse = rulebook.PublicResponse(p.Popularity).Response
	p.Security = rulebook.Security(h.Resources.Financial, p.IdentityPublic, p.NonHuman)

	p.Investigation = rulebook.CategoryScore(p.Methods, p.Approachability, p.Fame, p.PowerUse, p.Contacts)
	p.Confidence = rulebook.CategoryScore(p.Conscience, p.SocialCircle, p.SuccessRate, p.PublicResponse, p.Security)

	row := rulebook.Confidence(p.Confidence)
	p.WillBonus = row.WillBonus
	h.HeroPoints.Max = row.HeroPoints
	if h.HeroPoints.Current > h.HeroPoints.Max {
		h.HeroPoints.Current = h.HeroPoints.Max
	}
	if h.HeroPoints.Current < 0 {
		h.HeroPoints.Current = 0
	}
	h.Downtime.PointsPerWeek = WeeklyPoints(h)
}

// HasProfile reports whether the character keeps a personal profile and
// downtime: heroes, villains, sidekicks and androids do; mundane
// characters, robots and summoned creatures do not (pp. 49-50).
func HasProfile(h *hero.Hero) bool {
	switch h.Kind {
	case hero.KindMundane, hero.KindRobot, hero.KindSummoned:
		return false
	}
	return true
}

// WeeklyPoints returns the hero's downtime points per week from the
// current confidence score and perks: 7, -2 at confidence 15-30, +1 with
// the Idle Rich perk (pp. 11, 24, 44). It reads h.Profile.Confidence as it
// stands; call Recompute first if components changed.
func WeeklyPoints(h *hero.Hero) int {
	return rulebook.WeeklyDowntimePoints(h.Profile.Confidence, h.HasPerk("idle-rich"))
}

// SuccessRate counts the successes among the last five scenarios
// (p. 25). An empty history is 0, as for every starting hero.
func SuccessRate(history []hero.Scenario) int {
	start := len(history) - ScenarioHistory
	if start < 0 {
		start = 0
	}
	n := 0
	for _, s := range history[start:] {
		if s.Success {
			n++
		}
	}
	return n
}

// CanIncreaseResources reports whether the hero's confidence allows
// raising material or financial resources (Confidence Table, p. 24: 46 or
// more).
func CanIncreaseResources(h *hero.Hero) bool {
	return rulebook.Confidence(h.Profile.Confidence).CanIncreaseResources
}

// Refresh refills hero points to their maximum at the start of an
// adventure (p. 14) and returns how many were regained.
func Refresh(h *hero.Hero) int {
	gained := h.HeroPoints.Max - h.HeroPoints.Current
	if gained < 0 {
		gained = 0
	}
	h.HeroPoints.Current = h.HeroPoints.Max
	return gained
}

// componentRange is a component's range, by rulebook slug.
type componentRange struct{ min, max int }

// componentRanges reads the ranges from the rulebook once, on first use.
var componentRanges = sync.OnceValue(func() map[string]componentRange {
	out := map[string]componentRange{}
	for _, c := range rulebook.ProfileComponents() {
		out[c.Slug] = componentRange{c.Min, c.Max}
	}
	return out
})

func clampComponent(slug string, v int) int {
	c, ok := componentRanges()[slug]
	if !ok {
		return v
	}
	if v < c.min {
		return c.min
	}
	if v > c.max {
		return c.max
	}
	return v
}
