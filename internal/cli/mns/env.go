package mns

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/mns"
)

// Env is what every mns verb needs from the factory.
type Env struct {
	IO     *iostreams.IOStreams
	Format cmdutil.Format
	// Read reads a file ("" or "-" is stdin).
	Read func(path string) ([]byte, string, error)
	// Roller gives the command's dice.
	Roller  func() (*cmdutil.RollerState, error)
	Explain bool
	// ChartsPath is --charts, else mns.charts from the config ("" none).
	ChartsPath string
	// FinishDice checks that every --dice value was used.
	FinishDice func() error
}

func newEnv(f *cmdutil.Factory, cmd *cobra.Command, human cmdutil.Format) (*Env, error) {
	ft, err := f.Format(human)
	if err != nil {
		return nil, err
	}
	cfg, err := f.Config()
	if err != nil {
		return nil, err
	}
	charts := cfg.Mns.Charts
	if fl := cmd.Flag("charts"); fl != nil && fl.Changed {
		charts = fl.Value.String()
	}
	return &Env{IO: f.IOStreams, Format: ft, Read: f.ReadInput, Roller: f.Roller, Explain: f.Globals.Explain,
		FinishDice: f.FinishDice, ChartsPath: charts}, nil
}

// envInto is the prepare step that builds a verb's environment into *env,
// with human as the terminal's output format.
func envInto(f *cmdutil.Factory, env **Env, human cmdutil.Format) cmdutil.Prepare {
	return func(cmd *cobra.Command, _ []string) error {
		e, err := newEnv(f, cmd, human)
		if err != nil {
			return err
		}
		*env = e
		return nil
	}
}

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

// load reads and validates an encounter.
func (env *Env) load(fl File) (*mns.Encounter, error) {
	data, name, err := env.Read(fl.source())
	if err != nil {
		return nil, err
	}
	e, err := mns.Decode(data)
	if err != nil {
		return nil, cmdutil.Inputf("%s: %w", name, err)
	}
	return e, nil
}

// charts reads the GM's charts file, or returns nil when none is set.
func (env *Env) charts() (*mns.Charts, error) {
	if env.ChartsPath == "" {
		return nil, nil
	}
	data, name, err := env.Read(env.ChartsPath)
	if err != nil {
		return nil, cmdutil.Inputf("--charts: %w", err)
	}
	c, err := mns.DecodeCharts(data)
	if err != nil {
		return nil, cmdutil.Inputf("--charts %s: %w", name, err)
	}
	return c, nil
}

// ctx builds the rules' context. With roll false no dice are asked for,
// so --dice given to the verb is refused as unused.
func (env *Env) ctx(roll bool) (mns.Ctx, error) {
	ch, err := env.charts()
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
// events appended. When do fails nothing is written.
func (env *Env) change(fl File, roll bool, do func(e *mns.Encounter, ctx mns.Ctx) error) error {
	e, err := env.load(fl)
	if err != nil {
		return err
	}
	ctx, err := env.ctx(roll)
	if err != nil {
		return err
	}
	before := len(e.Log)
	if err := do(e, ctx); err != nil {
		return cmdutil.Input(err)
	}
	return env.save(fl, e, before)
}

// save writes the changed encounter: atomically over -i FILE, printing
// the events appended since before, or whole to stdout.
func (env *Env) save(fl File, e *mns.Encounter, before int) error {
	if err := e.Validate(); err != nil {
		return fmt.Errorf("the changed encounter is invalid (a bug): %w", err)
	}
	data, err := mns.Encode(e)
	if err != nil {
		return err
	}
	if env.FinishDice != nil {
		if err := env.FinishDice(); err != nil {
			return err
		}
	}
	events := e.Log[before:]
	env.explain(events)
	env.reportSeed(events)
	if fl.InPlace == "" {
		_, err := env.IO.Out.Write(data)
		return err
	}
	if err := cmdutil.WriteFileAtomic(fl.InPlace, data); err != nil {
		return err
	}
	return env.printEvents(events)
}

// printEvents prints events: JSON Lines or an indented JSON array, else
// one summary line each.
func (env *Env) printEvents(events []mns.Event) error {
	switch env.Format {
	case cmdutil.FormatJSONL:
		for _, ev := range events {
			if err := cmdutil.WriteJSON(env.IO.Out, cmdutil.FormatJSONL, ev); err != nil {
				return err
			}
		}
		return nil
	case cmdutil.FormatJSON:
		if events == nil {
			events = []mns.Event{}
		}
		return cmdutil.WriteJSON(env.IO.Out, cmdutil.FormatJSON, events)
	}
	for _, ev := range events {
		if _, err := fmt.Fprintln(env.IO.Out, ev.Summary); err != nil {
			return err
		}
	}
	return nil
}

// explain prints each new event's steps on stderr (--explain).
func (env *Env) explain(events []mns.Event) {
	if !env.Explain {
		return
	}
	for _, ev := range events {
		fmt.Fprintln(env.IO.ErrOut, ev.Summary)
		_ = ev.Steps.Write(env.IO.ErrOut)
	}
}

// reportSeed puts the seed on stderr for human output when seeded dice
// were rolled.
func (env *Env) reportSeed(events []mns.Event) {
	if env.Format.IsJSON() {
		return
	}
	for _, ev := range events {
		if ev.Seed != nil && len(ev.Dice) > 0 {
			cmdutil.ReportSeed(env.IO.ErrOut, ev.Seed)
			return
		}
	}
}

// intFlag reads a string flag holding a whole number, nil when not given.
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
