package fight

import (
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// NewCmdNext builds `spandex fight next`.
func NewCmdNext(f *cmdutil.Factory, runF func(*ViewOptions) error) *cobra.Command {
	opts := &ViewOptions{Env: f.Env(cmdutil.FormatTable)}
	if runF == nil {
		runF = runNext
	}
	cmd := &cobra.Command{
		Use:   "next [FILE]",
		Short: "Who acts now, with how many panels, and who follows",
		Long: `Show whose turn it is in the current phase, with the panels they may take
now (after paying back panels owed for reactions), whether a double-panel
fits, and who follows them in this phase. Between phases it says what to
do: roll initiative, or end the page.

Output: a table on a terminal; JSON when piped ({page, phase, initiative,
actor, queue, hint, standing, over}); -o text prints "ID PANELS" for the
actor, or the hint (for scripts). Rolls no dice.`,
		Example: `  spandex fight next bank.json
  spandex fight next bank.json -o json | jq -r .actor.id`,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs, opts.File.readOnly("next")),
	}
	opts.File.addFlag(cmd)
	_ = cmd.Flags().MarkHidden("in-place")
	return cmd
}

// runNext prints who acts now.
func runNext(opts *ViewOptions) error {
	e, err := load(opts.Env, opts.File)
	if err != nil {
		return err
	}
	n := e.NextTurn()
	out := opts.Env.IO.Out
	switch opts.Env.Format {
	case cmdutil.FormatJSON, cmdutil.FormatJSONL:
		return cmdutil.WriteJSON(out, opts.Env.Format, n)
	case cmdutil.FormatText:
		if n.Actor != nil {
			_, err := fmt.Fprintf(out, "%s %d\n", n.Actor.ID, n.Actor.Panels)
			return err
		}
		_, err := fmt.Fprintln(out, n.Hint)
		return err
	}
	fmt.Fprintf(out, "Page %d, %s phase%s\n", n.Page, n.Phase, initiativeText(n.Initiative))
	if n.Actor == nil {
		_, err := fmt.Fprintln(out, n.Hint)
		return err
	}
	rows := [][]string{turnRow("now", *n.Actor)}
	for _, t := range n.Queue {
		rows = append(rows, turnRow("then", t))
	}
	return cmdutil.Table(out, []string{"", "ID", "Name", "Side", "Panels", "Owed", "Double", "Move"}, rows)
}

func turnRow(when string, t encounter.Turn) []string {
	return []string{when, t.ID, t.Name, t.Side, strconv.Itoa(t.Panels), strconv.Itoa(t.Owed), yesNo(t.CanDouble), yesNo(t.CanMove)}
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func initiativeText(ini *encounter.Initiative) string {
	if ini == nil {
		return ""
	}
	return fmt.Sprintf(" (%s won initiative by %d: %s)", ini.Winner, ini.Difference, plural(ini.Advance, "advance panel"))
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
