// Package cmdutil holds what every spandex command shares: the Factory
// that injects streams, config and dice; the Env every verb runs in;
// error-to-exit-status mapping; output-format selection; and hero file I/O.
//
// A verb is a package with an Options struct, NewCmdX(f, runF) and a plain
// run function. The Options embed *Env, built in the constructor, which is
// the only place the verb sees the Factory (gh's shape):
//
//	opts := &XOptions{Env: f.Env(cmdutil.FormatText)}
//	if runF == nil {
//		runF = runX
//	}
//	cmd.RunE = cmdutil.RunE(opts.Env, func() error { return runF(opts) }, prepare...)
//
// Naming: the verb X lives in x.go of its group's package, its options
// are XOptions (Options in a one-verb package), its constructor NewCmdX
// and its run function runX (runAttack, runDodge, runWeek), unexported:
// only the constructor and the package's own tests call it.
//
// RunE runs the prepare steps (InputFiles, HeroTarget.FromArgs, the verb's
// own checks) that fill opts, binds the Env to the global flags (output
// format, --explain), then calls runF (tests) or the run function. The run
// function uses only opts: Env.Roller for dice, Env.Rules for the combat
// rule options (the one place config becomes combat.Options),
// Env.ReadHero/WriteHero, Env.ReportSeed, Env.ExplainSteps, Env.Warn and
// Env.FinishDice before anything is written. A verb that changes a hero
// file goes through HeroTarget.Change, which appends the event and writes
// atomically with -i; streams use EachInput with DecodeHeroes. Tests build
// the Env from fakes with NewTestEnv (buffers, a fake file system, fixed
// dice and config). Errors map to exit statuses only in ExitCode.
package cmdutil

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/codename-spandex/spandex/internal/config"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/internal/safefile"
	"github.com/codename-spandex/spandex/pkg/dice"
)

// Factory is handed to every NewCmdX constructor. Its function fields are
// evaluated lazily, so start-up does no work a command does not need.
type Factory struct {
	IOStreams *iostreams.IOStreams
	// Version is the build's version string.
	Version string
	// Getenv reads the environment (os.Getenv outside tests).
	Getenv func(string) string
	// Environ lists the environment (os.Environ outside tests; nil: the
	// root does not check the SPANDEX_* names).
	Environ func() []string
	// Dir is the directory relative file names are taken from (Path);
	// empty, as in the released program, for the process's working
	// directory. The in-process test runner gives each script its own,
	// so scripts run side by side in one process without changing it.
	Dir string
	// ServePlayers serves fight serve's player view once the command has
	// checked its settings: in the released spandex a launcher of the
	// program spandex-serve (internal/servelaunch), so that spandex links
	// no HTTP server; in tests the server in-process (internal/playerview).
	ServePlayers ServeFunc

	// LoadConfig reads the config file and the SPANDEX_* variables
	// (internal/config/loader's Load, which the root command sets, so that
	// only the root links viper); nil gives the defaults, as a verb's unit
	// tests, which set no config, want.
	LoadConfig func(dir, path string, getenv func(string) string) (*config.Config, error)

	// Global flag values, bound by the root command.
	Globals Globals

	cfg    *config.Config
	roller *RollerState
	// files and updates: see BeginFiles and MarkUpdate (files.go).
	files   *safefile.Txn
	updates map[string]bool
}

// Path is the name under which the command opens the file name: a
// relative name joined to Dir, anything else as given.
func (f *Factory) Path(name string) string {
	if f.Dir == "" || name == "" || filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(f.Dir, name)
}

type dirKey struct{}

// WithDir returns ctx carrying the Factory's Dir, for code that sees only
// a cobra command (the completers read the files named on the line being
// completed): Run sets it on the root command's context.
func (f *Factory) WithDir(ctx context.Context) context.Context {
	return context.WithValue(ctx, dirKey{}, f.Dir)
}

// PathIn is Factory.Path for the Dir ctx carries (WithDir).
func PathIn(ctx context.Context, name string) string {
	if ctx == nil {
		return name
	}
	dir, _ := ctx.Value(dirKey{}).(string)
	return (&Factory{Dir: dir}).Path(name)
}

// open opens the file name (Path); an error names the file as given.
func (f *Factory) open(name string) (io.ReadCloser, error) {
	fh, err := os.Open(f.Path(name))
	if err != nil {
		return nil, asGiven(err, name)
	}
	return fh, nil
}

// asGiven makes a file error name the file as the user gave it rather
// than the path Dir made of it.
func asGiven(err error, name string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path != name {
		return &fs.PathError{Op: pe.Op, Path: name, Err: pe.Err}
	}
	return err
}

// Globals are the persistent flags every verb accepts.
type Globals struct {
	Seed    uint64
	SeedSet bool
	Dice    string
	DiceSet bool
	// RollRest is --roll-rest: --dice lists only some dice, the rest are
	// rolled (seeded).
	RollRest   bool
	Output     string
	ConfigFile string
	Explain    bool
}

// Config loads the configuration on first use.
func (f *Factory) Config() (*config.Config, error) {
	if f.cfg != nil {
		return f.cfg, nil
	}
	if f.LoadConfig == nil {
		f.cfg = config.Defaults()
		return f.cfg, nil
	}
	getenv := f.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	c, err := f.LoadConfig(f.Dir, f.Globals.ConfigFile, getenv)
	if err != nil {
		return nil, Input(err)
	}
	f.cfg = c
	return c, nil
}

