package fight

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// HeroOptions are the inputs of `spandex fight hero`.
type HeroOptions struct {
	*cmdutil.Env
	File string
	ID   string
}

// NewCmdHero builds `spandex fight hero`.
func NewCmdHero(f *cmdutil.Factory, runF func(*HeroOptions) error) *cobra.Command {
	opts := &HeroOptions{Env: f.Env(cmdutil.FormatJSON)}
	if runF == nil {
		runF = runHero
	}
	cmd := &cobra.Command{
		Use:   "hero FILE ID",
		Short: "Print a combatant's hero file as the fight has left it",
		Long: `Print one combatant's hero file, with the health, stamina, condition,
pools and log the fight has given it, so it can be saved back after the
fight; its lasting states (grown, shrunk, phased...) go in its "states"
list. Rolls no dice.`,
		Example: `  spandex fight hero bank.json guardian > guardian.json`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 2 {
				return cmdutil.Inputf("give the encounter FILE and a combatant ID")
			}
			return nil
		},
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, func(_ *cobra.Command, args []string) error {
			opts.File, opts.ID = args[0], args[1]
			return nil
		}),
	}
	return cmd
}

// runHero prints the combatant's hero.
func runHero(opts *HeroOptions) error {
	e, err := load(opts.Env, File{Path: opts.File})
	if err != nil {
		return err
	}
	c := e.Find(opts.ID)
	if c == nil {
		ids := make([]string, len(e.Combatants))
		for i, c := range e.Combatants {
			ids[i] = c.ID
		}
		return cmdutil.Input(&encounter.UnknownError{ID: opts.ID, Known: ids})
	}
	data, err := cmdutil.EncodeHero(c.HeroFile(), "stdout")
	if err != nil {
		return err
	}
	_, err = opts.Env.IO.Out.Write(data)
	return err
}
