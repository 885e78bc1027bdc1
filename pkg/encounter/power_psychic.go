package encounter

// Psychic Ability (pp. 67-69): its psychic powers are the flavours of one
// power, each a use of `fight act --power psychic-ability --effect NAME`.
// Its row of powerRules hands a use on whole from its Begin hook
// (mentalUse: Hallucinations, power_illusion.go; the contests, doMental)
// and offers the autopilot Mind Control (mindControlUses,
// power_mindcontrol.go). Psychic Drain's and Transmutation's own rules
// are here; Mind Control's in power_mindcontrol.go, Telekinesis' in
// power_telekinesis.go.

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// psychicRule is Psychic Ability's row of powerRules.
var psychicRule = powerRule{
	Begin: func(d *doing) error { return d.mentalUse() },
	Auto:  mindControlUses,
}

// EffectDrained is the state of a combatant whose pool Psychic Drain
// emptied: 0 stamina and no recovery until the pool has points again
// (p. 69).
const EffectDrained = combat.StateDrained

// EffectTransmuted is a temporary transmutation kept on its caster: it
// wears off after its 2d6 pages (MaxPages, p. 69).
const EffectTransmuted = "transmuted"

// psychicDrainRule is Psychic Drain's share of the mental powers' path
// (pp. 68-69): the pool drained, and the drained state when it is empty.
var psychicDrainRule = powerRule{Mental: &mentalRule{
	Outcome: func(def *Combatant, res *combat.MentalResult) string {
		s := fmt.Sprintf(", %s's %s pool drained by %d (%d left)", def.ID, res.DrainPool, res.Drained, res.DrainLeft)
		if res.Blackout {
			s += ": stamina 0, no recovery until it has points again (p. 69)"
		}
		return s
	},
	Leaves: func(e *Encounter, ctx Ctx, _, def *Combatant, res *combat.MentalResult) error {
		if res.State != combat.StateDrained {
			return nil
		}
		for _, ef := range def.Effects {
			if ef.Name == EffectDrained {
				return nil
			}
		}
		return e.AddEffect(ctx, def.ID, Effect{Name: EffectDrained, Power: res.DrainPool, Source: def.ID,
			Note: fmt.Sprintf("Psychic Drain (p. 69): %s pool empty; no stamina recovery until it has points again", res.DrainPool)})
	},
}}

// transmutationRule is Transmutation's share of the mental powers' path
// (p. 69): a temporary transmutation kept on its caster for its 2d6
// pages.
var transmutationRule = powerRule{Mental: &mentalRule{
	Outcome: func(_ *Combatant, res *combat.MentalResult) string {
		if res.Pages > 0 {
			return fmt.Sprintf(", transmuted for %d pages (2d6, p. 69)", res.Pages)
		}
		return ", transmuted for good (p. 69)"
	},
	Leaves: func(e *Encounter, ctx Ctx, c, _ *Combatant, res *combat.MentalResult) error {
		if res.Pages == 0 {
			return nil
		}
		// The object is no combatant: the caster holds the state, and it
		// wears off by itself after the 2d6 pages (p. 69), whatever
		// becomes of the caster.
		return e.AddEffect(ctx, c.ID, Effect{Name: EffectTransmuted, Power: string(rulebook.PowerPsychicAbility), Source: c.ID, MaxPages: res.Pages,
			Note: fmt.Sprintf("Transmutation (p. 69): the object is transmuted for %d pages (2d6), then is as it was", res.Pages)})
	},
}}

// drainedNoRecovery reports whether c is drained with its pool still empty.
func drainedNoRecovery(c *Combatant) bool {
	for _, ef := range c.Effects {
		if ef.Name == EffectDrained {
			if p := c.Hero.FindPool(ef.Power); p == nil || p.Current <= 0 {
				return true
			}
		}
	}
	return false
}

// undrain ends the drained state of a combatant whose pool has points
// again (a refill, p. 69).
func (e *Encounter) undrain(c *Combatant) {
	for i := 0; i < len(c.Effects); i++ {
		ef := c.Effects[i]
		if ef.Name != EffectDrained {
			continue
		}
		if p := c.Hero.FindPool(ef.Power); p != nil && p.Current > 0 {
			e.endEffect(c, i, fmt.Sprintf("its %s pool has points again", ef.Power))
			i--
		}
	}
}
