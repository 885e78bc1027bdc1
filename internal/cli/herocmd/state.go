package herocmd

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/ruling"
	"github.com/codename-spandex/spandex/pkg/undo"
)

// StateOptions are the inputs of `spandex hero state`.
type StateOptions struct {
	*cmdutil.Env
	File    string
	InPlace string
	On      string
	Off     string
	Form    string
	Board   bool
	Leave   bool
}

// NewCmdState builds `spandex hero state`. runF replaces runState in tests.
func NewCmdState(f *cmdutil.Factory, runF func(*StateOptions) error) *cobra.Command {
	opts := &StateOptions{Env: f.Env(cmdutil.FormatJSON)}
	if runF == nil {
		runF = runState
	}
	cmd := &cobra.Command{
		Use:   "state [FILE|-] --on STATE | --off STATE | --form NAME | --board | --leave",
		Short: "Switch a lasting power state on or off on a hero file",
		Long: `Switch a lasting power state on or off on a hero file outside a fight:
the file's "states" list, which ` + "`spandex attack`" + ` applies to every
attack by and on the hero and which a fight starts with on the combatant.

  grown        Growth (pp. 60-61): strength and endurance rise by the power's
               1d6s (values.str_d6, end_d6); the extra endurance's health and
               stamina (1d6 each per point) are rolled the first time and kept
               on the power (values.grown_health, grown_stamina); damage comes
               off them first, and growing again brings back only what is
               left (values.grown_health_left, grown_stamina_left)
  shrunk       Shrinking (pp. 70-71): -3 to hit it, minimum damage, 1 m a panel
  denser       Density Control (Self) (p. 54): half panels, +10 melee damage,
               knockback threshold +5
  lighter      Density Control (Self) (p. 54): minimum melee damage,
               knockback threshold 10
  phased       Phasing (p. 66)
  invisible    Invisibility (p. 61): -4 to hit it
  camouflaged  Camouflage (p. 52): -2 to hit it while it moves
  shapechanged Shapechange, freeform (p. 70): its own scores, no other
               super power (the size of growth, larger or shrinking
               kept), no change of size

--form NAME puts a hero whose Shapechange has specific forms (p. 70) in
the named form of its "forms" (` + "`hero derive`" + ` gives a hero without
any the book's heroic and secret-identity forms): the file's "form",
after which ` + "`spandex attack`" + ` and a fight use only that form's powers,
abilities and combat figures. In a fight: ` + "`fight act --power shapechange`" + `
--form NAME, a single panel.

--board and --leave put a hero with the Vehicle power aboard its custom
vehicle (the file's "vehicle", p. 77) or take it off: aboard, the powers
built into the vehicle are the hero's (their attacks in ` + "`spandex attack`" + `
and a fight), off it they are not. A wrecked vehicle (no health left,
p. 39) cannot be boarded. In a fight: ` + "`fight act --power vehicle`" + `
--effect board|leave.

The hero must have the power; grown and shrunk, denser and lighter
exclude each other. --off also takes off a state another's power left
on the file (imposed_states: mind-control, hypnotised, drained, bound;
` + "`spandex contest`" + ` puts them on). In a fight, switch states with ` + "`fight act --power`" + `
(a double-panel, a panel for Invisibility and Camouflage).

--dice order: only growing the first time: the extra health's d6s (one per
point of the power's end_d6), then the extra stamina's.

The hero is written to stdout, or atomically over FILE with -i; a "state"
event is appended to its log.`,
		Example: `  spandex hero state titan.json --on grown --dice 3,4,5,6,1,2 > grown.json
  spandex hero state -i titan.json --on shrunk
  spandex hero state -i titan.json --on camouflaged --explain
  spandex hero state -i mimic.json --form secret-identity
  spandex hero state -i rider.json --board --explain`,
		Args: cobra.MaximumNArgs(1),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.fromArgs),
	}
	cmd.Flags().StringVarP(&opts.InPlace, "in-place", "i", "", "rewrite FILE atomically instead of writing to stdout")
	cmd.Flags().StringVar(&opts.On, "on", "", "the state to switch on ("+combat.StateNames()+")")
	cmd.Flags().StringVar(&opts.Off, "off", "", "the state to switch off")
	cmd.Flags().StringVar(&opts.Form, "form", "", "Shapechange with specific forms: the form to switch to (p. 70)")
	cmd.Flags().BoolVar(&opts.Board, "board", false, "Vehicle: go aboard the custom vehicle (p. 77)")
	cmd.Flags().BoolVar(&opts.Leave, "leave", false, "Vehicle: leave the custom vehicle (p. 77)")
	return cmd
}

func (opts *StateOptions) fromArgs(_ *cobra.Command, args []string) (err error) {
	if opts.File, err = heroFileArg(args, opts.InPlace, "hero state"); err != nil {
		return err
	}
	var given []string
	for _, f := range []struct {
		name string
		set  bool
	}{{"--on", opts.On != ""}, {"--off", opts.Off != ""}, {"--form", opts.Form != ""}, {"--board", opts.Board}, {"--leave", opts.Leave}} {
		if f.set {
			given = append(given, f.name)
		}
	}
	switch {
	case len(given) > 1:
		return cmdutil.Inputf("%s: one switch at a time (%s given)", given[1], strings.Join(given, " and "))
	case opts.Form != "" || opts.Board || opts.Leave:
		return nil
	case opts.On == "" && opts.Off == "":
		return cmdutil.Inputf("--on, --off, --form, --board or --leave: name the state (%s), the form or the vehicle switch", combat.StateNames())
	}
	name := opts.On + opts.Off
	if imposedName(name) {
		if opts.On != "" {
			return cmdutil.Inputf("--on: %q is left by another's power (`spandex contest`), not switched on", name)
		}
		return nil
	}
	if _, ok := combat.StateByName(name); !ok {
		flag := map[bool]string{true: "--on", false: "--off"}[opts.On != ""]
		return cmdutil.Inputf("%s: %q is not a lasting state (%s)", flag, name, combat.StateNames())
	}
	return nil
}

