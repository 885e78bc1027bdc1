package profile

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	prof "github.com/codename-spandex/spandex/pkg/profile"
)

// RollOptions are the inputs of `spandex profile roll`.
type RollOptions struct {
	*cmdutil.Env
	Category string
	File     string
	Modifier int
	Advice   bool
	// HeroPoints re-roll the d100 (p. 14); InPlace is the hero file they
	// come off.
	HeroPoints int
	InPlace    string
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
	if runF == nil {
		runF = runRoll
	}
	cmd := &cobra.Command{
		Use:   "roll CATEGORY [FILE|-] | roll CATEGORY -i FILE --hero-points N",
		Short: "Roll d100 under popularity, investigation or confidence",
		Long: `Roll d100 against a category score (pp. 18, 21, 24): a roll equal to or
under the score plus the GM's --modifier succeeds.

Popularity rolls intimidate petty, powerless criminals or sway bystanders;
the result also says who the hero's popularity can influence (the
popularity status table, p. 18): the groups are cumulative, and with
--advice (persuasive advice rather than orders) the hero influences as if
popularity were one category higher. Investigation rolls dig up leads.
Confidence is rarely rolled.

Hero points (p. 14): --hero-points N re-rolls the d100 N times and keeps
the lowest face (a roll under the score); the points come off the hero
given with -i FILE, in the same write as a "profile" event logging every
face and the one kept. Without --hero-points the hero file is not changed.

Dice: one d100 (purpose "<category> roll"), then one d100 per hero point,
so --dice takes 1 + N values. Output (JSON when piped): name, category,
score, modifier, target, roll, success, influence, dice, steps, seed.`,
		Example: `  spandex profile roll popularity guardian.json --advice
  spandex profile roll investigation guardian.json --modifier -10 --seed 7
  spandex profile roll popularity guardian.json --dice 35
  spandex profile roll investigation -i hawk.json --hero-points 1 --dice 80,12`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) < 1 || len(args) > 2 || (len(args) == 2 && opts.InPlace != "") {
				return cmdutil.Inputf("profile roll: give a category (popularity, investigation or confidence) and a hero file")
			}
			return nil
		},
		ValidArgs: []string{"popularity", "investigation", "confidence"},
		RunE:      cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.fromArgs),
	}
	cmd.Flags().IntVarP(&opts.Modifier, "modifier", "m", 0, "the GM's bonus (+) or penalty (-) to the target")
	cmd.Flags().IntVar(&opts.HeroPoints, "hero-points", 0, "spend N hero points re-rolling the d100, keeping the lowest (p. 14); needs -i FILE")
	cmd.Flags().StringVarP(&opts.InPlace, "in-place", "i", "", "the hero file the hero points come off (rewritten in place)")
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
	if opts.HeroPoints < 0 || opts.HeroPoints > heropoints.MaxPoints {
		return cmdutil.Inputf("--hero-points %d: outside 0-%d", opts.HeroPoints, heropoints.MaxPoints)
	}
	if opts.HeroPoints > 0 && opts.InPlace == "" {
		return cmdutil.Inputf("--hero-points: give the hero as -i FILE: the points come off it")
	}
	if opts.InPlace != "" && opts.HeroPoints == 0 {
		return cmdutil.Inputf("-i: only with --hero-points (a plain roll changes no file)")
	}
	if opts.InPlace != "" {
		t := cmdutil.HeroTarget{InPlace: opts.InPlace}
		return t.Change(env, func(h *hero.Hero) (cmdutil.HeroChange, error) {
			out, err := opts.roll(h, cat)
			if err != nil {
				return cmdutil.HeroChange{}, err
			}
			heropoints.Spend(h, opts.HeroPoints)
			summary := fmt.Sprintf("%s roll %d against %d: %s; %d hero points spent", cat, out.Roll, out.Target, verdict(out.Success), opts.HeroPoints)
			return cmdutil.HeroChange{Kind: EventKind, Summary: summary, Seed: out.Seed, Details: out, Steps: out.Steps,
				Text: func(w io.Writer) error { return writeRoll(w, h.Name, cat, out) }}, nil
		})
	}
	h, err := env.ReadHero(opts.File)
	if err != nil {
		return err
	}
	out, err := opts.roll(h, cat)
	if err != nil {
		return err
	}
	if err := env.ExplainSteps(out.Steps); err != nil {
		return err
	}
	if opts.Format.IsJSON() {
		return cmdutil.WriteJSON(env.IO.Out, opts.Format, out)
	}
	env.ReportSeed(out.Seed)
	return writeRoll(env.IO.Out, h.Name, cat, out)
}

// roll makes the roll for h (not changed).
func (opts *RollOptions) roll(h *hero.Hero, cat string) (RollOutput, error) {
	if err := requireProfile(h); err != nil {
		return RollOutput{}, err
	}
	rs, err := opts.Env.Roller()
	if err != nil {
		return RollOutput{}, err
	}
	c := *h
	prof.Recompute(&c)
	// The points spent are the file's own pool, as every verb spends it.
	c.HeroPoints = h.HeroPoints
	if opts.HeroPoints > 0 {
		if err := heropoints.Check(&c, opts.HeroPoints); err != nil {
			return RollOutput{}, cmdutil.Inputf("--hero-points: %v", err)
		}
	}
	res, err := prof.Roll(&c, prof.RollRequest{Category: cat, Modifier: opts.Modifier, Advice: opts.Advice, HeroPoints: opts.HeroPoints}, rs.Roller)
	if err != nil {
		return RollOutput{}, err
	}
	return RollOutput{Name: h.Name, RollResult: res, Seed: rs.SeedPtr()}, nil
}

func verdict(ok bool) string {
	if ok {
		return "success"
	}
	return "failure"
}

// writeRoll writes the human report of a roll.
func writeRoll(w io.Writer, name, cat string, res RollOutput) error {
	mod := ""
	if res.Modifier != 0 {
		mod = fmt.Sprintf(" %+d", res.Modifier)
	}
	if hp := res.HeroPoints; hp != nil {
		if _, err := fmt.Fprintln(w, hp.Text()); err != nil {
			return err
		}
	}
	if _, err := fmt.Fprintf(w, "%s: %s %d%s: rolled %d against %d: %s\n", termtext.Escape(name), cat, res.Score, mod, res.Roll, res.Target, verdict(res.Success)); err != nil {
		return err
	}
	if res.Influence != nil {
		how := "Orders"
		if res.Influence.Advice {
			how = "Persuasive advice"
		}
		_, err := fmt.Fprintf(w, "%s (%s): %s can influence %s\n", res.Influence.Status, res.Influence.Band, how, strings.Join(res.Influence.CanInfluence, ", "))
		return err
	}
	return nil
}
