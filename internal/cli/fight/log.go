package fight

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// LogOptions are the inputs of `spandex fight log`.
type LogOptions struct {
	*cmdutil.Env
	File File
}

// NewCmdLog builds `spandex fight log`.
func NewCmdLog(f *cmdutil.Factory, runF func(*LogOptions) error) *cobra.Command {
	opts := &LogOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runLog
	}
	cmd := &cobra.Command{
		Use:   "log [FILE]",
		Short: "Print a fight's history, one event a line",
		Long: `Print the encounter's log, the whole history of the fight: on a terminal
one line per event ("SEQ page N, PHASE: summary", folded into 80 columns), with
events taken back by ` + "`fight undo`" + ` marked "[undone by N]" (words, as
terminals strike through unreliably); when piped, the events as JSON (an
array; JSON Lines with -o jsonl) as the file holds them, an event taken back
carrying "undone_by": the seq of the undo (files written before the mark get
it from their undo events). Rolls no dice; reads the file only.`,
		Example: `  spandex fight log bank.json
  spandex fight log bank.json -o jsonl | jq -r 'select(.undone_by|not) | .summary'`,
		Args: cobra.MaximumNArgs(1),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.readOnly("log"), opts.File.fromArgs),
	}
	opts.File.addFlag(cmd)
	return cmd
}

// runLog prints the log.
func runLog(opts *LogOptions) error {
	e, err := load(opts.Env, opts.File)
	if err != nil {
		return err
	}
	return cmdutil.PrintEvents(opts.Env, e.Log, func(ev encounter.Event) string {
		summary := strings.TrimPrefix(ev.Summary, fmt.Sprintf("page %d: ", ev.Page))
		l := fmt.Sprintf("%3d page %d, %s: %s", ev.Seq, ev.Page, ev.Phase, summary)
		if ev.UndoneBy != 0 {
			l += fmt.Sprintf(" [undone by %d]", ev.UndoneBy)
		}
		return termtext.Escape(l) // the summary holds names from the file
	})
}
