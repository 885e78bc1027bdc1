package mns

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/mns"
)

// SurpriseOptions are the inputs of `spandex mns surprise`.
type SurpriseOptions struct {
	*cmdutil.Env
	File    File
	Charts  ChartsFile
	Request mns.SurpriseRequest
}

// NewCmdSurprise builds `spandex mns surprise`.
func NewCmdSurprise(f *cmdutil.Factory, runF func(*SurpriseOptions) error) *cobra.Command {
	opts := &SurpriseOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runSurprise
	}
	r := &opts.Request
	cmd := &cobra.Command{
		Use:   "surprise [FILE] --on ID (--segments N | --missed-by N | --roll) [--reduce N]",
		Short: "Surprise a combatant; reduce the surprise for a penalty",
		Long: `Surprise --on: it cannot start an action until the surprise runs out.

The segments of surprise are given (--segments N), or worked out from what
its Detect Danger roll missed by (--missed-by N, or --roll to make the roll
here: 2d10 under perception plus --modifier): the Sphere Chart value of the
miss (--sphere N when looked up by hand), plus the amount its combat bonus
pool is below zero.

--reduce N shakes off N of those segments; N becomes a penalty to its
later action rolls until, after a non-passive action, a Perception save at
that penalty succeeds (mns act rolls it). Every 2 segments it rests (starts
no action) take 1 off the penalty.

--dice order: with --roll, the Detect Danger roll (2d10); nothing else
rolls.`,
		Example: `  spandex mns surprise -i fight.json --on lariat --segments 8 --reduce 5
  spandex mns surprise -i fight.json --on gunman --missed-by 4 --sphere 4
  spandex mns surprise -i fight.json --on brute --roll --dice 9,8`,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs, opts.Charts.fromFlag, opts.checkFlags),
	}
	opts.File.addFlag(cmd)
	fl := cmd.Flags()
	fl.StringVar(&r.On, "on", "", "the combatant surprised")
	fl.String("segments", "", "segments of surprise")
	fl.String("missed-by", "", "what the Detect Danger roll missed by")
	fl.String("sphere", "", "the Sphere Chart value of the miss, looked up by hand")
	fl.BoolVar(&r.Roll, "roll", false, "make the Detect Danger roll (2d10 under perception)")
	fl.IntVar(&r.Modifier, "modifier", 0, "added to perception for --roll")
	fl.IntVar(&r.Reduce, "reduce", 0, "segments of surprise shaken off, for an equal penalty")
	return cmd
}

func (opts *SurpriseOptions) checkFlags(cmd *cobra.Command, _ []string) error {
	r := &opts.Request
	if r.On == "" {
		return cmdutil.Inputf("--on: give the combatant surprised")
	}
	var err error
	if r.Segments, err = intFlag(cmd, "segments"); err != nil {
		return err
	}
	if r.MissedBy, err = intFlag(cmd, "missed-by"); err != nil {
		return err
	}
	r.Sphere, err = intFlag(cmd, "sphere")
	return err
}

// runSurprise surprises the combatant.
func runSurprise(opts *SurpriseOptions) error {
	return change(opts.Env, opts.File, opts.Charts, opts.Request.Roll, func(e *mns.Encounter, ctx mns.Ctx) error {
		_, err := e.Surprise(ctx, opts.Request)
		return err
	})
}
