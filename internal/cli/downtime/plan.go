package downtime

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/downtime"
	prof "github.com/codename-spandex/spandex/pkg/profile"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// PlanOptions are the inputs of `spandex downtime plan`.
type PlanOptions struct {
	*cmdutil.Env
	File    string
	Goal    string
	Fit     string
	Simpler bool
}

// PlanOutput is the JSON output of `downtime plan`.
type PlanOutput struct {
	Name string `json:"name"`
	downtime.Plan
}

// NewCmdPlan builds `spandex downtime plan`.
func NewCmdPlan(f *cmdutil.Factory, runF func(*PlanOptions) error) *cobra.Command {
	opts := &PlanOptions{Env: f.Env(cmdutil.FormatTable)}
	if runF == nil {
		runF = runPlan
	}
	cmd := &cobra.Command{
		Use:   "plan [FILE|-] --goal GOAL [--fit FIT]",
		Short: "What the next increase of a goal will take, in points and weeks",
		Long: `Work out what the next increase of a goal will take (pp. 44-48): its
experience cost and what is already accrued, anything that blocks it
(a maximum, confidence below 46 for resources, a power's maximum rank),
and for each row of the Downtime Point Experience Table (or only --fit)
the downtime points still needed and how many more weekly allowances
that takes after the points left this week. Profile measures, abilities
and resources also show the upkeep that keeps the increase: 5 experience
a week for as many weeks as the new score.

Under --simpler (rules.simpler_experience) the cost is in points: the
experience cost / 5, or / 3 for a new power, rounded up.

The hero file is not changed. Output (JSON when piped): name, price{goal,
current, next, xp, dp, have, formula, page, blocked, upkeep_weeks}, need,
points_left, points_per_week, rows[{fit, xp_per_point, points, weeks,
upkeep_points_per_week}], upkeep_xp, steps.`,
		Example: `  spandex downtime plan guardian.json --goal public_relations --fit average
  spandex downtime plan guardian.json --goal material_resources
  spandex downtime plan guardian.json --goal power:flight --simpler`,
		Args: cmdutil.OneHeroFile("downtime plan"),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.fromArgs),
	}
	cmd.Flags().StringVarP(&opts.Goal, "goal", "g", "", "the goal to plan for")
	cmd.Flags().StringVar(&opts.Fit, "fit", "", "only this fit: completely-unsuitable|poor|average|well-suited|ideal or 1-5")
	cmd.Flags().BoolVar(&opts.Simpler, "simpler", false, "use the optional simpler experience rule (p. 46)")
	return cmd
}

// fromArgs takes the hero file, when there is one.
func (opts *PlanOptions) fromArgs(_ *cobra.Command, args []string) error {
	if len(args) == 1 {
		opts.File = args[0]
	}
	return nil
}

// runPlan prints the plan.
func runPlan(opts *PlanOptions) error {
	env := opts.Env
	if opts.Goal == "" {
		return cmdutil.Inputf("--goal: name the goal to plan for")
	}
	g, err := downtime.ParseGoal(opts.Goal)
	if err != nil {
		return cmdutil.Inputf("--goal: %w", err)
	}
	var fit rulebook.Fit
	if opts.Fit != "" {
		if fit, err = downtime.ParseFit(opts.Fit); err != nil {
			return cmdutil.Inputf("--fit: %w", err)
		}
	}
	h, err := env.ReadHero(opts.File)
	if err != nil {
		return err
	}
	ro, err := ruleOptions(env, opts.Simpler, false)
	if err != nil {
		return err
	}
	if ro.Simpler && fit != "" {
		return cmdutil.Inputf("--fit: the simpler experience rule has no fits (p. 46)")
	}
	if h.Kind == "robot" {
		fmt.Fprintf(env.IO.ErrOut, "note: %s is a robot: its creator spends the downtime points; the new-power cost counts being a robot as a power (p. 50)\n", h.Name)
	} else if !prof.HasProfile(h) {
		return cmdutil.Inputf("%s is a %s: only heroes, villains, sidekicks and androids get downtime (pp. 44, 50)", h.Name, h.Kind)
	}
	c := *h
	prof.Recompute(&c)
	pl, err := downtime.MakePlan(&c, g, fit, ro)
	if err != nil {
		return err
	}
	if err := env.ExplainSteps(pl.Steps); err != nil {
		return err
	}
	if opts.Format.IsJSON() {
		return cmdutil.WriteJSON(env.IO.Out, opts.Format, PlanOutput{Name: h.Name, Plan: pl})
	}
	// The prose lines fold on a terminal; the table fits by itself.
	w := env.IO.Out
	p := pl.Price
	if err := env.Folded(w, "    ", func(w io.Writer) error {
		fmt.Fprintf(w, "%s: %s: %d experience (%s), %d accrued, %d to go\n", termtext.Escape(h.Name), g.Key, p.XP, p.Formula, p.Have, pl.Need)
		if p.Blocked != "" {
			fmt.Fprintf(w, "  blocked: %s\n", p.Blocked)
		}
		return nil
	}); err != nil {
		return err
	}
	if opts.Format == cmdutil.FormatTable {
		var rows [][]string
		for _, r := range pl.Rows {
			rows = append(rows, []string{fitLabel(r.Fit), fmt.Sprint(r.XPPerPoint), fmt.Sprint(r.Points), fmt.Sprint(r.Weeks), fmt.Sprint(r.UpkeepPoints)})
		}
		if err := cmdutil.Table(w, []string{"Fit", "XP/point", "Points", "More weeks", "Upkeep points/week"}, rows); err != nil {
			return err
		}
	} else {
		for _, r := range pl.Rows {
			fmt.Fprintf(w, "  %-22s %d a point: %d points, %d more %s after the %d left this week", fitLabel(r.Fit), r.XPPerPoint, r.Points, r.Weeks, plural(r.Weeks, "week", "weeks"), pl.PointsLeft)
			if r.UpkeepPoints > 0 {
				fmt.Fprintf(w, "; upkeep %d %s a week", r.UpkeepPoints, plural(r.UpkeepPoints, "point", "points"))
			}
			fmt.Fprintln(w)
		}
	}
	if p.UpkeepWeeks > 0 {
		fmt.Fprintf(w, "  then keep it: 5 experience a week for %d weeks (%d in all)\n", p.UpkeepWeeks, pl.Upkeep)
	}
	return nil
}

func fitLabel(f rulebook.Fit) string {
	if f == "" {
		return "simpler"
	}
	return string(f)
}
