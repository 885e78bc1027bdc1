package encounter

// Shapechange (p. 70): a hero whose Shapechange has specific forms
// switches between them with `fight act --power shapechange --form NAME`
// (a single panel); the freeform kind is the shapechanged lasting state
// (combat.States), switched as every other. While shapechanged, only the
// powers the shape keeps may be used (combat.ShapechangeAllows, pkg/combat's
// power_shapechange.go).

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// shapechangeRule is Shapechange's row of powerRules.
var shapechangeRule = powerRule{
	SwitchedOff: "returns to its own shape",
	Act: func(d *doing) error {
		if d.a.Form == "" && !d.c.Hero.ShapechangeSpecific() {
			return nil
		}
		return d.handled(d.e.switchForm(d.ctx, d.c, d.a))
	},
}

// switchForm is `fight act --power shapechange --form NAME` (p. 70): a
// hero whose Shapechange has specific forms switches to another in a
// single panel; from then on only that form's powers apply (its attacks,
// dividers, movement and values: hero.InPlay), until it switches again.
func (e *Encounter) switchForm(ctx Ctx, c *Combatant, a ActionRecord) error {
	switch {
	case a.Form == "":
		return refusal.Errorf("form: %s's Shapechange has specific forms: name the one to switch to (--form NAME, p. 70)", c.ID)
	case a.Panels != 0 && a.Panels != combat.FormPanels:
		return refusal.Errorf("panels: switching between forms takes a single panel (p. 70), not %d", a.Panels)
	case a.Target != "" || a.Effect != "" || a.Points != 0:
		return refusal.Errorf("form: switching forms takes no target, effect or points")
	}
	try := c.Hero
	steps, err := combat.SwitchForm(c.ID, &try, a.Form)
	if err != nil {
		return err
	}
	if err := e.spend(c, combat.FormPanels); err != nil {
		return err
	}
	from := c.Hero.Form
	c.Hero.Form = a.Form
	steps = append(ruling.Steps{{Rule: "panels", Page: "p. 70", Text: "1 panel: switching between forms takes only a single panel"}}, steps...)
	e.appendEvent(Event{Kind: KindAction, Actor: c.ID, Panels: combat.FormPanels, Steps: steps, Seed: ctx.Seed, Details: mustJSON(a),
		Summary: fmt.Sprintf("%s switches from its %s form to its %s form (a single panel, p. 70)", c.ID, from, a.Form)})
	return nil
}
