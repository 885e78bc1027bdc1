package combat

// Vehicle (p. 77): boarding and leaving it, and attacks on it.

import (
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// VehiclePanels is the time boarding or leaving the vehicle takes: the
// book gives none, so it is moving into or out of it, a move (1 panel,
// pp. 30-31; docs/rules-notes.md).
const VehiclePanels = 1

// BoardVehicle puts h aboard its vehicle (board) or takes it off (p. 77):
// aboard, the powers built into the vehicle apply (their attacks and
// actions); off it, they do not (hero.InPlay). It refuses a hero
// without a vehicle, a wrecked vehicle (no health left, p. 39) and a
// switch to where h is already. who names the hero in messages.
func BoardVehicle(who string, h *hero.Hero, board bool) (ruling.Steps, error) {
	var steps ruling.Steps
	v := h.Vehicle
	switch {
	case h.PowerRank(rulebook.PowerVehicle) == 0:
		return nil, reqErr("vehicle", "%s has no Vehicle power", who)
	case v == nil:
		return nil, reqErr("vehicle", "%s has no vehicle on its file: run `spandex hero derive` to give it the custom vehicle (p. 77)", who)
	case board && v.Aboard:
		return nil, reqErr("vehicle", "%s is aboard its vehicle already", who)
	case !board && !v.Aboard:
		return nil, reqErr("vehicle", "%s is not aboard its vehicle", who)
	case board && v.Current == 0:
		return nil, reqErr("vehicle", "%s's vehicle (%s) is wrecked: it has no health left (p. 39)", who, v.Name)
	}
	v.Aboard = board
	built := "no powers built in"
	if len(v.Powers) > 0 {
		built = "its built-in powers (" + strings.Join(v.Powers, ", ") + ")"
	}
	if board {
		steps.Add(string(rulebook.PowerVehicle), "p. 77", "%s boards its vehicle (%s, travelling by %s, health %d of %d): %s apply now", who, v.Name, v.Travel, v.Current, v.Health, built)
	} else {
		steps.Add(string(rulebook.PowerVehicle), "p. 77", "%s leaves its vehicle (%s): %s no longer apply", who, v.Name, built)
	}
	return steps, nil
}

// VehicleTarget is the object an attack on h's vehicle strikes (p. 39):
// its Object Table example and sturdy material, with the health it has
// left. The book gives an object no armour class and no stamina.
func VehicleTarget(who string, h *hero.Hero) (ObjectTarget, error) {
	v := h.Vehicle
	switch {
	case v == nil:
		return ObjectTarget{}, reqErr("vehicle", "%s has no vehicle", who)
	case v.Object == "":
		return ObjectTarget{}, reqErr("vehicle", "%s's vehicle names no Object Table example (vehicle.object) to strike it as (p. 39)", who)
	case v.Current == 0:
		return ObjectTarget{}, reqErr("vehicle", "%s's vehicle (%s) is wrecked already", who, v.Name)
	}
	t := ObjectTarget{Name: v.Object, Material: v.Material}
	if v.Current < v.Health {
		t.Remaining = v.Current
	}
	return t, nil
}
