package combat

// Danger Sense (p. 54): "a subconscious warning mechanism that will alert
// you to impending danger with a 90% success rate" (DangerSense, rolled
// by the GM), and "you are never surprised in combat and can always
// perform a reaction to any incoming attack" (NeverSurprised).

import (
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// DangerSenseChance is Danger Sense's warning chance in percent (p. 54).
const DangerSenseChance = 90

// dangerSenseAlerts is Danger Sense's surpriseRule.
func dangerSenseAlerts(h *hero.Hero) bool { return hasPower(h, rulebook.PowerDangerSense) }

// NeverSurprised reports whether h is never surprised and so may react
// even to a complete surprise attack: Danger Sense ("never surprised in
// combat and can always perform a reaction", p. 54) or the Animal Senses
// super sense ("never surprised by an attack", p. 74), each a
// surpriseRule. pkg/encounter's surprise round asks the same question.
func NeverSurprised(h *hero.Hero) bool {
	for _, rule := range neverSurprised {
		if rule(h) {
			return true
		}
	}
	return false
}

// DangerSense rolls Danger Sense's warning (p. 54): the GM rolls each time
// there is danger, d100 ≤ 90 warns (a general sense that something is
// wrong). Dice: 1d100.
func DangerSense(h *hero.Hero, r dice.Roller) (int, bool, ruling.Steps, error) {
	if !dangerSenseAlerts(h) {
		return 0, false, nil, reqErr("power", "%s has no Danger Sense (p. 54)", h.Name)
	}
	v, err := r.Roll(100, "danger sense")
	if err != nil {
		return 0, false, nil, err
	}
	if v < 1 || v > 100 {
		return 0, false, nil, errRoller(100, v, "danger sense")
	}
	var steps ruling.Steps
	ok := v <= DangerSenseChance
	verdict := "no warning"
	if ok {
		verdict = "warned: something is wrong"
	}
	steps.Add(string(rulebook.PowerDangerSense), "p. 54", "d100 %d against %d%%: %s", v, DangerSenseChance, verdict)
	return v, ok, steps, nil
}
