// Package cli assembles spandex's cobra command tree and runs it. Main is
// the whole program; cmd/spandex/main.go only calls it, so tests (and
// testscript) run the real CLI in-process.
package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/config"
	"github.com/codename-spandex/spandex/internal/config/loader"
	"github.com/codename-spandex/spandex/internal/helptopic"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/internal/servelaunch"
)

// Version is set at build time with -ldflags "-X .../internal/cli.Version=v1.2.3".
var Version = "dev"

// Main runs spandex with the process's arguments and streams and returns
// the exit status.
func Main() int {
	softMemoryLimit()
	handleSignals()
	ios := iostreams.System()
	if os.Getenv(helptopic.EnvForceTTY) != "" {
		ios.SetStdoutTTY(true)
	}
	ios.SetProgress(os.Getenv(helptopic.EnvProgress))
	f := &cmdutil.Factory{IOStreams: ios, Version: Version, Getenv: os.Getenv, Environ: os.Environ,
		// fight serve's HTTP server is the program spandex-serve: linked
		// here, it would cost every call its start-up.
		ServePlayers: servelaunch.Serve}
	return Run(f, os.Args[1:])
}

// MemoryLimit is the Go runtime's soft memory limit for a command (the
// environment's GOMEMLIMIT overrides it): a command holding a file near
// the read limit (16 MB, decoded and re-encoded) collects its garbage
// before the heap doubles past it, and peaks at 50-80 MB rather than
// 100-130 MB. A command whose live heap stays under it (every verb on
// files of ordinary size, fight sim) never feels it.
const MemoryLimit = 64 << 20

func softMemoryLimit() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(MemoryLimit)
	}
}

// Run executes one command line against a factory and returns the exit
// status. Errors are printed here, as one line on stderr, and mapped to
// exit statuses in cmdutil.ExitCode.
//
// Files a command replaces (-i) are locked from before they are read to
// the end, and renamed into place only after stdout has been written: a
// non-zero status means every file is as it was (README, "Exit status
// and files").
func Run(f *cmdutil.Factory, args []string) int {
	return execute(f, rootFor(f, args), args)
}

// rootFor builds the tree that args need: with a top-level command named
// (found by cobra's own Find among stubs bearing the commands' names, so
// the global flags and their values are parsed as they will be), only
// that command is constructed; the whole tree (NewCmdRoot) for anything
// else: help, completion, an unknown command, no command. Constructing
// all of the verbs and their flags on every call cost start-up about a
// third over the card floor (docs/benchmarks.md, start-up); what runs is
// the same command either way.
func rootFor(f *cmdutil.Factory, args []string) *cobra.Command {
	cmds := commands()
	root := newCmdRoot(f, nil)
	for _, c := range cmds {
		root.AddCommand(&cobra.Command{Use: c.name, GroupID: c.group})
	}
	target, _, err := root.Find(args)
	if err != nil || target == root {
		return NewCmdRoot(f)
	}
	for _, c := range cmds {
		if c.name == target.Name() {
			// The stubs go (cheaper than cobra's RemoveCommand, which
			// measures every remaining command again), the real command
			// comes in, and cobra's own completion command, which is
			// not the one asked for, is left out.
			root.ResetCommands()
			addCommands(f, root, []command{c})
			root.CompletionOptions.DisableDefaultCmd = true
			return root
		}
	}
	return NewCmdRoot(f)
}

