package rulings

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// DamageOptions are the inputs of `spandex damage`.
type DamageOptions struct {
	*cmdutil.Env
	// Odds is --odds: the exact odds instead of a roll.
	Odds      bool
	Type      string
	Health    string
	Stamina   string
	Bonus     int
	Split     string
	HDivider  int
	SDivider  int
	Strength  int
	Lower     int
	IgnoreDiv bool
	// The defender is an object or a wall (p. 39).
	Object     string
	ObjectMass float64
	Material   string
	Wall       string
	Remaining  int
}

// DamageOutput is what `spandex damage` prints.
type DamageOutput struct {
	combat.DamageResult
	// Dividers used (after strength's improvement and any lowering), and
	// the damage taken after them (rounded up).
	Dividers rulebook.Dividers `json:"dividers"`
	Taken    struct {
		Health  int `json:"health"`
		Stamina int `json:"stamina"`
	} `json:"taken"`
	// Object is what the damage did to an object or wall defender.
	Object *combat.ObjectDamage `json:"object,omitempty"`
	Rolled
}

// NewCmdDamage builds `spandex damage`.
func NewCmdDamage(f *cmdutil.Factory, runF func(*DamageOptions) error) *cobra.Command {
	opts := &DamageOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runDamage
	}
	cmd := &cobra.Command{
		Use:   "damage --type TYPE [--bonus N] [--split health=N] [dividers]",
		Short: "Roll damage from the Physical Damage Table and apply dividers (pp. 36-37)",
		Long: `Roll an attack's damage (Physical Damage Table, p. 36): --type is a row
(unarmed, judo-throw, blunt-one-handed, blunt-two-handed, blunt-thrown,
sharp-one-handed, sharp-two-handed, sharp-thrown, projectile, explosive,
energy-blast), or give --health/--stamina dice. The damage bonus (--bonus)
goes on stamina unless --split health=N puts N of it on health. Each side is
at least 0. Only unarmed, melee and thrown attacks take the damage bonus
(p. 36): with --type projectile, explosive or energy-blast it is not added
(bonus_dropped says how much was given). Every die of a formula is rolled, even in 1d6-6.

Optionally apply dividers (p. 37): --h-divider/--s-divider, improved by
--strength's Strength Table modifier only where a divider exists, lowered
by --lower (energy blast: 2; a divider below 2 is ignored), or ignored with
--ignore-dividers (eldritch bolt, psionic blast). Damage taken rounds up.

Objects and walls as the defender (p. 39): --object NAME (an Object Table
example) or --object-mass KG has the row's health and no stamina (stamina
damage is ignored); a sturdy one takes --material brick (/2), thin-metal
(/3), stone, concrete or armour-plating (/4), or --h-divider N, lowered by
--lower and dropped by --ignore-dividers; the damage taken rounds up (p.
37). --wall MATERIAL is a Wall Strength Table row (p. 37): the health damage
for a super-hero sized hole, the material already counted (brick 16,
concrete 32), taken undivided. --remaining N is the health it has left from
earlier blows (the last result's "after"): damage carries on until it
breaks. Knocking a character through a wall is the attack's knockback
(spandex attack --obstruction).

Dice: the health dice, then the stamina dice.`,
		Example: `  spandex damage --type sharp-two-handed --bonus 5 --split health=5
  spandex damage --health 4d6 --stamina 6d6 --h-divider 5 --s-divider 4 --strength 45 --lower 2 --seed 1
  spandex damage --type blunt-two-handed --bonus 30 --split health=30 --object tank --material armour-plating
  spandex damage --type unarmed --bonus 20 --split health=20 --wall brick --remaining 6`,
		Args: cobra.NoArgs,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }),
	}
	fl := cmd.Flags()
	fl.BoolVar(&opts.Odds, "odds", false, oddsHelp)
	fl.StringVar(&opts.Type, "type", "", "a Physical Damage Table row")
	fl.StringVar(&opts.Health, "health", "", "health damage dice (instead of the table's)")
	fl.StringVar(&opts.Stamina, "stamina", "", "stamina damage dice (instead of the table's)")
	fl.IntVar(&opts.Bonus, "bonus", 0, "the damage bonus")
	fl.StringVar(&opts.Split, "split", "", "health=N: N of the bonus on health, the rest on stamina (default all on stamina; against --object or --wall, which ignore stamina, all on health, p. 39)")
	fl.IntVar(&opts.HDivider, "h-divider", 0, "the defender's H divider")
	fl.IntVar(&opts.SDivider, "s-divider", 0, "the defender's S divider")
	fl.IntVar(&opts.Strength, "strength", 0, "the defender's strength: its Strength Table modifier improves existing dividers")
	fl.IntVar(&opts.Lower, "lower", 0, "lower both dividers by N (energy blast: 2)")
	fl.BoolVar(&opts.IgnoreDiv, "ignore-dividers", false, "the attack ignores dividers (eldritch bolt, psionic blast)")
	fl.StringVar(&opts.Object, "object", "", "the defender is an object: an Object Table example (p. 39)")
	fl.Float64Var(&opts.ObjectMass, "object-mass", 0, "the defender is an object of this mass in kg (p. 39)")
	fl.StringVar(&opts.Material, "material", "", "a sturdy object's material: brick, thin-metal, stone, concrete, armour-plating (its H divider, p. 39)")
	fl.StringVar(&opts.Wall, "wall", "", "the defender is a wall: a Wall Strength Table material (a super-hero sized hole, p. 37)")
	fl.IntVar(&opts.Remaining, "remaining", 0, "the object's or wall's health left from earlier damage (default: undamaged)")
	return cmd
}

