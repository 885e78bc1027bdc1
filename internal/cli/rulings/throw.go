package rulings

import (
	"fmt"
	"math"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// ThrowOptions are the inputs of `spandex throw`.
type ThrowOptions struct {
	*cmdutil.Env
	Strength int
	Object   string
	MassKg   float64
	Awkward  bool
	Person   bool
	// PersonFile is the thrown person's hero file: its own mass now
	// (combat.MassNow), instead of --mass.
	PersonFile string
	Rolling    bool
}

// ThrowOutput is what `spandex throw` prints.
type ThrowOutput struct {
	combat.ThrowResult
	// Pushing is what the strength can do pushing the object (p. 39).
	Pushing *combat.PushResult `json:"pushing,omitempty"`
	Steps   ruling.Steps       `json:"steps"`
}

// NewCmdThrow builds `spandex throw`.
func NewCmdThrow(f *cmdutil.Factory, runF func(*ThrowOptions) error) *cobra.Command {
	opts := &ThrowOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runThrow
	}
	cmd := &cobra.Command{
		Use:   "throw --strength N (--object NAME | --mass KG | --person-file FILE) [--awkward] [--rolling] [--person]",
		Short: "What a character can push, lift and throw, and how far (pp. 39-43)",
		Long: `Look an object up on the Object Table (p. 39) by an example name (--object
fridge) or its mass (--mass 120), and say what --strength can do with it:
push, lift, throw. A thrown object goes 2 m per point of strength over the
Throw score, 1 m at exactly it, half as far when unaerodynamic (--awkward)
(p. 41); it does blunt thrown damage plus the thrower's damage bonus when it
is over 1 kg. --person throws a grabbed person: 1 m per point over the Throw
score for the mass (default 120 kg, an average hero: Throw 16), resolved as
knockback (p. 43). --person-file FILE (- for stdin) throws that hero: its
own mass (the file's mass_kg, else 120 kg and half again a rank of Larger
(stockier), p. 61), ×8 grown (p. 60), ×2 denser (p. 54). Use 'spandex attack --mode throw' with hero files, and
'spandex attack --object NAME --thrown' (or fight act) to throw an object
at someone.

Pushing (p. 39): the Push score moves the object roughly 1 m a panel, the
Lift score pushes it at half movement speed, the Throw score at full speed.
--rolling: it has wheels or rollers, is on ice or floats in water, and each
of these needs only half the strength (rounded up); lifting and throwing
do not get easier.

No dice are rolled.`,
		Example: `  spandex throw --strength 45 --object fridge
  spandex throw --strength 30 --person --mass 90
  spandex throw --strength 30 --person-file nefario.json
  spandex throw --strength 15 --object "hatchback car" --rolling`,
		Args: cobra.NoArgs,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, required("strength")),
	}
	fl := cmd.Flags()
	fl.IntVar(&opts.Strength, "strength", 0, "the thrower's strength (required)")
	fl.StringVar(&opts.Object, "object", "", "an Object Table example (fridge, desk, hatchback car, ...)")
	fl.Float64Var(&opts.MassKg, "mass", 0, "the object's (or person's) mass in kg")
	fl.BoolVar(&opts.Awkward, "awkward", false, "an unaerodynamic object: half distance")
	fl.BoolVar(&opts.Person, "person", false, "throw a grabbed person (resolved as knockback)")
	fl.StringVar(&opts.PersonFile, "person-file", "", "throw the person of this hero file (- for stdin), at its own mass now")
	fl.BoolVar(&opts.Rolling, "rolling", false, "the object has wheels or rollers, is on ice or floats in water: half the strength to push it (p. 39)")
	return cmd
}

