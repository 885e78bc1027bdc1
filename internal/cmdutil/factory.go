// Package cmdutil holds what every spandex command shares: the Factory
// that injects streams, config and dice; the Env every verb runs in;
// error-to-exit-status mapping; output-format selection; and hero file I/O.
//
// A verb is a package with an Options struct, NewCmdX(f, runF) and a plain
// run function. The Options embed *Env, built in the constructor, which is
// the only place the verb sees the Factory (gh's shape):
//
//	opts := &XOptions{Env: f.Env(cmdutil.FormatText)}
//	cmd.RunE = cmdutil.RunE(opts, runF, runX, prepare...)
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
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"os"

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

	// Global flag values, bound by the root command.
	Globals Globals

	cfg    *config.Config
	roller *RollerState
	// files and updates: see BeginFiles and MarkUpdate (files.go).
	files   *safefile.Txn
	updates map[string]bool
}

// Globals are the persistent flags every verb accepts.
type Globals struct {
	Seed       uint64
	SeedSet    bool
	Dice       string
	DiceSet    bool
	Output     string
	ConfigFile string
	Explain    bool
}

// Config loads the configuration on first use.
func (f *Factory) Config() (*config.Config, error) {
	if f.cfg != nil {
		return f.cfg, nil
	}
	getenv := f.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	c, err := config.Load(f.Globals.ConfigFile, getenv)
	if err != nil {
		return nil, Input(err)
	}
	f.cfg = c
	return c, nil
}

// RollerState is the roller a command uses plus what must be reported
// about it: the seed (so any result can be replayed) or the fact that the
// GM's own dice were used.
type RollerState struct {
	Roller   dice.Roller
	Seed     uint64
	Seeded   bool
	Scripted *dice.Scripted
}

// SeedPtr returns the seed for JSON output, or nil when the GM's dice were used.
func (r *RollerState) SeedPtr() *uint64 {
	if !r.Seeded {
		return nil
	}
	s := r.Seed
	return &s
}

// Roller builds the command's roller on first use: --dice gives the GM's
// dice, else --seed, else the config/env seed, else a fresh random seed.
func (f *Factory) Roller() (*RollerState, error) {
	if f.roller != nil {
		return f.roller, nil
	}
	g := f.Globals
	if g.DiceSet {
		if g.SeedSet {
			return nil, Inputf("--dice and --seed cannot be used together")
		}
		vals, err := dice.ParseList(g.Dice)
		if err != nil {
			return nil, Input(err)
		}
		s := dice.NewScripted(vals)
		f.roller = &RollerState{Roller: scriptedRoller{s}, Scripted: s}
		return f.roller, nil
	}
	seed := g.Seed
	if !g.SeedSet {
		cfg, err := f.Config()
		if err != nil {
			return nil, err
		}
		if cfg.Seed != nil {
			seed = *cfg.Seed
			warnConfigSeed(f.IOStreams.ErrOut, seed, cfg.Sources["seed"])
		} else {
			var b [8]byte
			if _, err := rand.Read(b[:]); err != nil {
				return nil, fmt.Errorf("seeding the dice: %w", err)
			}
			seed = binary.LittleEndian.Uint64(b[:]) >> 1 // keep it friendly for jq (< 2^63)
			seed %= 1 << 53                              // exact in a JSON number
		}
	}
	f.roller = &RollerState{Roller: dice.NewSeeded(seed), Seed: seed, Seeded: true}
	return f.roller, nil
}

// FinishDice checks that every --dice value was used. It is called once
// after a command succeeds; leftovers are an input error.
func (f *Factory) FinishDice() error {
	if f.roller == nil || f.roller.Scripted == nil {
		if f.Globals.DiceSet && f.roller == nil {
			return Inputf("--dice given but this command rolls no dice")
		}
		return nil
	}
	return Input(f.roller.Scripted.Finish())
}
