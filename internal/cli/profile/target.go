package profile

import (
	"fmt"
	"io"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Target is the hero a changing verb works on: -i/--in-place FILE, or a
// FILE argument (or stdin, "-") whose changed hero goes to stdout.
type Target struct {
	// InPlace is the -i/--in-place path.
	InPlace string
	// File is the FILE argument ("" or "-" is stdin).
	File string
}

// Check refuses a hero file given twice.
func (t Target) Check() error {
	if t.InPlace != "" && t.File != "" {
		return cmdutil.Inputf("give the hero file once: -i %s or %s, not both", t.InPlace, t.File)
	}
	if t.InPlace == "-" {
		return cmdutil.Inputf("-i/--in-place: needs a file, not stdin")
	}
	return nil
}

// Path is the file to read.
func (t Target) Path() string {
	if t.InPlace != "" {
		return t.InPlace
	}
	if t.File == "" {
		return "-"
	}
	return t.File
}

// Read reads and validates the hero.
func (t Target) Read(f *cmdutil.Factory) (*hero.Hero, error) {
	if err := t.Check(); err != nil {
		return nil, err
	}
	return f.ReadHero(t.Path())
}

// Save writes the changed hero: atomically over the -i file, then the
// report on stdout (JSON when piped, text on a terminal); or, without
// -i, the hero as JSON on stdout and the text report on stderr.
// report writes the human report; v is the JSON report.
func (t Target) Save(f *cmdutil.Factory, h *hero.Hero, ft cmdutil.Format, v any, report func(io.Writer) error) error {
	if err := h.Validate(); err != nil {
		return fmt.Errorf("the changed hero is invalid (a bug): %w", err)
	}
	// Every --dice value must be used before anything reaches the disk.
	if err := f.FinishDice(); err != nil {
		return err
	}
	if t.InPlace != "" {
		if err := f.WriteHero(h, t.InPlace); err != nil {
			return err
		}
		if ft.IsJSON() {
			return cmdutil.WriteJSON(f.IOStreams.Out, ft, v)
		}
		return report(f.IOStreams.Out)
	}
	if err := f.WriteHero(h, ""); err != nil {
		return err
	}
	return report(f.IOStreams.ErrOut)
}

// Explain prints the ruling's steps on stderr when --explain is set.
func Explain(f *cmdutil.Factory, steps ruling.Steps) error {
	if !f.Globals.Explain {
		return nil
	}
	return steps.Write(f.IOStreams.ErrOut)
}
