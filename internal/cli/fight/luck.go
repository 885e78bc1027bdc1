package fight

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// LuckOptions are the inputs of `spandex fight luck`.
type LuckOptions struct {
	*cmdutil.Env
	File   File
	Actor  string
	Chance int
	What   string
}

// NewCmdLuck builds `spandex fight luck`.
func NewCmdLuck(f *cmdutil.Factory, runF func(*LuckOptions) error) *cobra.Command {
	opts := &LuckOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runLuck
	}
	cmd := &cobra.Command{
		Use:   "luck [FILE] --actor ID",
		Short: "Roll a combatant's luck to avoid something bad: once a page",
		Long: `Roll d100 against a combatant's luck chance (the Luck power's "chance"
value, or --chance) to avoid something bad about to happen: a roll at or
under the chance avoids it (p. 62). Luck works once a page; it takes no
panels.

--dice order: one d100.`,
		Example: `  spandex fight luck -i bank.json --actor guardian --chance 30 --what "the bomb goes off"`,
		RunE:    cmdutil.RunE(opts.Env, func() error { return runF(opts) }, requireActor(&opts.Actor), opts.File.fromArgs),
	}
	opts.File.addFlag(cmd)
	cmd.Flags().StringVar(&opts.Actor, "actor", "", "the combatant trying its luck")
	cmd.Flags().IntVar(&opts.Chance, "chance", 0, "luck chance (default: the Luck power's chance value)")
	cmd.Flags().StringVar(&opts.What, "what", "", "what is being avoided, for the log")
	return cmd
}

// runLuck rolls luck.
func runLuck(opts *LuckOptions) error {
	return roll(opts.Env, opts.File, func(e *encounter.Encounter, ctx encounter.Ctx) error {
		_, err := e.Luck(ctx, opts.Actor, opts.Chance, opts.What)
		return err
	})
}
