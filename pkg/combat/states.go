package combat

// Lasting power states: a state a power switches on stays on
// the character until switched off, and acts on every later attack by
// and on it. The fight keeps them on the combatant (pkg/encounter's
// effects), a hero file outside a fight in its "states" list; both hand
// their names to ApplyStates, the one place that says what each state
// does to an attack, so `attack` and `fight act` cannot disagree.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// The lasting states a power switches on.
const (
	StateGrown        = "grown"        // Growth (pp. 60-61)
	StateShrunk       = "shrunk"       // Shrinking (pp. 70-71)
	StateDenser       = "denser"       // Density Control (Self) (p. 54)
	StateLighter      = "lighter"      // Density Control (Self) (p. 54)
	StatePhased       = "phased"       // Phasing (p. 66)
	StateInvisible    = "invisible"    // Invisibility (p. 61)
	StateCamouflaged  = "camouflaged"  // Camouflage (p. 52)
	StateShapechanged = "shapechanged" // Shapechange, freeform (p. 70)
	StateImpervious   = "impervious"   // Impervious (p. 61)
	StateBound        = "bound"        // Snare, Restraint (pp. 64, 72)
)

// StateInfo is one lasting state a power switches on by itself: the
// panels it takes to switch on (and off again) and what it does.
type StateInfo struct {
	Name  string           `json:"name"`
	Power rulebook.PowerID `json:"power"`
	// Panels to switch it on, and to switch it off again.
	Panels int    `json:"panels"`
	Page   string `json:"page"`
	Text   string `json:"text"`
	// Excludes is the state of the same power it replaces (denser and
	// lighter).
	Excludes string `json:"excludes,omitempty"`
}

// stateInfos are the lasting states a power switches on by itself, each
// from its power's file (the bound and impervious states are not
// switched: powerStates has them).
var stateInfos = []StateInfo{
	grownState.StateInfo,        // power_growth.go
	shrunkState.StateInfo,       // power_shrinking.go
	denserState.StateInfo,       // power_density.go
	lighterState.StateInfo,      // power_density.go
	phasedState.StateInfo,       // power_phasing.go
	invisibleState.StateInfo,    // power_invisibility.go
	camouflagedState.StateInfo,  // power_camouflage.go
	shapechangedState.StateInfo, // power_shapechange.go
}

// States returns the lasting states powers switch on by themselves.
func States() []StateInfo { return slices.Clone(stateInfos) }

// StateByName looks a lasting state up by name.
func StateByName(name string) (StateInfo, bool) {
	for _, s := range stateInfos {
		if s.Name == name {
			return s, true
		}
	}
	return StateInfo{}, false
}

// StateOfPower is the state a power switches on ("" when the power has
// two, as Density Control (Self), or none).
func StateOfPower(power rulebook.PowerID) (StateInfo, bool) {
	var found []StateInfo
	for _, s := range stateInfos {
		if s.Power == power {
			found = append(found, s)
		}
	}
	if len(found) != 1 {
		return StateInfo{}, false
	}
	return found[0], true
}

