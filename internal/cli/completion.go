package cli

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
)

// registerGlobalCompletions completes the values of the persistent flags.
func registerGlobalCompletions(root *cobra.Command) {
	_ = root.RegisterFlagCompletionFunc("output", cmdutil.CompleteFormats)
	_ = root.RegisterFlagCompletionFunc("config", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"yaml", "yml"}, cobra.ShellCompDirectiveFilterFileExt
	})
	for _, name := range []string{"seed", "dice"} {
		_ = root.RegisterFlagCompletionFunc(name, cobra.NoFileCompletions)
	}
}
