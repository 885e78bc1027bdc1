package combat

import "github.com/codename-spandex/spandex/pkg/rulebook"

// SpecialityCost is what a use of a spell or psychic power that counts as
// points costs its maker: a speciality "costs you only half the normal
// magic points" or psi points (pp. 62, 67), rounded up; anything else
// costs the points. The pool's cap a use (10, pp. 62, 67) is on what is
// paid, so a speciality may count as up to 20: an eldritch bolt of 10
// dice, Telekinesis of 200 kg. Every spell and psychic power costs
// through here: the strikes (eldritch bolt, psionic blast), the contests
// and Telekinesis (Mental), and the spells of the fight (SpellCharge).
func SpecialityCost(points int, speciality bool) int {
	if !speciality {
		return points
	}
	return (points + 1) / rulebook.SpecialityDivisor
}
