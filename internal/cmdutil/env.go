package cmdutil

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/internal/config"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Env is everything a verb's run function may use of the outside world:
// the streams, the resolved output format and --explain, the dice, the
// configuration (and the combat rule options built from it), files and
// hero files. Every verb's Options embeds one:
//
//	opts := &XOptions{Env: f.Env(cmdutil.FormatText)}
//
// Factory.Env builds it from the process; NewTestEnv from fakes. Format,
// Explain, DiceGiven and SeedGiven are filled from the global flags when
// the command runs (RunE does it, after the verb's prepare steps; a verb
// with its own RunE calls Bind).
type Env struct {
	IO *iostreams.IOStreams
	// Format is the resolved output format (see Factory.Format).
	Format Format
	// Explain is --explain: print each ruling's steps on stderr.
	Explain bool
	// DiceGiven and SeedGiven report whether --dice and --seed were given.
	DiceGiven, SeedGiven bool

	bind       func(*Env) error
	bound      bool
	roller     func() (*RollerState, error)
	config     func() (*config.Config, error)
	finishDice func() error
	// diceShort is the short --dice list's error once the command asked
	// for a die past its end (nil: none, or no dice yet).
	diceShort func() error
	open      func(path string) (io.ReadCloser, error)
	// path is the name a file is opened under (Factory.Path; nil: as
	// given).
	path      func(string) string
	writeFile func(path string, data []byte) error
	// lock takes a file's update lock before it is read (nil: none).
	lock func(path string) error
	// verifier checks the heroes DecodeHero reads (made on first use).
	verifier *chargen.Verifier
	// heroBytes counts the bytes of the files ReadHeroes has read: all
	// of them go into one encounter (ReadHeroes).
	heroBytes int
	// formatNamed reports whether the output format was named (-o, or
	// the configured output) rather than chosen for a terminal or a pipe.
	formatNamed bool
	// command is the verb's command path without "spandex " (RunE sets
	// it), for messages.
	command string
}

// Env builds a verb's environment; human is the output format on a
// terminal. The Factory is not kept: only its lazy roller and config.
func (f *Factory) Env(human Format) *Env { return f.env(human, f.Format) }

// PageEnv is Env for the verbs that can write an HTML page: -o html is
// accepted (see FormatOrHTML). The command must also be marked with
// AllowHTML.
func (f *Factory) PageEnv(human Format) *Env { return f.env(human, f.FormatOrHTML) }

func (f *Factory) env(human Format, format func(Format) (Format, error)) *Env {
	return &Env{
		IO: f.IOStreams,
		bind: func(e *Env) error {
			ft, err := format(human)
			if err != nil {
				return err
			}
			g := f.Globals
			e.Format, e.Explain, e.DiceGiven, e.SeedGiven = ft, g.Explain, g.DiceSet, g.SeedSet
			e.formatNamed = f.formatNamed()
			return nil
		},
		roller:     f.Roller,
		config:     f.Config,
		finishDice: f.FinishDice,
		diceShort:  f.DiceShort,
		open:       f.open,
		path:       f.Path,
		writeFile:  f.ReplaceFile,
		lock:       f.lockForUpdate,
	}
}

// Path is the name under which the command opens the file name:
// relative to the Factory's Dir (Factory.Path).
func (e *Env) Path(name string) string {
	if e.path == nil {
		return name
	}
	return e.path(name)
}

// Bind fills the settings that come from the global flags (Format,
// Explain, DiceGiven, SeedGiven). It runs once; later calls do nothing.
// RunE calls it; it is also a Prepare step.
func (e *Env) Bind() error {
	if e == nil || e.bound || e.bind == nil {
		return nil
	}
	e.bound = true
	return e.bind(e)
}

// setCommand tells the Env its verb, for RunE.
func (e *Env) setCommand(path string) {
	if e != nil {
		e.command = strings.TrimPrefix(path, "spandex ")
	}
}

// The hints WholeFile gives: what to do instead of printing a whole file
// on a terminal.
const (
	// HintInPlace is for a verb that changes a file read from FILE or
	// stdin (-i rewrites it in place).
	HintInPlace = "give -i FILE to change the file in place, or redirect stdout (> FILE)"
)

// WholeFile refuses (exit 2, one line) a verb about to write a whole
// file (what: "the changed encounter") to stdout when stdout is a
// terminal and JSON was not asked for by name (-o json, -o jsonl or the
// configured output; a verb whose terminal default is JSON is refused
// too): a person who forgot -i would get pages of JSON and
// no change to the file, so, as a compressor refuses to write to a
// terminal, the verb stops before it reads or rolls anything and says
// what to do instead (hint: HintInPlace, with anything the verb adds).
// Piped, it lets the verb go on unchanged.
func (e *Env) WholeFile(what, hint string) error {
	if !e.IO.IsStdoutTTY() || e.formatNamed && e.Format.IsJSON() {
		return nil
	}
	verb := e.command
	if verb == "" {
		verb = "this command"
	}
	return Inputf("%s writes %s to stdout, which is a terminal: %s; -o json prints it here", verb, what, hint)
}

