package mns

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/mns"
)

// DamageOptions are the inputs of `spandex mns damage`.
type DamageOptions struct {
	*cmdutil.Env
	File       File
	Charts     ChartsFile
	Request    mns.DamageRequest
	Kind       string
	Disbelieve bool
}

// NewCmdDamage builds `spandex mns damage`.
func NewCmdDamage(f *cmdutil.Factory, runF func(*DamageOptions) error) *cobra.Command {
	opts := &DamageOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runDamage
	}
	r := &opts.Request
	cmd := &cobra.Command{
		Use:   "damage [FILE] --on ID --amount N [--kind standard|stun|illusory|death]",
		Short: "Apply damage: VP then DP, stun, death shots, illusions, pushback",
		Long: `Apply --amount of damage to --on, now (the current segment).

Ignore Damage comes off first, then what is left is multiplied by Skin
Temper (rounded down). Standard damage comes off VP, and once VP are gone
off DP. Kinds:
  stun      off VP only; each point past VP stuns for 2 segments; Ignore
            Damage is raised by the Square Chart value of the full DP, less
            1 (--stun-bonus N when looked up by hand); --deadly: 10 or more
            segments stunned also cost 1 DP per 10 segments
  death     a death shot: straight off DP, less up to a tenth of the current
            VP spent to soak it (not when --unconscious)
  illusory  real while believed; --disbelieve later gives back all but a
            tenth (rounded up)

VP stop at 0; DP stop at minus the full DP.

Pushback: each DP and each 10 VP lost, and each point ignored, are
pushback points, added up since the target's action under way started;
their Sphere Chart value (--pushback-segments N when looked up by hand) is
how far its next action is pushed back. Damage taken while a careful
attack is delayed loses it.

--throwback makes the target's throwback roll after a hit that cost DP, or
VP while it was surprised: 2d10 under its throwback roll less --amount,
plus the Sphere Chart value of the higher of strength and agility (after a
VP-only hit), of strength (after a DP hit), or of half strength (after a
DP hit while surprised); --throwback-bonus N when looked up by hand. Failed
by F, it is thrown the Action Chart's "sphere" column value for F in its
"result" column, in meters (--throwback-meters N by hand).

--dice order: with --throwback, the throwback roll (2d10); nothing else
rolls.`,
		Example: `  spandex mns damage -i fight.json --on lariat --amount 15
  spandex mns damage -i fight.json --on brute --amount 12 --kind stun --deadly
  spandex mns damage -i fight.json --on lariat --amount 15 --pushback-segments 1
  spandex mns damage -i fight.json --on lariat --disbelieve
  spandex mns damage -i fight.json --on gunman --amount 22 --throwback --dice 5,5`,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs, opts.Charts.fromFlag, opts.checkFlags),
	}
	opts.File.addFlag(cmd)
	fl := cmd.Flags()
	fl.StringVar(&r.On, "on", "", "the combatant hit")
	fl.IntVar(&r.Amount, "amount", 0, "the damage done")
	fl.StringVar(&opts.Kind, "kind", "standard", "standard, stun, illusory or death")
	fl.BoolVar(&r.Deadly, "deadly", false, "potentially deadly stun damage")
	fl.BoolVar(&r.Unconscious, "unconscious", false, "the target cannot soak a death shot with VP")
	fl.BoolVar(&r.NoIgnore, "no-ignore", false, "the hit gets past Ignore Damage")
	fl.String("stun-bonus", "", "the Square Chart value of the target's full DP, looked up by hand")
	fl.String("pushback-segments", "", "the Sphere Chart value of the pushback points, looked up by hand")
	fl.BoolVar(&opts.Disbelieve, "disbelieve", false, "the target sees through its illusory damage")
	fl.BoolVar(&r.Throwback, "throwback", false, "make the target's throwback roll (2d10)")
	fl.String("throwback-bonus", "", "the Sphere Chart value of the throwback's ability, looked up by hand")
	fl.String("throwback-meters", "", "the Action Chart's distance for the failed roll, looked up by hand")
	return cmd
}

func (opts *DamageOptions) checkFlags(cmd *cobra.Command, _ []string) error {
	r := &opts.Request
	if r.On == "" {
		return cmdutil.Inputf("--on: give the combatant hit")
	}
	if opts.Disbelieve {
		if cmd.Flags().Changed("amount") || cmd.Flags().Changed("kind") {
			return cmdutil.Inputf("--disbelieve takes no --amount or --kind")
		}
		return nil
	}
	if !cmd.Flags().Changed("amount") {
		return cmdutil.Inputf("--amount: give the damage done")
	}
	if r.Amount < 0 {
		return cmdutil.Inputf("--amount: %d is negative", r.Amount)
	}
	r.Kind = mns.DamageKind(opts.Kind)
	if !r.Kind.Valid() {
		return cmdutil.Inputf("--kind: %q is not one of standard, stun, illusory, death", opts.Kind)
	}
	var err error
	if r.StunBonus, err = intFlag(cmd, "stun-bonus"); err != nil {
		return err
	}
	if r.PushbackSegments, err = intFlag(cmd, "pushback-segments"); err != nil {
		return err
	}
	if r.ThrowbackBonus, err = intFlag(cmd, "throwback-bonus"); err != nil {
		return err
	}
	r.ThrowbackMeters, err = intFlag(cmd, "throwback-meters")
	return err
}

// runDamage applies the damage.
func runDamage(opts *DamageOptions) error {
	return change(opts.Env, opts.File, opts.Charts, opts.Request.Throwback, func(e *mns.Encounter, ctx mns.Ctx) error {
		if opts.Disbelieve {
			_, err := e.Disbelieve(opts.Request.On)
			return err
		}
		_, err := e.Damage(ctx, opts.Request)
		return err
	})
}
