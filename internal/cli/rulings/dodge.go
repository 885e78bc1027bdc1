package rulings

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// DodgeOptions are the inputs of `spandex dodge`.
type DodgeOptions struct {
	*cmdutil.Env
	// Odds is --odds: the exact odds instead of a roll.
	Odds        bool
	StrikeClass string
	Bonus       int
	BonusSet    bool
	ArmourClass string
	Sources     []string
	Modifiers   []string
	Reactions   bool
}

// DodgeResult is what `spandex dodge` prints.
type DodgeResult struct {
	StrikeClass rulebook.StrikeClass `json:"strike_class"`
	ArmourClass rulebook.ArmourClass `json:"armour_class"`
	Roll        int                  `json:"roll"`
	Bonus       int                  `json:"bonus"`
	Modifiers   []combat.Modifier    `json:"modifiers"`
	Total       int                  `json:"total"`
	// Result is the Dodging Table result as a stable word: fail (not
	// dodged), half, mostly (+P) or evade; Symbol is the book's: -, ½, +P
	// or Y.
	Result  string `json:"result"`
	Symbol  string `json:"symbol"`
	Meaning string `json:"meaning"`
	Damage  string `json:"damage"`
	Rolled
}

// NewCmdDodge builds `spandex dodge`.
func NewCmdDodge(f *cmdutil.Factory, runF func(*DodgeOptions) error) *cobra.Command {
	opts := &DodgeOptions{Env: f.Env(cmdutil.FormatText)}
	cmd := &cobra.Command{
		Use:   "dodge --strike-class N (--bonus N | --armour-class X [--source S]...)",
		Short: "Roll a dodge on the Dodging Table (p. 35)",
		Long: `Roll a dodge: 1d6 + dodge bonus against the attack's strike class on the
Dodging Table (p. 35). "-" full damage, "½" half the rolled damage, "+P"
half damage or one extra panel (never free) to avoid it, "Y" no damage.
JSON gives the result as a stable word, "result": fail, half, mostly or
evade, with the book's symbol beside it in "symbol".

Give the dodge bonus with --bonus, or derive it from --armour-class (A-C
and K-L cannot dodge) and --source (acrobatics-r1, acrobatics-r2,
martial-arts-r2, reactions, super-speed, gymnastics) under the
rules.dodge_stacking option ("add", or "best" plus Martial Arts' +1).
--attacker-reactions: the attacker has Reactions (-2).

Dice: one 1d6.`,
		Example: `  spandex dodge --strike-class 4 --bonus 1 --dice 5
  spandex dodge --strike-class 2 --armour-class F --source super-speed --seed 3`,
		Args: cobra.NoArgs,
		RunE: cmdutil.RunE(opts, runF, runDodge, func(cmd *cobra.Command, _ []string) error {
			opts.BonusSet = cmd.Flags().Changed("bonus")
			return nil
		}),
	}
	fl := cmd.Flags()
	fl.BoolVar(&opts.Odds, "odds", false, oddsHelp)
	fl.StringVar(&opts.StrikeClass, "strike-class", "", "the attack's strike class 0-5 (required)")
	fl.IntVar(&opts.Bonus, "bonus", 0, "the dodge bonus")
	fl.StringVar(&opts.ArmourClass, "armour-class", "", "the dodger's armour class (checks it may dodge; gives its bonus)")
	fl.StringArrayVar(&opts.Sources, "source", nil, "a dodge bonus source from powers; repeatable")
	fl.BoolVar(&opts.Reactions, "attacker-reactions", false, "the attacker has the Reactions power (-2)")
	fl.StringArrayVar(&opts.Modifiers, "modifier", nil, "another modifier: NAME=N; repeatable")
	return cmd
}

// runDodge rolls the dodge.
func runDodge(opts *DodgeOptions) error {
	if opts.Odds {
		return rulingOdds(opts.Env, "dodge", func() error {
			o := *opts
			o.Odds = false
			return runDodge(&o)
		})
	}
	sc, err := parseSC(opts.StrikeClass)
	if err != nil {
		return err
	}
	ac, err := parseAC(opts.ArmourClass, false)
	if err != nil {
		return err
	}
	if err := checkRange("bonus", opts.Bonus, -20, 20); err != nil {
		return err
	}
	mods, err := parseMods(opts.Modifiers)
	if err != nil {
		return err
	}
	if opts.Reactions {
		mods = append(mods, combat.ReactionsModifier())
	}
	bonus := opts.Bonus
	var bonusMods []combat.Modifier
	switch {
	case ac != 0 && !combat.CanDodge(ac):
		return cmdutil.Inputf("--armour-class: %s cannot dodge (armour class A-C and K-L, p. 35)", ac)
	case ac != 0 && !opts.BonusSet:
		rules, err := opts.Rules()
		if err != nil {
			return err
		}
		bonus, bonusMods, err = combat.DodgeBonus(ac, opts.Sources, rules.DodgeStacking)
		if err != nil {
			return ruleErr(err)
		}
	case len(opts.Sources) > 0:
		return cmdutil.Inputf("--source: needs --armour-class (and not --bonus)")
	}
	r, err := newRoller(opts.Env)
	if err != nil {
		return err
	}
	roll, err := r.Roll(6, "dodge")
	if err != nil {
		return cmdutil.RuleErr(err)
	}
	total, res := combat.DodgeOutcome(sc, roll, bonus, mods)
	damage := res.Damage()
	out := DodgeResult{StrikeClass: sc, ArmourClass: ac, Roll: roll, Bonus: bonus, Modifiers: append(bonusMods, mods...), Total: total,
		Result: res.Word(), Symbol: res.Symbol(), Meaning: res.Meaning(), Damage: damage}
	if err := r.finish(&out.Rolled); err != nil {
		return err
	}
	if out.Modifiers == nil {
		out.Modifiers = []combat.Modifier{}
	}
	row := min(max(total, 1), 12)
	out.Steps.AddRow("dodge", "p. 35", "Dodging Table", fmt.Sprintf("roll %d, %s", row, sc), "1d6 %d + bonus %d%s = %d: %s (%s)", roll, bonus, modsSuffix(mods), total, res.Symbol(), damage)
	lines := []string{
		fmt.Sprintf("roll: 1d6 %d + dodge bonus %d%s = %d", roll, bonus, modsSuffix(mods), total),
		fmt.Sprintf("result: %s against %s (Dodging Table, p. 35)", res.Symbol(), sc),
		"damage: " + damage,
	}
	return emit(opts.Env, out.Seed, out, lines, out.Steps)
}

func modsSuffix(mods []combat.Modifier) string {
	s := ""
	for _, m := range mods {
		s += fmt.Sprintf(" %+d (%s)", m.Value, nameOr(m.Text, m.Slug))
	}
	return s
}
