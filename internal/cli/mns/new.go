package mns

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/mns"
)

// NewOptions are the inputs of `spandex mns new`.
type NewOptions struct {
	*cmdutil.Env
	Name  string
	Files []string
}

// NewCmdNew builds `spandex mns new`.
func NewCmdNew(f *cmdutil.Factory, runF func(*NewOptions) error) *cobra.Command {
	opts := &NewOptions{Env: f.Env(cmdutil.FormatJSON)}
	if runF == nil {
		runF = runNew
	}
	cmd := &cobra.Command{
		Use:   "new FILE...",
		Short: "Start a fight on segment 0 from combatant files",
		Long: `Start a Men & Supermen fight on segment 0 and write the encounter to
stdout. Each FILE ("-" is stdin) is a combatant file (docs/mns.md,
docs/mns-combatants.schema.json):

  {"schema": 1, "combatants": [{"id": "lariat", "name": "Lariat",
    "side": "heroes", "attack": 6, "defense": 5, "combat_roll": 10,
    "pool": 2, "vp": 40, "dp": 12, "ignore_damage": 1, "skin_temper": 1,
    "agility": 6, "strength": 4, "perception": 12, "learning": 5,
    "weapons": []}]}

Ids must be unique across the files. A combatant's own weapons are found
before the charts file's Weapons Chart.

Rolls no dice.`,
		Example: `  spandex mns new heroes.json thugs.json > fight.json
  spandex mns new --name "Warehouse" heroes.json thugs.json > fight.json`,
		Args: cobra.MinimumNArgs(0),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, func(_ *cobra.Command, args []string) error {
			opts.Files = args
			if len(args) == 0 {
				return cmdutil.Inputf("mns new: give one or more combatant files")
			}
			return nil
		}),
	}
	cmd.Flags().StringVar(&opts.Name, "name", "", "a name for the fight")
	return cmd
}

// runNew reads the combatant files and writes the new encounter.
func runNew(opts *NewOptions) error {
	var fighters []mns.Fighter
	stdin := false
	for _, path := range opts.Files {
		if path == "-" {
			if stdin {
				return cmdutil.Inputf("stdin (-) can be read only once")
			}
			stdin = true
		}
		data, name, err := opts.ReadInput(path)
		if err != nil {
			return err
		}
		cf, err := mns.DecodeCombatants(data)
		if err != nil {
			return opts.WrongKind(data, name, cmdutil.KindMNSCombatants, cmdutil.Inputf("%s: %w", name, err))
		}
		fighters = append(fighters, cf.Combatants...)
	}
	e, err := mns.New(opts.Name, fighters)
	if err != nil {
		return cmdutil.Inputf("mns new: %w", err)
	}
	if err := opts.Env.FinishDice(); err != nil {
		return err
	}
	data, n, err := mns.EncodeMax(e, mns.MaxFileSize)
	if err != nil {
		return err
	}
	if data == nil {
		return cmdutil.TooLargeToWrite("stdout", n, mns.MaxFileSize)
	}
	_, err = opts.Env.IO.Out.Write(data)
	return err
}
