package encounter

import (
	"slices"
	"sync"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
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
	// Act hands on whole an action of the power's own that is not a use
	// of it (boarding a vehicle, switching forms: doing.handled), first
	// of all, before the generic checks of a use.
	Act func(d *doing) error
	// Begin checks a use of the power as soon as its state switch is
	// known (Do, before the points and the generic checks): it prepares
	// what the power raises (doing.raise) or hands the whole action on
	// (doing.handled) when the power's effect is an action of its own.
	Begin func(d *doing) error
	// Switch finds the lasting state a use of the power switches on or
	// off (stateFor), where the power's states are not its one state in
	// combat.States switched by a use with no effect.
	Switch func(c *Combatant, a ActionRecord) (stateSwitch, bool, error)
	// SwitchOn checks switching the power's state on (stateFor);
	// SwitchedOn makes the changes of switching it on, once the panels
	// are spent and before the state is kept (switchState), rolling any
	// dice on ctx's roller; StateEnded undoes them however the state
	// ends (endEffect).
	SwitchOn   func(c *Combatant) error
	SwitchedOn func(e *Encounter, ctx Ctx, c *Combatant) error
	StateEnded func(e *Encounter, c *Combatant)
	// SwitchedOff says what its holder does when it switches the power's
	// lasting state off, for the log (switchState): "becomes visible
	// again".
	SwitchedOff string
	// Attacking checks an attack by att before it is resolved (Attack):
	// what the power asks of an attack made with it.
	Attacking func(e *Encounter, att *Combatant, req combat.Request) error
	// Attacked makes the changes an attack made with the power leaves on
	// its attacker once it is resolved (Attack), rolling any dice on
	// ctx's roller.
	Attacked func(e *Encounter, ctx Ctx, att *Combatant) error
	// Walk limits a walk (not a teleport) while the power's state is on
	// (doing.walkRules): the speed in a panel and the step that says why,
	// or a refusal of the metres asked for.
	Walk func(d *doing, fh *hero.Hero, speed int) (int, *ruling.Step, error)
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
	// PanelsPass is what the effect's clock does as its holder spends n
	// panels, for effects the book counts in panels (panelsPassed); it
	// reports whether the effect ended. nil: it counts pages only.
	PanelsPass func(e *Encounter, c *Combatant, i, n int) bool
	// Auto offers the autopilot the power's uses on c's turn (the
	// sensible policy, autoUses): what c could do with the power now,
	// each with its worth on the scale of an attack's OutProgress, so
	// that the policy weighs them against c's attacks. It reads the
	// fight and the attacks' weights (Weigh: walked once per simulation)
	// and works its own odds in closed form; it rolls nothing and changes
	// nothing; it appends the uses to out. nil: the autopilot never uses
	// the power.
	Auto func(e *Encounter, c *Combatant, opt combat.Options, out []autoUse) []autoUse
	// Avoid rolls the power to avoid something unfortunate happening to
	// c (what: a note for the log), outside any action and its panels
	// (`fight luck`, Encounter.Luck): whether it is avoided. chance is
	// the GM's own (0: the power's).
	Avoid func(e *Encounter, ctx Ctx, c *Combatant, chance int, what string) (bool, error)
	// Mental is a psychic power's, spell's or device's own share of the
	// mental powers' path (doMental), on its own row (rulebook.PsiX,
	// SpellX, ImplantX): nil for a power that is not one, or that has
	// nothing to add.
	Mental *mentalRule
}

// powerRules are the powers whose in-fight rules live in one file each;
// adding a power is its file, its row in newPowerTable and its test.
func powerRules() map[rulebook.PowerID]powerRule { return powerTable().rules }

// powerRuleTable is powerRules with the lists drawn from it.
type powerRuleTable struct {
	rules map[rulebook.PowerID]powerRule
	// attackers are the powers with an Attacking hook, sorted; autoPowers
	// those with an Auto hook.
	attackers, autoPowers []rulebook.PowerID
}

// powerTable is built on first use, not at initialisation (a map of 30
// rows and their lists: docs/architecture.md, "Conventions that are
// rules"). It is set in init because the rows' hooks reach powerRules
// again, through the effects they end: as a package-level initializer
// that is an initialisation cycle.
var powerTable func() *powerRuleTable

func init() { powerTable = sync.OnceValue(newPowerTable) }

