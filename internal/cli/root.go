// Package cli assembles spandex's cobra command tree and runs it. Main is
// the whole program; cmd/spandex/main.go only calls it, so tests (and
// testscript) run the real CLI in-process.
package cli

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/helptopic"
	"github.com/codename-spandex/spandex/internal/iostreams"
)

// Version is set at build time with -ldflags "-X .../internal/cli.Version=v1.2.3".
var Version = "dev"

// Main runs spandex with the process's arguments and streams and returns
// the exit status.
func Main() int {
	handleSignals()
	ios := iostreams.System()
	if os.Getenv(helptopic.EnvForceTTY) != "" {
		ios.SetStdoutTTY(true)
	}
	ios.SetProgress(os.Getenv(helptopic.EnvProgress))
	f := &cmdutil.Factory{IOStreams: ios, Version: Version, Getenv: os.Getenv}
	return Run(f, os.Args[1:])
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
	return execute(f, newCmdRootFor(f, args), args)
}

// execute runs args against root, built for f.
func execute(f *cmdutil.Factory, root *cobra.Command, args []string) int {
	files := f.BeginFiles()
	defer files.Abort() // after a Commit: only releases the locks
	root.SetArgs(args)
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
		out.Discard()
		files.Abort()
		if iostreams.IsBrokenPipe(err) {
			return cmdutil.ExitOK
		}
		if !errors.Is(err, cmdutil.ErrSilent) {
			fmt.Fprintln(f.IOStreams.ErrOut, "spandex: "+oneLine(err.Error()))
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
		msg := "spandex: writing output: " + oneLine(err.Error())
		if files.Staged() > 0 {
			msg += "; no file was changed"
		}
		files.Abort()
		fmt.Fprintln(f.IOStreams.ErrOut, msg)
		return cmdutil.ExitError
	}
	if err := files.Commit(); err != nil {
		fmt.Fprintln(f.IOStreams.ErrOut, "spandex: "+oneLine(err.Error()))
		return cmdutil.ExitError
	}
	return cmdutil.ExitOK
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// bindGlobals records which persistent flags were set and checks them.
func bindGlobals(f *cmdutil.Factory, cmd *cobra.Command) error {
	fl := cmd.Flags()
	markUpdates(f, cmd)
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

// NewCmdRoot builds the whole command tree (help, completion and the docs
// generator need all of it).
func NewCmdRoot(f *cmdutil.Factory) *cobra.Command {
	return newWholeRoot(f, commands())
}

// newWholeRoot is NewCmdRoot with the value completers registered: the
// tree for help, completion and __complete. A command built alone runs
// without them; completion always builds the whole tree.
func newWholeRoot(f *cmdutil.Factory, all []command) *cobra.Command {
	root := newCmdRoot(f, all)
	registerGlobalCompletions(root)
	registerCompletions(root)
	return root
}

// newCmdRootFor builds the tree one command line needs: when args name a
// top-level command, the root with that command (and its subcommands)
// only, so a call does not pay for constructing every verb and flag;
// otherwise, and for help, completion and anything unrecognised (whose
// errors and suggestions need every name), the whole tree.
func newCmdRootFor(f *cmdutil.Factory, args []string) *cobra.Command {
	all := commands()
	root := newCmdRoot(f, nil)
	name := commandName(root, args)
	for _, c := range all {
		if c.name == name {
			addCommands(f, root, []command{c})
			// cobra's completion command is reached only through the
			// whole tree ("completion" is not a name in commands()), so
			// the tree of one verb need not build it (its help text alone
			// was a tenth of a call's own work).
			root.CompletionOptions.DisableDefaultCmd = true
			return root
		}
	}
	return newWholeRoot(f, all)
}

// commandName returns the first argument that is not a root flag or a
// root flag's value, as cobra will read it, or "" when cobra could read
// the line otherwise: a help, version or completion request, an unknown
// flag before the command, "--" or no command at all.
func commandName(root *cobra.Command, args []string) string {
	pf := root.PersistentFlags()
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--" || a == "-h" || a == "--help" || a == "--version":
			return ""
		case strings.HasPrefix(a, "--"):
			name, _, hasValue := strings.Cut(a[2:], "=")
			fl := pf.Lookup(name)
			if fl == nil {
				return ""
			}
			if !hasValue && fl.NoOptDefVal == "" {
				i++ // the flag's value
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			fl := pf.ShorthandLookup(a[1:2])
			if fl == nil || (len(a) > 2 && fl.NoOptDefVal != "") {
				return "" // unknown, or shorthands combined
			}
			if len(a) == 2 && fl.NoOptDefVal == "" {
				i++ // the flag's value
			}
		default:
			switch a {
			case "help", cobra.ShellCompRequestCmd, cobra.ShellCompNoDescRequestCmd, "completion":
				return ""
			}
			return a
		}
	}
	return ""
}

// addCommands constructs cmds under root, in their help groups, guards
// the command groups among them and registers their value completions.
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
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return cmdutil.Input(err) })
	root.SetUsageFunc(usage80)
	root.SetHelpFunc(help80)

	pf := root.PersistentFlags()
	pf.Uint64Var(&f.Globals.Seed, "seed", 0, "seed for the dice, to replay a result exactly")
	pf.StringVar(&f.Globals.Dice, "dice", "", "face values rolled on real dice, comma-separated, used in the documented order (00 is a d100's 100)")
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
