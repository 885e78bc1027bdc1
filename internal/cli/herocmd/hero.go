// Package herocmd implements `spandex hero` and its subcommands.
package herocmd

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// NewCmdHero builds `spandex hero`.
func NewCmdHero(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "hero <command>",
		Short: "Work with hero files",
	}
	cmd.AddCommand(NewCmdCheck(f, nil))
	cmd.AddCommand(NewCmdDerive(f, nil))
	cmd.AddCommand(NewCmdUndo(f, nil))
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
schema version 2 (version 1 files are read and upgraded) and the rules' limits.

A file may hold one hero or a stream of heroes (JSON Lines, as written by
gen hero -n N); every hero is checked, one at a time, and its result
written at once. Besides the file's shape and the rules' limits, a hero's
derived figures (final abilities, armour class, bonuses, health and
stamina thresholds, recovery) must be what hero derive computes from the
rest of the file. The first problem is reported as one line,
FILE[#N]: $.json.path: message [(line L)], with exit status 2, and stops
the check: later heroes are not checked (results already written for the
heroes before it stay on stdout once more than 64 KiB of them were).

Output for valid files: "FILE: ok (NAME, schema 2)" per hero, or with
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
	// The configured dodge-bonus rule, for the cross-check of derived
	// figures (chargen.Verify).
	rules, err := opts.Rules()
	if err != nil {
		return err
	}
	return cmdutil.EachInput(opts.Files, opts.OpenInput, func(name string, r io.Reader) error {
		return checkStream(opts, rules.DodgeStacking, name, r)
	})
}

// checkStream validates every hero in one file, one at a time: memory
// stays flat however many heroes the stream holds, and each result is
// written as soon as it is known (stdout streams in blocks of 64 KiB). The
// first bad hero stops the check: exit 2 with one line naming it (FILE#N
// in a stream, with its line), the heroes after it unchecked; the results
// of the heroes before it may already be on stdout.
func checkStream(opts *CheckOptions, dodgeStacking, name string, r io.Reader) error {
	if err := opts.IO.Out.StartStreaming(); err != nil {
		return err
	}
	s := jsonfile.NewStream(r, hero.MaxFileSize, "hero")
	n := 0
	for {
		doc, line, err := s.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		stream := n > 0 || s.More()
		label, where := name, ""
		if stream {
			label = name + "#" + strconv.Itoa(n+1)
		}
		if err != nil {
			var se *jsonfile.StreamError
			if errors.As(err, &se) {
				if stream || se.Line > 1 {
					where = " (line " + strconv.Itoa(se.Line) + ")"
				}
				return cmdutil.Inputf("%s: %v%s", label, se.Field, where)
			}
			return cmdutil.Inputf("%s: %v", name, err)
		}
		n++
		if stream {
			where = " (line " + strconv.Itoa(line) + ")"
		}
		h, err := hero.Decode(doc)
		if err == nil {
			err = chargen.Verify(h, chargen.Options{DodgeStacking: dodgeStacking})
		}
		if err != nil {
			return cmdutil.Inputf("%s: %v%s", label, err, where)
		}
		if opts.Format.IsJSON() {
			res := checkResult{File: name, Index: n, Name: h.Name, Schema: h.Schema, Valid: true}
			if err := cmdutil.WriteJSON(opts.IO.Out, cmdutil.FormatJSONL, res); err != nil {
				return err
			}
		} else if _, err := fmt.Fprintf(opts.IO.Out, "%s: ok (%s, schema %d)\n", label, h.Name, h.Schema); err != nil {
			return err
		}
	}
}