// runDamage rolls the damage.
func runDamage(opts *DamageOptions) error {
	if opts.Odds {
		return rulingOdds(opts.Env, "damage", func() error {
			o := *opts
			o.Odds = false
			return runDamage(&o)
		})
	}
	for _, c := range []struct {
		flag   string
		v, max int
	}{{"h-divider", opts.HDivider, 100}, {"s-divider", opts.SDivider, 100}, {"strength", opts.Strength, 10000}, {"lower", opts.Lower, 100}} {
		if err := checkRange(c.flag, c.v, 0, c.max); err != nil {
			return err
		}
	}
	if err := checkRange("bonus", opts.Bonus, -100_000, 100_000); err != nil {
		return err
	}
	for _, e := range []struct{ flag, expr string }{{"health", opts.Health}, {"stamina", opts.Stamina}} {
		if e.expr == "" {
			continue
		}
		if _, err := dice.Parse(e.expr); err != nil {
			return cmdutil.Inputf("--%s: %v", e.flag, err)
		}
	}
	in := combat.DamageInput{Type: opts.Type, HealthExpr: opts.Health, StaminaExpr: opts.Stamina, Bonus: opts.Bonus}
	if opts.Split != "" {
		sp, err := combat.ParseSplit(opts.Split)
		if err != nil {
			return cmdutil.Inputf("--split: %v", err)
		}
		in.SplitHealth = sp.Health
	} else if opts.Object != "" || opts.ObjectMass != 0 || opts.Wall != "" {
		in.SplitHealth = combat.ObjectBonusOnHealth(in.Bonus)
	}
	r, err := newRoller(opts.Env)
	if err != nil {
		return err
	}
	d, err := combat.DamageRoll(in, r)
	if err != nil {
		return ruleErr(err)
	}
	dv := rulebook.Dividers{Health: opts.HDivider, Stamina: opts.SDivider}
	if opts.Strength > 0 {
		dv = dv.Improve(rulebook.StrengthDividerModifier(opts.Strength))
	}
	if opts.Lower > 0 {
		dv = dv.Lowered(opts.Lower)
	}
	if opts.IgnoreDiv {
		dv = rulebook.Dividers{}
	}
	isObject := opts.Object != "" || opts.ObjectMass != 0 || opts.Wall != ""
	if !isObject && (opts.Material != "" || opts.Remaining != 0) {
		return cmdutil.Inputf("--material and --remaining go with --object, --object-mass or --wall")
	}
	var od *combat.ObjectDamage
	var osteps ruling.Steps
	if isObject {
		if opts.SDivider != 0 || opts.Strength != 0 {
			return cmdutil.Inputf("--s-divider and --strength are a character's: an object has no stamina and no strength")
		}
		if opts.Wall != "" && (opts.HDivider != 0 || opts.Lower != 0 || opts.IgnoreDiv) {
			return cmdutil.Inputf("--wall: the Wall Strength Table counts the material already; no --h-divider, --lower or --ignore-dividers")
		}
		t := combat.ObjectTarget{Name: opts.Object, MassKg: opts.ObjectMass, Material: opts.Material, Wall: opts.Wall, Remaining: opts.Remaining}
		if opts.Wall == "" {
			div := opts.HDivider
			if opts.Material != "" {
				if div != 0 {
					return cmdutil.Inputf("--material: give a material or --h-divider, not both")
				}
				if div = rulebook.SturdyDivider(opts.Material); div == 0 {
					return cmdutil.Inputf("--material: %q is not a sturdy material: brick (/2), thin-metal (/3), stone, concrete or armour-plating (/4)", opts.Material)
				}
			}
			if opts.Lower > 0 {
				div = rulebook.Dividers{Health: div}.Lowered(opts.Lower).Health
			}
			if opts.IgnoreDiv {
				div = 0
			}
			t.Material, t.Divider = "", div
		}
		res, st, err := combat.DamageObject(t, d.Health, d.Stamina)
		if err != nil {
			return ruleErr(err)
		}
		od, osteps = &res, st
		dv = rulebook.Dividers{Health: res.Divider}
	}
	out := DamageOutput{DamageResult: d, Dividers: dv, Object: od}
	if err := r.finish(&out.Rolled); err != nil {
		return err
	}
	out.Taken.Health, out.Taken.Stamina = combat.ApplyDividers(d.Health, d.Stamina, dv)
	row := opts.Type
	if row == "" {
		row = "given dice"
	}
	out.Steps.AddRow("damage", "p. 36", "Physical Damage Table", row, "health %s rolled %d, stamina %s rolled %d; bonus %d split %d H / %d S: %d H, %d S",
		nameOr(d.HealthExpr, "-"), d.HealthRoll, nameOr(d.StaminaExpr, "-"), d.StaminaRoll, d.Bonus, d.BonusHealth, d.BonusStamina, d.Health, d.Stamina)
	lines := []string{
		fmt.Sprintf("health: %s rolled %d %+d bonus = %d", nameOr(d.HealthExpr, "-"), d.HealthRoll, d.BonusHealth, d.Health),
		fmt.Sprintf("stamina: %s rolled %d %+d bonus = %d", nameOr(d.StaminaExpr, "-"), d.StaminaRoll, d.BonusStamina, d.Stamina),
	}
	if d.BonusDropped != 0 {
		out.Steps.AddRow("bonus", "p. 36", "Physical Damage Table", row, "the damage bonus %+d is not added: only unarmed, melee and thrown attacks take it", d.BonusDropped)
		lines = append(lines, fmt.Sprintf("bonus: %+d not added to %s attacks (only unarmed, melee and thrown, p. 36)", d.BonusDropped, row))
	}
	if od != nil {
		out.Taken.Health, out.Taken.Stamina = od.Taken, 0
		out.Steps = append(out.Steps, osteps...)
		state := fmt.Sprintf("%d of %d health left; %d more health damage finishes it", od.After, od.Before, od.Needed)
		if od.Destroyed {
			state = map[bool]string{true: "holed (a super-hero sized hole)", false: "destroyed"}[od.Wall]
		}
		lines = append(lines, fmt.Sprintf("%s (%s): takes %d H%s, stamina ignored: %s", od.Object, od.Row, od.Taken, yes(od.Divider >= 2, fmt.Sprintf(" (/%d)", od.Divider), ""), state))
		return emit(opts.Env, out.Seed, out, lines, out.Steps)
	}
	if !dv.None() || opts.HDivider > 0 || opts.SDivider > 0 || opts.IgnoreDiv {
		out.Steps.Add("dividers", "p. 37", "%s: %d H, %d S taken (rounded up; below 2 ignored)", dv, out.Taken.Health, out.Taken.Stamina)
		lines = append(lines, fmt.Sprintf("taken: %d H, %d S after dividers %s (rounded up, p. 37)", out.Taken.Health, out.Taken.Stamina, dv))
	}
	return emit(opts.Env, out.Seed, out, lines, out.Steps)
}
