package combat

// Shapechange (p. 70): what a shapechanged hero may still use, and
// switching between specific forms. The freeform shapechanged state's
// check on an attack is shapechangedState's, asked by ApplyStates.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// ShapechangeKeeps are the powers a shapechanged hero keeps the benefit
// of (p. 70); it may use no other.
var ShapechangeKeeps = []rulebook.PowerID{rulebook.PowerShapechange, rulebook.PowerGrowth, rulebook.PowerLarger, rulebook.PowerShrinking}

// ShapechangeFreeform reports whether h's Shapechange is the freeform kind
// (the one spandex switches as a state; specific forms are named power
// sets switched by SwitchForm).
func ShapechangeFreeform(h *hero.Hero) bool {
	p := h.FindPower(rulebook.PowerShapechange)
	return p != nil && (len(p.Flavours) == 0 || p.HasFlavour("freeform"))
}

// ShapechangeAllows refuses a power used, or a state switched, by a
// shapechanged hero (p. 70): no other super power, and no change of size
// (growth, shrinking) while shapeshifted; and a Shapechange that is not
// freeform; and, in a specific form, a power the form does not have.
// who names the hero.
func ShapechangeAllows(who string, h *hero.Hero, shapechanged bool, power rulebook.PowerID) error {
	if power == rulebook.PowerShapechange && h.ShapechangeSpecific() {
		return reqErr("state", "%s's Shapechange has specific forms: switch them with --form NAME, a single panel (p. 70)", who)
	}
	if power != rulebook.PowerShapechange && h.PowerRank(power) > 0 && h.InPlay().PowerRank(power) == 0 {
		return reqErr("state", "%s", notInPlay(who, h, string(power), string(power)))
	}
	if !shapechanged || power == rulebook.PowerShapechange {
		return nil
	}
	if power == rulebook.PowerGrowth || power == rulebook.PowerShrinking {
		return reqErr("state", "%s is shapechanged: it cannot change size while shapeshifted (p. 70)", who)
	}
	return reqErr("state", "%s is shapechanged: it may use no other super power while shapechanged, so not %s (p. 70)", who, power)
}

// FormPanels is the time switching between specific forms takes: "only
// a single panel" (p. 70).
const FormPanels = 1

// SwitchForm puts h, whose Shapechange has specific forms, in the form
// named name (p. 70): from then on only that form's powers apply (its
// attacks, dividers, movement and values; hero.InPlay). It refuses a
// hero without specific forms, a form it does not have, and the form it
// is in already. who names the hero in messages.
func SwitchForm(who string, h *hero.Hero, name string) (ruling.Steps, error) {
	var steps ruling.Steps
	switch {
	case h.PowerRank(rulebook.PowerShapechange) == 0:
		return nil, reqErr("form", "%s has no Shapechange", who)
	case !h.ShapechangeSpecific():
		return nil, reqErr("form", "%s's Shapechange is freeform: it has no specific forms to switch between; switch the shapechanged state (p. 70)", who)
	case len(h.Forms) == 0:
		return nil, reqErr("form", "%s has no forms on its file: run `spandex hero derive` to give it the book's heroic and secret-identity forms (p. 70)", who)
	}
	f := h.FindForm(name)
	if f == nil {
		names := make([]string, len(h.Forms))
		for i := range h.Forms {
			names[i] = h.Forms[i].Name
		}
		return nil, reqErr("form", "%q is not one of %s's forms (%s)", name, who, strings.Join(names, ", "))
	}
	if h.Form == name {
		return nil, reqErr("form", "%s is in its %q form already", who, name)
	}
	from := h.Form
	h.Form = name
	powers := make([]string, 0, len(f.Powers))
	for _, p := range f.Powers {
		powers = append(powers, fmt.Sprintf("%s %d", p.Slug, p.Rank))
	}
	what := "no powers"
	if len(powers) > 0 {
		what = strings.Join(powers, ", ")
	}
	steps.Add("form", "p. 70", "%s switches from its %q form to its %q form (%s): a single panel; only that form's powers apply", who, from, name, what)
	return steps, nil
}

// shapechangedState is the freeform shapechanged state (p. 70): an attack
// by it may use no super power but those it keeps (ShapechangeKeeps).
var shapechangedState = stateRule{
	StateInfo: StateInfo{Name: StateShapechanged, Power: rulebook.PowerShapechange, Panels: 2, Page: "p. 70",
		Text: "another creature's shape (freeform): its own ability scores, no other super power but the size of growth, larger or shrinking, no change of size"},
	attacking: func(att *hero.Hero, attack string) (ruling.Step, error) {
		if a := findAttackFor(att, attack); a != nil && a.Power != "" && !slices.Contains(ShapechangeKeeps, a.PowerID()) {
			return ruling.Step{}, reqErr("with", "%s is shapechanged: it may use no other super power while shapechanged, so not %s (%s, p. 70)", att.Name, a.Slug, a.Power)
		}
		return ruling.Step{Rule: StateShapechanged, Page: "p. 70", Text: "attacker shapechanged: its own ability scores, no other power"}, nil
	},
}