// RollerState is the roller a command uses plus what must be reported
// about it: the seed (so any result can be replayed) or the fact that the
// GM's own dice were used. With --dice and --roll-rest it is both: Mixed
// is set, and so are Seed and Seeded (the seed of the rolled part).
type RollerState struct {
	Roller   dice.Roller
	Seed     uint64
	Seeded   bool
	Scripted *dice.Scripted
	Mixed    *dice.Mixed
}

// SeedPtr returns the seed for JSON output, or nil when the GM's dice were used.
func (r *RollerState) SeedPtr() *uint64 {
	if !r.Seeded {
		return nil
	}
	s := r.Seed
	return &s
}

// MaxShortDice is how many dice past the end of a short --dice list a
// command may ask for before it is stopped: its error then names those
// (dice.Scripted.CountShort).
const MaxShortDice = 1000

// Roller builds the command's roller on first use: --dice gives the GM's
// dice (with --roll-rest, followed by seeded dice), else --seed, else the
// config/env seed, else a fresh random seed.
func (f *Factory) Roller() (*RollerState, error) {
	if f.roller != nil {
		return f.roller, nil
	}
	if err := f.checkDiceFlags(); err != nil {
		return nil, err
	}
	g := f.Globals
	var vals []int
	if g.DiceSet {
		var err error
		if vals, err = dice.ParseList(g.Dice); err != nil {
			return nil, Input(err)
		}
		if !g.RollRest {
			s := dice.NewScripted(vals)
			s.CountShort(MaxShortDice)
			f.roller = &RollerState{Roller: scriptedRoller{s}, Scripted: s}
			return f.roller, nil
		}
	}
	seed, err := f.seed()
	if err != nil {
		return nil, err
	}
	if g.DiceSet { // --roll-rest
		m := dice.NewMixed(vals, seed)
		f.roller = &RollerState{Roller: mixedRoller{m}, Seed: seed, Seeded: true, Mixed: m}
		return f.roller, nil
	}
	f.roller = &RollerState{Roller: dice.NewSeeded(seed), Seed: seed, Seeded: true}
	return f.roller, nil
}

// checkDiceFlags refuses --dice with --seed unless --roll-rest says what
// the seed is for, and --roll-rest without --dice.
func (f *Factory) checkDiceFlags() error {
	g := f.Globals
	switch {
	case g.RollRest && !g.DiceSet:
		return Inputf("--roll-rest needs --dice: give the dice you rolled (without --dice every die is rolled)")
	case g.DiceSet && g.SeedSet && !g.RollRest:
		return Inputf("--dice and --seed cannot be used together (add --roll-rest to roll the dice --dice leaves out from the seed)")
	}
	return nil
}

// seed is the seed for rolled dice: --seed, else the config/env seed
// (warned about), else a fresh random one.
func (f *Factory) seed() (uint64, error) {
	if f.Globals.SeedSet {
		return f.Globals.Seed, nil
	}
	cfg, err := f.Config()
	if err != nil {
		return 0, err
	}
	if cfg.Seed != nil {
		warnConfigSeed(f.IOStreams.ErrOut, *cfg.Seed, cfg.Sources["seed"])
		return *cfg.Seed, nil
	}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, fmt.Errorf("seeding the dice: %w", err)
	}
	seed := binary.LittleEndian.Uint64(b[:]) >> 1 // keep it friendly for jq (< 2^63)
	return seed % (1 << 53), nil                  // exact in a JSON number
}

// FinishDice checks that every --dice value was used and that the list
// did not run short. It is called once after a command succeeds; either
// is an input error.
func (f *Factory) FinishDice() error {
	if err := f.checkDiceFlags(); err != nil {
		return err
	}
	if f.roller == nil {
		if f.Globals.DiceSet {
			return Inputf("--dice given but this command rolls no dice")
		}
		return nil
	}
	return finishDice(f.roller)
}

// DiceShort is the error naming every die a short --dice list left out,
// once the command has asked for one past its end; else nil.
func (f *Factory) DiceShort() error {
	if f.roller == nil {
		return nil
	}
	return diceShort(f.roller)
}

// diceShort is rs's DiceShort.
func diceShort(rs *RollerState) error {
	if rs.Scripted == nil {
		return nil
	}
	if err := rs.Scripted.Short(); err != nil {
		return &DiceError{Err: err}
	}
	return nil
}

// finishDice is rs's FinishDice: the list ran short, or has values left
// over.
func finishDice(rs *RollerState) error {
	switch {
	case rs.Scripted != nil:
		if err := diceShort(rs); err != nil {
			return err
		}
		return Input(rs.Scripted.Finish())
	case rs.Mixed != nil:
		return Input(rs.Mixed.Finish())
	}
	return nil
}

// mixedRoller is the GM's dice then seeded ones (--roll-rest): every
// error is a DiceError, and the source of each face shows through.
type mixedRoller struct{ *dice.Mixed }

func (r mixedRoller) Roll(sides int, purpose string) (int, error) {
	v, err := r.Mixed.Roll(sides, purpose)
	if err != nil {
		return 0, &DiceError{Err: err}
	}
	return v, nil
}
