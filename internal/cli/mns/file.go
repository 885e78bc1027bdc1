package mns

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/mns"
)

// File is how a verb finds its encounter: FILE (positional), -i FILE (in
// place) or stdin.
type File struct {
	Path    string
	InPlace string
}

func (fl *File) addFlag(cmd *cobra.Command) {
	cmd.Flags().StringVarP(&fl.InPlace, "in-place", "i", "", "rewrite this encounter file in place (atomically) and print only the new events")
}

// fromArgs is the prepare step taking the FILE argument.
func (fl *File) fromArgs(_ *cobra.Command, args []string) error {
	if len(args) > 1 {
		return cmdutil.Inputf("give at most one encounter FILE")
	}
	if len(args) == 1 {
		fl.Path = args[0]
	}
	if fl.InPlace == "-" {
		return cmdutil.Inputf("-i/--in-place: needs a file, not stdin")
	}
	if fl.InPlace != "" && fl.Path != "" && fl.Path != fl.InPlace {
		return cmdutil.Inputf("give the encounter either as FILE or with -i, not both")
	}
	return nil
}

// readOnly is the prepare step of a verb that only reads the encounter.
func (fl *File) readOnly(verb string) cmdutil.Prepare {
	return func(*cobra.Command, []string) error {
		if fl.InPlace != "" {
			return cmdutil.Inputf("-i: mns %s only reads the encounter; give it as FILE", verb)
		}
		return nil
	}
}

func (fl *File) source() string {
	if fl.InPlace != "" {
		return fl.InPlace
	}
	return fl.Path
}

// ChartsFile is the GM's charts file: --charts (a flag of the mns group),
// else mns.charts in the configuration, else none.
type ChartsFile struct {
	// Path is --charts when given.
	Path string
}

// fromFlag is the prepare step copying the group's --charts.
func (c *ChartsFile) fromFlag(cmd *cobra.Command, _ []string) error {
	if fl := cmd.Flag("charts"); fl != nil && fl.Changed {
		c.Path = fl.Value.String()
		if c.Path == "" {
			return cmdutil.Inputf("--charts: give a file")
		}
	}
	return nil
}

// path is the charts file to read, "" for none.
func (c ChartsFile) path(env *cmdutil.Env) (string, error) {
	if c.Path != "" {
		return c.Path, nil
	}
	cfg, err := env.Config()
	if err != nil {
		return "", err
	}
	return cfg.Mns.Charts, nil
}

// load reads the charts, or returns nil when none are set.
func (c ChartsFile) load(env *cmdutil.Env) (*mns.Charts, error) {
	p, err := c.path(env)
	if err != nil || p == "" {
		return nil, err
	}
	data, name, err := env.ReadInput(p)
	if err != nil {
		return nil, cmdutil.Inputf("--charts: %w", err)
	}
	ch, err := mns.DecodeCharts(data)
	if err != nil {
		return nil, env.WrongKind(data, "--charts "+name, cmdutil.KindMNSCharts, cmdutil.Inputf("--charts %s: %w", name, err))
	}
	return ch, nil
}

// load reads and validates an encounter.
func load(env *cmdutil.Env, fl File) (*mns.Encounter, error) {
	data, name, err := env.ReadInput(fl.source())
	if err != nil {
		return nil, err
	}
	e, err := mns.Decode(data)
	if err != nil {
		return nil, env.WrongKind(data, name, cmdutil.KindMNSEncounter, cmdutil.Inputf("%s: %w", name, err))
	}
	return e, nil
}

// rulesCtx builds the rules' context. With roll false no dice are asked
// for, so --dice given to the verb is refused as unused.
func rulesCtx(env *cmdutil.Env, charts ChartsFile, roll bool) (mns.Ctx, error) {
	ch, err := charts.load(env)
	if err != nil {
		return mns.Ctx{}, err
	}
	ctx := mns.Ctx{Charts: ch}
	if roll {
		rs, err := env.Roller()
		if err != nil {
			return mns.Ctx{}, err
		}
		ctx.Roller = dice.NewRecorder(rs.Roller)
		ctx.Seed = rs.SeedPtr()
	}
	return ctx, nil
}

// change loads the encounter, lets do change it, and saves it with the
// events appended (see save). When do fails nothing is written.
func change(env *cmdutil.Env, fl File, charts ChartsFile, roll bool, do func(e *mns.Encounter, ctx mns.Ctx) error) error {
	if fl.InPlace == "" {
		// The changed encounter would go whole to a terminal.
		if err := env.WholeFile("the changed encounter", cmdutil.HintInPlace); err != nil {
			return err
		}
	}
	e, err := load(env, fl)
	if err != nil {
		return err
	}
	ctx, err := rulesCtx(env, charts, roll)
	if err != nil {
		return err
	}
	before := len(e.Log)
	if err := do(e, ctx); err != nil {
		return err
	}
	return save(env, fl, e, before)
}

// save writes the changed encounter: atomically over -i FILE, printing
// the events appended since before, or whole to stdout.
func save(env *cmdutil.Env, fl File, e *mns.Encounter, before int) error {
	if err := e.Validate(); err != nil {
		return cmdutil.Internal(fmt.Errorf("the changed encounter is invalid: %w", err))
	}
	data, n, err := mns.EncodeMax(e, mns.MaxFileSize)
	if err != nil {
		return err
	}
	if data == nil {
		name := fl.InPlace
		if name == "" {
			name = "stdout"
		}
		return cmdutil.TooLargeToWrite(name, n, mns.MaxFileSize)
	}
	if err := env.FinishDice(); err != nil {
		return err
	}
	events := e.Log[before:]
	explain(env, events)
	reportSeed(env, events)
	if fl.InPlace == "" {
		_, err := env.IO.Out.Write(data)
		return err
	}
	if err := env.WriteFile(fl.InPlace, data); err != nil {
		return err
	}
	return printEvents(env, events)
}

// printEvents prints events (cmdutil.PrintEvents): their summaries for
// a person.
func printEvents(env *cmdutil.Env, events []mns.Event) error {
	return cmdutil.PrintEvents(env, events, func(ev mns.Event) string { return ev.Summary })
}

// explain prints each new event's steps on stderr (--explain).
func explain(env *cmdutil.Env, events []mns.Event) {
	if !env.Explain {
		return
	}
	for _, ev := range events {
		_ = env.Folded(env.IO.ErrOut, "    ", func(w io.Writer) error {
			_, err := fmt.Fprintln(w, ev.Summary)
			return err
		})
		_ = env.ExplainSteps(ev.Steps)
	}
}

// reportSeed puts the seed on stderr for human output when seeded dice
// were rolled (JSON output carries it in the events).
func reportSeed(env *cmdutil.Env, events []mns.Event) {
	for _, ev := range events {
		if ev.Seed != nil && len(ev.Dice) > 0 {
			env.ReportSeed(ev.Seed)
			return
		}
	}
}

// intFlag reads a string flag holding a whole number, nil when not given
// (a chart value the GM looked up by hand).
func intFlag(cmd *cobra.Command, name string) (*int, error) {
	if !cmd.Flags().Changed(name) {
		return nil, nil
	}
	raw, _ := cmd.Flags().GetString(name)
	v, err := strconv.Atoi(strings.TrimSpace(raw))
	if err != nil {
		return nil, cmdutil.Inputf("--%s: %q is not a whole number", name, raw)
	}
	return &v, nil
}
