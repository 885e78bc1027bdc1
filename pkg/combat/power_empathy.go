package combat

// Psychic Ability's Empathy (p. 67): reading feelings (3 psi) or changing
// them (5 psi); an unwilling target is attacked (a will contest), a
// willing one lets it in. What is read or changed is the GM's.

import (
	"strings"

	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// empathy is Empathy's mentalRule.
var empathy = mentalRule{
	MentalPower: MentalPower{rulebook.PsiEmpathy, rulebook.PowerPsychicAbility, MentalPsychic, "psi", "unwilling", "p. 67"},
	cost: func(_ MentalPower, in MentalInput, _ bool) (int, error) {
		switch in.Mode {
		case "", "read":
			return 3, nil
		case "change":
			return 5, nil
		}
		return 0, reqErr("mode", "empathy is read (3 psi) or change (5 psi), not %q (p. 67)", in.Mode)
	},
	outcome: readOrSent,
	worked:  itWorks,
}

// itWorks is the line of a mind read or a message sent that works.
func itWorks(b *strings.Builder, _ *MentalResult) { b.WriteString(", it works") }
