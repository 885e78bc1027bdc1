package rulings

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// ParryOptions are the inputs of `spandex parry`.
type ParryOptions struct {
	*cmdutil.Env
	// Odds is --odds: the exact odds instead of a roll.
	Odds          bool
	Attack        string
	Parry         string
	StrikeBonus   int
	Modifiers     []string
	Reactions     bool
	AnimalSenses  bool
	VirtualHealth string
	VirtualStam   string
	DamageBonus   int
	// With names one of the parrier's parries (with a hero file).
	With string
	// Defender is the parrier's hero file, if given.
	Defender defender
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
	// Hero and ParryWith name the parrier and its parry when a hero file
	// was given ("" else); HeroPoints its re-rolls of the d20 (p. 14).
	Hero       string             `json:"hero"`
	ParryWith  string             `json:"parry_with"`
	HeroPoints *heropoints.Reroll `json:"hero_points,omitempty"`
	Rolled
}

// NewCmdParry builds `spandex parry`.
func NewCmdParry(f *cmdutil.Factory, runF func(*ParryOptions) error) *cobra.Command {
	opts := &ParryOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runParry
	}
	cmd := &cobra.Command{
		Use:   "parry --attack TYPE (--parry TYPE [--strike-bonus N] | FILE [--with PARRY] | -i FILE --hero-points N)",
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
With the parrier's hero file (FILE, - for stdin) its own figures are used:
the parry --with PARRY of its combat.parries (default: the first that can
stop the attack type), its strike bonus and animal senses (+1, p. 74), and
the parry's virtual damage dice and damage bonus; --parry,
--strike-bonus, --animal-senses, --virtual-health, --virtual-stamina and
--damage-bonus are then refused. The file is not changed. Hero points (p.
14): -i FILE --hero-points N re-rolls the d20 N times and keeps the highest
face; the points come off the file in the same write, with a "parry" event
logging every face.

Dice: the 1d20, then one 1d20 per hero point, then the virtual damage
(health dice, then stamina dice).`,
		Example: `  spandex parry --attack other-melee --parry other-melee --dice 12
  spandex parry --attack unarmed --parry other-melee --virtual-health 1d6 --virtual-stamina 2d6+6 --dice 20,3,5,2
  spandex parry --attack unarmed nefario.json --with staff --dice 20,3,5,2`,
		Args: cobra.MaximumNArgs(1),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.Defender.Target.FromArgs),
	}
	opts.Defender.add(cmd, "d20")
	fl := cmd.Flags()
	fl.BoolVar(&opts.Odds, "odds", false, oddsHelp)
	fl.StringVar(&opts.Attack, "attack", "", "the attack type: a Parrying Table row (required)")
	fl.StringVar(&opts.Parry, "parry", "", "the parry type: a Parrying Table column (required)")
	fl.IntVar(&opts.StrikeBonus, "strike-bonus", 0, "the parrier's strike bonus")
	fl.BoolVar(&opts.Reactions, "attacker-reactions", false, "the attacker has the Reactions power (-2)")
	fl.BoolVar(&opts.AnimalSenses, "animal-senses", false, "the parrier has animal senses (+1)")
	fl.StringArrayVar(&opts.Modifiers, "modifier", nil, "another modifier: NAME=N; repeatable")
	fl.StringVar(&opts.VirtualHealth, "virtual-health", "", "the parry's health damage dice, e.g. 1d6")
	fl.StringVar(&opts.VirtualStam, "virtual-stamina", "", "the parry's stamina damage dice, e.g. 2d6+6")
	fl.IntVar(&opts.DamageBonus, "damage-bonus", 0, "the parrier's damage bonus, added to the virtual damage")
	fl.StringVar(&opts.With, "with", "", "with a hero file: which of its parries (default: the first that can stop the attack)")
	return cmd
}

// runParry rolls the parry.
func runParry(opts *ParryOptions) error {
	if opts.Odds {
		return rulingOdds(opts.Env, "parry", func() error {
			o := *opts
			o.Odds = false
			return runParry(&o)
		})
	}
	if err := opts.Defender.check(opts.Odds, ""); err != nil && opts.Odds {
		return err
	}
	if opts.Attack == "" {
		return cmdutil.Inputf("--attack: required (a Parrying Table row, e.g. other-melee)")
	}
	at, err := combat.ParseAttackType(opts.Attack)
	if err != nil {
		return cmdutil.Inputf("--attack: %q is not a Parrying Table row (rank3-martial-arts, martial-arts, other-melee-wm, other-melee, ranged-wm, thrown, projectile, energy-blast)", opts.Attack)
	}
	var used []string
	for _, f := range []struct {
		name string
		set  bool
	}{{"--parry", opts.Parry != ""}, {"--strike-bonus", opts.StrikeBonus != 0}, {"--animal-senses", opts.AnimalSenses},
		{"--virtual-health", opts.VirtualHealth != ""}, {"--virtual-stamina", opts.VirtualStam != ""}, {"--damage-bonus", opts.DamageBonus != 0}} {
		if f.set {
			used = append(used, f.name)
		}
	}
	if err := opts.Defender.check(false, strings.Join(used, ", ")); err != nil {
		return err
	}
	if opts.With != "" && !opts.Defender.given() {
		return cmdutil.Inputf("--with: names one of the parrier's parries: give its hero file")
	}
	if !opts.Defender.given() && opts.Parry == "" {
		return cmdutil.Inputf("--parry: required (a Parrying Table column, e.g. other-melee)")
	}
	return opts.Defender.run(opts.Env, "parry", func(h *hero.Hero) (any, []string, ruling.Steps, *uint64, string, error) {
		return opts.parry(h, at)
	})
}

// parry rolls the parry: with h (the parrier's file) its own parry and
// figures.
func (opts *ParryOptions) parry(h *hero.Hero, at rulebook.AttackType) (any, []string, ruling.Steps, *uint64, string, error) {
	fail := func(err error) (any, []string, ruling.Steps, *uint64, string, error) {
		return nil, nil, nil, nil, "", err
	}
	var pt rulebook.ParryType
	var err error
	var virtual [2]*dice.Expr // health, stamina
	damageBonus := opts.DamageBonus
	var mods []combat.Modifier
	var hp *hero.Parry
	if h != nil {
		if hp, err = combat.ChooseParry(h, opts.With, at, "with"); err != nil {
			return fail(ruleErr(err))
		}
		if pt, err = combat.ParseParryType(hp.ParryType); err != nil {
			return fail(cmdutil.Inputf("%s: parry %s: %v", h.Name, hp.Slug, err))
		}
		for i, v := range []string{hp.Health, hp.Stamina} {
			if v != "" {
				if virtual[i], err = dice.Parse(v); err != nil {
					return fail(cmdutil.Inputf("%s: parry %s: %v", h.Name, hp.Slug, err))
				}
			}
		}
		damageBonus = 0
		if hp.AddsDamageBonus {
			damageBonus = h.Combat.DamageBonus
		}
		mods = combat.DefenderParryModifiers(h)
	} else {
		if pt, err = rulebook.ParseParryType(opts.Parry); err != nil {
			return fail(cmdutil.Inputf("--parry: %q is not a Parrying Table column (rank3-martial-arts, martial-arts, shield-wm, other-melee-wm, other-melee, ranged-wm, ranged, energy-blast)", opts.Parry))
		}
		if err := checkRange("strike-bonus", opts.StrikeBonus, -50, 50); err != nil {
			return fail(err)
		}
		for i, e := range []struct{ flag, v string }{{"virtual-health", opts.VirtualHealth}, {"virtual-stamina", opts.VirtualStam}} {
			if e.v != "" {
				if virtual[i], err = dice.Parse(e.v); err != nil {
					return fail(cmdutil.Inputf("--%s: %v", e.flag, err))
				}
			}
		}
		if opts.StrikeBonus != 0 {
			mods = append(mods, combat.ParryStrikeBonus(opts.StrikeBonus))
		}
		if opts.AnimalSenses {
			mods = append(mods, combat.AnimalSensesModifier())
		}
	}
	if _, ok := rulebook.ParryTarget(at, pt); !ok {
		return fail(cmdutil.Inputf("--parry: %s cannot stop %s: the Parrying Table shows \"-\" (p. 34)", pt.Label(), at.Label()))
	}
	extra, err := parseMods(opts.Modifiers)
	if err != nil {
		return fail(err)
	}
	mods = append(mods, extra...)
	if opts.Reactions {
		mods = append(mods, combat.ReactionsModifier())
	}
	r, err := newRoller(opts.Env)
	if err != nil {
		return fail(err)
	}
	roll, rr := 0, (*heropoints.Reroll)(nil)
	if h != nil {
		roll, rr, err = combat.RollReaction(h, opts.Defender.HeroPoints, 20, "parry", r)
	} else {
		roll, err = r.Roll(20, "parry")
	}
	if err != nil {
		return fail(ruleErr(err))
	}
	target, total, ok, _ := combat.ParryOutcome(at, pt, roll, 0, mods)
	out := ParryResult{Attack: at, Parry: pt, Target: target, Roll: roll, Modifiers: mods, Total: total, Success: ok,
		RangedForm: combat.RangedParry(pt), HeroPoints: rr}
	if out.Modifiers == nil {
		out.Modifiers = []combat.Modifier{}
	}
	var lines []string
	if h != nil {
		out.Hero, out.ParryWith = h.Name, hp.Slug
		out.RangedForm = hp.Ranged || out.RangedForm
		out.Steps.Add("parrier", "p. 34", "%s parries with %s (%s; its file)", h.Name, hp.Slug, pt.Label())
	}
	if rr != nil {
		out.Steps.Add("hero-points", "p. 14", "%s", rr.Text())
		lines = append(lines, "hero points: "+rr.Text())
	}
	out.Steps.AddRow("parry", "p. 34", "Parrying Table", string(at)+" vs "+string(pt), "1d20 %d%s = %d vs %d: %s", roll, modsSuffix(mods), total, target, yes(ok, "parried", "failed"))
	lines = append(lines,
		fmt.Sprintf("target: %d (Parrying Table: %s vs %s, p. 34)", target, at.Label(), pt.Label()),
		fmt.Sprintf("roll: 1d20 %d%s = %d: %s", roll, modsSuffix(mods), total, yes(ok, "parried", "failed")),
	)
	if ok && (virtual[0] != nil || virtual[1] != nil) {
		v, err := combat.ParryVirtualDamage(r, virtual[0], virtual[1], damageBonus)
		if err != nil {
			return fail(err)
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
		return fail(err)
	}
	summary := fmt.Sprintf("parry of %s: 1d20 %d, total %d vs %d: %s", at.Label(), roll, total, target, yes(ok, "parried", "failed"))
	if rr != nil {
		summary += fmt.Sprintf("; %d hero points spent", rr.Points)
	}
	return out, lines, out.Steps, out.Seed, summary, nil
}