func newPowerTable() *powerRuleTable {
	t := &powerRuleTable{rules: map[rulebook.PowerID]powerRule{
		rulebook.ImplantRetractableGlider:  gliderRule,
		rulebook.PowerElasticity:           elasticityRule,
		rulebook.PowerTeleport:             teleportRule,
		rulebook.PowerDuplication:          duplicationRule,
		rulebook.PowerSuperHealth:          superHealthRule,
		rulebook.PowerForcefield:           forcefieldRule,
		rulebook.PowerSnare:                snareRule,
		rulebook.PowerDensityControlSelf:   densitySelfRule,
		rulebook.PowerDensityControlOther:  densityOtherRule,
		rulebook.PowerGrowth:               growthRule,
		rulebook.PowerShrinking:            shrinkingRule,
		rulebook.PowerWeatherControl:       weatherRule,
		rulebook.PowerEnvironmentalControl: environmentalRule,
		rulebook.PowerMagic:                magicRule,
		rulebook.PowerVehicle:              vehicleRule,
		rulebook.PowerShapechange:          shapechangeRule,
		rulebook.PowerImpervious:           imperviousRule,
		rulebook.PowerPhasing:              phasingRule,
		rulebook.PowerPsychicAbility:       psychicRule,
		rulebook.PowerCybernetics:          cyberneticsRule,
		rulebook.PsiMindControl:            mindControlRule,
		rulebook.SpellHypnotism:            hypnotismRule,
		rulebook.ImplantMindControlDevice:  hypnotismRule,
		rulebook.PsiPsychicDrain:           psychicDrainRule,
		rulebook.PsiTransmutation:          transmutationRule,
		rulebook.PsiTelekinesis:            telekinesisRule,
		rulebook.SpellRestraint:            restraintRule,
		rulebook.PowerLuck:                 luckRule,
		rulebook.PowerInvisibility:         invisibilityRule,
		rulebook.PowerCamouflage:           camouflageRule,
	}}
	for id, r := range t.rules {
		if r.Attacking != nil {
			t.attackers = append(t.attackers, id)
		}
		if r.Auto != nil {
			t.autoPowers = append(t.autoPowers, id)
		}
	}
	slices.Sort(t.attackers)
	slices.Sort(t.autoPowers)
	return t
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
	for _, r := range powerRules() {
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

// panelsPassed ticks, by the panel, the clocks of the effects on c that
// the book counts in panels (the glider's flight, p. 52), and of the mass
// and gravity c has let go of (pp. 54, 57), as c spends n
// panels: on actions, on repaying reactions, at the end of a page.
func (e *Encounter) panelsPassed(c *Combatant, n int) {
	if n <= 0 {
		return
	}
	e.fallByPanels(c, n) // mass and gravity let go (massfall.go)
	for i := 0; i < len(c.Effects); {
		if r, ok := effectRule(c.Effects[i].Name); ok && r.PanelsPass != nil && r.PanelsPass(e, c, i, n) {
			continue
		}
		i++
	}
}

// attackingRules checks an attack against the Attacking hook of every
// power that has one, in a stable order (attackers); a hook says nothing
// about an attack not made with its power.
func (e *Encounter) attackingRules(att *Combatant, req combat.Request) error {
	for _, id := range powerTable().attackers {
		if err := powerRules()[id].Attacking(e, att, req); err != nil {
			return err
		}
	}
	return nil
}

// stateEnded calls the StateEnded hook of the power whose lasting state
// ended.
func (e *Encounter) stateEnded(c *Combatant, name string) {
	if info, ok := combat.StateByName(name); ok {
		if end := powerRules()[info.Power].StateEnded; end != nil {
			end(e, c)
		}
	}
}

// walkRules applies the Walk hooks of the powers whose lasting states the
// walker is in, in the order the states were switched on; walked is the
// last hook's step (nil: none applied).
func (d *doing) walkRules(fh *hero.Hero, speed int) (int, *ruling.Step, error) {
	var walked *ruling.Step
	for _, ef := range d.c.Effects {
		info, ok := combat.StateByName(ef.Name)
		if !ok || powerRules()[info.Power].Walk == nil {
			continue
		}
		m, st, err := powerRules()[info.Power].Walk(d, fh, speed)
		if err != nil {
			return 0, nil, err
		}
		speed, walked = m, st
	}
	return speed, walked, nil
}
