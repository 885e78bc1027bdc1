package rulings

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// ParryOptions are the inputs of `spandex parry`.
type ParryOptions struct {
	*cmdutil.Env
	Attack        string
	Parry         string
	StrikeBonus   int
	Modifiers     []string
	Reactions     bool
	AnimalSenses  bool
	VirtualHealth string
	VirtualStam   string
	DamageBonus   int
}

// ParryResult is what `spandex parry` prints.
type ParryResult struct {
	Attack     rulebook.AttackType `json:"attack"`
	Parry      rulebook.ParryType  `json:"parry"`
	Target     int                 `json:"target"`
	Roll       int                 `json:"roll"`
	Modifiers  []combat.Modifier   `json:"modifiers"`
	Total      int                 `json:"total"`
	Success    bool                `json:"success"`
	RangedForm bool                `json:"ranged_form"`
	// VirtualDamage is rolled on a success when its dice are given.
	VirtualDamage *int `json:"virtual_damage,omitempty"`
	Rolled
}

// NewCmdParry builds `spandex parry`.
func NewCmdParry(f *cmdutil.Factory, runF func(*ParryOptions) error) *cobra.Command {
	opts := &ParryOptions{Env: f.Env(cmdutil.FormatText)}
	cmd := &cobra.Command{
		Use:   "parry --attack TYPE --parry TYPE [--strike-bonus N]",
		Short: "Roll a parry on the Parrying Table (p. 34)",
		Long: `Roll a parry: 1d20 + strike bonus against the Parrying Table's number for
the attack type (row) and the parry type (column) (p. 34). "-" on the table
means that parry cannot stop that attack: an error.

Attack types: rank3-martial-arts, martial-arts, other-melee-wm, other-melee
(also "unarmed"), ranged-wm, thrown, projectile, energy-blast. Parry types:
rank3-martial-arts, martial-arts, shield-wm, other-melee-wm, other-melee,
ranged-wm, ranged, energy-blast.

On a success, --virtual-health/--virtual-stamina dice (and --damage-bonus)
roll the parry's virtual damage, added together; a ranged parry's reduction
comes before knockback, a melee parry's after (p. 36).
Dice: the 1d20, then the virtual damage (health dice, then stamina dice).`,
		Example: `  spandex parry --attack other-melee --parry other-melee --dice 12
  spandex parry --attack unarmed --parry other-melee --virtual-health 1d6 --virtual-stamina 2d6+6 --dice 20,3,5,2`,
		Args: cobra.NoArgs,
		RunE: cmdutil.RunE(opts, runF, runParry),
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Attack, "attack", "", "the attack type: a Parrying Table row (required)")
	fl.StringVar(&opts.Parry, "parry", "", "the parry type: a Parrying Table column (required)")
	fl.IntVar(&opts.StrikeBonus, "strike-bonus", 0, "the parrier's strike bonus")
	fl.BoolVar(&opts.Reactions, "attacker-reactions", false, "the attacker has the Reactions power (-2)")
	fl.BoolVar(&opts.AnimalSenses, "animal-senses", false, "the parrier has animal senses (+1)")
	fl.StringArrayVar(&opts.Modifiers, "modifier", nil, "another modifier: NAME=N; repeatable")
	fl.StringVar(&opts.VirtualHealth, "virtual-health", "", "the parry's health damage dice, e.g. 1d6")
	fl.StringVar(&opts.VirtualStam, "virtual-stamina", "", "the parry's stamina damage dice, e.g. 2d6+6")
	fl.IntVar(&opts.DamageBonus, "damage-bonus", 0, "the parrier's damage bonus, added to the virtual damage")
	return cmd
}

