// Package configcmd implements `spandex config`.
package configcmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/config"
)

// Options are the inputs of `spandex config`.
type Options struct {
	*cmdutil.Env
	// Flags are the settings given as flags on this command line, by key
	// name, with the flag that set them ("--seed").
	Flags map[string]Flag
}

// Flag is a setting given as a flag.
type Flag struct {
	Name  string
	Value any
}

// Setting is one line of the report.
type Setting struct {
	Key    string        `json:"key"`
	Value  any           `json:"value"`
	Source config.Source `json:"source"`
	Env    string        `json:"env"`
}

// NewCmdConfig builds the command. runF replaces runConfig in tests.
func NewCmdConfig(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{Env: f.Env(cmdutil.FormatTable)}
	if runF == nil {
		runF = runConfig
	}
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Print the effective configuration and where each value came from",
		Long: `Print every setting in force: its value and where it came from, a flag
(-o, --seed), a SPANDEX_* environment variable, the config file (with its
line) or the default. A flag beats the environment, which beats the file.

The config file is --config FILE, else $XDG_CONFIG_HOME/spandex/config.yaml,
else ~/.config/spandex/config.yaml; a key it misspells is refused with its
line and the nearest valid key. See spandex help environment.

JSON (-o json) is an array of {key, value, source: {kind, file, line,
name}, env}; kind is flag, env, file or default. An unset seed is null.`,
		Example: `  spandex config
  SPANDEX_SEED=7 spandex config -o json | jq '.[] | select(.key == "seed")'
  spandex config --config ./table.yaml`,
		Args: cobra.NoArgs,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, func(cmd *cobra.Command, _ []string) error {
			opts.Flags = map[string]Flag{}
			if cmd.Flags().Changed("output") {
				opts.Flags["output"] = Flag{"--output", f.Globals.Output}
			}
			if f.Globals.SeedSet {
				opts.Flags["seed"] = Flag{"--seed", f.Globals.Seed}
			}
			return nil
		}),
	}
	return cmd
}

// Settings lists every key's value in force and its source.
func Settings(cfg *config.Config, flags map[string]Flag) []Setting {
	out := make([]Setting, 0, len(config.Keys))
	for _, k := range config.Keys {
		v, _ := cfg.Get(k.Name)
		src := cfg.Sources[k.Name]
		if src.Kind == "" {
			src.Kind = "default"
		}
		if fl, ok := flags[k.Name]; ok {
			v, src = fl.Value, config.Source{Kind: "flag", Name: fl.Name}
		}
		out = append(out, Setting{Key: k.Name, Value: v, Source: src, Env: k.Env()})
	}
	return out
}

// runConfig prints the settings.
func runConfig(opts *Options) error {
	cfg, err := opts.Config()
	if err != nil {
		return err
	}
	settings := Settings(cfg, opts.Flags)
	out := opts.IO.Out
	switch opts.Format {
	case cmdutil.FormatJSON:
		return cmdutil.WriteJSON(out, opts.Format, settings)
	case cmdutil.FormatJSONL:
		for _, s := range settings {
			if err := cmdutil.WriteJSON(out, opts.Format, s); err != nil {
				return err
			}
		}
		return nil
	}
	file := cfg.File
	if file == "" {
		file = "none"
	}
	if opts.Format == cmdutil.FormatText {
		for _, s := range settings {
			if _, err := fmt.Fprintf(out, "%s: %s  # %s\n", s.Key, show(s.Value), s.Source); err != nil {
				return err
			}
		}
		return nil
	}
	rows := make([][]string, len(settings))
	for i, s := range settings {
		rows[i] = []string{s.Key, show(s.Value), s.Source.String()}
	}
	fmt.Fprintf(out, "Config file: %s\n", file)
	return cmdutil.Table(out, []string{"Key", "Value", "Source"}, rows)
}

// show formats a value as the config file would hold it.
func show(v any) string {
	if v == nil {
		return "(none: a fresh random seed each run)"
	}
	return fmt.Sprint(v)
}
