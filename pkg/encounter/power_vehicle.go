package encounter

// Vehicle (p. 77): `fight act --power vehicle --effect board|leave` gets
// the hero into or out of its vehicle, a move's single panel; aboard,
// the powers built into the vehicle apply (hero.InPlay). Attacks on the
// vehicle are pkg/combat's (power_vehicle.go there).

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// vehicleRule is Vehicle's row of powerRules.
var vehicleRule = powerRule{
	Act: func(d *doing) error { return d.handled(d.e.boardVehicle(d.ctx, d.c, d.a)) },
}

// The effects of `fight act --power vehicle`: boarding and leaving the
// vehicle (p. 77).
const (
	EffectBoard = "board"
	EffectLeave = "leave"
)

// boardVehicle is `fight act --power vehicle --effect board|leave`
// (p. 77): the hero gets into or out of its vehicle, a move's single
// panel (combat.VehiclePanels); aboard, the powers built into the
// vehicle apply (hero.InPlay).
func (e *Encounter) boardVehicle(ctx Ctx, c *Combatant, a ActionRecord) error {
	var board bool
	switch a.Effect {
	case EffectBoard:
		board = true
	case EffectLeave:
	default:
		return refusal.Errorf("effect: --power vehicle takes --effect board or leave, not %q", a.Effect)
	}
	switch {
	case a.Panels != 0 && a.Panels != combat.VehiclePanels:
		return refusal.Errorf("panels: boarding or leaving the vehicle takes a single panel, as a move (pp. 30, 77), not %d", a.Panels)
	case a.Target != "" || a.Points != 0:
		return refusal.Errorf("vehicle: boarding or leaving takes no target or points")
	}
	try := c.Hero
	if c.Hero.Vehicle != nil {
		v := *c.Hero.Vehicle
		try.Vehicle = &v
	}
	steps, err := combat.BoardVehicle(c.ID, &try, board)
	if err != nil {
		return err
	}
	if err := e.spend(c, combat.VehiclePanels); err != nil {
		return err
	}
	c.Hero.Vehicle.Aboard = board
	steps = append(ruling.Steps{{Rule: "panels", Page: "pp. 30, 77", Text: "1 panel: getting into or out of the vehicle, as a move"}}, steps...)
	what := map[bool]string{true: "boards", false: "leaves"}[board]
	e.appendEvent(Event{Kind: KindAction, Actor: c.ID, Panels: combat.VehiclePanels, Steps: steps, Seed: ctx.Seed, Details: mustJSON(a),
		Summary: fmt.Sprintf("%s %s its vehicle, %s (a panel, p. 77)", c.ID, what, c.Hero.Vehicle.Name)})
	return nil
}
