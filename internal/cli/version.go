package cli

import (
	"fmt"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/hero"
)

func newCmdVersion(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version, Go version and hero file schema",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ft, err := f.Format(cmdutil.FormatText)
			if err != nil {
				return err
			}
			if ft.IsJSON() {
				return cmdutil.WriteJSON(f.IOStreams.Out, ft, map[string]any{"version": f.Version, "go": runtime.Version(), "schema": hero.SchemaVersion})
			}
			_, err = fmt.Fprintf(f.IOStreams.Out, "spandex %s (%s, hero file schema %d)\n", f.Version, runtime.Version(), hero.SchemaVersion)
			return err
		},
	}
}