// stateDetails is the "state" event's record.
type stateDetails struct {
	State string        `json:"state"`
	On    bool          `json:"on"`
	Dice  []dice.Rolled `json:"dice"`
	Steps ruling.Steps  `json:"steps"`
}

// formDetails is a form switch's "state" event record.
type formDetails struct {
	Form  string       `json:"form"`
	From  string       `json:"from"`
	Steps ruling.Steps `json:"steps"`
}

// vehicleDetails is the "state" event record of boarding or leaving the
// vehicle.
type vehicleDetails struct {
	Vehicle string       `json:"vehicle"`
	Aboard  bool         `json:"aboard"`
	Steps   ruling.Steps `json:"steps"`
}

// runState switches the state and writes the hero.
func runState(opts *StateOptions) error {
	if opts.InPlace == "" {
		if err := opts.WholeFile("the changed hero", cmdutil.HintInPlace); err != nil {
			return err
		}
	}
	h, err := opts.ReadHero(opts.File)
	if err != nil {
		return err
	}
	rs, err := opts.Roller()
	if err != nil {
		return err
	}
	// The event records what the switch changed (hero undo).
	before, err := hero.Snapshot(h)
	if err != nil {
		return cmdutil.Internal(err)
	}
	n := len(h.Log)
	rec := dice.NewRecorder(rs.Roller)
	state, on := opts.On+opts.Off, opts.On != ""
	var steps ruling.Steps
	switch {
	case opts.Form != "":
		from := h.Form
		if steps, err = combat.SwitchForm(h.Name, h, opts.Form); err != nil {
			return fmt.Errorf("%s: --%w", name(opts.File), err)
		}
		summary := fmt.Sprintf("%s: from its %s form to its %s form (p. 70)", h.Name, from, opts.Form)
		return writeSwitch(opts, h, before, n, summary, formDetails{Form: opts.Form, From: from, Steps: steps}, steps)
	case opts.Board || opts.Leave:
		if steps, err = combat.BoardVehicle(h.Name, h, opts.Board); err != nil {
			flag := map[bool]string{true: "--board", false: "--leave"}[opts.Board]
			return fmt.Errorf("%s: %s: %w", name(opts.File), flag, err)
		}
		verb := map[bool]string{true: "boards", false: "leaves"}[opts.Board]
		summary := fmt.Sprintf("%s %s its vehicle, %s (p. 77)", h.Name, verb, h.Vehicle.Name)
		return writeSwitch(opts, h, before, n, summary, vehicleDetails{Vehicle: h.Vehicle.Name, Aboard: opts.Board, Steps: steps}, steps)
	}
	if imposedName(state) {
		i := slices.IndexFunc(h.ImposedStates, func(s hero.ImposedState) bool { return s.Name == state })
		if i < 0 {
			return cmdutil.Inputf("%s: %s is not %s", name(opts.File), h.Name, state)
		}
		h.ImposedStates = slices.Delete(h.ImposedStates, i, i+1)
		steps.Add("state", "pp. 63-64, 68-69", "%s ends (the GM's call outside a fight)", state)
	} else if steps, err = combat.SwitchState(h, state, on, rec); err != nil {
		return fmt.Errorf("%s: %w", name(opts.File), err)
	}
	if err := opts.FinishDice(); err != nil {
		return err
	}
	rolled := rec.Rolls()
	var seed *uint64
	if len(rolled) > 0 {
		seed = rs.SeedPtr()
	}
	if rolled == nil {
		rolled = []dice.Rolled{}
	}
	summary := fmt.Sprintf("%s: %s %s", h.Name, state, map[bool]string{true: "on", false: "off"}[on])
	if state == combat.StateGrown {
		summary += fmt.Sprintf(" (strength %d, endurance %d, health %d/%d, stamina %d/%d)", h.Abilities.Final.Strength, h.Abilities.Final.Endurance,
			h.Health.Current, h.Health.Max, h.Stamina.Current, h.Stamina.Max)
	}
	if err := h.AppendEvent("state", summary, seed, stateDetails{State: state, On: on, Dice: rolled, Steps: steps}); err != nil {
		return err
	}
	if err := h.RecordChange(before, n); err != nil {
		return cmdutil.Internal(err)
	}
	if err := opts.ExplainSteps(steps); err != nil {
		return err
	}
	if !opts.SeedGiven { // --seed N given: no replay hint
		cmdutil.ReportSeed(opts.IO.ErrOut, seed)
	}
	return opts.WriteHero(h, opts.InPlace)
}

// writeSwitch logs a switch that rolls nothing (a form, the vehicle) as a
// "state" event recording what it changed, explains it and writes the
// hero.
func writeSwitch(opts *StateOptions, h *hero.Hero, before *undo.Snapshot, n int, summary string, details any, steps ruling.Steps) error {
	if err := h.AppendEvent("state", summary, nil, details); err != nil {
		return err
	}
	if err := h.RecordChange(before, n); err != nil {
		return cmdutil.Internal(err)
	}
	if err := opts.ExplainSteps(steps); err != nil {
		return err
	}
	return opts.WriteHero(h, opts.InPlace)
}

// imposedName reports a state another's power leaves on a hero file
// (imposed_states): only --off takes it away.
func imposedName(s string) bool {
	switch s {
	case hero.ImposedMindControl, hero.ImposedHypnotised, hero.ImposedDrained, hero.ImposedBound:
		return true
	}
	return false
}