// StateNames lists the names of the lasting states, for error messages.
func StateNames() string {
	names := make([]string, len(stateInfos))
	for i, s := range stateInfos {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}

// ApplyStates puts on an attack what the attacker's and the defender's
// lasting states say, with a step per state naming its page. Each state's
// rule is in its power's file (powerStates): the shapechanged and phased
// attacker's checks (pp. 66, 70); the shrunk, denser or lighter
// attacker's damage and the grown attacker's strength (pp. 54, 60, 71);
// the invisible, camouflaged, shrunk, denser, lighter, impervious, bound
// and grown defender (pp. 33, 52, 54, 60-61, 64, 66, 70). An astral
// defender (Astral Projection's spirit) is immune to physical attacks
// unless the attacker is astral too, not to energy (p. 62).
//
// A state given by a per-attack flag as well counts once.
func ApplyStates(req *Request, att *hero.Hero, attStates, defStates []string) (ruling.Steps, error) {
	var steps ruling.Steps
	sit := &req.Situation
	if v := att.InPlay(); v != att && findAttackFor(v, req.Attack) == nil {
		if a := findAttackFor(att, req.Attack); a != nil {
			return nil, reqErr("with", "%s", notInPlay(att.Name, att, a.Power, a.Slug))
		}
	}
	if att.Form != "" {
		steps.Add("form", "p. 70", "attacker in its %q form: that form's powers, abilities and combat figures only", att.Form)
	}
	if v := att.Vehicle; v != nil && v.Aboard {
		steps.Add(string(rulebook.PowerVehicle), "p. 77", "attacker aboard its vehicle (%s): the powers built into it apply", v.Name)
	}
	for _, r := range powerStates {
		if r.attacking != nil && slices.Contains(attStates, r.Name) {
			st, err := r.attacking(att, req.Attack)
			if err != nil {
				return nil, err
			}
			steps = append(steps, st)
		}
	}
	for _, s := range attStates {
		if r := powerState(s); r != nil && r.attacker != nil {
			var st ruling.Step
			*sit, st = r.attacker(*sit)
			steps = append(steps, st)
		}
	}
	if st, ok := astralDefender(sit, attStates, defStates); ok {
		steps = append(steps, st)
	}
	for _, s := range defStates {
		if r := powerState(s); r != nil && r.attacked != nil {
			var st ruling.Step
			*sit, st = r.attacked(*sit)
			steps = append(steps, st)
		}
	}
	return steps, nil
}

func findAttackFor(h *hero.Hero, slug string) *hero.Attack {
	if a := h.FindAttack(slug); a != nil {
		return a
	}
	for i := range h.Combat.Attacks {
		if strings.EqualFold(h.Combat.Attacks[i].Name, slug) {
			return &h.Combat.Attacks[i]
		}
	}
	return nil
}

// resize sets the figures that follow strength and the track maxima: the
// damage bonus (Strength Table, p. 8), the strength improvement of a
// power's dividers (pp. 8, 14), battered, dazed and stunned (p. 14).
func resize(h *hero.Hero) ruling.Steps {
	var steps ruling.Steps
	str := h.Abilities.Final.Strength
	h.Combat.DamageBonus = rulebook.DamageBonus(str)
	if h.PowerRank(rulebook.PowerArmour) > 0 || h.PowerRank(rulebook.PowerToughness) > 0 {
		base := rulebook.Dividers(rulebook.ArmourClassInfo(h.Combat.ArmourClass).Dividers)
		d := base.Improve(rulebook.StrengthDividerModifier(str))
		h.Combat.Dividers = hero.Dividers{Health: d.Health, Stamina: d.Stamina}
	}
	h.Health.Battered = rulebook.BatteredValue(h.Health.Max)
	if h.Stamina.Max > 0 {
		h.Stamina.Dazed = rulebook.DazedValue(h.Stamina.Max)
		h.Stamina.Stunned = rulebook.StunnedValue(h.Stamina.Max)
	}
	steps.Add("abilities", "pp. 8, 14", "damage bonus %+d (Strength Table, strength %d); dividers H/%d S/%d; battered at %d, dazed at %d, stunned at %d",
		h.Combat.DamageBonus, str, h.Combat.Dividers.Health, h.Combat.Dividers.Stamina, h.Health.Battered, h.Stamina.Dazed, h.Stamina.Stunned)
	if rs, ok := recoveryFollows(h); ok {
		steps = append(steps, rs)
	}
	SetConditions(h)
	return steps
}

// recoveryFollows sets the recovery rolls to the Endurance Table bonus of
// h's endurance (p. 9), when they are the book's 1d6 plus the bonus of
// the old endurance (a GM's own expression is left alone): growing and
// shrinking back change the endurance, and the recovery with it.
func recoveryFollows(h *hero.Hero) (ruling.Step, bool) {
	rc := &h.Recovery
	nb := rulebook.RecoveryBonus(h.Abilities.Final.Endurance)
	if nb == rc.Bonus {
		return ruling.Step{}, false
	}
	old := recoveryExpr(rc.Bonus)
	if (rc.Health != "" && rc.Health != old) || (rc.Stamina != "" && rc.Stamina != old) {
		return ruling.Step{}, false
	}
	rc.Bonus = nb
	if rc.Health != "" {
		rc.Health = recoveryExpr(nb)
	}
	if rc.Stamina != "" {
		rc.Stamina = recoveryExpr(nb)
	}
	return ruling.Step{Rule: "recovery", Page: "p. 9", Text: fmt.Sprintf("endurance %d: recovery %s (Endurance Table bonus %+d)", h.Abilities.Final.Endurance, recoveryExpr(nb), nb)}, true
}

// recoveryExpr is the book's recovery roll with the Endurance Table
// bonus: 1d6, 1d6+1 ... (p. 9).
func recoveryExpr(bonus int) string {
	if bonus == 0 {
		return rulebook.StaminaRecoveryDice
	}
	return fmt.Sprintf("%s%+d", rulebook.StaminaRecoveryDice, bonus)
}

func rollD6s(r dice.Roller, n int, purpose string) (int, error) {
	t := 0
	for range n {
		v, err := r.Roll(6, purpose)
		if err != nil {
			return 0, err
		}
		if v < 1 || v > 6 {
			return 0, errRoller(6, v, purpose)
		}
		t += v
	}
	return t, nil
}

// SwitchState switches a lasting state on or off on a hero file outside a
// fight (`hero state`), with the power's own rule: the power held, one
// size and one density at a time, Growth's scores and tracks (pp. 60-61),
// each state's own (powerStates).
// The time it takes (StateInfo.Panels) matters only in a fight.
//
// Dice: growing the first time, as Grow.
func SwitchState(h *hero.Hero, name string, on bool, roller dice.Roller) (ruling.Steps, error) {
	info, ok := StateByName(name)
	if !ok {
		return nil, reqErr("state", "%q is not a lasting state (%s)", name, StateNames())
	}
	if h.PowerRank(info.Power) == 0 {
		return nil, reqErr("state", "%s has no %s power for %s (%s)", h.Name, info.Power, name, info.Page)
	}
	has := slices.Contains(h.States, name)
	var steps ruling.Steps
	if on == has {
		return nil, reqErr("state", "%s is %s %s already", h.Name, map[bool]string{true: "", false: "not"}[has], name)
	}
	r := powerState(name)
	if !on {
		if r != nil && r.switchedOff != nil {
			st, err := r.switchedOff(h)
			if err != nil {
				return nil, err
			}
			steps = st
		}
		h.States = slices.DeleteFunc(h.States, func(s string) bool { return s == name })
		steps.Add(name, info.Page, "%s ends", name)
		return steps, nil
	}
	other := info.Excludes
	if r != nil && r.excludes != "" {
		other = r.excludes
	}
	if other != "" && slices.Contains(h.States, other) {
		return nil, reqErr("state", "%s is %s: switch it off first (%s)", h.Name, other, info.Page)
	}
	if err := ShapechangeAllows(h.Name, h, slices.Contains(h.States, StateShapechanged), info.Power); err != nil {
		return nil, err
	}
	if r != nil && r.switchedOn != nil {
		st, err := r.switchedOn(h, roller)
		if err != nil {
			return nil, err
		}
		steps = st
	}
	h.States = append(h.States, name)
	steps.Add(name, info.Page, "%s: %s", name, info.Text)
	return steps, nil
}

// notInPlay says why h (who) cannot use power (what, an attack or the
// power itself, names it): the specific form it is in lacks it (p. 70), or it
// is built into the vehicle h is not aboard (p. 77).
func notInPlay(who string, h *hero.Hero, power, what string) string {
	if h.Vehicle.Builds(power) && !h.Vehicle.Aboard {
		return fmt.Sprintf("%s's %s is built into its vehicle (%s): only aboard (p. 77)", who, what, h.Vehicle.Name)
	}
	return fmt.Sprintf("%s is in its %q form, which has no %s: only that form's powers apply (p. 70)", who, h.Form, what)
}