// runThrow rules on the throw.
func runThrow(opts *ThrowOptions) error {
	if math.IsNaN(opts.MassKg) || math.IsInf(opts.MassKg, 0) {
		return cmdutil.Inputf("--mass: %v is not a mass in kg", opts.MassKg)
	}
	if opts.MassKg < 0 {
		return cmdutil.Inputf("--mass: %v is negative", opts.MassKg)
	}
	var t combat.ThrowResult
	var err error
	var massSteps ruling.Steps
	if opts.PersonFile != "" {
		if opts.MassKg != 0 {
			return cmdutil.Inputf("--mass: not with --person-file (the person's mass is its own)")
		}
		h, err := opts.ReadHero(opts.PersonFile)
		if err != nil {
			return err
		}
		m := combat.MassNow(h, h.States, 0)
		opts.Person, opts.MassKg, massSteps = true, m.Kg, m.Steps
	}
	if opts.Person {
		if opts.Rolling {
			return cmdutil.Inputf("--rolling: pushing is for objects, not --person")
		}
		if opts.Object != "" {
			return cmdutil.Inputf("--object: not with --person (give --mass)")
		}
		m := opts.MassKg
		if m == 0 {
			m = combat.DefaultPersonMassKg
		}
		t, err = combat.ThrowPerson(opts.Strength, m)
	} else {
		if opts.Object == "" && opts.MassKg == 0 {
			return cmdutil.Inputf("--object: give an Object Table example or --mass KG")
		}
		if _, ok := rulebook.ObjectByName(opts.Object); opts.Object != "" && !ok && opts.MassKg == 0 {
			return cmdutil.Inputf("--object: %q is not an Object Table example (see `spandex tables object`): give its mass with --mass KG", opts.Object)
		}
		t, err = combat.ThrowObject(opts.Strength, opts.Object, opts.MassKg, opts.Awkward)
	}
	if err != nil {
		return ruleErr(err)
	}
	out := ThrowOutput{ThrowResult: t}
	out.Steps = append(out.Steps, massSteps...)
	what := opts.Object
	switch {
	case opts.Person:
		what = fmt.Sprintf("%v kg person", t.MassKg)
	case what == "":
		what = fmt.Sprintf("%v kg", t.MassKg)
	}
	can := abilities(t)
	if opts.Rolling {
		can = liftThrow(t) // pushing is ruled on below
	}
	out.Steps.AddRow("object", "p. 39", "Object Table", t.Mass, "%s: push %d, lift %d, throw %d; strength %d can %s", what, t.Push, t.Lift, t.ThrowScore, t.Strength, can)
	lines := []string{
		fmt.Sprintf("object: %s (%s): push %d, lift %d, throw %d (Object Table, p. 39)", what, t.Mass, t.Push, t.Lift, t.ThrowScore),
		fmt.Sprintf("strength %d: %s", t.Strength, can),
	}
	if !opts.Person {
		row, err := combat.LookupObject(opts.Object, opts.MassKg)
		if err != nil {
			return ruleErr(err)
		}
		p := combat.PushObject(t.Strength, row, opts.Rolling)
		out.WithPush(p)
		out.Pushing = &p
		lines = append(lines, fmt.Sprintf("push: strength %d can %s (needs %d to push, %d at half speed, %d at full speed, p. 39)", p.Strength, p.Text(), p.Push, p.HalfSpeed, p.FullSpeed))
		out.Steps.AddRow("push", "p. 39", "Object Table", t.Mass, "push %d, half speed %d, full speed %d%s: strength %d can %s", p.Push, p.HalfSpeed, p.FullSpeed,
			yes(p.Rolling, " (halved, rounded up: wheels, rollers, ice or water)", ""), p.Strength, p.Text())
	}
	switch {
	case !t.CanThrow:
		lines = append(lines, "throw: too heavy to throw")
		out.Steps.Add("throw", "p. 41", "strength %d is below the Throw score %d: cannot throw it", t.Strength, t.ThrowScore)
	case opts.Person:
		lines = append(lines, fmt.Sprintf("throw: %d m (1 m per point over %d), treated as knockback (p. 43)", t.Metres, t.ThrowScore))
		out.Steps.Add("throw", "p. 43", "1 m per point of strength over %d: %d m, treated as knockback", t.ThrowScore, t.Metres)
	default:
		lines = append(lines, fmt.Sprintf("throw: %d m%s (2 m per point over %d, 1 m at exactly it, p. 41)", t.Metres, yes(t.Awkward, " (awkward: half)", ""), t.ThrowScore))
		lines = append(lines, "damage: "+t.DamageRule)
		out.Steps.Add("throw", "p. 41", "2 m per point over %d (1 m at exactly it)%s: %d m; %s", t.ThrowScore, yes(t.Awkward, ", halved", ""), t.Metres, t.DamageRule)
	}
	return emit(opts.Env, nil, out, lines, out.Steps)
}

func abilities(t combat.ThrowResult) string {
	switch {
	case t.CanThrow:
		return "push, lift and throw it, carrying it at full speed"
	case t.CanLift:
		return "push it, or stagger with it at half speed, but not throw it"
	case t.CanPush:
		return "only push it about 1 m a panel"
	}
	return "not move it"
}

// liftThrow says what a strength can do lifting and throwing.
func liftThrow(t combat.ThrowResult) string {
	switch {
	case t.CanThrow:
		return "lift and throw it"
	case t.CanLift:
		return "lift it, but not throw it"
	}
	return "neither lift nor throw it"
}
