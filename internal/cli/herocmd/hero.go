// Package herocmd implements `spandex hero` and its subcommands.
package herocmd

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
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

A file may hold one hero or a stream of heroes (JSON Lines, as written by
gen hero -n N); every hero is checked. The first problem is reported as
one line, FILE[#N]: $.json.path: message, with exit status 2.

Output for valid files: "FILE: ok (NAME, schema 1)" per hero, or with
-o json/jsonl one object per hero: {"file", "index", "name", "schema", "valid"}.`,
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

// runCheck validates every hero in every file.
func runCheck(opts *CheckOptions) error {
	return cmdutil.EachInput(opts.Files, opts.OpenInput, func(name string, r io.Reader) error {
		return checkStream(opts, name, r)
	})
}

// checkStream validates every hero in one file. Unlike the verbs that
// use the heroes (cmdutil.DecodeHeroes), it says where bad JSON is and
// limits each hero's size.
func checkStream(opts *CheckOptions, name string, r io.Reader) error {
	br := bufio.NewReaderSize(r, 64<<10)
	dec := json.NewDecoder(br)
	n := 0
	for {
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if err == io.EOF {
			break
		}
		n++
		label := name
		if n > 1 {
			label = fmt.Sprintf("%s#%d", name, n)
		}
		if err != nil {
			var se *json.SyntaxError
			if errors.As(err, &se) {
				return cmdutil.Inputf("%s: $: invalid JSON at byte %d: %v", label, se.Offset, trimJSON(err))
			}
			return cmdutil.Inputf("%s: $: invalid JSON: %v", label, trimJSON(err))
		}
		if n == 1 && dec.More() {
			label = name + "#1"
		}
		if len(raw) > hero.MaxFileSize {
			return cmdutil.Inputf("%s: $: hero is larger than %d bytes", label, hero.MaxFileSize)
		}
		h, err := hero.Decode(raw)
		if err != nil {
			return cmdutil.Inputf("%s: %w", label, err)
		}
		res := checkResult{File: name, Index: n, Name: h.Name, Schema: h.Schema, Valid: true}
		if opts.Format.IsJSON() {
			if err := cmdutil.WriteJSON(opts.IO.Out, cmdutil.FormatJSONL, res); err != nil {
				return err
			}
		} else {
			fmt.Fprintf(opts.IO.Out, "%s: ok (%s, schema %d)\n", label, h.Name, h.Schema)
		}
	}
	if n == 0 {
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
