package rulings

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
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
	// Defender is the dodger's hero file, if given.
	Defender defender
}

// DodgeResult is what `spandex dodge` prints.
type DodgeResult struct {
	StrikeClass rulebook.StrikeClass `json:"strike_class"`
	ArmourClass rulebook.ArmourClass `json:"armour_class"`
	Roll        int                  `json:"roll"`
	Bonus       int                  `json:"bonus"`
	Modifiers   []combat.Modifier    `json:"modifiers"`
	Total       int                  `json:"total"`
	// Hero is the dodger's name when a hero file was given ("" else);
	// HeroPoints its re-rolls of the d6 (p. 14).
	Hero       string             `json:"hero"`
	HeroPoints *heropoints.Reroll `json:"hero_points,omitempty"`
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
	if runF == nil {
		runF = runDodge
	}
	cmd := &cobra.Command{
		Use:   "dodge --strike-class N (--bonus N | --armour-class X [--source S]... | FILE | -i FILE --hero-points N)",
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

With the dodger's hero file (FILE, - for stdin) its own armour class (it
must be able to dodge) and combat.dodge_bonus are used instead of
--bonus/--armour-class/--source; the file is not changed. Hero points (p.
14): -i FILE --hero-points N re-rolls the d6 N times and keeps the highest
face; the points come off the file in the same write, with a "dodge" event
logging every face.

Dice: one 1d6, then one 1d6 per hero point.`,
		Example: `  spandex dodge --strike-class 4 --bonus 1 --dice 5
  spandex dodge --strike-class 2 --armour-class F --source super-speed --seed 3
  spandex dodge --strike-class 3 nefario.json --dice 4
  spandex dodge --strike-class 3 -i boss.json --hero-points 1 --dice 1,6`,
		Args: cobra.MaximumNArgs(1),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.Defender.Target.FromArgs, func(cmd *cobra.Command, _ []string) error {
			opts.BonusSet = cmd.Flags().Changed("bonus")
			return nil
		}),
	}
	opts.Defender.add(cmd, "d6")
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
	if err := opts.Defender.check(opts.Odds, ""); err != nil && opts.Odds {
		return err
	}
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
	var used []string
	if opts.BonusSet {
		used = append(used, "--bonus")
	}
	if opts.ArmourClass != "" {
		used = append(used, "--armour-class")
	}
	if len(opts.Sources) > 0 {
		used = append(used, "--source")
	}
	if err := opts.Defender.check(false, strings.Join(used, ", ")); err != nil {
		return err
	}
	return opts.Defender.run(opts.Env, "dodge", func(h *hero.Hero) (any, []string, ruling.Steps, *uint64, string, error) {
		return opts.dodge(h, sc, ac, mods)
	})
}

// dodge rolls the dodge: with h (the dodger's file) its own armour class
// and dodge bonus.
func (opts *DodgeOptions) dodge(h *hero.Hero, sc rulebook.StrikeClass, ac rulebook.ArmourClass, mods []combat.Modifier) (any, []string, ruling.Steps, *uint64, string, error) {
	fail := func(err error) (any, []string, ruling.Steps, *uint64, string, error) {
		return nil, nil, nil, nil, "", err
	}
	bonus := opts.Bonus
	var bonusMods []combat.Modifier
	switch {
	case h != nil:
		b, err := combat.DefenderDodge(h)
		if err != nil {
			return fail(ruleErr(err))
		}
		ac, bonus = h.Combat.ArmourClass, b
	case ac != 0 && !combat.CanDodge(ac):
		return fail(cmdutil.Inputf("--armour-class: %s cannot dodge (armour class A-C and K-L, p. 35)", ac))
	case ac != 0 && !opts.BonusSet:
		rules, err := opts.Rules()
		if err != nil {
			return fail(err)
		}
		bonus, bonusMods, err = combat.DodgeBonus(ac, opts.Sources, rules.DodgeStacking)
		if err != nil {
			return fail(ruleErr(err))
		}
	case len(opts.Sources) > 0:
		return fail(cmdutil.Inputf("--source: needs --armour-class (and not --bonus)"))
	}
	r, err := newRoller(opts.Env)
	if err != nil {
		return fail(err)
	}
	roll, rr := 0, (*heropoints.Reroll)(nil)
	if h != nil {
		roll, rr, err = combat.RollReaction(h, opts.Defender.HeroPoints, 6, "dodge", r)
	} else {
		roll, err = r.Roll(6, "dodge")
	}
	if err != nil {
		return fail(ruleErr(err))
	}
	total, res := combat.DodgeOutcome(sc, roll, bonus, mods)
	damage := res.Damage()
	out := DodgeResult{StrikeClass: sc, ArmourClass: ac, Roll: roll, Bonus: bonus, Modifiers: append(bonusMods, mods...), Total: total,
		Result: res.Word(), Symbol: res.Symbol(), Meaning: res.Meaning(), Damage: damage, HeroPoints: rr}
	if err := r.finish(&out.Rolled); err != nil {
		return fail(err)
	}
	if out.Modifiers == nil {
		out.Modifiers = []combat.Modifier{}
	}
	var lines []string
	if h != nil {
		out.Hero = h.Name
		out.Steps.Add("dodger", "p. 35", "%s: armour class %s, dodge bonus %d (its file)", h.Name, ac, bonus)
	}
	if rr != nil {
		out.Steps.Add("hero-points", "p. 14", "%s", rr.Text())
		lines = append(lines, "hero points: "+rr.Text())
	}
	row := min(max(total, 1), 12)
	out.Steps.AddRow("dodge", "p. 35", "Dodging Table", fmt.Sprintf("roll %d, %s", row, sc), "1d6 %d + bonus %d%s = %d: %s (%s)", roll, bonus, modsSuffix(mods), total, res.Symbol(), damage)
	lines = append(lines,
		fmt.Sprintf("roll: 1d6 %d + dodge bonus %d%s = %d", roll, bonus, modsSuffix(mods), total),
		fmt.Sprintf("result: %s against %s (Dodging Table, p. 35)", res.Symbol(), sc),
		"damage: "+damage,
	)
	summary := fmt.Sprintf("dodge against %s: 1d6 %d, total %d: %s (%s)", sc, roll, total, res.Symbol(), damage)
	if rr != nil {
		summary += fmt.Sprintf("; %d hero points spent", rr.Points)
	}
	return out, lines, out.Steps, out.Seed, summary, nil
}

func modsSuffix(mods []combat.Modifier) string {
	s := ""
	for _, m := range mods {
		s += fmt.Sprintf(" %+d (%s)", m.Value, nameOr(m.Text, m.Slug))
	}
	return s
}
