package downtime

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/downtime"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// WeekOptions are the inputs of `spandex downtime week`.
type WeekOptions struct {
	*cmdutil.Env
	Target    cmdutil.HeroTarget
	Away      bool
	CarryOver bool
}

// WeekOutput is the JSON report of `downtime week`.
type WeekOutput struct {
	Name string `json:"name"`
	downtime.WeekResult
}

// NewCmdWeek builds `spandex downtime week`.
func NewCmdWeek(f *cmdutil.Factory, runF func(*WeekOptions) error) *cobra.Command {
	opts := &WeekOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runWeek
	}
	cmd := &cobra.Command{
		Use:   "week [-i FILE | FILE|-]",
		Short: "Start a new week: allowance, upkeep of recent increases, reversions",
		Long: `End the hero's current downtime week and start the next (pp. 44, 46).

1. Every increase being kept is checked: 5 experience paid towards it
   this week counts one week of upkeep; less is a missed week. After as
   many paid weeks as the new score the increase is kept for good; more
   than two missed weeks in a row revert it (the report lists
   reversions). An increase bought this week owes upkeep from next week.
2. The profile is recomputed (a reversion can change confidence).
3. The new allowance is 7 points, -2 at confidence 15-30, +1 with the
   Idle Rich perk; --away (a week or more away on a long adventure)
   gives none. Unspent points are lost unless --carry-over or the config
   option rules.carry_over_downtime says otherwise.

With -i FILE the file is rewritten and the report printed (JSON when
piped: name, closed, week, allowance, carried, forfeited, points, upkeep,
reverted, changes, steps); otherwise the hero goes to stdout and the
report to stderr. An event "downtime" is appended to the hero's log.`,
		Example: `  spandex downtime week -i guardian.json
  spandex downtime week -i guardian.json --away`,
		Args: cmdutil.OneHeroFile("downtime week"),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.Target.FromArgs),
	}
	opts.Target.AddInPlaceFlag(cmd)
	cmd.Flags().BoolVar(&opts.Away, "away", false, "the hero was away on a long adventure all week: no points (p. 44)")
	cmd.Flags().BoolVar(&opts.CarryOver, "carry-over", false, "unspent points carry into the new week (option; default: lost)")
	return cmd
}

// runWeek starts the new week.
func runWeek(opts *WeekOptions) error {
	env := opts.Env
	return opts.Target.Change(env, func(h *hero.Hero) (cmdutil.HeroChange, error) {
		ro, err := ruleOptions(env, false, opts.CarryOver)
		if err != nil {
			return cmdutil.HeroChange{}, err
		}
		res, err := downtime.NewWeek(h, downtime.WeekRequest{Away: opts.Away}, ro)
		if err != nil {
			return cmdutil.HeroChange{}, err
		}
		summary := fmt.Sprintf("week %d: %d downtime %s", res.Week, res.Points, plural(res.Points, "point", "points"))
		for _, r := range res.Reverted {
			summary += fmt.Sprintf("; %s reverted %d → %d", r.Goal, r.To, r.From)
		}
		return change(summary, nil, WeekOutput{Name: h.Name, WeekResult: res}, res.Steps, res.Warnings, func(w io.Writer) error {
			return writeWeek(w, h, res)
		}), nil
	})
}

func writeWeek(w io.Writer, h *hero.Hero, res downtime.WeekResult) error {
	fmt.Fprintf(w, "%s: week %d begins with %d downtime points (allowance %d", termtext.Escape(h.Name), res.Week, res.Points, res.Allowance)
	if res.Carried > 0 {
		fmt.Fprintf(w, ", %d carried over", res.Carried)
	}
	fmt.Fprintln(w, ")")
	if res.Forfeited > 0 {
		if res.Closed == 0 {
			// A new hero has had no week yet: the points came with it.
			fmt.Fprintf(w, "  %d unspent points from the hero's creation lost\n", res.Forfeited)
		} else {
			fmt.Fprintf(w, "  %d unspent points from week %d lost\n", res.Forfeited, res.Closed)
		}
	}
	for _, u := range res.Upkeep {
		switch u.Outcome {
		case downtime.UpkeepKept:
			fmt.Fprintf(w, "  %s %d → %d kept: %d of %d weeks of upkeep paid\n", termtext.Escape(u.Goal), u.From, u.To, u.WeeksDone, u.WeeksNeeded)
		case downtime.UpkeepReverted:
			fmt.Fprintf(w, "  %s REVERTED %d → %d: upkeep missed more than two weeks in a row\n", termtext.Escape(u.Goal), u.To, u.From)
		case downtime.UpkeepPaid:
			fmt.Fprintf(w, "  %s %d → %d: upkeep paid, %d of %d weeks\n", termtext.Escape(u.Goal), u.From, u.To, u.WeeksDone, u.WeeksNeeded)
		case downtime.UpkeepMissed:
			fmt.Fprintf(w, "  %s %d → %d: upkeep missed (%d in a row; more than 2 revert it)\n", termtext.Escape(u.Goal), u.From, u.To, u.Missed)
		default:
			fmt.Fprintf(w, "  %s %d → %d: upkeep starts this week\n", termtext.Escape(u.Goal), u.From, u.To)
		}
	}
	if len(res.Changes) > 0 {
		fmt.Fprintf(w, "  %s\n", termtext.Escape(joinChanges(res.Changes)[2:]))
	}
	return nil
}
