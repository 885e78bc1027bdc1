package combat

// Psychic Ability (pp. 67-69) in a fight: the psionic blast (p. 68), an
// attack that is a will contest (p. 43), ignores dividers and cannot be
// parried. The other psychic powers are mental powers, each in its file
// (power_mindcontrol.go ...).

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// psychicKind: an attack made with Psychic Ability, a psionic blast or
// any mental attack is a psychic attack (p. 68): neither forcefields
// (p. 59) nor Impervious (p. 61) stop it.
func psychicKind(a *hero.Attack) (AttackKind, bool) {
	return KindPsychic, a.PowerID() == rulebook.PowerPsychicAbility || a.DamageType == kindPsionic || a.Mental
}

// psionicBlast is the psionic blast (p. 68): 1 psi a die, half as a
// speciality, split between health and stamina.
var psionicBlast = specialAttack{slug: kindPsionic, ranged: true, mental: true, unparryable: true, splitsDice: true,
	ignoresDividers: true, dividerNote: kindPsionic + " ignores dividers (pp. 63, 68)",
	cost: func(att *hero.Hero, nh, ns int) (string, int, int, error) {
		cost := nh + ns
		if SpellSpeciality(att, kindPsionic) {
			cost = SpecialityCost(cost, true)
		}
		return "psi", cost, 10, nil
	}}
