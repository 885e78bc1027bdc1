package fight

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/override"
)

// AdjustOptions are the inputs of `spandex fight adjust`.
type AdjustOptions struct {
	*cmdutil.Env
	File File
	// On is the combatant adjusted.
	On string
	// Health, Stamina, HeroPoints and Panels are signed changes.
	Health, Stamina, HeroPoints, Panels int
	Conditions, ClearConditions         []string
	States, ClearStates                 []string
	Side                                string
	Note                                string
}

// NewCmdAdjust builds `spandex fight adjust`.
func NewCmdAdjust(f *cmdutil.Factory, runF func(*AdjustOptions) error) *cobra.Command {
	opts := &AdjustOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runAdjust
	}
	cmd := &cobra.Command{
		Use:   "adjust [FILE] --on ID [--health N] [--stamina N] [--condition NAME] ...",
		Short: "The GM adjusts a combatant: health, stamina, conditions, panels, side",
		Long: `The GM adjusts what the rules do not see: a combatant hurt or healed by
something outside the rules, a condition or lasting state the GM rules
on, panels given back or taken this page, hero points given or taken, a
combatant who changes sides. No turn, no panels, no dice: one "adjust"
event in the log (` + "`fight log`" + `, ` + "`fight report`" + `), undone by ` + "`fight undo`" + ` like
any other change.

  --health N, --stamina N   add (N) or take away (-N); never above the
                            maximum, stamina never below 0. The damage
                            conditions are then worked out again from the
                            tracks as after damage (battered, dazed,
                            stunned, unconscious, death's door, dead,
                            pp. 37-38); a mundane combatant has none: set
                            or clear taken_out
  --condition NAME          set a condition (repeatable); --clear-condition
                            NAME clears one: ` + override.ConditionNames() + `
                            (set after the tracks; the next damage works
                            the damage conditions out again)
  --state NAME              put a lasting state on it as the GM's effect
                            (as ` + "`fight effect --add`" + `, without the power);
                            --clear-state NAME takes it off: ` + combat.StateNames() + `
                            (not grown: its scores come with the power)
  --panels N                give back N panels it spent this page, or take
                            -N of those it has left (given up); the next
                            page starts afresh (p. 30)
  --hero-points N           give or take hero points (never below 0): by
                            the book they come only from a high Confidence
                            and refresh at the start of an adventure
                            (pp. 14-15, 24; ` + "`profile refresh`" + `), so a gift is
                            the GM's house rule, logged; a gift past the
                            maximum raises it until ` + "`profile refresh`" + `
  --side NAME               move it to another side of the fight
  --note TEXT               why, for the log`,
		Example: `  spandex fight adjust -i bank.json --on guardian --health -5 --note "falling masonry"
  spandex fight adjust -i bank.json --on goon-2 --side heroes --note "switches sides"
  spandex fight adjust -i bank.json --on nefario --condition prone --panels -1`,
		Args: cobra.MaximumNArgs(1),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs, func(*cobra.Command, []string) error {
			if opts.On == "" {
				return cmdutil.Inputf("--on: missing; give --on ID (the combatant)")
			}
			return nil
		}),
	}
	opts.File.addFlag(cmd)
	fl := cmd.Flags()
	fl.StringVar(&opts.On, "on", "", "the combatant adjusted")
	fl.IntVar(&opts.Health, "health", 0, "add N health (-N takes it away)")
	fl.IntVar(&opts.Stamina, "stamina", 0, "add N stamina (-N takes it away; never below 0)")
	fl.IntVar(&opts.HeroPoints, "hero-points", 0, "give N hero points (-N takes them; a gift past the maximum raises it)")
	fl.IntVar(&opts.Panels, "panels", 0, "give back N panels spent this page (-N takes panels left)")
	fl.StringArrayVar(&opts.Conditions, "condition", nil, "set the condition NAME (repeatable)")
	fl.StringArrayVar(&opts.ClearConditions, "clear-condition", nil, "clear the condition NAME (repeatable)")
	fl.StringArrayVar(&opts.States, "state", nil, "put the lasting state NAME on (repeatable)")
	fl.StringArrayVar(&opts.ClearStates, "clear-state", nil, "take the lasting state NAME off (repeatable)")
	fl.StringVar(&opts.Side, "side", "", "move the combatant to the side NAME")
	fl.StringVar(&opts.Note, "note", "", "why, for the log")
	return cmd
}

// runAdjust makes the adjustment.
func runAdjust(opts *AdjustOptions) error {
	return change(opts.Env, opts.File, func(e *encounter.Encounter) error {
		return e.Adjust(encounter.Adjust{Who: opts.On,
			Change: override.Change{Health: opts.Health, Stamina: opts.Stamina, HeroPoints: opts.HeroPoints,
				Set: opts.Conditions, Clear: opts.ClearConditions},
			Panels: opts.Panels, SetStates: opts.States, ClearStates: opts.ClearStates, Side: opts.Side, Note: opts.Note})
	})
}
