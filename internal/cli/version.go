package cli

import (
	"fmt"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/hero"
)

func newCmdVersion(f *cmdutil.Factory) *cobra.Command {
	env, version := f.Env(cmdutil.FormatText), f.Version
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version, Go version and hero file schema",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := env.Bind(); err != nil {
				return err
			}
			if env.Format.IsJSON() {
				return env.WriteJSON(map[string]any{"version": version, "go": runtime.Version(), "schema": hero.SchemaVersion})
			}
			_, err := fmt.Fprintf(env.IO.Out, "spandex %s (%s, hero file schema %d)\n", version, runtime.Version(), hero.SchemaVersion)
			return err
		},
	}
}
