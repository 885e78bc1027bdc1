// Package herocmd implements `spandex hero` and its subcommands.
package herocmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
)

// NewCmdHero builds `spandex hero`.
func NewCmdHero(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "hero <command>",
		Short: "Work with hero files",
	}
	cmd.AddCommand(NewCmdCheck(f, nil))
	return cmd
}

// CheckOptions are the inputs of `spandex hero check`.
type CheckOptions struct {
	IO     *iostreams.IOStreams
	Files  []string
	Format cmdutil.Format
	Read   func(string) error
}

// NewCmdCheck builds `spandex hero check`.
func NewCmdCheck(f *cmdutil.Factory, runF func(*CheckOptions) error) *cobra.Command {
	opts := &CheckOptions{IO: f.IOStreams}
	cmd := &cobra.Command{
		Use:   "check [FILE|-]...",
		Short: "Validate hero files: exit 0, or exit 2 naming the first bad field",
		Long: `Validate one or more hero files (stdin when none or "-") against schema
version 1 and the rules' limits. The first problem is reported as
FILE: $.json.path: message, with exit status 2. With -o json a valid file
prints {"file":..., "valid":true, "name":..., "schema":1}.`,
		Example: `  spandex hero check guardian.json
  spandex gen hero --seed 1 | spandex hero check`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Files = args
			if len(opts.Files) == 0 {
				opts.Files = []string{"-"}
			}
			ft, err := f.Format(cmdutil.FormatText)
			if err != nil {
				return err
			}
			opts.Format = ft
			opts.Read = func(path string) error {
				h, err := f.ReadHero(path)
				if err != nil {
					return err
				}
				name := path
				if name == "-" {
					name = "stdin"
				}
				if ft.IsJSON() {
					return cmdutil.WriteJSON(f.IOStreams.Out, cmdutil.FormatJSONL, map[string]any{"file": name, "valid": true, "name": h.Name, "schema": h.Schema})
				}
				_, err = fmt.Fprintf(f.IOStreams.Out, "%s: ok (%s, schema %d)\n", name, h.Name, h.Schema)
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return checkRun(opts)
		},
	}
	return cmd
}

func checkRun(opts *CheckOptions) error {
	for _, path := range opts.Files {
		if err := opts.Read(path); err != nil {
			return err
		}
	}
	return nil
}
