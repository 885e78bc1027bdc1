package rulings

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cli/attackflags"
	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// ToHitOptions are the inputs of `spandex tohit`.
type ToHitOptions struct {
	*cmdutil.Env
	// Odds is --odds: the exact odds instead of a roll.
	Odds        bool
	StrikeClass string
	ArmourClass string
	StrikeBonus int
	Situation   combat.Situation
	Dazed       bool
	Stunned     bool
	Haymaker    bool
	Modifiers   []string
	Roll        bool
}

// ToHitResult is what `spandex tohit` prints.
type ToHitResult struct {
	ArmourClass   rulebook.ArmourClass `json:"armour_class"`
	StrikeClass   rulebook.StrikeClass `json:"strike_class"`
	Target        int                  `json:"target"`
	Modifiers     []combat.Modifier    `json:"modifiers"`
	ModifierTotal int                  `json:"modifier_total"`
	// Need is the lowest d20 face that hits (1-21; 21 means it cannot
	// hit), Chance its probability.
	Need   int     `json:"need"`
	Chance float64 `json:"chance"`
	// Roll, Total and Hit are there when the d20 was rolled (a total of
	// 0 included), absent when it was not.
	Roll  *int          `json:"roll,omitempty"`
	Total *int          `json:"total,omitempty"`
	Hit   *bool         `json:"hit,omitempty"`
	Dice  []dice.Rolled `json:"dice,omitempty"`
	Seed  *uint64       `json:"seed,omitempty"`
	Steps ruling.Steps  `json:"steps"`
}

// NewCmdToHit builds `spandex tohit`.
func NewCmdToHit(f *cmdutil.Factory, runF func(*ToHitOptions) error) *cobra.Command {
	opts := &ToHitOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runToHit
	}
	cmd := &cobra.Command{
		Use:   "tohit --strike-class N --armour-class X [modifiers]",
		Short: "The d20 roll an attack needs to hit (To-Hit Table and modifiers, p. 33)",
		Long: `Work out the d20 roll an attack of a strike class needs against an armour
class (To-Hit Table, p. 33), with every situational modifier: strike bonus,
behind +2 or above +1 (not cumulative: both is +2), unaware +2, grappled +4, cover -1 to -10,
fog or smoke -3, attacker dazed -2 or stunned -5, -1 per fifth of maximum
range, and the powers' modifiers (invisible -4, shrunk -3, camouflaged -2,
stealth in the dark -2, dimensional control -4, gale -2, brain implant
analysis up to +5, haymaker +2, an Accuracy penalty).

Prints the target number, the modifiers and the lowest d20 face that hits.
With --roll, --dice or --seed it also rolls the d20 (one die: the to-hit).`,
		Example: `  spandex tohit --strike-class 3 --armour-class B --behind
  spandex tohit --strike-class 2 --armour-class F --strike-bonus 2 --dice 14`,
		Args: cobra.NoArgs,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }),
	}
	fl := cmd.Flags()
	fl.BoolVar(&opts.Odds, "odds", false, oddsHelp)
	fl.StringVar(&opts.StrikeClass, "strike-class", "", "the attack's strike class 0-5 (required)")
	fl.StringVar(&opts.ArmourClass, "armour-class", "", "the target's armour class A-L (required)")
	fl.IntVar(&opts.StrikeBonus, "strike-bonus", 0, "the attacker's strike bonus")
	attackflags.BindSituation(fl, &opts.Situation, attackflags.ToHit)
	fl.BoolVar(&opts.Dazed, "dazed", false, "attacker dazed (-2)")
	fl.BoolVar(&opts.Stunned, "stunned", false, "attacker stunned (-5)")
	fl.BoolVar(&opts.Haymaker, "haymaker", false, "a streetfighting haymaker (+2)")
	fl.StringArrayVar(&opts.Modifiers, "modifier", nil, "another modifier the GM rules: NAME=N; repeatable")
	fl.BoolVar(&opts.Roll, "roll", false, "also roll the d20")
	return cmd
}

// runToHit works out the ruling.
func runToHit(opts *ToHitOptions) error {
	if opts.Odds {
		return rulingOdds(opts.Env, "tohit", func() error {
			o := *opts
			o.Odds = false
			o.Roll = true
			return runToHit(&o)
		})
	}
	sc, err := parseSC(opts.StrikeClass)
	if err != nil {
		return err
	}
	ac, err := parseAC(opts.ArmourClass, true)
	if err != nil {
		return err
	}
	if err := checkRange("strike-bonus", opts.StrikeBonus, -50, 50); err != nil {
		return err
	}
	extra, err := parseMods(opts.Modifiers)
	if err != nil {
		return err
	}
	opts.Situation.Modifiers = extra
	mods, err := combat.SituationModifiers(opts.StrikeBonus, opts.Situation, opts.Dazed, opts.Stunned)
	if err != nil {
		return ruleErr(err)
	}
	if opts.Haymaker {
		mods = append(mods, combat.HaymakerModifier())
	}
	target, _ := rulebook.ToHit(ac, sc)
	out := ToHitResult{ArmourClass: ac, StrikeClass: sc, Target: target, Modifiers: mods, ModifierTotal: sum(mods)}
	if out.Modifiers == nil {
		out.Modifiers = []combat.Modifier{}
	}
	out.Need = min(max(target-out.ModifierTotal, 1), 21)
	out.Chance = float64(21-out.Need) / 20
	var steps ruling.Steps
	steps.AddRow("to-hit", "p. 33", "To-Hit Table", "AC "+ac.String()+", "+sc.String(), "roll %d or higher after modifiers", target)
	steps.Add("modifiers", "p. 33", "%s: total %+d, so a d20 of %d or more hits (%.0f%%)", modsLine(mods), out.ModifierTotal, out.Need, out.Chance*100)
	lines := []string{
		fmt.Sprintf("target: %d (To-Hit Table, AC %s, %s, p. 33)", target, ac, sc),
		fmt.Sprintf("modifiers: %s (total %+d)", modsLine(mods), out.ModifierTotal),
		fmt.Sprintf("need: a d20 of %d or more (%.0f%%)", out.Need, out.Chance*100),
	}
	var r roller
	if opts.Roll || opts.DiceGiven || opts.SeedGiven {
		if r, err = newRoller(opts.Env); err != nil {
			return err
		}
		roll, err := r.Roll(20, "to-hit")
		if err != nil {
			return err
		}
		th, _ := combat.ToHit(ac, sc, mods, roll)
		total := th.Total
		out.Roll, out.Total, out.Hit, out.Dice, out.Seed = &roll, &total, &th.Hit, r.Rolls(), r.seed()
		steps.Add("roll", "p. 33", "1d20 %d %+d = %d vs %d: %s", roll, out.ModifierTotal, th.Total, target, yes(th.Hit, "hit", "miss"))
		lines = append(lines, fmt.Sprintf("roll: %d %+d = %d: %s", roll, out.ModifierTotal, th.Total, yes(th.Hit, "hit", "miss")))
	}
	if err := r.finishDice(); err != nil {
		return err
	}
	out.Steps = steps
	return emit(opts.Env, r.seed(), out, lines, steps)
}
