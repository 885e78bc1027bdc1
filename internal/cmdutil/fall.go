package cmdutil

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// AddFallHeight adds --metres and --storeys to a fall verb's flags.
func AddFallHeight(fl *pflag.FlagSet, metres, storeys *int) {
	fl.IntVar(metres, "metres", 0, "metres fallen (or --storeys)")
	fl.IntVar(storeys, "storeys", 0, "storeys fallen, 3 m each (the book gives no storey: docs/rules-notes.md)")
}

// FallHeight is the prepare step of a fall verb: exactly one of --metres
// and --storeys, a storey counting rulebook.MetresPerStorey metres.
func FallHeight(metres, storeys *int) Prepare {
	return func(cmd *cobra.Command, _ []string) error {
		m, s := cmd.Flags().Changed("metres"), cmd.Flags().Changed("storeys")
		switch {
		case m && s:
			return Inputf("--storeys: give the height once, in metres or in storeys")
		case !m && !s:
			return Inputf("--metres: required (or --storeys N)")
		case s && (*storeys < 0 || *storeys > 10_000):
			return Inputf("--storeys %d: outside 0-10000", *storeys)
		case s:
			*metres = *storeys * rulebook.MetresPerStorey
		}
		return nil
	}
}