// Roller is the command's dice, built on first use (see Factory.Roller).
func (e *Env) Roller() (*RollerState, error) { return e.roller() }

// Config is the configuration, loaded on first use.
func (e *Env) Config() (*config.Config, error) { return e.config() }

// Rules are the combat rule options chosen in the configuration. This is
// the only place the configuration becomes combat.Options.
func (e *Env) Rules() (combat.Options, error) {
	cfg, err := e.Config()
	if err != nil {
		return combat.Options{}, err
	}
	r := cfg.Rules
	return combat.Options{DodgeStacking: r.DodgeStacking, WallReduction: r.WallReduction, JudoColumn: r.JudoColumn}, nil
}

// Derive is the hero derivation options chosen in the configuration
// (dodge stacking). This is the only place the configuration becomes
// chargen.Options; verbs add their own flags (Choose, Quiet) on top.
func (e *Env) Derive() (chargen.Options, error) {
	cfg, err := e.Config()
	if err != nil {
		return chargen.Options{}, err
	}
	return chargen.Options{DodgeStacking: cfg.Rules.DodgeStacking}, nil
}

// FinishDice checks that every --dice value was used and that the list
// did not run short (an input error otherwise: a short list's error names
// every die still needed). Verbs call it before writing anything; the
// command runner calls it again after success, which is harmless.
func (e *Env) FinishDice() error { return e.finishDice() }

// short reports whether the command has asked for a die past the end of a
// short --dice list: from then on its faces are placeholders.
func (e *Env) short() bool { return e.diceShort != nil && e.diceShort() != nil }

// shortDice is the short --dice list's error, for RunE: it stands in for
// whatever the command returned once its dice ran short.
func (e *Env) shortDice() error {
	if e == nil || e.diceShort == nil {
		return nil
	}
	return e.diceShort()
}

// gateStderr makes stderr drop what the command writes once its --dice
// list has run short (steps, warnings, reports of results worked out
// from placeholder faces), so that the error naming the missing dice is
// the one line left; it returns the function that puts stderr back. RunE
// calls it around the run.
func (e *Env) gateStderr() (restore func()) {
	if e == nil || e.IO == nil || e.diceShort == nil {
		return func() {}
	}
	w := e.IO.ErrOut
	e.IO.ErrOut = shortGate{w: w, short: e.short}
	return func() { e.IO.ErrOut = w }
}

// shortGate is stderr under gateStderr.
type shortGate struct {
	w     io.Writer
	short func() bool
}

func (g shortGate) Write(p []byte) (int, error) {
	if g.short() {
		return len(p), nil
	}
	return g.w.Write(p)
}

// ReportSeed writes "seed N (replay with --seed N)" on stderr for human
// output; JSON output carries the seed itself. Nothing for a nil seed,
// nor for a seed the command line gave (--seed N: the user has it).
// With --dice and --roll-rest the seed rolled only the dice after the
// entered ones, and the line says so: "seed N rolled the rest (replay
// with --dice 3,5 --roll-rest --seed N)", folded for a person like a
// warning.
func (e *Env) ReportSeed(seed *uint64) {
	if e.Format.IsJSON() || seed == nil {
		return
	}
	rs, err := e.roller()
	if err != nil || rs.Mixed == nil {
		if !e.SeedGiven { // --seed N given: replaying needs no hint
			ReportSeed(e.IO.ErrOut, seed)
		}
		return
	}
	vals := rs.Mixed.Entered()
	list := make([]string, len(vals))
	for i, v := range vals {
		list[i] = strconv.Itoa(v)
	}
	_ = e.Folded(e.IO.ErrOut, "  ", func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "seed %d rolled the rest (replay with --dice %s --roll-rest --seed %d)\n", *seed, strings.Join(list, ","), *seed)
		return err
	})
}

// ExplainSteps writes a ruling's steps on stderr with --explain, folded
// into TextWidth columns (continuations under the step's text) when a
// person reads them (Folds).
func (e *Env) ExplainSteps(steps ruling.Steps) error {
	if !e.Explain || !e.Folds(e.IO.ErrOut) {
		return Explain(e.IO.ErrOut, e.Explain, steps)
	}
	return e.Folded(e.IO.ErrOut, StepIndent, func(w io.Writer) error { return Explain(w, true, steps) })
}

// StepIndent lines a folded explanation step up under its text: past
// "%2d. %-10s " (ruling.Steps.Write).
const StepIndent = "               "

// Warn writes each warning on stderr as "warning: TEXT", folded into
// TextWidth columns when a person reads it.
func (e *Env) Warn(warnings ...string) {
	if !e.Folds(e.IO.ErrOut) {
		Warn(e.IO.ErrOut, warnings)
		return
	}
	_ = e.Folded(e.IO.ErrOut, "  ", func(w io.Writer) error { Warn(w, warnings); return nil })
}

