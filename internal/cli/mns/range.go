package mns

import (
	"fmt"
	"math"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/mns"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// RangeOptions are the inputs of `spandex mns range`.
type RangeOptions struct {
	*cmdutil.Env
	Charts   ChartsFile
	Distance float64
	Weapon   string
	Ranges   mns.Ranges
	// Power is beam, explosion, center, other or spell; PR its power rank
	// (levels for a spell, maximum range for other); SpellRange a spell's.
	Power      string
	PR         float64
	SpellRange float64
	// Miss is projectile or thrown; Attack and Defense the scores.
	Miss       string
	Attack     int
	Defense    int
	RangeBonus *int
}

// NewCmdRange builds `spandex mns range`.
func NewCmdRange(f *cmdutil.Factory, runF func(*RangeOptions) error) *cobra.Command {
	opts := &RangeOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runRange
	}
	cmd := &cobra.Command{
		Use:   "range --distance M (--weapon NAME | --short M --set M --max M | --power KIND --pr N)",
		Short: "Range sets, defense bonus, damage penalty, standard ranges, misses",
		Long: `Work out a ranged attack at --distance meters. The ranges come from a
weapon (--weapon: the charts file's Weapons Chart), from --short, --set and
--max, or from a power's or spell's standard ranges (--power):

  beam       short PR/2, set PR/4, maximum 4×PR
  explosion  short PR/5, set PR/10, maximum PR, +PR to Attack
  center     short PR, set PR/2, maximum 2×PR (aiming an explosion)
  other      --pr is the power's range: short range/4, set range/8
  spell      --pr is the levels in Spell Range: short levels/2, set
             levels/4, maximum --spell-range

Beyond short range the target gains Defense: the range sets past short
range (rounded up) looked up on the Sphere Chart (--range-bonus N when
looked up by hand). Beyond maximum range the attack loses Damage: the
distance past it over the range set (rounded up).

--miss projectile|thrown with --attack and --defense works out where a miss
goes: a projectile goes (defense - attack) × distance centimeters wide; a
throw lands (defense - attack) × distance / 10 meters from the target,
half that when the d8 shows 3 or 7; the d8's direction comes from the
Misses diagram in the charts file.

--dice order: with --miss, the d8 for the direction; nothing else rolls.`,
		Example: `  spandex mns range --distance 17 --short 4 --set 3 --max 80 --range-bonus 5
  spandex mns range --distance 98 --weapon handgun --charts my-charts.json
  spandex mns range --distance 30 --power beam --pr 20 --charts my-charts.json
  spandex mns range --distance 10 --weapon knife --miss thrown --attack 3 --defense 7 --dice 3 --charts my-charts.json`,
		Args: cobra.NoArgs,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.Charts.fromFlag, opts.checkFlags),
	}
	fl := cmd.Flags()
	fl.Float64Var(&opts.Distance, "distance", 0, "distance to the target in meters")
	fl.StringVar(&opts.Weapon, "weapon", "", "a weapon on the charts file's Weapons Chart")
	fl.Float64Var(&opts.Ranges.Short, "short", 0, "Short Range in meters")
	fl.Float64Var(&opts.Ranges.Set, "set", 0, "Range Set in meters")
	fl.Float64Var(&opts.Ranges.Max, "max", 0, "Maximum Range in meters")
	fl.StringVar(&opts.Power, "power", "", "standard range of a power or spell: beam, explosion, center, other, spell")
	fl.Float64Var(&opts.PR, "pr", 0, "the power rank (other: its range; spell: levels in Spell Range)")
	fl.Float64Var(&opts.SpellRange, "spell-range", 0, "a spell's range in meters")
	fl.StringVar(&opts.Miss, "miss", "", "where a miss goes: projectile or thrown")
	fl.IntVar(&opts.Attack, "attack", 0, "the missed attack's Attack")
	fl.IntVar(&opts.Defense, "defense", 0, "the target's Defense")
	fl.String("range-bonus", "", "the Sphere Chart value of the range sets, looked up by hand")
	return cmd
}

