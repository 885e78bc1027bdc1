package combat

import (
	"fmt"
	"math"
	"slices"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Mass factors the book gives a body (pp. 54, 60-61), and the reading of
// Growth (docs/rules-notes.md "Bodies have mass").
const (
	// StockierMassPerRank: Larger (stockier) weighs 50% more than a
	// normal person at rank 1, and each further rank adds another 50% of
	// normal size (p. 61): half the normal mass a rank.
	StockierMassPerRank = 0.5
	// GrownMassFactor: Growth doubles the height (p. 60); grown in every
	// dimension, the body has 2×2×2 times its mass.
	GrownMassFactor = 8
	// DenserMassFactor: Density Control (Self) made denser has the
	// figures of Density Control (Other)'s double mass (half panels, +10
	// melee damage, +5 knockback threshold, p. 54): twice its mass.
	DenserMassFactor = 2
)

// StockierRanks is the ranks of Larger a hero has in its stockier form
// (p. 61): 0 for a taller one or none.
func StockierRanks(h *hero.Hero) int {
	p := h.FindPower(rulebook.PowerLarger)
	if p == nil || !p.HasFlavour("stockier") {
		return 0
	}
	return p.Rank
}

// OwnMassKg is a character's own mass at its normal size and density
// (pp. 43, 61, 76): the hero file's mass_kg when it gives one, else an
// average super hero, DefaultPersonMassKg (the Object Table's 81-195 kg
// row, "one metre per point of strength over 16", p. 43), half as much
// again per rank of Larger (stockier) (p. 61). The text says which
// (without the page: the caller's step gives it).
func OwnMassKg(h *hero.Hero) (float64, string) {
	if h == nil {
		return DefaultPersonMassKg, fmt.Sprintf("an average super hero, %d kg", DefaultPersonMassKg)
	}
	if h.MassKg > 0 {
		return float64(h.MassKg), fmt.Sprintf("%s's own %d kg (its hero file)", h.Name, h.MassKg)
	}
	if n := StockierRanks(h); n > 0 {
		kg := DefaultPersonMassKg * (1 + StockierMassPerRank*float64(n))
		return kg, fmt.Sprintf("%s: an average super hero's %d kg and 50%% more for each of %d rank(s) of Larger (stockier), %s kg", h.Name, DefaultPersonMassKg, n, kgText(kg))
	}
	return DefaultPersonMassKg, fmt.Sprintf("%s: an average super hero, %d kg", h.Name, DefaultPersonMassKg)
}

// BodyMass is a character's mass as it is now.
type BodyMass struct {
	// OwnKg is its mass at normal size and density (OwnMassKg); Kg what
	// it weighs now: grown ×8, denser ×2, Density Control (Other)'s
	// multiplier (pp. 54, 60).
	OwnKg float64      `json:"own_kg"`
	Kg    float64      `json:"kg"`
	Steps ruling.Steps `json:"steps,omitempty"`
}

// MassNow is a character's mass in play: its own mass (OwnMassKg), ×8
// while grown (Growth doubles the height, p. 60), ×2 while denser
// (Density Control (Self), p. 54), and × the multiplier (2-16) Density
// Control (Other) has made it (p. 54). Lighter, shrunk and every other
// state leave the mass as it is: the book gives no figure for them.
// states are the character's lasting states (StateGrown ...), multiplier
// 0 or 1 for none.
func MassNow(h *hero.Hero, states []string, multiplier int) BodyMass {
	own, why := OwnMassKg(h)
	m := BodyMass{OwnKg: own, Kg: own}
	m.Steps.Add("mass", "pp. 43, 61", "own mass: %s", why)
	if slices.Contains(states, StateGrown) {
		m.Kg *= GrownMassFactor
		m.Steps.Add("grown", "p. 60", "grown to twice its height: ×%d, %s kg", GrownMassFactor, kgText(m.Kg))
	}
	if slices.Contains(states, StateDenser) {
		m.Kg *= DenserMassFactor
		m.Steps.Add("denser", "p. 54", "denser (Density Control (Self)): ×%d, %s kg", DenserMassFactor, kgText(m.Kg))
	}
	if multiplier > 1 {
		m.Kg *= float64(multiplier)
		m.Steps.Add("density-control", "p. 54", "Density Control (Other): ×%d, %s kg", multiplier, kgText(m.Kg))
	}
	return m
}

// WholeKg is a mass in whole kg, rounded up (a part of a kilogram still
// weighs: Telekinesis's 1 psi a 10 kg, p. 69).
func WholeKg(kg float64) int {
	if kg <= 0 {
		return 0
	}
	if kg >= math.MaxInt32 {
		return math.MaxInt32
	}
	return int(math.Ceil(kg))
}

// kgText prints a mass without a needless fraction.
func kgText(kg float64) string {
	if kg == math.Trunc(kg) && kg < 1e15 {
		return fmt.Sprintf("%d", int64(kg))
	}
	return fmt.Sprintf("%.1f", kg)
}
