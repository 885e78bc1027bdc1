package combat

// Super Health (pp. 73-74) in a rest: Fast Recovery recovers stamina
// twice a page (the rest's times, Recover); Regeneration rolls 1d6
// health for each double-panel of rest, battered or not (Regenerate in a
// fight, regenerateOver over a longer rest). When the fight rests is
// pkg/encounter's power_superhealth.go.

import (
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// fastRecovery reports Super Health's Fast Recovery: the stamina
// recovery twice a page (p. 73).
func fastRecovery(h *hero.Hero) bool {
	p := h.FindPower(rulebook.PowerSuperHealth)
	return p != nil && p.HasFlavour("fast-recovery")
}

// Regenerate is the Regeneration kind of Super Health: 1d6 health each
// time the hero spends a double-panel resting (p. 73), up to its maximum.
// It returns the d6 and the health gained.
func Regenerate(h *hero.Hero, r dice.Roller) (int, int, ruling.Steps, error) {
	p := h.FindPower(rulebook.PowerSuperHealth)
	if p == nil || !p.HasFlavour("regeneration") {
		return 0, 0, nil, reqErr("power", "%s has no Regeneration (Super Health, p. 73)", h.Name)
	}
	return regenerate(h, r, "p. 73")
}

// regenerate rolls a rest's 1d6 health (pp. 63, 73).
func regenerate(h *hero.Hero, r dice.Roller, page string) (int, int, ruling.Steps, error) {
	v, err := r.Roll(6, "regeneration")
	if err != nil {
		return 0, 0, nil, err
	}
	if v < 1 || v > 6 {
		return 0, 0, nil, errRoller(6, v, "regeneration")
	}
	before := h.Health.Current
	h.Health.Current = min(h.Health.Current+v, max(h.Health.Max, h.Health.Current))
	var steps ruling.Steps
	steps.Add("regeneration", page, "a double-panel resting: 1d6 %d health (%d → %d of %d)", v, before, h.Health.Current, h.Health.Max)
	SetConditions(h)
	return v, h.Health.Current - before, steps, nil
}

// Regenerates reports whether h has Super Health's Regeneration (p. 74).
func Regenerates(h *hero.Hero) bool {
	p := h.FindPower(rulebook.PowerSuperHealth)
	return p != nil && p.HasFlavour("regeneration")
}

// regenerateOver is Regeneration over pages of rest (p. 74): "1d6 health
// each time you spend a double-panel resting", battered or not (resting
// is no action, so it needs no panels), a double-panel for every two of
// the hero's panels a page, rolled while health is below its maximum.
func regenerateOver(h *hero.Hero, pages int, rec dice.Roller, res *RecoverResult) error {
	ppp := h.Combat.PanelsPerPage
	if ppp < rulebook.DoublePanel {
		ppp = 4
	}
	doubles := pages * (ppp / rulebook.DoublePanel)
	before := h.Health.Current
	for i := 0; i < doubles && h.Health.Current < h.Health.Max; i++ {
		v, _, _, err := regenerate(h, rec, "p. 74")
		if err != nil {
			return err
		}
		res.Regeneration = append(res.Regeneration, v)
	}
	if got := h.Health.Current - before; len(res.Regeneration) > 0 {
		res.Health += got
		res.Steps.Add("regeneration", "p. 74", "%d double-panel(s) of rest, 1d6 health each %v: +%d health, now %d of %d (battered or not: resting takes no panels)",
			len(res.Regeneration), res.Regeneration, got, h.Health.Current, h.Health.Max)
	}
	return nil
}
