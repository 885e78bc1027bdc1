package mns

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
)

// NewCmdCharts builds `spandex mns charts` and its subcommands.
func NewCmdCharts(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "charts <command>",
		Short: "The GM's charts file",
		Long: `The charts the Men & Supermen combat chapter looks values up on are not in
spandex; the GM copies them from their own copy of the game into a charts
file (docs/mns.md, docs/mns-charts.schema.json).`,
	}
	cmd.AddCommand(NewCmdChartsCheck(f, nil))
	return cmd
}
