package profile

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	prof "github.com/codename-spandex/spandex/pkg/profile"
)

// RollOptions are the inputs of `spandex profile roll`.
type RollOptions struct {
	*cmdutil.Env
	Category string
	File     string
	Modifier int
	Advice   bool
}

// RollOutput is the JSON output of `profile roll`.
type RollOutput struct {
	Name string `json:"name"`
	prof.RollResult
	Seed *uint64 `json:"seed,omitempty"`
}

// NewCmdRoll builds `spandex profile roll`.
func NewCmdRoll(f *cmdutil.Factory, runF func(*RollOptions) error) *cobra.Command {
	opts := &RollOptions{Env: f.Env(cmdutil.FormatText)}
	cmd := &cobra.Command{
		Use:   "roll CATEGORY [FILE|-]",
		Short: "Roll d100 under popularity, investigation or confidence",
		Long: `Roll d100 against a category score (pp. 18, 21, 24): a roll equal to or
under the score plus the GM's --modifier succeeds.

Popularity rolls intimidate petty, powerless criminals or sway bystanders;
the result also says who the hero's popularity can influence (the
popularity status table, p. 18): the groups are cumulative, and with
--advice (persuasive advice rather than orders) the hero influences as if
popularity were one category higher. Investigation rolls dig up leads.
Confidence is rarely rolled.

Dice: one d100 (purpose "<category> roll"), so --dice takes one value.
The hero file is not changed. Output (JSON when piped): name, category,
score, modifier, target, roll, success, influence, dice, steps, seed.`,
		Example: `  spandex profile roll popularity guardian.json --advice
  spandex profile roll investigation guardian.json --modifier -10 --seed 7
  spandex profile roll popularity guardian.json --dice 35`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) < 1 || len(args) > 2 {
				return cmdutil.Inputf("profile roll: give a category (popularity, investigation or confidence) and a hero file")
			}
			return nil
		},
		ValidArgs: []string{"popularity", "investigation", "confidence"},
		RunE:      cmdutil.RunE(opts, runF, runRoll, opts.fromArgs),
	}
	cmd.Flags().IntVarP(&opts.Modifier, "modifier", "m", 0, "the GM's bonus (+) or penalty (-) to the target")
	cmd.Flags().BoolVar(&opts.Advice, "advice", false, "persuasive advice rather than orders: influence one category higher (popularity)")
	return cmd
}

// fromArgs takes the category and the hero file (the command's Args
// have checked there are one or two).
func (opts *RollOptions) fromArgs(_ *cobra.Command, args []string) error {
	opts.Category = args[0]
	if len(args) == 2 {
		opts.File = args[1]
	}
	return nil
}

// runRoll rolls.
func runRoll(opts *RollOptions) error {
	env := opts.Env
	cat := prof.NormaliseKey(opts.Category)
	switch cat {
	case "popularity", "investigation", "confidence":
	default:
		return cmdutil.Inputf("profile roll: %q is not a category: popularity, investigation or confidence", opts.Category)
	}
	if opts.Advice && cat != "popularity" {
		return cmdutil.Inputf("--advice: persuasive advice applies to popularity rolls only (p. 18)")
	}
	if opts.Modifier < -prof.MaxModifier || opts.Modifier > prof.MaxModifier {
		return cmdutil.Inputf("--modifier %d: outside -%d to +%d", opts.Modifier, prof.MaxModifier, prof.MaxModifier)
	}
	h, err := env.ReadHero(opts.File)
	if err != nil {
		return err
	}
	if err := requireProfile(h); err != nil {
		return err
	}
	rs, err := env.Roller()
	if err != nil {
		return err
	}
	c := *h
	prof.Recompute(&c)
	res, err := prof.Roll(&c, prof.RollRequest{Category: cat, Modifier: opts.Modifier, Advice: opts.Advice}, rs.Roller)
	if err != nil {
		return cmdutil.RuleErr(err)
	}
	out := RollOutput{Name: h.Name, RollResult: res, Seed: rs.SeedPtr()}
	if err := env.ExplainSteps(res.Steps); err != nil {
		return err
	}
	if opts.Format.IsJSON() {
		return cmdutil.WriteJSON(env.IO.Out, opts.Format, out)
	}
	env.ReportSeed(rs.SeedPtr())
	verdict := "failure"
	if res.Success {
		verdict = "success"
	}
	mod := ""
	if res.Modifier != 0 {
		mod = fmt.Sprintf(" %+d", res.Modifier)
	}
	fmt.Fprintf(env.IO.Out, "%s: %s %d%s: rolled %d against %d: %s\n", h.Name, cat, res.Score, mod, res.Roll, res.Target, verdict)
	if res.Influence != nil {
		how := "Orders"
		if res.Influence.Advice {
			how = "Persuasive advice"
		}
		fmt.Fprintf(env.IO.Out, "%s (%s): %s can influence %s\n", res.Influence.Status, res.Influence.Band, how, strings.Join(res.Influence.CanInfluence, ", "))
	}
	return nil
}
