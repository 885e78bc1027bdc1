package mns

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/mns"
)

// ChartsCheckOptions are the inputs of `spandex mns charts check`.
type ChartsCheckOptions struct {
	*cmdutil.Env
	Charts ChartsFile
}

// NewCmdChartsCheck builds `spandex mns charts check`.
func NewCmdChartsCheck(f *cmdutil.Factory, runF func(*ChartsCheckOptions) error) *cobra.Command {
	opts := &ChartsCheckOptions{Env: f.Env(cmdutil.FormatTable)}
	if runF == nil {
		runF = runChartsCheck
	}
	cmd := &cobra.Command{
		Use:   "check [FILE]",
		Short: "Validate a charts file and check it against the worked examples",
		Long: `Validate a charts file (FILE, else --charts, else mns.charts in the
config): the schema, every chart's rows in order with no gaps or overlaps,
the Action Chart's columns, every weapon's type, time, damage and ranges,
and the Misses diagram's eight faces. A broken file is one line on stderr
naming the JSON path, exit 2.

Then the file is checked against the values the combat chapter's worked
examples imply (the Sphere Chart at 5, 9 and 32; the handgun's time,
damage and ranges; the fist's time): a value that differs is a warning on
stderr, a missing one is reported. The exit status stays 0.

Output: a table on a terminal; JSON when piped ({file, source, checks}).
Rolls no dice.`,
		Example: `  spandex mns charts check my-charts.json
  spandex mns charts check my-charts.json -o json | jq '.checks[] | select(.status != "ok")'`,
		Args: cobra.MaximumNArgs(1),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.Charts.fromFlag, func(_ *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Charts.Path = args[0]
			}
			return nil
		}),
	}
	return cmd
}

// ChartsReport is the JSON of `mns charts check`.
type ChartsReport struct {
	File   string             `json:"file"`
	Source string             `json:"source"`
	Checks []mns.ExampleCheck `json:"checks"`
}

// runChartsCheck checks the file.
func runChartsCheck(opts *ChartsCheckOptions) error {
	env := opts.Env
	path, err := opts.Charts.path(env)
	if err != nil {
		return err
	}
	if path == "" {
		return cmdutil.Inputf("mns charts check: give a charts FILE (or --charts, or mns.charts in the config)")
	}
	ch, err := ChartsFile{Path: path}.load(env)
	if err != nil {
		return err
	}
	if err := env.FinishDice(); err != nil {
		return err
	}
	rep := ChartsReport{File: path, Source: ch.Source, Checks: ch.CheckExamples()}
	for _, c := range rep.Checks {
		if c.Status == "differs" {
			fmt.Fprintf(env.IO.ErrOut, "warning: %s: %s %s is %s in the file; the example implies %s\n", c.Example, c.Chart, c.Input, c.Got, c.Want)
		}
	}
	out := env.IO.Out
	if env.Format.IsJSON() {
		return cmdutil.WriteJSON(out, env.Format, rep)
	}
	if env.Format == cmdutil.FormatText {
		for _, c := range rep.Checks {
			fmt.Fprintf(out, "%s %s %s %s\n", c.Status, c.Chart, c.Input, orDash(c.Got))
		}
		return nil
	}
	fmt.Fprintf(out, "%s: valid.\n", path)
	rows := make([][]string, 0, len(rep.Checks))
	for _, c := range rep.Checks {
		rows = append(rows, []string{c.Chart, c.Input, c.Want, orDash(c.Got), c.Status})
	}
	return cmdutil.Table(out, []string{"Chart", "Input", "Example", "File", "Status"}, rows)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
