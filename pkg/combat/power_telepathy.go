package combat

// Psychic Ability's Telepathy (p. 69): reading thoughts or sending them,
// 2 psi each; an unwilling target is attacked (a will contest), a
// willing one lets it in. What is read or sent is the GM's.

import "github.com/codename-spandex/spandex/pkg/rulebook"

// telepathy is Telepathy's mentalRule.
var telepathy = mentalRule{
	MentalPower: MentalPower{rulebook.PsiTelepathy, rulebook.PowerPsychicAbility, MentalPsychic, "psi", "unwilling", "p. 69"},
	cost: func(_ MentalPower, in MentalInput, _ bool) (int, error) {
		switch in.Mode {
		case "", "read", "send":
			return 2, nil
		}
		return 0, reqErr("mode", "telepathy is read or send (2 psi each), not %q (p. 69)", in.Mode)
	},
	outcome: readOrSent,
	worked:  itWorks,
}

// readOrSent is Empathy's and Telepathy's outcome: it works, and what is
// read or sent is the GM's (pp. 67, 69).
func readOrSent(u mentalUse, res *MentalResult) error {
	res.Steps.Add(string(u.p.Slug), u.p.Page, "it works; what is read or sent is the GM's")
	return nil
}
