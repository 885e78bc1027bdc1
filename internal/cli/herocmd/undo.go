package herocmd

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/undo"
)

// UndoOptions are the inputs of `spandex hero undo`.
type UndoOptions struct {
	*cmdutil.Env
	Target cmdutil.HeroTarget
	// To is --to SEQ (0: the last change only).
	To int
}

// NewCmdUndo builds `spandex hero undo`.
func NewCmdUndo(f *cmdutil.Factory, runF func(*UndoOptions) error) *cobra.Command {
	opts := &UndoOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runUndo
	}
	cmd := &cobra.Command{
		Use:   "undo [FILE] [-i FILE] [--to SEQ]",
		Short: "Take back the last change to a hero file, or every change after an event",
		Long: `Take back the last change to a hero file (an attack taken, damage, a
downtime week, a profile change, a recovery, a fall, a derive), or with --to SEQ every
change after log event SEQ. Nothing is deleted: the log keeps every event
and gains an "undo" event naming the events taken back. Each change records
on its event the patch that takes the file back ("revert": a JSON Patch,
RFC 6902, on the file without its log), so the undone file is the file as it
was before the change, but for its log (docs/fight.md, "Undo"). Rolls no
dice.

Refused (exit 2): an empty log; the last event being an undo (there is no
redo; give --to to go further back); --to beyond the log, on an undo event
or on an event already undone; a change that recorded nothing (a file's
first event, and files written before hero schema 2). gen makes new files,
so its "create" event has nothing to take back: delete the file instead.
hero derive records its change like the other verbs, so undoing it gives
back the file as it was before the derive (a draft stays a draft).

With -i FILE the file is rewritten in place and the undo reported (text on
a terminal, the undo event's details as JSON when piped); with FILE or
stdin the hero goes to stdout.`,
		Example: `  spandex hero undo -i guardian.json
  spandex hero undo -i guardian.json --to 1`,
		Args: cobra.MaximumNArgs(1),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.Target.FromArgs),
	}
	opts.Target.AddInPlaceFlag(cmd)
	cmd.Flags().IntVar(&opts.To, "to", 0, "take back every change after log event `SEQ` (default: the last change)")
	return cmd
}

// runUndo restores the hero and appends the undo event.
func runUndo(opts *UndoOptions) error {
	if opts.To < 0 {
		return cmdutil.Inputf("--to %d: give a log event's seq (1 or more)", opts.To)
	}
	return opts.Target.Change(opts.Env, func(h *hero.Hero) (cmdutil.HeroChange, error) {
		out, summary, d, err := hero.Undo(h, opts.To)
		if err != nil {
			return cmdutil.HeroChange{}, err
		}
		*h = *out
		return cmdutil.HeroChange{Kind: undo.Kind, Summary: summary, Details: d, Draft: out.Validate() != nil,
			Text: func(w io.Writer) error {
				_, err := fmt.Fprintln(w, summary)
				return err
			}}, nil
	})
}
