package encounter

// The Retractable Glider, a Cybernetics implant (p. 52): silent flight at
// 10 m a panel that must land after 20+4d10 panels of continuous flight.
// Everything the fight does with it is here: the glide (a move, `fight
// act --move M --glide`), the flight clock started by the first glide and
// ticked by the panel: each panel the glider spends in flight, and at the
// end of a page the panels of it left unspent. Its power dive (+2 damage or a flying kick
// after 4 m, p. 53) is pkg/combat's movement attack.

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// gliderRule is the Retractable Glider's row of powerRules.
var gliderRule = powerRule{
	Movement: func(d *doing) error {
		a := d.a
		if a.Teleport || a.Upwards || a.Stretch || len(a.Carry) > 0 || a.CarryKg != 0 || a.Blind {
			return refusal.Errorf("glide: a glide is neither a teleport nor a stretch")
		}
		if err := canGlide(d.c, a.Metres); err != nil {
			return err
		}
		d.ev.Kind = KindMove
		d.ev.Summary = fmt.Sprintf("%s glides %d m", d.c.ID, a.Metres)
		d.gliding = findEffect(d.c, EffectGliding) >= 0
		return nil
	},
	Moved: func(d *doing, r dice.Roller) error {
		if d.gliding && findEffect(d.c, EffectGliding) < 0 {
			// Its panels were the last of the flight (glidePanels): it
			// lands, and takes off again only with another glide.
			d.ev.Summary += ", the last of its flight: it must land (p. 52)"
			return nil
		}
		s, err := d.e.startGlide(r, d.c, &d.steps, d.n)
		d.ev.Summary += s
		return err
	},
	Effect: EffectGliding,
	EndOfPage: func(e *Encounter, c *Combatant, i int) bool {
		return e.glideOn(c, i)
	},
	PanelsPass: func(e *Encounter, c *Combatant, i, n int) bool {
		return e.glidePanels(c, i, n)
	},
}

// EffectGliding is a Retractable Glider in flight: FlightPanels of
// continuous flight left before it must land (p. 52).
const EffectGliding = "gliding"

// canGlide checks a glide: the Retractable Glider implant, 10 m a panel
// at most (p. 52).
func canGlide(c *Combatant, metres int) error {
	if p := c.Hero.FindPower(rulebook.PowerCybernetics); p == nil || !p.HasFlavour(string(rulebook.ImplantRetractableGlider)) {
		return refusal.Errorf("%s has no Retractable Glider implant (Cybernetics, p. 52)", c.ID)
	}
	if metres > rulebook.GliderSpeed {
		return refusal.Errorf("%s glides at most %d m a panel (p. 52)", c.ID, rulebook.GliderSpeed)
	}
	return nil
}

// startGlide starts the flight clock the first time a combatant glides:
// 20+4d10 panels of continuous flight, rolled once (p. 52), the take-off
// glide's own panels the first of them; it returns the text for the
// move's summary.
//
// Dice: 4d10 when gliding starts, nothing while it goes on.
func (e *Encounter) startGlide(r dice.Roller, c *Combatant, steps *ruling.Steps, panels int) (string, error) {
	if i := findEffect(c, EffectGliding); i >= 0 {
		return fmt.Sprintf(" (%s of flight left, p. 52)", plural(c.Effects[i].FlightPanels, "panel")), nil
	}
	n, err := dice.MustParse(rulebook.GliderFlight).Total(r, "panels of flight before the glider must land")
	if err != nil {
		return "", err
	}
	steps.Add("glider", "p. 52", "gliding starts: it must land after %s %d panels of continuous flight", rulebook.GliderFlight, n)
	c.Effects = append(c.Effects, Effect{Name: EffectGliding, Power: string(rulebook.PowerCybernetics), Source: c.ID, Since: e.Page, FlightPanels: n - panels,
		Note: "Retractable Glider (p. 52): 10 m a panel, silent; must land when its flight panels run out"})
	return fmt.Sprintf(", taking off: it must land after %d panels of flight (20+4d10, p. 52), %d left", n, n-panels), nil
}

// glideOn ticks a glider's flight clock at the end of a page by the
// panels of the page it did not spend (those it spent were counted as it
// spent them, glidePanels); at 0 it must land (p. 52). It reports whether
// the state ended.
func (e *Encounter) glideOn(c *Combatant, i int) bool {
	rest := max(c.Panels.PerPage-c.Panels.Used, 0)
	ef := &c.Effects[i]
	ef.FlightPanels -= rest
	if ef.FlightPanels <= 0 {
		e.endEffect(c, i, "its flight panels ran out: it must land (p. 52)")
		return true
	}
	e.appendEvent(Event{Kind: KindEffect, Actor: c.ID, Target: c.ID,
		Summary: fmt.Sprintf("%s glides on: %s of flight left (p. 52)", c.ID, plural(ef.FlightPanels, "panel"))})
	return false
}

// glidePanels ticks a glider's flight clock by the n panels it spends in
// flight (p. 52: "after 20+4d10 panels of continuous flight you must
// land"): at 0 it must land there and then, mid-page. It reports whether
// the state ended.
func (e *Encounter) glidePanels(c *Combatant, i, n int) bool {
	ef := &c.Effects[i]
	ef.FlightPanels -= n
	if ef.FlightPanels <= 0 {
		e.endEffect(c, i, "its flight panels ran out: it must land (p. 52)")
		return true
	}
	return false
}
