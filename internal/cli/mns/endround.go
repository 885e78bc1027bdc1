package mns

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/mns"
)

// EndRoundOptions are the inputs of `spandex mns end-round`.
type EndRoundOptions struct {
	*cmdutil.Env
	File File
	// Drop are HOLDER:EFFECT ongoing effects no longer kept up.
	Drop []string
}

// NewCmdEndRound builds `spandex mns end-round`.
func NewCmdEndRound(f *cmdutil.Factory, runF func(*EndRoundOptions) error) *cobra.Command {
	opts := &EndRoundOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runEndRound
	}
	cmd := &cobra.Command{
		Use:   "end-round [FILE] [--drop ID:EFFECT]...",
		Short: "Move the clock to the next payment segment, with its reminders",
		Long: `Move the clock to the next payment segment (the next multiple of 50),
performing every action that lands on the way, and log the payment
reminder: every ongoing effect must be paid for again. --drop ID:EFFECT
ends an ongoing effect first (its holder stops paying for it).

Rolls no dice.`,
		Example: `  spandex mns end-round -i fight.json
  spandex mns end-round -i fight.json --drop zap:"power shield"`,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs),
	}
	opts.File.addFlag(cmd)
	cmd.Flags().StringArrayVar(&opts.Drop, "drop", nil, "ID:EFFECT: an ongoing effect no longer kept up")
	return cmd
}

// runEndRound ends the round.
func runEndRound(opts *EndRoundOptions) error {
	return change(opts.Env, opts.File, ChartsFile{}, false, func(e *mns.Encounter, _ mns.Ctx) error {
		if err := e.DropEffects(opts.Drop); err != nil {
			var de *mns.DropError
			if errors.As(err, &de) {
				return cmdutil.Inputf("--drop %q: %s", de.Spec, de.Msg)
			}
			return err
		}
		return e.EndRound()
	})
}
