package fight

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/undo"
)

// LogOptions are the inputs of `spandex fight log`.
type LogOptions struct {
	*cmdutil.Env
	File File
}

// NewCmdLog builds `spandex fight log`.
func NewCmdLog(f *cmdutil.Factory, runF func(*LogOptions) error) *cobra.Command {
	opts := &LogOptions{Env: f.Env(cmdutil.FormatText)}
	cmd := &cobra.Command{
		Use:   "log [FILE]",
		Short: "Print a fight's history, one event a line",
		Long: `Print the encounter's log, the whole history of the fight: on a terminal
one line per event ("SEQ page N, PHASE: summary", folded into 80 columns), with
events taken back by ` + "`fight undo`" + ` marked "[undone by N]"; when piped,
the events as JSON (an array; JSON Lines with -o jsonl), exactly as the file
holds them. Rolls no dice; reads the file only.`,
		Example: `  spandex fight log bank.json
  spandex fight log bank.json -o jsonl | jq -r 'select(.kind=="attack") | .summary'`,
		Args: cobra.MaximumNArgs(1),
		RunE: cmdutil.RunE(opts, runF, runLog, opts.File.readOnly("log"), opts.File.fromArgs),
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
	undone := undoneBy(e.Log)
	return cmdutil.PrintEvents(opts.Env, e.Log, func(ev encounter.Event) string {
		summary := strings.TrimPrefix(ev.Summary, fmt.Sprintf("page %d: ", ev.Page))
		l := fmt.Sprintf("%3d page %d, %s: %s", ev.Seq, ev.Page, ev.Phase, summary)
		if by, ok := undone[ev.Seq]; ok {
			l += fmt.Sprintf(" [undone by %d]", by)
		}
		return termtext.Escape(l) // the summary holds names from the file
	})
}

// undoneBy maps each event taken back to the undo event that did it.
func undoneBy(log []encounter.Event) map[int]int {
	out := map[int]int{}
	for _, ev := range log {
		if ev.Kind != undo.Kind {
			continue
		}
		var d undo.Details
		if json.Unmarshal(ev.Details, &d) != nil {
			continue
		}
		for _, s := range d.Undone {
			for q := s.From; q <= s.To; q++ {
				out[q] = ev.Seq
			}
		}
	}
	return out
}
