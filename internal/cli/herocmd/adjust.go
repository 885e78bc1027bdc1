package herocmd

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/override"
)

// AdjustKind is the hero event kind of a GM's override.
const AdjustKind = "adjust"

// AdjustOptions are the inputs of `spandex hero adjust`.
type AdjustOptions struct {
	*cmdutil.Env
	Target cmdutil.HeroTarget
	// Health, Stamina and HeroPoints are signed changes.
	Health, Stamina, HeroPoints int
	Conditions, ClearConditions []string
	Note                        string
}

// NewCmdAdjust builds `spandex hero adjust`.
func NewCmdAdjust(f *cmdutil.Factory, runF func(*AdjustOptions) error) *cobra.Command {
	opts := &AdjustOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runAdjust
	}
	cmd := &cobra.Command{
		Use:   "adjust [-i FILE | FILE|-] [--health N] [--stamina N] [--hero-points N] ...",
		Short: "The GM adjusts a hero file: health, stamina, conditions, hero points",
		Long: `The GM adjusts what the rules do not see on a hero file, outside a fight
(in a fight: ` + "`fight adjust`" + `). One "adjust" event is appended to the hero's
log, undone by ` + "`hero undo`" + `. Rolls no dice.

  --health N, --stamina N   add (N) or take away (-N); never above the
                            maximum, stamina never below 0; the damage
                            conditions are then worked out again from the
                            tracks as after damage (pp. 37-38)
  --condition NAME          set a condition (repeatable); --clear-condition
                            NAME clears one: ` + override.ConditionNames() + `
  --hero-points N           give or take hero points (never below 0). By
                            the book hero points come only from a high
                            Confidence and refresh at the start of an
                            adventure (pp. 14-15, 24; ` + "`profile refresh`" + `
                            refills them): a GM's gift is a house rule, and
                            the log says so; a gift past the maximum raises
                            it until ` + "`profile refresh`" + ` works it out again
  --note TEXT               why, for the log

With -i FILE the file is rewritten and the adjustment printed (JSON when
piped); otherwise the hero goes to stdout.`,
		Example: `  spandex hero adjust -i guardian.json --health -4 --note "the lab fire"
  spandex hero adjust -i guardian.json --condition prone`,
		Args: cmdutil.OneHeroFile("hero adjust"),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.Target.FromArgs),
	}
	opts.Target.AddInPlaceFlag(cmd)
	fl := cmd.Flags()
	fl.IntVar(&opts.Health, "health", 0, "add N health (-N takes it away)")
	fl.IntVar(&opts.Stamina, "stamina", 0, "add N stamina (-N takes it away; never below 0)")
	fl.IntVar(&opts.HeroPoints, "hero-points", 0, "give N hero points (-N takes them; a gift past the maximum raises it)")
	fl.StringArrayVar(&opts.Conditions, "condition", nil, "set the condition NAME (repeatable)")
	fl.StringArrayVar(&opts.ClearConditions, "clear-condition", nil, "clear the condition NAME (repeatable)")
	fl.StringVar(&opts.Note, "note", "", "why, for the log")
	return cmd
}

// runAdjust makes the adjustment on the hero file.
func runAdjust(opts *AdjustOptions) error {
	c := override.Change{Health: opts.Health, Stamina: opts.Stamina, HeroPoints: opts.HeroPoints,
		Set: opts.Conditions, Clear: opts.ClearConditions}
	if c.Empty() {
		return cmdutil.Inputf("give something to adjust: --health, --stamina, --hero-points, --condition or --clear-condition")
	}
	return opts.Target.Change(opts.Env, func(h *hero.Hero) (cmdutil.HeroChange, error) {
		rec := override.Record{Who: h.Name, Note: opts.Note, ConditionBefore: h.Condition.State()}
		items, steps, err := override.Hero(h, c)
		if err != nil {
			return cmdutil.HeroChange{}, err
		}
		rec.Changes, rec.ConditionAfter = items, h.Condition.State()
		summary := rec.Summary()
		return cmdutil.HeroChange{Kind: AdjustKind, Summary: summary, Details: rec, Steps: steps, Text: func(w io.Writer) error {
			_, err := fmt.Fprintln(w, termtext.Escape(summary))
			return err
		}}, nil
	})
}