// execute runs args against root, built for f.
func execute(f *cmdutil.Factory, root *cobra.Command, args []string) int {
	files := f.BeginFiles()
	defer files.Abort() // after a Commit: only releases the locks
	root.SetArgs(args)
	root.SetContext(f.WithDir(context.Background()))
	ran := false
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		ran = true
		return bindGlobals(f, cmd)
	}
	err := root.Execute()
	if err == nil {
		err = f.FinishDice()
	} else if !ran {
		// cobra's own errors: unknown command, bad flag, wrong arguments.
		err = cmdutil.Input(err)
	}
	out := f.IOStreams.Out
	if err != nil {
		// A stream cut short keeps the whole records before the bad one
		// (Output.Stop); any other output is dropped.
		if out.Stop() != nil {
			out.Discard()
		}
		files.Abort()
		if iostreams.IsBrokenPipe(err) {
			return cmdutil.ExitOK
		}
		if !errors.Is(err, cmdutil.ErrSilent) {
			fmt.Fprintln(f.IOStreams.ErrOut, errorLine(err.Error()))
		}
		return cmdutil.ExitCode(err)
	}
	if beforeCommit != nil {
		beforeCommit(f.Getenv)
	}
	// Output first, then the files: if stdout fails (a full disk, a
	// closed terminal) the files stay as they were and the status says
	// so. A reader that went away (broken pipe) is not a failure.
	if err := out.Commit(); err != nil && !iostreams.IsBrokenPipe(err) {
		msg := "writing output: " + err.Error()
		if files.Staged() > 0 {
			msg += "; no file was changed"
		}
		files.Abort()
		fmt.Fprintln(f.IOStreams.ErrOut, errorLine(msg))
		return cmdutil.ExitError
	}
	if err := files.Commit(); err != nil {
		fmt.Fprintln(f.IOStreams.ErrOut, errorLine(err.Error()))
		return cmdutil.ExitError
	}
	return cmdutil.ExitOK
}

// errorLine is the line stderr shows for an error message
// (cmdutil.ErrorLine); maxErrorLine and errorCut are its limit and the
// end of a cut line.
func errorLine(msg string) string { return cmdutil.ErrorLine(msg) }

const (
	maxErrorLine = cmdutil.MaxErrorLine
	errorCut     = cmdutil.ErrorCut
)

// flagError is the root's flag error func: a bad flag is the user's
// input (exit 2), and an unknown one gets the nearest known flag of the
// command as a suggestion, as unknown commands and config keys do.
func flagError(cmd *cobra.Command, err error) error {
	const prefix = "unknown flag: --"
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, prefix); ok {
		if s := suggestFlag(cmd, name); s != "" {
			return cmdutil.Inputf("%s (did you mean --%s?)", msg, s)
		}
	}
	return cmdutil.Input(err)
}

// suggestFlag is the name of cmd's flag (its own or inherited) nearest to
// name, within cobra's suggestion distance (two edits), or a flag name
// name is a prefix of; "" when there is none.
func suggestFlag(cmd *cobra.Command, name string) string {
	best, bestD := "", cmd.SuggestionsMinimumDistance+1
	if bestD <= 1 {
		bestD = 3
	}
	visit := func(fl *pflag.Flag) {
		if fl.Hidden {
			return
		}
		d := config.Distance(strings.ToLower(name), fl.Name)
		if strings.HasPrefix(fl.Name, name) && len(name) > 1 {
			d = min(d, 1)
		}
		if d < bestD {
			best, bestD = fl.Name, d
		}
	}
	cmd.LocalFlags().VisitAll(visit)
	cmd.InheritedFlags().VisitAll(visit)
	return best
}

// otherEnv are the SPANDEX_* variables spandex reads besides the config
// keys': a name near one of these is not taken for a misspelling.
var otherEnv = []string{helptopic.EnvForceTTY, helptopic.EnvProgress}

// bindGlobals records which persistent flags were set and checks them.
func bindGlobals(f *cmdutil.Factory, cmd *cobra.Command) error {
	fl := cmd.Flags()
	markUpdates(f, cmd)
	if f.Environ != nil {
		if err := config.CheckEnv(f.Environ(), otherEnv...); err != nil {
			return err
		}
	}
	if fl.Changed("config") {
		// A --config FILE that cannot be read is an error whatever the
		// verb, even one that needs nothing from the config.
		if _, err := f.Config(); err != nil {
			return err
		}
	}
	f.Globals.SeedSet = fl.Changed("seed")
	f.Globals.DiceSet = fl.Changed("dice")
	if f.Globals.DiceSet && strings.TrimSpace(f.Globals.Dice) == "" {
		return cmdutil.Inputf("--dice: empty list (give the face values rolled, e.g. --dice 3,5,6)")
	}
	if f.Globals.Output != "" {
		if _, err := cmdutil.ParseFormat(f.Globals.Output); err != nil {
			return err
		}
		if err := cmdutil.CheckHTML(cmd, f.Globals.Output); err != nil {
			return err
		}
	}
	return nil
}

// beforeCommit is a test hook (internal/testhook), set only in test
// builds and builds tagged spandextest; nil in a release binary.
var beforeCommit func(getenv func(string) string)

