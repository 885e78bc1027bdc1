package rulings

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// KnockbackOptions are the inputs of `spandex knockback`.
type KnockbackOptions struct {
	*cmdutil.Env
	// Odds is --odds: the exact odds instead of a roll.
	Odds       bool
	Stamina    int
	Threshold  int
	BraceRank  int
	Walls      []string
	Agility    int
	AgilitySet bool
	Gymnastics bool
	SDivider   int
}

// KnockbackOutput is what `spandex knockback` prints.
type KnockbackOutput struct {
	combat.KnockbackResult
	Rolled
}

// NewCmdKnockback builds `spandex knockback`.
func NewCmdKnockback(f *cmdutil.Factory, runF func(*KnockbackOptions) error) *cobra.Command {
	opts := &KnockbackOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runKnockback
	}
	cmd := &cobra.Command{
		Use:   "knockback --stamina N [--threshold N] [--wall MATERIAL[@M]]... [--agility N]",
		Short: "Knockback distance, obstructions and the prone check (pp. 36-37)",
		Long: `Work out knockback (pp. 36-37): 2 m for every five points (or part of five)
of stamina damage over the knockback threshold (20 by default; bracing adds
+5 per Super Strength rank). --stamina is the damage that counts: after a
dodge or a ranged parry, before a melee parry, a block and dividers.

Each --wall in the path (a Wall Strength Table material, or the health
damage a hero-sized hole needs, at @METRES from the defender, default 0)
that the knockback reaches costs 1d6 stamina (less --s-divider) and takes
off the table's reduction (or the prose's 2 m per 4 damage with
rules.wall_reduction: prose); with distance left over the defender breaks
through and goes on. With --agility, the prone check follows: 1d20 + 1 per
2 m knocked back; above agility, prone. --gymnastics passes it.

Dice: one 1d6 per wall reached, nearest first; then the prone 1d20.`,
		Example: `  spandex knockback --stamina 36 --threshold 20 --wall wood --agility 14
  spandex knockback --stamina 60 --wall glass@2 --wall brick@5 --agility 12 --seed 4`,
		Args: cobra.NoArgs,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, required("stamina"), func(cmd *cobra.Command, _ []string) error {
			opts.AgilitySet = cmd.Flags().Changed("agility")
			return nil
		}),
	}
	fl := cmd.Flags()
	fl.BoolVar(&opts.Odds, "odds", false, oddsHelp)
	fl.IntVar(&opts.Stamina, "stamina", 0, "the stamina damage that counts for knockback (required)")
	fl.IntVar(&opts.Threshold, "threshold", rulebook.DefaultKnockbackThreshold, "the knockback threshold")
	fl.IntVar(&opts.BraceRank, "brace-rank", 0, "bracing with Super Strength at this rank (+5 each)")
	fl.StringArrayVar(&opts.Walls, "wall", nil, "an obstruction in the path: MATERIAL[@METRES] or DAMAGE[@METRES]; repeatable")
	fl.IntVar(&opts.Agility, "agility", 0, "the defender's agility, for the prone check")
	fl.BoolVar(&opts.Gymnastics, "gymnastics", false, "the defender has gymnastics: passes the prone check")
	fl.IntVar(&opts.SDivider, "s-divider", 0, "the defender's S divider, reducing each obstruction's 1d6")
	return cmd
}

// runKnockback rules on the knockback.
func runKnockback(opts *KnockbackOptions) error {
	if opts.Odds {
		return rulingOdds(opts.Env, "knockback", func() error {
			o := *opts
			o.Odds = false
			return runKnockback(&o)
		})
	}
	if err := checkRange("stamina", opts.Stamina, 0, 1_000_000); err != nil {
		return err
	}
	if err := checkRange("threshold", opts.Threshold, 0, 100_000); err != nil {
		return err
	}
	if err := checkRange("brace-rank", opts.BraceRank, 0, 1000); err != nil {
		return err
	}
	if err := checkRange("agility", opts.Agility, 0, 10_000); err != nil {
		return err
	}
	if err := checkRange("s-divider", opts.SDivider, 0, 100); err != nil {
		return err
	}
	var obs []combat.Obstruction
	for _, w := range opts.Walls {
		o, err := combat.ParseObstruction(w)
		if err != nil {
			return cmdutil.Inputf("--wall: %v", err)
		}
		obs = append(obs, o)
	}
	rules, err := opts.Rules()
	if err != nil {
		return err
	}
	r, err := newRoller(opts.Env)
	if err != nil {
		return err
	}
	in := combat.KnockbackInput{Stamina: opts.Stamina, Threshold: opts.Threshold, Brace: rulebook.BracePerRank * opts.BraceRank,
		Obstructions: obs, StaminaDivider: opts.SDivider, Agility: opts.Agility, Gymnastics: opts.Gymnastics, NoProneCheck: !opts.AgilitySet && !opts.Gymnastics}
	in.ExactThreshold = true
	kb, err := combat.Knockback(in, r, rules)
	if err != nil {
		return ruleErr(err)
	}
	out := KnockbackOutput{KnockbackResult: kb}
	if err := r.finish(&out.Rolled); err != nil {
		return err
	}
	th := fmt.Sprintf("%d", kb.Threshold)
	if kb.BraceBonus > 0 {
		th += fmt.Sprintf(" + %d braced", kb.BraceBonus)
	}
	lines := []string{fmt.Sprintf("knockback: %d stamina vs threshold %s: %d over, %d m (2 m per 5 or part of 5, p. 36)", kb.StaminaCounted, th, kb.Excess, kb.Metres)}
	out.Steps.Add("knockback", "p. 36", "%d stamina vs threshold %s: %d over: %d m", kb.StaminaCounted, th, kb.Excess, kb.Metres)
	for _, o := range kb.Obstructions {
		l := fmt.Sprintf("hits %s at %d m: 1d6 %d stamina (%d after the S divider), cuts %d m, %s", o.Material, o.At, o.Roll, o.Stamina, o.Reduction, yes(o.BrokeThrough, "breaks through", "stops there"))
		lines = append(lines, "obstruction: "+l)
		out.Steps.AddRow("obstacle", "p. 37", "Wall Strength Table", o.Material, "%s", l)
	}
	if kb.Metres > 0 {
		lines = append(lines, fmt.Sprintf("ends: %d m back", kb.Travelled))
	}
	switch {
	case kb.Automatic:
		lines = append(lines, "prone: gymnastics, stays standing")
		out.Steps.Add("prone", "p. 71", "gymnastics: stays standing automatically")
	case kb.ProneRoll > 0:
		l := fmt.Sprintf("1d20 %d + %d = %d vs agility %d: %s", kb.ProneRoll, kb.ProneBonus, kb.ProneTotal, kb.Agility, yes(kb.Prone, "prone, loses the next panel", "stays standing"))
		lines = append(lines, "prone: "+l)
		out.Steps.Add("prone", "p. 37", "%s", l)
	}
	return emit(opts.Env, out.Seed, out, lines, out.Steps)
}
