package downtime

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/downtime"
	"github.com/codename-spandex/spandex/pkg/hero"
	prof "github.com/codename-spandex/spandex/pkg/profile"
)

// BuyOptions are the inputs of `spandex downtime buy`.
type BuyOptions struct {
	*cmdutil.Env
	Target  cmdutil.HeroTarget
	Goal    string
	Android bool
	Simpler bool
}

// BuyOutput is the JSON report of `downtime buy`.
type BuyOutput struct {
	Name string `json:"name"`
	downtime.BuyResult
	Dice []dice.Rolled `json:"dice,omitempty"`
	Seed *uint64       `json:"seed,omitempty"`
}

// NewCmdBuy builds `spandex downtime buy`.
func NewCmdBuy(f *cmdutil.Factory, runF func(*BuyOptions) error) *cobra.Command {
	opts := &BuyOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runBuy
	}
	cmd := &cobra.Command{
		Use:   "buy GOAL [-i FILE | FILE|-]",
		Short: "Buy the next increase of a goal with accrued experience",
		Long: `Spend accrued experience on the next increase of GOAL (Experience Point
Cost Table, pp. 46-48):

  profile measure   10 x current score, to its maximum (5 or 10)
  ability           10 x current (rolled) score, trained to 21 at most;
                    the rolled and final scores both go up by 1
  resource          10 x current level, to 10, only with confidence 46+
  power:SLUG        100 x current rank for the next rank (never past the
                    power's maximum), or 30 x the hero's current powers
                    for a power the hero lacks
  subpower:SLUG     another flavour of a power: a new power, 30 x powers

A profile measure, ability or resource must then be kept: 5 experience a
week for as many weeks as the new score, from next week, or it reverts
after more than two weeks missed in a row (see downtime week). Leftover
experience stays towards the next increase.

New powers and ranks run hero generation's power resolution (flavours,
rolled values); dice are rolled in that order and --dice takes them in
the same order. --android buys power:sidekick as an android (p. 50: the
Boffin perk and material and financial resources 9).

With -i FILE the file is rewritten and the report printed (JSON when
piped: name, goal, from, to, cost, formula, experience_left, upkeep,
power, changes, steps, dice, seed); otherwise the hero goes to stdout.`,
		Example: `  spandex downtime buy -i guardian.json public_relations
  spandex downtime buy -i guardian.json strength
  spandex downtime buy -i guardian.json power:super-strength --seed 7`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) < 1 || len(args) > 2 {
				return cmdutil.Inputf("downtime buy: give the GOAL to buy (and the hero file)")
			}
			return nil
		},
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.fromArgs),
	}
	opts.Target.AddInPlaceFlag(cmd)
	cmd.Flags().BoolVar(&opts.Android, "android", false, "buy power:sidekick as an android (p. 50)")
	cmd.Flags().BoolVar(&opts.Simpler, "simpler", false, "use the optional simpler experience rule (p. 46)")
	return cmd
}

// fromArgs takes the goal and the hero file (the command's Args have
// checked there are one or two).
func (opts *BuyOptions) fromArgs(_ *cobra.Command, args []string) error {
	opts.Goal = args[0]
	return opts.Target.FromArgs(nil, args[1:])
}

// runBuy buys the increase.
func runBuy(opts *BuyOptions) error {
	env := opts.Env
	g, err := downtime.ParseGoal(opts.Goal)
	if err != nil {
		return cmdutil.Inputf("downtime buy: %w", err)
	}
	return opts.Target.Change(env, func(h *hero.Hero) (cmdutil.HeroChange, error) {
		ro, err := ruleOptions(env, opts.Simpler, false)
		if err != nil {
			return cmdutil.HeroChange{}, err
		}
		var rec *dice.Recorder
		var seed *uint64
		var roller dice.Roller
		if (g.Kind == downtime.GoalPower && ro.GainPower != nil) || (g.Kind == downtime.GoalSubPower && ro.GainSubPower != nil) {
			rs, err := env.Roller()
			if err != nil {
				return cmdutil.HeroChange{}, err
			}
			rec = dice.NewRecorder(rs.Roller)
			roller, seed = rec, rs.SeedPtr()
		}
		res, err := downtime.Buy(h, downtime.BuyRequest{Goal: g, Android: opts.Android}, ro, roller)
		if err != nil {
			return cmdutil.HeroChange{}, err
		}
		out := BuyOutput{Name: h.Name, BuyResult: res, Seed: seed}
		if rec != nil {
			out.Dice = rec.Rolls()
		}
		if out.Changes == nil {
			out.Changes = []prof.Change{}
		}
		summary := fmt.Sprintf("bought %s %d → %d for %d experience", res.Goal, res.From, res.To, res.Cost)
		if res.NewPower {
			summary = fmt.Sprintf("bought %s for %d experience", res.Goal, res.Cost)
		}
		return change(summary, seed, out, res.Steps, res.Warnings, func(w io.Writer) error {
			return writeBuy(w, h, res, summary)
		}), nil
	})
}

func writeBuy(w io.Writer, h *hero.Hero, res downtime.BuyResult, summary string) error {
	fmt.Fprintf(w, "%s: %s (%s); %d experience left towards it%s\n", termtext.Escape(h.Name), termtext.Escape(summary), res.Formula, res.ExperienceLeft, termtext.Escape(joinChanges(res.Changes)))
	if u := res.Upkeep; u != nil {
		fmt.Fprintf(w, "  keep it: 5 experience a week towards %s for %d weeks, from next week\n", u.Goal, u.WeeksNeeded)
	}
	if p := res.Power; p != nil {
		fmt.Fprintf(w, "  %s rank %d\n", termtext.Escape(p.Name), p.Rank)
	}
	return nil
}