func (opts *RangeOptions) checkFlags(cmd *cobra.Command, _ []string) error {
	if !cmd.Flags().Changed("distance") || opts.Distance < 0 || math.IsNaN(opts.Distance) || opts.Distance > 1e9 {
		return cmdutil.Inputf("--distance: give the distance to the target in meters (0 or more)")
	}
	given := 0
	if opts.Weapon != "" {
		given++
	}
	if cmd.Flags().Changed("set") || cmd.Flags().Changed("short") || cmd.Flags().Changed("max") {
		given++
		if !cmd.Flags().Changed("max") {
			return cmdutil.Inputf("--max: give the maximum range with --short and --set")
		}
	}
	if opts.Power != "" {
		given++
	}
	if given != 1 {
		return cmdutil.Inputf("give the ranges one way: --weapon NAME, --short/--set/--max, or --power KIND --pr N")
	}
	switch opts.Miss {
	case "", "projectile", "thrown":
	default:
		return cmdutil.Inputf("--miss: %q is not one of projectile, thrown", opts.Miss)
	}
	if opts.Miss != "" && (!cmd.Flags().Changed("attack") || !cmd.Flags().Changed("defense")) {
		return cmdutil.Inputf("--miss: give the --attack and the --defense it missed")
	}
	var err error
	opts.RangeBonus, err = intFlag(cmd, "range-bonus")
	return err
}

// RangeResult is the JSON of `mns range`.
type RangeResult struct {
	Distance float64    `json:"distance"`
	Ranges   mns.Ranges `json:"ranges"`
	// RangeSets past short range; DefenseBonus their Sphere Chart value.
	RangeSets    int `json:"range_sets"`
	DefenseBonus int `json:"defense_bonus"`
	// DamagePenalty beyond maximum range.
	DamagePenalty int          `json:"damage_penalty"`
	Miss          *MissResult  `json:"miss"`
	Steps         ruling.Steps `json:"steps"`
	Seed          *uint64      `json:"seed,omitempty"`
}

// MissResult is where a miss went.
type MissResult struct {
	Kind      string  `json:"kind"`
	D8        int     `json:"d8"`
	Direction string  `json:"direction"`
	Distance  float64 `json:"distance"`
	// Unit is cm for a projectile (how far wide), m for a throw (how far
	// from the target it lands).
	Unit string `json:"unit"`
}