// Folds reports whether human output on w (stdout or stderr) is folded
// into TextWidth columns: on stdout, text (not JSON) on a terminal; on
// stderr (always text), when stdout or stderr is a terminal. Piped text
// keeps one line per result, for grep.
func (e *Env) Folds(w io.Writer) bool {
	if w == io.Writer(e.IO.Out) {
		return !e.Format.IsJSON() && e.IO.IsStdoutTTY()
	}
	return e.IO.IsStdoutTTY() || e.IO.IsStderrTTY()
}

// Folded runs write into a buffer and copies what it wrote to w, each
// line folded into TextWidth columns at spaces (Wrap, continuations
// indented with indent) when Folds says a person reads it.
func (e *Env) Folded(w io.Writer, indent string, write func(io.Writer) error) error {
	if !e.Folds(w) {
		return write(w)
	}
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	_, err := io.WriteString(w, Wrap(buf.String(), TextWidth, indent))
	return err
}

// WriteJSON writes v on stdout in the resolved JSON format.
func (e *Env) WriteJSON(v any) error { return WriteJSON(e.IO.Out, e.Format, v) }

// TestEnv is an Env over fakes for run-function tests: stdout and stderr
// are buffers, files live in the Files map (read and written there, never
// on disk), the configuration is Cfg, and the dice are the GM's (NewTestEnv
// with values) or seed 7.
type TestEnv struct {
	*Env
	Out, ErrOut *bytes.Buffer
	// In is stdin.
	In *bytes.Buffer
	// Files is the fake file system.
	Files map[string][]byte
	// Cfg is the configuration the Env sees.
	Cfg *config.Config
	// Rolled is set once the verb has asked for its dice.
	Rolled bool

	rs   *RollerState
	vals []int // the --dice values, for RollRest
}

// NewTestEnv builds a TestEnv with output format ft. With dice values the
// roller is scripted (--dice; failing at the first missing die unless
// CountShort, mixed with seeded dice after RollRest), else seeded with 7.
func NewTestEnv(ft Format, vals ...int) *TestEnv {
	ios, in, out, errOut := iostreams.Test()
	te := &TestEnv{Out: out, ErrOut: errOut, In: in, Files: map[string][]byte{}, Cfg: &config.Config{}}
	if vals != nil {
		s := dice.NewScripted(vals)
		te.rs = &RollerState{Roller: scriptedRoller{s}, Scripted: s}
		te.vals = vals
	} else {
		te.rs = &RollerState{Roller: dice.NewSeeded(7), Seed: 7, Seeded: true}
	}
	te.Env = &Env{
		IO: ios, Format: ft, DiceGiven: vals != nil, bound: true,
		roller: func() (*RollerState, error) { te.Rolled = true; return te.rs, nil },
		config: func() (*config.Config, error) { return te.Cfg, nil },
		finishDice: func() error {
			if te.rs.Scripted == nil && te.rs.Mixed == nil {
				return nil
			}
			if !te.Rolled {
				return Inputf("--dice given but this command rolls no dice")
			}
			return finishDice(te.rs)
		},
		diceShort: func() error { return diceShort(te.rs) },
		open: func(path string) (io.ReadCloser, error) {
			data, ok := te.Files[path]
			if !ok {
				return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
			}
			return io.NopCloser(bytes.NewReader(data)), nil
		},
		writeFile: func(path string, data []byte) error {
			te.Files[path] = bytes.Clone(data)
			return nil
		},
	}
	return te
}

// UseRoller replaces the dice with r (for a roller that misbehaves).
func (te *TestEnv) UseRoller(r dice.Roller) { te.rs = &RollerState{Roller: r} }

// CountShort makes a short dice list name every die still needed, as the
// command line's --dice does (see MaxShortDice), rather than fail at the
// first missing die.
func (te *TestEnv) CountShort() {
	if te.rs.Scripted != nil {
		te.rs.Scripted.CountShort(MaxShortDice)
		te.gateStderr()
	}
}

// RollRest makes the dice values only the first dice, the rest rolled
// from seed, as --dice with --roll-rest and --seed do.
func (te *TestEnv) RollRest(seed uint64) {
	m := dice.NewMixed(te.vals, seed)
	te.rs = &RollerState{Roller: mixedRoller{m}, Seed: seed, Seeded: true, Mixed: m}
}

// Stdout commits the held stdout and returns all that was written to it.
func (te *TestEnv) Stdout() (string, error) {
	if err := te.IO.Out.Commit(); err != nil {
		return "", err
	}
	return te.Out.String(), nil
}

// Paths lists the fake files, sorted.
func (te *TestEnv) Paths() []string {
	var ps []string
	for p := range te.Files {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	return ps
}
