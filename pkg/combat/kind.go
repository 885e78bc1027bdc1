package combat

import (
	"github.com/codename-spandex/spandex/pkg/hero"
)

// AttackKind is what an attack is made of, for the defences that stop
// some kinds and not others: forcefields stop physical and energy
// attacks but not magic or psychic ones (p. 59); Impervious stops all
// physical damage but not a mental attack (pp. 61, 68).
type AttackKind string

// The kinds of attack.
const (
	// KindPhysical: blows, weapons, thrown and falling things, snares.
	KindPhysical AttackKind = "physical"
	// KindEnergy: energy blasts, stunning attacks, anything with an
	// energy type, and Environmental Control's heat and cold.
	KindEnergy AttackKind = "energy"
	// KindMagic: a spell (the eldritch bolt, p. 63).
	KindMagic AttackKind = "magic"
	// KindPsychic: a psychic power (the psionic blast, p. 68).
	KindPsychic AttackKind = "psychic"
)

// KindOf derives an attack's kind from its source: the power behind it
// (attackKinds: a spell's, a psychic power's), else its damage type.
func KindOf(attacker *hero.Hero, a *hero.Attack) AttackKind {
	for _, rule := range attackKinds {
		if k, ok := rule(a); ok {
			return k
		}
	}
	switch {
	case a.DamageType == "temperature" || energyAttack(a):
		return KindEnergy
	case attacker != nil && energyType(attacker, a) != "":
		return KindEnergy
	}
	return KindPhysical
}

// StoppedByForcefield: "Forcefields protect you from physical and energy
// attacks, but do not stop magic or psychic attacks or miscellaneous
// powers" (p. 59). It holds for every kind of forcefield: walls,
// shields and the personal forcefield.
func (k AttackKind) StoppedByForcefield() bool {
	return k.PhysicalOrEnergy()
}

// PhysicalOrEnergy: the attacks a whirlwind's air reduces, in the
// forcefield's words (p. 78).
func (k AttackKind) PhysicalOrEnergy() bool {
	return k == KindPhysical || k == KindEnergy
}

// StoppedByImpervious: Impervious makes you "impervious to all physical
// damage" (p. 61). A psychic attack is a mental attack, not physical
// damage (p. 68); a magical energy blast "is physical in nature" (p. 68),
// and energy attacks do physical damage.
func (k AttackKind) StoppedByImpervious() bool {
	return k != KindPsychic
}

// energyAttack reports an energy blast, a stunning attack or any special
// attack that is energy (specialAttack.energy), by its damage type or by
// the power it is made with.
func energyAttack(a *hero.Attack) bool {
	if s := specialByDamageType(a.DamageType); s != nil && s.energy {
		return true
	}
	s := specialByPower(a.PowerID())
	return s != nil && s.energy
}