// markUpdates declares the files the command will replace, so that they
// are locked before they are read: the -i/--in-place file, and attack's
// --attacker file with --update-attacker.
func markUpdates(f *cmdutil.Factory, cmd *cobra.Command) {
	fl := cmd.Flags()
	if p := fl.Lookup("in-place"); p != nil && p.Value.Type() == "string" {
		f.MarkUpdate(p.Value.String())
	}
	if up, err := fl.GetBool("update-attacker"); err == nil && up {
		if a := fl.Lookup("attacker"); a != nil {
			f.MarkUpdate(a.Value.String())
		}
	}
}

// NewCmdRoot builds the command tree, with the value completers
// registered.
func NewCmdRoot(f *cmdutil.Factory) *cobra.Command {
	root := newCmdRoot(f, commands())
	registerGlobalCompletions(root)
	registerCompletions(root)
	return root
}

// addCommands constructs cmds under root, in their help groups, and
// guards the command groups among them.
func addCommands(f *cmdutil.Factory, root *cobra.Command, cmds []command) {
	for _, c := range cmds {
		cmd := c.make(f)
		cmd.GroupID = c.group
		root.AddCommand(cmd)
	}
	guardGroups(root)
}

// newCmdRoot builds the root command, its groups and persistent flags, and
// cmds under it.
func newCmdRoot(f *cmdutil.Factory, cmds []command) *cobra.Command {
	if f.LoadConfig == nil {
		// The root wires the config loader (viper): a verb sees only
		// config's types, so its package and unit tests do not link it.
		f.LoadConfig = loader.Load
	}
	root := &cobra.Command{
		Use:   "spandex <command>",
		Short: "Run the Codename: Spandex superhero RPG by the book",
		Long: `spandex is a toolkit of small verbs for running Codename: Spandex: dice,
the rulebook's tables, hero files, combat rulings and downtime. Verbs read
and write JSON hero files on stdin/stdout so they chain in shell pipelines.

Output is a table or text on a terminal and JSON when piped; -o overrides:
-o json is one JSON document (an array when there are several results),
-o jsonl one compact JSON object per line.
Every random verb takes --seed N (and reports the seed it used) and
--dice LIST (the faces the GM rolled on real dice, in the documented order).`,
		SilenceErrors: true,
		SilenceUsage:  true,
		Version:       f.Version,
	}
	root.SetOut(f.IOStreams.Out)
	root.SetErr(f.IOStreams.ErrOut)
	root.SetFlagErrorFunc(flagError)
	setHelp(root)

	pf := root.PersistentFlags()
	pf.Uint64Var(&f.Globals.Seed, "seed", 0, "seed for the dice, to replay a result exactly")
	pf.StringVar(&f.Globals.Dice, "dice", "", "face values rolled on real dice, comma-separated, used in the documented order (00 is a d100's 100); every die unless --roll-rest")
	pf.BoolVar(&f.Globals.RollRest, "roll-rest", false, "with --dice: roll the dice after the listed ones (seeded: --seed N or a reported seed); JSON marks each die's source")
	pf.StringVarP(&f.Globals.Output, "output", "o", "", "output format: auto|json|jsonl|table|text, or html for sheet and fight report (default auto: table/text on a terminal, JSON when piped)")
	pf.StringVar(&f.Globals.ConfigFile, "config", "", "config file (default $XDG_CONFIG_HOME/spandex/config.yaml)")
	pf.BoolVar(&f.Globals.Explain, "explain", false, "print each step of the ruling (table rows, modifiers, pages) on stderr")

	root.AddGroup(groups...)
	addCommands(f, root, cmds)
	return root
}

// guardGroups makes every command group (fight, gen, hero, ...) refuse an
// unknown subcommand: cobra would print the group's help and exit 0.
func guardGroups(c *cobra.Command) {
	for _, sub := range c.Commands() {
		if sub.HasSubCommands() && !sub.Runnable() {
			sub.Args = cobra.ArbitraryArgs
			sub.RunE = func(cmd *cobra.Command, args []string) error {
				if len(args) > 0 {
					return cmdutil.Inputf("unknown command %q for %q (see %s --help)", args[0], cmd.CommandPath(), cmd.CommandPath())
				}
				return cmd.Help()
			}
		}
		guardGroups(sub)
	}
}
