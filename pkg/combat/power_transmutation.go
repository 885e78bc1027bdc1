package combat

// Psychic Ability's Transmutation (p. 69): 6 psi, win or lose, on
// unattended objects and unintelligent beings, never a person (no
// contest); the chance is the difficulty (10 less the Transmutation
// Table's modifiers) times the will, in percent, on a d100; a temporary
// transmutation lasts 2d6 pages.

import (
	"fmt"
	"strings"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// transmutationStep names Transmutation's steps.
const transmutationStep = string(rulebook.PsiTransmutation)

// transmutation is Transmutation's mentalRule.
var transmutation = mentalRule{
	MentalPower: MentalPower{rulebook.PsiTransmutation, rulebook.PowerPsychicAbility, MentalPsychic, "psi", "never", "p. 69"},
	cost: func(_ MentalPower, in MentalInput, _ bool) (int, error) {
		if in.Points != 0 && in.Points != 6 {
			return 0, reqErr("spend", "transmutation costs 6 psi, win or lose (p. 69); give no --spend")
		}
		return 6, nil
	},
	refuseTarget: func(def *hero.Hero) error {
		return reqErr("target", "transmutation works on unattended objects and unintelligent beings, not on %s (p. 69)", def.Name)
	},
	outcome: func(u mentalUse, res *MentalResult) error {
		out, err := transmute(*res, u.att.Abilities.Final.Will, u.in.Modifiers, u.r)
		*res = out
		return err
	},
	rolled: func(b *strings.Builder, m *MentalResult) {
		fmt.Fprintf(b, ": d100 %d against %d%%", m.Roll, m.Chance)
	},
	worked: func(b *strings.Builder, m *MentalResult) {
		b.WriteString(", the object is transmuted")
		if m.Pages > 0 {
			fmt.Fprintf(b, " for %d pages", m.Pages)
		}
	},
}

// Transmutation is the chance of a transmutation (p. 69).
type Transmutation struct {
	Difficulty int `json:"difficulty"`
	Chance     int `json:"chance"`
}

// TransmutationOdds works out the difficulty (10 less the modifiers) and
// the chance (difficulty × will, %); a difficulty of 0 or less cannot be
// done (p. 69).
func TransmutationOdds(will int, modifiers []string) (Transmutation, ruling.Steps, error) {
	var steps ruling.Steps
	d := rulebook.TransmutationBaseDifficulty
	parts := []string{"10"}
	seen := map[string]bool{}
	for _, s := range modifiers {
		n := naming.Slug(s)
		var found *rulebook.TransmutationModifier
		for _, m := range rulebook.TransmutationModifiers() {
			if m.Slug == n {
				found = &m
				break
			}
		}
		if found == nil {
			return Transmutation{}, nil, reqErr("modifiers", "unknown transmutation modifier %q (see `spandex tables transmutation`)", s)
		}
		if seen[found.Group] {
			return Transmutation{}, nil, reqErr("modifiers", "two %s modifiers (%s): give one of each kind", found.Group, s)
		}
		seen[found.Group] = true
		d += found.Modifier
		parts = append(parts, fmt.Sprintf("%d %s", found.Modifier, found.Slug))
	}
	steps.Add(transmutationStep, "p. 69", "difficulty %s = %d", strings.Join(parts, " "), d)
	if d <= 0 {
		return Transmutation{Difficulty: d}, steps, reqErr("modifiers", "difficulty %d: a transmutation at 0 or less cannot be done (p. 69)", d)
	}
	t := Transmutation{Difficulty: d, Chance: d * will}
	steps.Add(transmutationStep, "p. 69", "chance: difficulty %d × will %d = %d%%", d, will, t.Chance)
	return t, steps, nil
}

func transmute(res MentalResult, will int, mods []string, r dice.Roller) (MentalResult, error) {
	t, st, err := TransmutationOdds(will, mods)
	if err != nil {
		return res, err
	}
	res.Steps = append(res.Steps, st...)
	res.Difficulty, res.Chance = t.Difficulty, t.Chance
	v, err := r.Roll(100, "transmutation")
	if err != nil {
		return res, err
	}
	if v < 1 || v > 100 {
		return res, errRoller(100, v, "transmutation")
	}
	res.Roll, res.Success = v, v <= t.Chance
	verdict := "fails (the psi are spent anyway)"
	if res.Success {
		verdict = "the object is transmuted"
	}
	res.Steps.Add(transmutationStep, "p. 69", "d100 %d against %d%%: %s", v, t.Chance, verdict)
	if !res.Success {
		return res, nil
	}
	for _, m := range mods {
		if naming.Slug(m) == "permanent" {
			res.Permanent = true
		}
	}
	if res.Permanent {
		res.Steps.Add(transmutationStep, "p. 69", "permanent: it does not wear off")
		return res, nil
	}
	pages, err := dice.MustParse(rulebook.TransmutationPages).Total(r, "pages the transmutation lasts")
	if err != nil {
		return res, err
	}
	res.Pages = pages
	res.Steps.Add(transmutationStep, "p. 69", "temporary: %s %d pages, then the object is as it was", rulebook.TransmutationPages, pages)
	return res, nil
}
