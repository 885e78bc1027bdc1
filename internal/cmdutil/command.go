package cmdutil

import "github.com/spf13/cobra"

// Prepare is one step a command's RunE takes before running: it moves
// arguments and global settings into the command's options, or checks
// what only the cobra command knows (which flags were given).
type Prepare func(cmd *cobra.Command, args []string) error

// RunE returns a command's RunE in the project's shape: every prepare step
// in order, then the embedded Env's Bind (when the options embed *Env),
// then runF when a test supplies one, else run; once a short --dice list
// ran out, its error (naming every die still needed) replaces the
// command's own. The options
// stay a plain struct and run a plain function that tests call directly.
//
// P is the pointer to a verb's options (*XOptions), not the struct: Go
// compiles one body for every pointer type, where a struct parameter
// would stamp out a copy, and its closure's type, per verb.
func RunE[P any](opts P, runF, run func(P) error, prepare ...Prepare) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		for _, p := range prepare {
			if err := p(cmd, args); err != nil {
				return err
			}
		}
		if s, ok := any(opts).(commandSetter); ok && cmd != nil {
			s.setCommand(cmd.CommandPath())
		}
		if b, ok := any(opts).(envBinder); ok {
			if err := b.bindEnv(); err != nil {
				return err
			}
		}
		if runF == nil {
			runF = run
		}
		d, ok := any(opts).(diceShorter)
		if !ok {
			return runF(opts)
		}
		defer d.gateStderr()()
		err := runF(opts)
		// Past the end of a short --dice list the dice were placeholders:
		// whatever the command made of them, the missing dice come first.
		if short := d.shortDice(); short != nil {
			return short
		}
		return err
	}
}

// diceShorter is what RunE looks for in a verb's options to report a
// short --dice list: an embedded Env.
type diceShorter interface {
	shortDice() error
	gateStderr() (restore func())
}

// InputFiles is the prepare step of a verb reading any number of files:
// the arguments, or stdin ("-") when there are none.
func InputFiles(files *[]string) Prepare {
	return func(_ *cobra.Command, args []string) error {
		*files = args
		if len(args) == 0 {
			*files = []string{"-"}
		}
		return nil
	}
}

// OneHeroFile is the Args check of a verb taking at most one hero file:
// more is an input error "VERB: give one hero file".
func OneHeroFile(verb string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) > 1 {
			return Inputf("%s: give one hero file", verb)
		}
		return nil
	}
}