// runParry rolls the parry.
func runParry(opts *ParryOptions) error {
	if opts.Attack == "" {
		return cmdutil.Inputf("--attack: required (a Parrying Table row, e.g. other-melee)")
	}
	if opts.Parry == "" {
		return cmdutil.Inputf("--parry: required (a Parrying Table column, e.g. other-melee)")
	}
	at, err := combat.ParseAttackType(opts.Attack)
	if err != nil {
		return cmdutil.Inputf("--attack: %q is not a Parrying Table row (rank3-martial-arts, martial-arts, other-melee-wm, other-melee, ranged-wm, thrown, projectile, energy-blast)", opts.Attack)
	}
	pt, err := rulebook.ParseParryType(opts.Parry)
	if err != nil {
		return cmdutil.Inputf("--parry: %q is not a Parrying Table column (rank3-martial-arts, martial-arts, shield-wm, other-melee-wm, other-melee, ranged-wm, ranged, energy-blast)", opts.Parry)
	}
	if _, ok := rulebook.ParryTarget(at, pt); !ok {
		return cmdutil.Inputf("--parry: %s cannot stop %s: the Parrying Table shows \"-\" (p. 34)", pt.Label(), at.Label())
	}
	if err := checkRange("strike-bonus", opts.StrikeBonus, -50, 50); err != nil {
		return err
	}
	var virtual [2]*dice.Expr // health, stamina
	for i, e := range []struct{ flag, v string }{{"virtual-health", opts.VirtualHealth}, {"virtual-stamina", opts.VirtualStam}} {
		if e.v != "" {
			if virtual[i], err = dice.Parse(e.v); err != nil {
				return cmdutil.Inputf("--%s: %v", e.flag, err)
			}
		}
	}
	mods, err := parseMods(opts.Modifiers)
	if err != nil {
		return err
	}
	if opts.StrikeBonus != 0 {
		mods = append([]combat.Modifier{combat.ParryStrikeBonus(opts.StrikeBonus)}, mods...)
	}
	if opts.Reactions {
		mods = append(mods, combat.ReactionsModifier())
	}
	if opts.AnimalSenses {
		mods = append(mods, combat.AnimalSensesModifier())
	}
	r, err := newRoller(opts.Env)
	if err != nil {
		return err
	}
	roll, err := r.Roll(20, "parry")
	if err != nil {
		return cmdutil.RuleErr(err)
	}
	target, total, ok, _ := combat.ParryOutcome(at, pt, roll, 0, mods)
	out := ParryResult{Attack: at, Parry: pt, Target: target, Roll: roll, Modifiers: mods, Total: total, Success: ok,
		RangedForm: combat.RangedParry(pt)}
	if out.Modifiers == nil {
		out.Modifiers = []combat.Modifier{}
	}
	out.Steps.AddRow("parry", "p. 34", "Parrying Table", string(at)+" vs "+string(pt), "1d20 %d%s = %d vs %d: %s", roll, modsSuffix(mods), total, target, yes(ok, "parried", "failed"))
	lines := []string{
		fmt.Sprintf("target: %d (Parrying Table: %s vs %s, p. 34)", target, at.Label(), pt.Label()),
		fmt.Sprintf("roll: 1d20 %d%s = %d: %s", roll, modsSuffix(mods), total, yes(ok, "parried", "failed")),
	}
	if ok && (opts.VirtualHealth != "" || opts.VirtualStam != "") {
		v, err := combat.ParryVirtualDamage(r, virtual[0], virtual[1], opts.DamageBonus)
		if err != nil {
			return cmdutil.RuleErr(err)
		}
		out.VirtualDamage = &v
		when := "after knockback (melee parry)"
		if out.RangedForm {
			when = "before knockback (ranged parry)"
		}
		out.Steps.Add("parry", "pp. 34, 36", "virtual damage %d, taken off the incoming damage health first, %s", v, when)
		lines = append(lines, fmt.Sprintf("virtual damage: %d, taken off health first, then stamina, %s", v, when))
	}
	if err := r.finish(&out.Rolled); err != nil {
		return err
	}
	return emit(opts.Env, out.Seed, out, lines, out.Steps)
}
