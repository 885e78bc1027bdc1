package fight

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// LeaveOptions are the inputs of `spandex fight leave`.
type LeaveOptions struct {
	*cmdutil.Env
	File  File
	Actor string
	Why   string
}

// NewCmdLeave builds `spandex fight leave`.
func NewCmdLeave(f *cmdutil.Factory, runF func(*LeaveOptions) error) *cobra.Command {
	opts := &LeaveOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runLeave
	}
	cmd := &cobra.Command{
		Use:   "leave [FILE] --actor ID [--why TEXT]",
		Short: "Take a combatant out of the fight for good: fled, reabsorbed, dismissed",
		Long: `Take a combatant out of the fight for good: a villain who escapes, a
duplicate reabsorbed (p. 54), a summoned creature dismissed (p. 65). It
takes no panels, no longer acts, and no longer counts as standing; effects
it keeps up end at the end of the page. Rolls no dice.`,
		Example: `  spandex fight leave -i bank.json --actor nefario --why "flies out through the skylight"`,
		RunE:    cmdutil.RunE(opts.Env, func() error { return runF(opts) }, requireActor(&opts.Actor), opts.File.fromArgs),
	}
	opts.File.addFlag(cmd)
	cmd.Flags().StringVar(&opts.Actor, "actor", "", "the combatant leaving")
	cmd.Flags().StringVar(&opts.Why, "why", "", "why, for the log")
	return cmd
}

// runLeave takes the combatant out.
func runLeave(opts *LeaveOptions) error {
	return change(opts.Env, opts.File, func(e *encounter.Encounter) error {
		return e.Leave(opts.Actor, opts.Why)
	})
}
