package combat

// Psychic Ability's Mind Control (p. 68): 10 psi, win or lose, and a will
// contest (p. 43); won, control is taken, half panels a page, 1 psi a
// page to keep, one target per 6 will; 20 stamina damage breaks it. Who
// a controlled combatant fights for is pkg/encounter's power_mindcontrol.go.

import (
	"strings"

	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// MindControlTargets is how many targets a mind controller may hold at
// once: one per six points of will, at least one (p. 68).
func MindControlTargets(will int) int { return max(will/6, 1) }

// mindControl is Mind Control's mentalRule.
var mindControl = mentalRule{
	MentalPower: MentalPower{rulebook.PsiMindControl, rulebook.PowerPsychicAbility, MentalPsychic, "psi", "always", "p. 68"},
	cost:        tenPoints,
	outcome: func(u mentalUse, res *MentalResult) error {
		res.State = StateMindControl
		if u.in.Quiet {
			return nil
		}
		res.Steps.Add(string(rulebook.PsiMindControl), "p. 68", "control taken: half panels a page, 1 psi a page to keep, one target per 6 will (%d)", MindControlTargets(u.att.Abilities.Final.Will))
		return nil
	},
	worked: func(b *strings.Builder, _ *MentalResult) {
		b.WriteString(", control taken (half panels; broken by 20 stamina damage)")
	},
}

// tenPoints is the cost of Mind Control and Hypnotism: 10 points, win or
// lose (pp. 63, 68).
func tenPoints(p MentalPower, in MentalInput, _ bool) (int, error) {
	if in.Points != 0 && in.Points != 10 {
		return 0, reqErr("spend", "%s costs 10 points, win or lose (%s); give no --spend", p.Slug, p.Page)
	}
	return 10, nil
}