// runRange works out the ranges.
func runRange(opts *RangeOptions) error {
	env := opts.Env
	ch, err := opts.Charts.load(env)
	if err != nil {
		return err
	}
	res := RangeResult{Distance: opts.Distance}
	switch {
	case opts.Weapon != "":
		w, ok := ch.Weapon(opts.Weapon)
		if !ok {
			return cmdutil.Inputf("--weapon %s: %v", opts.Weapon, &mns.NeedChartError{Chart: "Weapons Chart", Input: "the " + opts.Weapon + "'s ranges", Flag: "--short, --set and --max"})
		}
		if w.Type == mns.Close {
			return cmdutil.Inputf("--weapon %s: a close combat weapon has no ranges", w.Name)
		}
		res.Ranges = mns.Ranges{Short: w.Short, Set: w.Set, Max: w.Max}
		res.Steps.AddRow("ranges", mns.SectionRange, "Weapons Chart", w.Name, "short %v, set %v, maximum %v", w.Short, w.Set, w.Max)
	case opts.Power != "":
		r, err := mns.StandardRange(opts.Power, opts.PR, opts.SpellRange)
		if err != nil {
			return cmdutil.Inputf("--power %s: %w", opts.Power, err)
		}
		res.Ranges = r
		res.Steps.Add("ranges", mns.SectionRanges, "standard %s range from %v: short %v, set %v, maximum %v, attack %+v", opts.Power, opts.PR, r.Short, r.Set, r.Max, r.AttackBonus)
	default:
		res.Ranges = opts.Ranges
	}
	if res.RangeSets, err = mns.RangeSets(opts.Distance, res.Ranges); err != nil {
		return cmdutil.Input(err)
	}
	if res.RangeSets > 0 {
		if res.DefenseBonus, err = ch.SphereOf(res.RangeSets, opts.RangeBonus, "--range-bonus N"); err != nil {
			return cmdutil.Inputf("the defense bonus %w", err)
		}
		res.Steps.AddRow("defense", mns.SectionRange, "Sphere Chart", fmt.Sprint(res.RangeSets), "%vm is %v past short range %v: %d range sets of %v (rounded up): %+d defense",
			opts.Distance, opts.Distance-res.Ranges.Short, res.Ranges.Short, res.RangeSets, res.Ranges.Set, res.DefenseBonus)
	} else {
		res.Steps.Add("defense", mns.SectionRange, "%vm is within short range %v: no defense bonus", opts.Distance, res.Ranges.Short)
	}
	res.DamagePenalty, _ = mns.BeyondMaxPenalty(opts.Distance, res.Ranges)
	if res.DamagePenalty > 0 {
		res.Steps.Add("damage", mns.SectionRange, "%v past maximum range %v, over the set %v (rounded up): -%d damage", opts.Distance-res.Ranges.Max, res.Ranges.Max, res.Ranges.Set, res.DamagePenalty)
	}
	if opts.Miss != "" {
		if _, err := ch.Direction(1); err != nil {
			return cmdutil.Inputf("--miss: the direction %w", err)
		}
		rs, err := env.Roller()
		if err != nil {
			return err
		}
		d8, err := dice.Roll(rs.Roller, 1, 8, "miss direction")
		if err != nil {
			return cmdutil.Input(err)
		}
		dir, err := ch.Direction(d8)
		if err != nil {
			return cmdutil.Input(err)
		}
		m := &MissResult{Kind: opts.Miss, D8: d8, Direction: dir}
		if opts.Miss == "projectile" {
			m.Distance, m.Unit = mns.ProjectileMissCM(opts.Attack, opts.Defense, opts.Distance), "cm"
			res.Steps.Add("miss", mns.SectionMisses, "(defense %d - attack %d) × %vm = %v cm wide, d8 %d: %s", opts.Defense, opts.Attack, opts.Distance, m.Distance, d8, dir)
		} else {
			m.Distance, m.Unit = mns.ThrownMissM(opts.Attack, opts.Defense, opts.Distance, d8), "m"
			res.Steps.Add("miss", mns.SectionMisses, "(defense %d - attack %d) × %vm / 10, halved on a 3 or 7 (d8 %d) = %v m, %s", opts.Defense, opts.Attack, opts.Distance, d8, m.Distance, dir)
		}
		res.Miss = m
		res.Seed = rs.SeedPtr()
	}
	if err := env.FinishDice(); err != nil {
		return err
	}
	if env.Explain {
		_ = env.ExplainSteps(res.Steps)
	}
	out := env.IO.Out
	if env.Format.IsJSON() {
		return cmdutil.WriteJSON(out, env.Format, res)
	}
	if !env.SeedGiven { // --seed N given: no replay hint
		cmdutil.ReportSeed(env.IO.ErrOut, res.Seed)
	}
	fmt.Fprintf(out, "%vm: short %v, set %v, maximum %v\n", opts.Distance, res.Ranges.Short, res.Ranges.Set, res.Ranges.Max)
	fmt.Fprintf(out, "range sets %d: defense %+d; damage %d\n", res.RangeSets, res.DefenseBonus, -res.DamagePenalty)
	if res.Ranges.AttackBonus != 0 {
		fmt.Fprintf(out, "explosion: attack +%v\n", res.Ranges.AttackBonus)
	}
	if m := res.Miss; m != nil {
		fmt.Fprintf(out, "miss: %v %s toward %s (d8 %d)\n", m.Distance, m.Unit, m.Direction, m.D8)
	}
	return nil
}
