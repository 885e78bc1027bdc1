package encounter

import (
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// powerRule is one power's in-fight rules, written in the power's own
// file (power_NAME.go) and reached through these hooks from the places
// the fight calls them. A nil hook: the power has nothing to say there.
type powerRule struct {
	// Movement checks a move made by the power (Do, before any panel is
	// spent) and fills in the action's summary, steps and the stamina it
	// costs (doing.moveCost); Moved makes the move's changes once its
	// panels are spent, rolling any dice on r.
	Movement func(d *doing) error
	Moved    func(d *doing, r dice.Roller) error
	// Begin checks a use of the power as soon as its state switch is
	// known (Do, before the points and the generic checks): it prepares
	// what the power raises (doing.raise) or hands the whole action on
	// (doing.handled) when the power's effect is an action of its own.
	Begin func(d *doing) error
	// Switch finds the lasting state a use of the power switches on or
	// off (stateFor), where the power's states are not its one state in
	// combat.States switched by a use with no effect.
	Switch func(c *Combatant, a ActionRecord) (stateSwitch, bool, error)
	// Use checks a use of the power (`fight act --power`, Do, before any
	// panel is spent); Used makes its changes once the panels and points
	// are spent, rolling any dice on r.
	Use  func(d *doing) error
	Used func(d *doing, r dice.Roller) error
	// Effect is the effect the power keeps on its user, and EndOfPage
	// what the fight clock does with it at each end of page while its
	// source is in the fight (pageEffects); it reports whether the effect
	// ended.
	Effect    string
	EndOfPage func(e *Encounter, c *Combatant, i int) bool
}

// powerRules are the powers whose in-fight rules live in one file each;
// adding a power is its file, its row here and its test.
var powerRules = map[rulebook.PowerID]powerRule{
	rulebook.ImplantRetractableGlider: gliderRule,
	rulebook.PowerElasticity:          elasticityRule,
	rulebook.PowerTeleport:            teleportRule,
	rulebook.PowerDuplication:         duplicationRule,
	rulebook.PowerSuperHealth:         superHealthRule,
	rulebook.PowerForcefield:          forcefieldRule,
	rulebook.PowerSnare:               snareRule,
	rulebook.PowerDensityControlSelf:  densitySelfRule,
	rulebook.PowerDensityControlOther: densityOtherRule,
}

// movePower is the power a move is made by when a flag names it ("" for
// a walk, or a teleport: checkMove knows one only once it knows the
// mover's speed).
func (a ActionRecord) movePower() rulebook.PowerID {
	switch {
	case a.Glide:
		return rulebook.ImplantRetractableGlider
	case a.Stretch:
		return rulebook.PowerElasticity
	}
	return ""
}

// effectRule is the rule of the power that keeps the effect name going
// (ok false when no power in powerRules does).
func effectRule(name string) (powerRule, bool) {
	for _, r := range powerRules {
		if r.Effect != "" && r.Effect == name {
			return r, true
		}
	}
	return powerRule{}, false
}

// hasEndOfPage reports whether a power's rule ticks the effect name at
// each end of page.
func hasEndOfPage(name string) bool {
	r, ok := effectRule(name)
	return ok && r.EndOfPage != nil
}
