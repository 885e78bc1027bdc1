// Package herocmd implements `spandex hero` and its subcommands.
package herocmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/progress"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// NewCmdHero builds `spandex hero`.
func NewCmdHero(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "hero <command>",
		Short: "Work with hero files",
	}
	cmd.AddCommand(NewCmdCheck(f, nil))
	cmd.AddCommand(NewCmdDerive(f, nil))
	return cmd
}

// CheckOptions are the inputs of `spandex hero check`.
type CheckOptions struct {
	*cmdutil.Env
	Files []string
}

// NewCmdCheck builds `spandex hero check`.
func NewCmdCheck(f *cmdutil.Factory, runF func(*CheckOptions) error) *cobra.Command {
	opts := &CheckOptions{Env: f.Env(cmdutil.FormatText)}
	cmd := &cobra.Command{
		Use:   "check [FILE|-]...",
		Short: "Validate hero files: exit 0, or exit 2 naming the first bad field",
		Long: `Validate hero files (stdin when none is given, or "-") against hero file
schema version 1 and the rules' limits.

A file may hold one hero, a JSON array of heroes (gen hero -n N -o json)
or a stream of heroes (JSON Lines, gen hero -n N -o jsonl); every hero is
checked. The first problem is reported as one line,
FILE[#N]: $.json.path: message, with exit status 2. A progress line shows
on a terminal while a long stream is checked.

Output for valid files: "FILE: ok (NAME, schema 1)" per hero, or an object
per hero {"file", "index", "name", "schema", "valid"}: with -o json one
document (an array when there are several heroes), with -o jsonl a line
each.`,
		Example: `  spandex hero check guardian.json
  spandex gen hero -n 1000 --seed 1 | spandex hero check -o text | tail -1`,
		RunE: cmdutil.RunE(opts, runF, runCheck, cmdutil.InputFiles(&opts.Files)),
	}
	return cmd
}

type checkResult struct {
	File   string `json:"file"`
	Index  int    `json:"index"`
	Name   string `json:"name"`
	Schema int    `json:"schema"`
	Valid  bool   `json:"valid"`
}

// runCheck validates every hero in every file. With -o json the results
// are one document (an array when there are several heroes); with -o
// jsonl one line each.
func runCheck(opts *CheckOptions) error {
	list := opts.Results()
	bar := opts.Progress(-1, "hero check")
	defer bar.Finish()
	err := cmdutil.EachInput(opts.Files, opts.OpenInput, func(name string, r io.Reader) error {
		return checkStream(opts, name, r, list, bar)
	})
	if err != nil || !opts.Format.IsJSON() {
		return err
	}
	return list.Close()
}

// checkStream validates every hero in one file: one hero, an array or a
// stream (cmdutil.EachJSON). Unlike the verbs that use the heroes
// (cmdutil.DecodeHeroes), it says where bad JSON is and limits each
// hero's size.
func checkStream(opts *CheckOptions, name string, r io.Reader, list *cmdutil.JSONList, bar *progress.Bar) error {
	count := 0
	err := cmdutil.EachJSON(r, name, func(raw json.RawMessage, label string, n int) error {
		count = n
		bar.Add(1)
		if len(raw) > hero.MaxFileSize {
			return cmdutil.Inputf("%s: $: hero is larger than %d bytes", label, hero.MaxFileSize)
		}
		h, err := hero.Decode(raw)
		if err != nil {
			return cmdutil.Inputf("%s: %w", label, err)
		}
		res := checkResult{File: name, Index: n, Name: h.Name, Schema: h.Schema, Valid: true}
		if opts.Format.IsJSON() {
			return list.Add(res)
		}
		_, err = fmt.Fprintf(opts.IO.Out, "%s: ok (%s, schema %d)\n", label, h.Name, h.Schema)
		return err
	}, func(label string, n int, err error) error {
		if n == 1 {
			label = strings.TrimSuffix(label, "#1") // the file's first (often only) hero
		}
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return cmdutil.Inputf("%s: $: invalid JSON at byte %d: %v", label, se.Offset, trimJSON(err))
		}
		return cmdutil.Inputf("%s: $: invalid JSON: %v", label, trimJSON(err))
	})
	if err != nil {
		return err
	}
	if count == 0 {
		return cmdutil.Inputf("%s: $: empty input, expected a hero JSON object", name)
	}
	return nil
}

func trimJSON(err error) string {
	s := err.Error()
	if len(s) > 5 && s[:6] == "json: " {
		return s[6:]
	}
	if s == "unexpected EOF" {
		return "unexpected end of input"
	}
	return s
}
