package encounter

// Mass and gravity falling away by the panel (pp. 54, 57): "each
// double-panel that you concentrate doubles the mass", and "when you stop
// concentrating, the target loses density and mass at double the rate
// they gained it" (gravity "returns to normal at double the rate at which
// it was increased"). Built by its power's use in the fight, an effect
// rose a doubling for each double-panel of its maker's concentration, so
// let go it falls a halving for each panel of its maker's that passes:
// each panel the maker spends (actions, reactions repaid), and at the end
// of a page the panels of its page it left unspent (the page passes). An
// effect with a step added by hand (`fight effect --add`) has no panels
// to count and falls by the page (fallSteps).

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// massLike reports whether an effect is a mass or gravity multiplier,
// which builds up and falls away (pp. 54, 57).
func massLike(name string) bool { return name == EffectMass || name == EffectGravity }

// releaseByPanel starts a mass or gravity effect built by its power's use
// falling a halving a panel of its maker's; it returns the summary.
func (e *Encounter) releaseByPanel(c *Combatant, ef *Effect, st *ruling.Steps) string {
	ef.Falling, ef.FallSteps = true, 1
	built := doublings(ef.Multiplier)
	st.Add("fall", "pp. 54, 57", "×%d built by %s of %s's concentration, a doubling each; at twice the rate it falls a halving for each panel of %s's that passes, ×1 after %s",
		ef.Multiplier, plural(built, "double-panel"), ef.Source, ef.Source, plural(built, "panel"))
	return fmt.Sprintf("%s: %s ×%d falls away, a halving a panel of %s's", c.ID, ef.Name, ef.Multiplier, ef.Source)
}

// doublings is log2 of a mass or gravity multiplier: the steps it took.
func doublings(m int) int {
	n := 0
	for ; m > 1; m /= 2 {
		n++
	}
	return n
}

// fallByPanels ticks, as maker spends n panels, every mass or gravity
// effect it built by its power's use and has let go of: a halving a panel
// (pp. 54, 57). Called by panelsPassed.
func (e *Encounter) fallByPanels(maker *Combatant, n int) {
	for i := range e.Combatants {
		c := &e.Combatants[i]
		for j := 0; j < len(c.Effects); {
			ef := &c.Effects[j]
			if ef.Falling && ef.BuiltByUse && ef.Source == maker.ID {
				var st ruling.Steps
				st.Add("fall", "pp. 54, 57", "%s spends %s: a halving each, twice the rate of its doubling a double-panel", maker.ID, plural(n, "panel"))
				if e.fallBy(c, j, n, fmt.Sprintf("%s in %s's %s", plural(min(n, doublings(ef.Multiplier)), "halving"), maker.ID, plural(n, "panel")), st) {
					continue
				}
			}
			j++
		}
	}
}

// fallAtEndOfPage ticks a falling mass or gravity effect at the end of a
// page: built by its power's use, a halving for each panel of its maker's
// page left unspent (its normal panels, BasePanels, less those it
// used: the page passes whatever it did); by hand, FallSteps halvings (pp.
// 54, 57). It reports whether the effect ended.
func (e *Encounter) fallAtEndOfPage(c *Combatant, i int) bool {
	ef := c.Effects[i]
	if !ef.BuiltByUse {
		return e.fall(c, i)
	}
	base, used := rulebook.PanelsHero, 0
	if src := e.Find(ef.Source); src != nil {
		base, _ = src.BasePanels()
		used = src.Panels.Used
	}
	rest := max(base-used, 0)
	if rest == 0 {
		return false
	}
	var st ruling.Steps
	st.Add("fall", "pp. 54, 57", "the page ends: %s of %s's %d a page pass unspent, a halving each", plural(rest, "panel"), ef.Source, base)
	return e.fallBy(c, i, rest, fmt.Sprintf("%s in the %s of %s's page left unspent", plural(min(rest, doublings(ef.Multiplier)), "halving"), plural(rest, "panel"), ef.Source), st)
}

// holdFall stops the fall of the mass or gravity effect name that c let
// go of, as c concentrates on it again with a use of its power: the
// use's double-panel is concentration, not fall (pp. 54, 57), and the
// use doubles what is left. Called by the power's Use hook, once the
// use's panels are known to fit (nothing changes on a refusal).
func (d *doing) holdFall(name string) error {
	holder := d.c
	if d.target != nil {
		holder = d.target
	}
	i := findEffect(holder, name)
	if i < 0 || !holder.Effects[i].Falling || holder.Effects[i].Source != d.c.ID {
		return nil
	}
	if err := d.e.canSpend(d.c, d.n); err != nil {
		return err
	}
	holder.Effects[i].Falling, holder.Effects[i].FallSteps = false, 0
	d.heldFall = true
	d.steps.Add("fall", "pp. 54, 57", "%s concentrates on %s's %s again: it stops falling at ×%d", d.c.ID, holder.ID, name, holder.Effects[i].Multiplier)
	return nil
}

// fallAgain lets the mass a use held fall again when the use failed (its
// psychic attack, p. 54): the maker could not concentrate on it, so it goes
// on falling, a halving a panel, from the next panel of the maker's.
func (d *doing) fallAgain(name string) {
	if !d.heldFall {
		return
	}
	if i := findEffect(d.target, name); i >= 0 {
		d.target.Effects[i].Falling, d.target.Effects[i].FallSteps = true, 1
		d.steps.Add("fall", "pp. 54, 57", "the use failed: %s's %s goes on falling, a halving a panel of %s's", d.target.ID, name, d.c.ID)
	}
}
