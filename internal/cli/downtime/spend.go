package downtime

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/downtime"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// SpendOptions are the inputs of `spandex downtime spend`.
type SpendOptions struct {
	*cmdutil.Env
	Target   cmdutil.HeroTarget
	Points   int
	Goal     string
	Fit      string
	Sides    []string
	Activity string
	Simpler  bool
}

// SpendOutput is the JSON report of `downtime spend`.
type SpendOutput struct {
	Name string `json:"name"`
	downtime.SpendResult
}

// NewCmdSpend builds `spandex downtime spend`.
func NewCmdSpend(f *cmdutil.Factory, runF func(*SpendOptions) error) *cobra.Command {
	opts := &SpendOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runSpend
	}
	cmd := &cobra.Command{
		Use:   "spend [-i FILE | FILE|-] --points N --goal GOAL --fit FIT [--side GOAL=XP]...",
		Short: "Spend downtime points on an activity for experience",
		Long: `Spend downtime points on an activity (pp. 44-46). The GM judges how
well the activity suits its main goal (--fit, the Downtime Point
Experience Table, p. 45): completely-unsuitable 1, poor 2, average 3,
well-suited 4, ideal 5 experience per point (or give the number). The
rest of the ideal 5 may go to side goals the GM names: --side GOAL=XP,
repeated. The total may not exceed 5 per point; less is allowed with a
warning. Without --goal every point goes to the side goals.

Experience accrues per goal in the hero file. Experience towards a goal
whose recent increase is being kept pays that week's upkeep first (5,
which does not accrue, p. 46). Experience towards device:NAME advances
the device's stages. When a goal has enough for its next increase the
report says "ready": buy it with downtime buy.

--simpler (or the config option rules.simpler_experience) uses the
optional simpler rule (p. 46): points go straight to --goal, each worth 5
experience (3 towards a new power or sub-power), without --fit or --side.

Goals: see spandex downtime --help. Fame, competence, approachability,
success rate, public response and security cannot be raised (p. 46).

With -i FILE the file is rewritten and the report printed (JSON when
piped: name, points, points_left, fit, xp_per_point, credits[{goal, xp,
upkeep, accrued, experience, ready}], warnings, steps); otherwise the
hero goes to stdout and the report to stderr.`,
		Example: `  spandex downtime spend -i guardian.json --points 7 --goal public_relations --fit average --side backing=1 --side methods=1
  spandex downtime spend -i guardian.json --points 2 --goal strength --fit ideal --activity "the gym"
  spandex downtime spend -i guardian.json --points 3 --goal device:tracer --fit well-suited`,
		Args: cmdutil.OneHeroFile("downtime spend"),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.Target.FromArgs, requirePoints),
	}
	opts.Target.AddInPlaceFlag(cmd)
	fl := cmd.Flags()
	fl.IntVarP(&opts.Points, "points", "p", 0, "downtime points spent on the activity")
	fl.StringVarP(&opts.Goal, "goal", "g", "", "the activity's main goal (public_relations, strength, power:flight, device:NAME, ...)")
	fl.StringVar(&opts.Fit, "fit", "", "how well the activity suits the goal: completely-unsuitable|poor|average|well-suited|ideal or 1-5")
	fl.StringArrayVar(&opts.Sides, "side", nil, "a side goal and its experience per point, GOAL=XP (repeatable)")
	fl.StringVar(&opts.Activity, "activity", "", "what the hero does (for the log)")
	fl.BoolVar(&opts.Simpler, "simpler", false, "use the optional simpler experience rule (p. 46)")
	return cmd
}

// requirePoints refuses a spend without --points.
func requirePoints(cmd *cobra.Command, _ []string) error {
	if !cmd.Flags().Changed("points") {
		return cmdutil.Inputf("--points: say how many downtime points the activity takes")
	}
	return nil
}

// runSpend spends the points.
func runSpend(opts *SpendOptions) error {
	env := opts.Env
	req := downtime.SpendRequest{Points: opts.Points, Activity: opts.Activity}
	if opts.Goal != "" {
		g, err := downtime.ParseGoal(opts.Goal)
		if err != nil {
			return cmdutil.Inputf("--goal: %w", err)
		}
		req.Goal = &g
	}
	if opts.Fit != "" {
		fit, err := downtime.ParseFit(opts.Fit)
		if err != nil {
			return cmdutil.Inputf("--fit: %w", err)
		}
		req.Fit = fit
	}
	for _, s := range opts.Sides {
		side, err := downtime.ParseSide(s)
		if err != nil {
			return cmdutil.Inputf("--side: %w", err)
		}
		req.Sides = append(req.Sides, side)
	}
	return opts.Target.Change(env, func(h *hero.Hero) (cmdutil.HeroChange, error) {
		ro, err := ruleOptions(env, opts.Simpler, false)
		if err != nil {
			return cmdutil.HeroChange{}, err
		}
		res, err := downtime.Spend(h, req, ro)
		if err != nil {
			return cmdutil.HeroChange{}, err
		}
		summary := fmt.Sprintf("spent %d downtime %s", res.Points, plural(res.Points, "point", "points"))
		if res.Activity != "" {
			summary += " on " + res.Activity
		}
		for i, c := range res.Credits {
			sep := ": "
			if i > 0 {
				sep = ", "
			}
			summary += fmt.Sprintf("%s%s +%d", sep, c.Goal, c.XP)
		}
		return change(summary, nil, SpendOutput{Name: h.Name, SpendResult: res}, res.Steps, res.Warnings, func(w io.Writer) error {
			return writeSpend(w, h, res)
		}), nil
	})
}

func writeSpend(w io.Writer, h *hero.Hero, res downtime.SpendResult) error {
	how := ""
	if res.Fit != "" {
		how = fmt.Sprintf(" (%s: %d experience a point)", res.Fit, rulebook.Fit(res.Fit).XP())
	}
	fmt.Fprintf(w, "%s: spent %d downtime %s%s, %d left this week\n", termtext.Escape(h.Name), res.Points, plural(res.Points, "point", "points"), how, res.PointsLeft)
	for _, c := range res.Credits {
		line := fmt.Sprintf("  %-22s +%d experience", c.Goal, c.XP)
		if c.Upkeep > 0 {
			line += fmt.Sprintf(" (%d kept a recent increase)", c.Upkeep)
		}
		if c.Lost > 0 {
			line += fmt.Sprintf(" (%d lost)", c.Lost)
		}
		line += fmt.Sprintf(", now %d", c.Experience)
		if c.Ready {
			line += "  ready: downtime buy " + c.Goal
		}
		fmt.Fprintln(w, line)
	}
	return nil
}
