package herocmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// DeriveOptions are the inputs of `spandex hero derive`.
type DeriveOptions struct {
	*cmdutil.Env
	File    string
	InPlace string
	Choose  []string
	// FillEquipment tops the starting equipment up to three items (p. 13).
	FillEquipment bool
}

// NewCmdDerive builds `spandex hero derive`. runF replaces runDerive in
// tests.
func NewCmdDerive(f *cmdutil.Factory, runF func(*DeriveOptions) error) *cobra.Command {
	opts := &DeriveOptions{Env: f.Env(cmdutil.FormatJSON)}
	if runF == nil {
		runF = runDerive
	}
	cmd := &cobra.Command{
		Use:   "derive [FILE|-]",
		Short: "Fill in every derived figure of a hand-built or edited hero",
		Long: `Complete a hero file whose choices and rolled values are pinned (Step 4,
"Filling in the blanks", pp. 12-16), or repair a hero after editing it.

Kept as given: name, kind, base abilities (read off the grid), powers with
their ranks, flavours, options and rolled values, perks, equipment, health
and stamina dice, and any personal profile measure that is set (not 0).

Rolled when missing, in this order (--dice): for each power in file order,
its missing flavours (sub-table dice) and then its missing values (Super
Strength values.d10_rN, Super Endurance d6_rN, Larger str_d6_rN and
end_d6_rN, Growth str_d6 and end_d6, Forcefield health, Luck d3, pools
pool_d10_rN / pool_d10, a bionic arm's arm_d10, a sidekick's generation);
then one d6 per point of endurance for health (health.dice) and the same
for stamina (stamina.dice).

Computed: final abilities (base plus every power and perk modifier), the
equipment the powers rely on (an Armour suit, Weapon Mastery's weapons, a
cyber weapon, the Vehicle, Acrobatics' grappling gun; pp. 13, 51-77) and,
with --fill-equipment, the book's extra items up to three (p. 13), armour class, dividers (improved by strength),
damage, strike and dodge bonuses, whether the hero may dodge, knockback
threshold and bracing, panels per page, movement and other moves, attacks
with their strike classes, parries, immunities, health and stamina with
their battered, dazed and stunned values, recovery rates, point pools, the
starting personal profile measures that are unset (0), the categories,
hero points, resources and downtime points. Damage taken and points spent
stay taken and spent.

The hero is written to stdout, or atomically over FILE with -i; an event
"derive" with every die rolled is appended to its log.`,
		Example: `  spandex hero derive testdata/heroes/guardian-draft.json > guardian.json
  spandex hero derive -i hero.json
  spandex hero derive draft.json --seed 4 | spandex sheet -o text`,
		Args: cobra.MaximumNArgs(1),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.fromArgs),
	}
	cmd.Flags().StringVarP(&opts.InPlace, "in-place", "i", "", "rewrite FILE atomically instead of writing to stdout")
	cmd.Flags().BoolVar(&opts.FillEquipment, "fill-equipment", false, "top the starting equipment up to three items from the book's list (p. 13), as gen hero does")
	cmd.Flags().StringArrayVar(&opts.Choose, "choose", nil, "the choice for each \"Choose\" result a missing flavour needs (repeatable, in order)")
	return cmd
}

func (opts *DeriveOptions) fromArgs(_ *cobra.Command, args []string) (err error) {
	opts.File, err = heroFileArg(args, opts.InPlace, "hero derive")
	return err
}

// heroFileArg is the hero file a verb works on: FILE, -i FILE (the same
// file may be given both ways), or stdin ("-").
func heroFileArg(args []string, inPlace, verb string) (string, error) {
	file := "-"
	if len(args) == 1 {
		file = args[0]
	}
	if inPlace != "" {
		if len(args) == 1 && args[0] != inPlace {
			return "", cmdutil.Inputf("-i %s: give the file once (%s -i FILE)", inPlace, verb)
		}
		file = inPlace
	}
	return file, nil
}

// deriveDetails is the "derive" event's record.
type deriveDetails struct {
	Dice  []dice.Rolled `json:"dice"`
	Steps ruling.Steps  `json:"steps"`
}

// runDerive derives the hero and writes it.
func runDerive(opts *DeriveOptions) error {
	if opts.InPlace == "" {
		if err := opts.WholeFile("the derived hero", cmdutil.HintInPlace); err != nil {
			return err
		}
	}
	d, err := opts.Derive()
	if err != nil {
		return err
	}
	h, err := opts.ReadHeroDraft(opts.File)
	if err != nil {
		return err
	}
	// The file as it was, so that the derive event records the patch
	// that takes it back (hero undo).
	before, err := hero.Snapshot(h)
	if err != nil {
		return cmdutil.Internal(err)
	}
	rs, err := opts.Roller()
	if err != nil {
		return err
	}
	rec := dice.NewRecorder(rs.Roller)
	d.Choose, d.FillEquipment = opts.Choose, opts.FillEquipment
	steps, err := chargen.Derive(h, rec, d)
	if err != nil {
		return fmt.Errorf("%s: %w", name(opts.File), err)
	}
	if err := h.Validate(); err != nil {
		return cmdutil.Input(fmt.Errorf("%s: after deriving: %w", name(opts.File), err))
	}
	rolled := rec.Rolls()
	summary := fmt.Sprintf("derived: strength %d, armour class %s, health %d, stamina %d, %d dice rolled",
		h.Abilities.Final.Strength, h.Combat.ArmourClass, h.Health.Max, h.Stamina.Max, len(rolled))
	var seed *uint64
	if len(rolled) > 0 {
		seed = rs.SeedPtr()
	}
	if rolled == nil {
		rolled = []dice.Rolled{}
	}
	n := len(h.Log)
	if err := h.AppendEvent("derive", summary, seed, deriveDetails{Dice: rolled, Steps: steps}); err != nil {
		return err
	}
	if err := h.RecordChange(before, n); err != nil {
		return cmdutil.Internal(err)
	}
	if err := opts.ExplainSteps(steps); err != nil {
		return err
	}
	// The hero is always JSON, so the seed goes to stderr whatever the
	// format (nil unless dice were rolled).
	if !opts.SeedGiven { // --seed N given: no replay hint
		cmdutil.ReportSeed(opts.IO.ErrOut, seed)
	}
	return opts.WriteHero(h, opts.InPlace)
}

func name(path string) string {
	if path == "" || path == "-" {
		return "stdin"
	}
	return path
}
