package encounter

// Super Health (pp. 73-74) acts by itself but for Regeneration: `fight act
// --power super-health` rests a double-panel for 1d6 health (p. 73), as
// does Bestow Gift's regeneration (p. 63) for a hero without the power.

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// superHealthRule is Super Health's row of powerRules.
var superHealthRule = powerRule{
	Use: func(d *doing) error {
		if d.a.Effect != "" {
			return nil
		}
		p := d.c.Hero.FindPower(rulebook.PowerSuperHealth)
		regeneration := p != nil && p.HasFlavour("regeneration")
		gifted := hasGift(d.c, combat.GiftRegeneration)
		if !regeneration && !gifted {
			return refusal.Errorf("%s's Super Health acts by itself; only Regeneration is used, a double-panel of rest for 1d6 health (p. 73)", d.c.ID)
		}
		d.n, d.ev.Panels = rulebook.DoublePanel, rulebook.DoublePanel
		d.steps = ruling.Steps{{Rule: "panels", Page: "p. 73", Text: "a double-panel resting (Regeneration)"}}
		if !regeneration {
			d.steps = ruling.Steps{{Rule: "panels", Page: "p. 63", Text: "a double-panel resting (Bestow Gift's regeneration)"}}
		}
		return nil
	},
	Used: func(d *doing, r dice.Roller) error {
		if d.a.Effect != "" {
			return nil
		}
		got, err := regenerate(r, d.c, &d.steps)
		if err != nil {
			return err
		}
		d.ev.Summary += fmt.Sprintf(": rests and regenerates %d health (%d of %d, p. 73)", got, d.c.Hero.Health.Current, d.c.Hero.Health.Max)
		return nil
	},
	Auto: regenerationUses,
}

// regenerationUses is Regeneration's use the autopilot may make on c's
// turn (p. 73): a double-panel of rest while c is hurt, worth the share
// of the health c has left before it is battered (able only to crawl, p. 37: out of the fight) that
// the rest's 1d6 gives back, at most the health lost (restMean): small
// while c is whole, taken over an attack only when c is near going out
// and its attacks do little.
func regenerationUses(e *Encounter, c *Combatant, _ combat.Options, out []autoUse) []autoUse {
	p := c.Hero.FindPower(rulebook.PowerSuperHealth)
	h := &c.Hero.Health
	lost := h.Max - h.Current
	if p == nil || !p.HasFlavour("regeneration") || lost <= 0 || e.PhaseLeft(c) < rulebook.DoublePanel {
		return out
	}
	worth := restMean(lost) / float64(max(h.Current-h.Battered, 1))
	return append(out, autoUse{worth: worth, panels: rulebook.DoublePanel, use: UsePower{Actor: c.ID, Power: rulebook.PowerSuperHealth}})
}

// restMean is the health a rest's 1d6 is expected to give back to a
// character that has lost lost: the mean of min(d6, lost) (p. 73).
func restMean(lost int) float64 {
	sum := 0
	for v := 1; v <= 6; v++ {
		sum += min(v, lost)
	}
	return float64(sum) / 6
}

// regenerate is Regeneration's double-panel of rest (p. 73).
func regenerate(rec dice.Roller, c *Combatant, steps *ruling.Steps) (int, error) {
	p := c.Hero.FindPower(rulebook.PowerSuperHealth)
	gifted := (p == nil || !p.HasFlavour("regeneration")) && hasGift(c, combat.GiftRegeneration)
	_, got, st, err := combat.RegenerateRest(&c.Hero, gifted, rec)
	if err != nil {
		return 0, err
	}
	recondition(c)
	*steps = append(*steps, st...)
	return got, nil
}
