package combat

// Illusion (Magic, pp. 63-64) and Hallucinations (Psychic Ability, pp.
// 67-68): their cost by kind, size and range, and Hallucinations'
// psychic attack on whoever touches the illusion or is attacked by it.

import (
	"strings"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Illusion kinds and their base cost (pp. 63, 67).
var illusionKinds = []struct {
	Kind   string
	Points int
	Text   string
}{
	{"visual", 3, "purely visual"},
	{"auditory", 3, "purely auditory"},
	{"minor-sounds", 7, "visual with minor sounds"},
	{"speech", 10, "visual with speech or loud clear sounds"},
}

// IllusionKinds lists the kinds for help texts and errors.
func IllusionKinds() string {
	s := make([]string, len(illusionKinds))
	for i, k := range illusionKinds {
		s[i] = k.Kind
	}
	return strings.Join(s, ", ")
}

// The illusion's size and range covered by the base cost (pp. 63, 67),
// and what a hallucination hurts at most (p. 68).
const (
	IllusionRadius      = 2  // metres of radius
	IllusionDistance    = 20 // metres from the caster
	IllusionRadiusStep  = 2  // +1 point per further 2 m of radius
	IllusionRangeStep   = 20 // +1 point per further 20 m of distance
	HallucinationDamage = "2d6+6"
)

// IllusionCost is what an Illusion (magic points) or Hallucinations (psi)
// of this kind, radius and distance costs before the speciality's half
// (pp. 63, 67): 3, 7 or 10, +1 per further 2 m of radius (or part) beyond
// 2 m and per further 20 m (or part) beyond 20 m. Radius and distance 0
// mean the base 2 m and 20 m.
func IllusionCost(kind string, radius, distance int) (int, ruling.Steps, error) {
	var steps ruling.Steps
	k := naming.Slug(kind)
	if k == "" {
		k = "visual"
	}
	base, text := 0, ""
	for _, x := range illusionKinds {
		if x.Kind == k {
			base, text = x.Points, x.Text
		}
	}
	if base == 0 {
		return 0, nil, reqErr("how", "an illusion is %s, not %q (pp. 63, 67)", IllusionKinds(), kind)
	}
	if radius < 0 || distance < 0 {
		return 0, nil, reqErr("radius", "radius and distance are metres, 0 or more")
	}
	radius, distance = max(radius, IllusionRadius), max(distance, IllusionDistance)
	er := (radius - IllusionRadius + IllusionRadiusStep - 1) / IllusionRadiusStep
	ed := (distance - IllusionDistance + IllusionRangeStep - 1) / IllusionRangeStep
	steps.Add(string(rulebook.SpellIllusion), "pp. 63, 67", "%s: %d points for a %d m radius within %d m", text, base, IllusionRadius, IllusionDistance)
	if er+ed > 0 {
		steps.Add(string(rulebook.SpellIllusion), "pp. 63, 67", "radius %d m: +%d (1 per further 2 m); distance %d m: +%d (1 per further 20 m)", radius, er, distance, ed)
	}
	return base + er + ed, steps, nil
}

// HallucinationTouch is Hallucinations' psychic attack on a person who
// touches the illusion or whom it attacks (pp. 67-68): on a success the
// illusion blocks and may hurt it, at most a two-handed blunt weapon's
// stamina damage (2d6+6, Physical Damage Table) and never health; on a
// failure this illusion never blocks or hurts that person again.
type HallucinationTouch struct {
	Contest *PsychicResult `json:"contest"`
	Success bool           `json:"success"`
	// Stamina is the damage dealt (0 on a failure or without --hurt).
	Stamina int          `json:"stamina"`
	Steps   ruling.Steps `json:"steps"`
}

// Hallucinate works out a hallucination's psychic attack on def by att
// (pp. 67-68); hurt rolls its damage on a success.
//
// Dice: att's d20, def's d20, the resist 1d6; then 2d6 (+6) stamina when
// it hurts.
func Hallucinate(att, def *hero.Hero, hurt, resist bool, attHP, defHP int, r dice.Roller) (HallucinationTouch, error) {
	var h HallucinationTouch
	if err := heroPointsCheck(att, def, attHP, defHP); err != nil {
		return h, err
	}
	c, st, err := ContestWith(att.Abilities.Final.Will, 0, def, resist,
		PsychicInput{AttackerHeroPoints: attHP, DefenderHeroPoints: defHP, AttackerName: att.Name}, r)
	if err != nil {
		return h, err
	}
	h.Contest, h.Success = &c, c.Success
	h.Steps = append(h.Steps, ruling.Step{Rule: string(rulebook.PsiHallucinations), Page: "pp. 67-68", Text: "touching the illusion, or attacked by it: a psychic attack"})
	h.Steps = append(h.Steps, st...)
	if !c.Success {
		h.Steps.Add(string(rulebook.PsiHallucinations), "p. 68", "it fails: the person passes through, and this illusion never blocks or hurts it again")
		return h, nil
	}
	if !hurt {
		h.Steps.Add(string(rulebook.PsiHallucinations), "p. 68", "it succeeds: the person feels the illusion and is blocked by it")
		return h, nil
	}
	v, err := dice.MustParse(HallucinationDamage).Total(r, "hallucination stamina damage")
	if err != nil {
		return h, err
	}
	h.Stamina = v
	h.Steps.Add(string(rulebook.PsiHallucinations), "p. 68", "it hurts: at most a two-handed blunt weapon's damage, %s stamina = %d, no health damage (Physical Damage Table)", HallucinationDamage, v)
	return h, nil
}
