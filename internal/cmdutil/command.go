package cmdutil

import "github.com/spf13/cobra"

// Prepare is one step a command's RunE takes before running: it moves
// arguments and global settings into the command's options, or checks
// what only the cobra command knows (which flags were given).
type Prepare func(cmd *cobra.Command, args []string) error

// RunE returns a command's RunE in the project's shape: every prepare step
// in order, then env's Bind, then run; once a short --dice list ran out,
// its error (naming every die still needed) replaces the command's own.
// A verb's constructor passes its options' Env and a closure calling
// runF (which defaults to the verb's run function), so the options stay
// a plain struct and run a plain function that tests call directly.
//
// RunE is not generic over the options, and nothing converts them to an
// interface: either would keep the promoted Env methods of every verb's
// options in the binary (a generic instance's dictionary marks its type
// arguments as used in interfaces), 4,500 functions that the runtime
// walks at every start-up.
func RunE(env *Env, run func() error, prepare ...Prepare) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		for _, p := range prepare {
			if err := p(cmd, args); err != nil {
				return err
			}
		}
		if cmd != nil {
			env.setCommand(cmd.CommandPath())
		}
		if err := env.Bind(); err != nil {
			return err
		}
		defer env.gateStderr()()
		err := run()
		// Past the end of a short --dice list the dice were placeholders:
		// whatever the command made of them, the missing dice come first.
		if short := env.shortDice(); short != nil {
			return short
		}
		return err
	}
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
