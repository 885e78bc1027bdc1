package fight

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// UndoOptions are the inputs of `spandex fight undo`.
type UndoOptions struct {
	*cmdutil.Env
	File File
	// To is --to SEQ (0: the last change only).
	To int
}

// NewCmdUndo builds `spandex fight undo`.
func NewCmdUndo(f *cmdutil.Factory, runF func(*UndoOptions) error) *cobra.Command {
	opts := &UndoOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runUndo
	}
	cmd := &cobra.Command{
		Use:   "undo [FILE] [--to SEQ]",
		Short: "Take back the last change to a fight, or every change after an event",
		Long: `Take back the last change to the encounter: the events the last command
appended (an attack and its reaction, a whole end of page) are undone
together. With --to SEQ every change after event SEQ is taken back, so the
fight is as it was just after that event. Nothing is deleted: the log keeps
every event and gains an "undo" event naming the events taken back
(` + "`fight log`" + ` marks them). Rolls no dice.

Every command records on its last event the patch that takes the file back
(its "revert": a JSON Patch, RFC 6902, on the file without its log). The
undone file is the file as it was before the change, byte for byte, but for
its log, which is the old log plus the undo event (docs/fight.md).

Refused (exit 2): an empty log; the last event being an undo (an undo is
not undone: there is no redo; give --to to go further back); --to beyond
the log, on an undo event, on an event already undone, or in the middle of
a change; a change that recorded nothing (the fight's first event, and
files written before encounter schema 2).`,
		Example: `  spandex fight undo -i bank.json
  spandex fight undo -i bank.json --to 1`,
		Args: cobra.MaximumNArgs(1),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs),
	}
	opts.File.addFlag(cmd)
	cmd.Flags().IntVar(&opts.To, "to", 0, "take back every change after event `SEQ` (default: the last change)")
	return cmd
}

// runUndo takes the change(s) back and saves the restored encounter.
func runUndo(opts *UndoOptions) error {
	if opts.To < 0 {
		return cmdutil.Inputf("--to %d: give an event's seq (1 or more)", opts.To)
	}
	if err := opts.File.wholeFile(opts.Env); err != nil {
		return err
	}
	e, err := load(opts.Env, opts.File)
	if err != nil {
		return err
	}
	out, err := encounter.Undo(e, opts.To)
	if err != nil {
		return err
	}
	return save(opts.Env, opts.File, out, len(e.Log))
}
