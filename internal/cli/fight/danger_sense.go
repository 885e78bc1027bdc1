package fight

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// DangerSenseOptions are the inputs of `spandex fight danger-sense`.
type DangerSenseOptions struct {
	*cmdutil.Env
	File  File
	Actor string
	What  string
}

// NewCmdDangerSense builds `spandex fight danger-sense`.
func NewCmdDangerSense(f *cmdutil.Factory, runF func(*DangerSenseOptions) error) *cobra.Command {
	opts := &DangerSenseOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runDangerSense
	}
	cmd := &cobra.Command{
		Use:   "danger-sense [FILE] --actor ID",
		Short: "Roll a combatant's Danger Sense warning: 90%",
		Long: `Roll d100 for a combatant's Danger Sense when there is danger: at or under
90 it is warned that something is wrong, without knowing what (p. 54). The
game master rolls each time there is danger; it takes no panels. (Never
being surprised, the power's other half, is applied by the fight itself.)

--dice order: one d100.`,
		Example: `  spandex fight danger-sense -i t.json --actor titan --what "a sniper on the roof" --dice 42`,
		RunE:    cmdutil.RunE(opts.Env, func() error { return runF(opts) }, requireActor(&opts.Actor), opts.File.fromArgs),
	}
	opts.File.addFlag(cmd)
	cmd.Flags().StringVar(&opts.Actor, "actor", "", "the combatant with Danger Sense")
	cmd.Flags().StringVar(&opts.What, "what", "", "the danger, for the log")
	return cmd
}

// runDangerSense rolls the warning.
func runDangerSense(opts *DangerSenseOptions) error {
	return roll(opts.Env, opts.File, func(e *encounter.Encounter, ctx encounter.Ctx) error {
		_, err := e.DangerSense(ctx, opts.Actor, opts.What)
		return err
	})
}
