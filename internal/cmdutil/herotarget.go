package cmdutil

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/ruling"
	"github.com/codename-spandex/spandex/pkg/undo"
)

// HeroTarget is the hero a changing verb works on: -i/--in-place FILE, or
// a FILE argument (or stdin, "" or "-") whose changed hero goes to stdout.
type HeroTarget struct {
	// InPlace is the -i/--in-place path.
	InPlace string
	// File is the FILE argument ("" or "-" is stdin).
	File string
	// Stream lets FILE or stdin (not -i) hold a JSON Lines stream of
	// heroes: Change then changes each in turn (ChangeStream).
	Stream bool
}

// AddInPlaceFlag adds -i/--in-place to cmd, bound to t.InPlace.
func (t *HeroTarget) AddInPlaceFlag(cmd *cobra.Command) {
	cmd.Flags().StringVarP(&t.InPlace, "in-place", "i", "", "rewrite this hero file in place")
}

// FromArgs takes the FILE argument, when there is one; it is a prepare
// step for RunE (the command's Args have checked that there is at most
// one).
func (t *HeroTarget) FromArgs(_ *cobra.Command, args []string) error {
	if len(args) == 1 {
		t.File = args[0]
	}
	return nil
}

// Check refuses a hero file given twice, and -i on stdin.
func (t HeroTarget) Check() error {
	if t.InPlace != "" && t.File != "" {
		return Inputf("give the hero file once: -i %s or %s, not both", t.InPlace, t.File)
	}
	if t.InPlace == "-" {
		return Inputf("-i/--in-place: needs a file, not stdin")
	}
	return nil
}

// Path is the file to read ("-" is stdin).
func (t HeroTarget) Path() string {
	if t.InPlace != "" {
		return t.InPlace
	}
	if t.File == "" {
		return "-"
	}
	return t.File
}

// name is the file's name in messages ("stdin" for "-").
func (t HeroTarget) name() string {
	if p := t.Path(); p != "-" {
		return p
	}
	return "stdin"
}

// Read checks the target and reads and validates the hero.
func (t HeroTarget) Read(e *Env) (*hero.Hero, error) {
	if err := t.Check(); err != nil {
		return nil, err
	}
	return e.ReadHero(t.Path())
}

// HeroChange is what a verb that changes a hero reports: the event it
// appends to the hero's log, and what it prints.
type HeroChange struct {
	// Kind and Summary are the event's.
	Kind    string
	Summary string
	// Seed is the seed of the dice rolled, or nil when none were rolled
	// or they were the GM's (--dice). A seed is also reported on stderr
	// for human output.
	Seed *uint64
	// Details are the event's details.
	Details any
	// Report is the JSON report printed with -i; nil means Details.
	Report any
	// Steps are printed on stderr with --explain.
	Steps ruling.Steps
	// Warnings are printed on stderr, one "warning: ..." line each.
	Warnings []string
	// Text writes the human report.
	Text func(io.Writer) error
	// Draft: the changed hero may be a draft, as hero derive reads it
	// (hero undo taking back a derive): the rules-level validation is
	// skipped.
	Draft bool
}

// Change runs a hero-changing verb: it reads the hero (see Read), lets
// change alter it and describe the change, and commits it (see Commit).
// An error from change leaves every file as it was.
func (t HeroTarget) Change(e *Env, change func(*hero.Hero) (HeroChange, error)) error {
	if t.InPlace == "" {
		// The changed hero would go whole to a terminal.
		if err := e.WholeFile("the changed hero", HintInPlace); err != nil {
			return err
		}
	}
	if t.Stream && t.InPlace == "" {
		return t.changeStream(e, change)
	}
	h, err := t.Read(e)
	if err != nil {
		return err
	}
	return t.changeOne(e, h, change)
}

// changeOne applies change to h and commits it.
func (t HeroTarget) changeOne(e *Env, h *hero.Hero, change func(*hero.Hero) (HeroChange, error)) error {
	before, err := hero.Snapshot(h)
	if err != nil {
		return Internal(err)
	}
	c, err := change(h)
	if err != nil {
		return err
	}
	return t.commit(e, h, c, before)
}

// changeStream is Change over FILE or stdin holding one hero or a JSON
// Lines stream of them (HeroStream). One hero is changed as Change does.
// A stream is a batch: change runs on each hero in turn, in one process,
// with one roller (so --dice is consumed in stream order and one --seed
// drives the whole batch); each changed hero, its event appended as for
// one hero, is written as one JSON line on stdout and its text report on
// stderr. Every --dice value must be used by the end. A hero that does not
// decode, or that change refuses, stops the batch with one line naming it,
// "stdin#N (line L): ...": stdout is transactional here, so nothing is
// written then.
func (t HeroTarget) changeStream(e *Env, change func(*hero.Hero) (HeroChange, error)) error {
	if err := t.Check(); err != nil {
		return err
	}
	d, err := e.OpenHeroStream(t.Path())
	if err != nil {
		return err
	}
	defer d.Close()
	if !d.Stream() {
		return t.changeOne(e, d.First(), change)
	}
	seeded := false
	for {
		h, label, err := d.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		before, err := hero.Snapshot(h)
		if err != nil {
			return Internal(err)
		}
		c, err := change(h)
		if err != nil {
			return fmt.Errorf("%s: %w", label, err)
		}
		if err := e.ExplainSteps(c.Steps); err != nil {
			return err
		}
		e.Warn(c.Warnings...)
		if c.Seed != nil && !seeded {
			e.ReportSeed(c.Seed)
			seeded = true
		}
		n := len(h.Log)
		if err := h.AppendEvent(c.Kind, c.Summary, c.Seed, c.Details); err != nil {
			return fmt.Errorf("%s: %w", label, err)
		}
		if err := h.RecordChange(before, n); err != nil {
			return Internal(err)
		}
		if err := h.Validate(); err != nil {
			return Internal(fmt.Errorf("%s: the changed hero is invalid (a bug): %w", label, err))
		}
		b, err := hero.AppendJSON(nil, h)
		if err != nil {
			return Internal(err)
		}
		if _, err := e.IO.Out.Write(append(b, '\n')); err != nil {
			return err
		}
		if c.Text != nil {
			if err := e.Folded(e.IO.ErrOut, "    ", c.Text); err != nil {
				return err
			}
		}
	}
	return e.FinishDice()
}

// Commit finishes a change to h. On stderr: the steps (--explain), the
// warnings, and the seed for human output. Then the event is appended to
// the hero's log, the changed hero is validated and every --dice value
// must have been used: any failure so far leaves the file untouched. Last
// the hero is written atomically over the -i file and the report printed
// on stdout (JSON when the format is JSON, else c.Text); or, without -i, the hero
// goes to stdout and the text report to stderr.
func (t HeroTarget) Commit(e *Env, h *hero.Hero, c HeroChange) error {
	return t.commit(e, h, c, nil)
}

// commit is Commit; the event also records the change from before (the
// hero.Snapshot taken before it, nil for none), for `hero undo`.
func (t HeroTarget) commit(e *Env, h *hero.Hero, c HeroChange, before *undo.Snapshot) error {
	errOut, ft := e.IO.ErrOut, e.Format
	if err := e.ExplainSteps(c.Steps); err != nil {
		return err
	}
	e.Warn(c.Warnings...)
	e.ReportSeed(c.Seed)
	n := len(h.Log)
	if err := h.AppendEvent(c.Kind, c.Summary, c.Seed, c.Details); err != nil {
		if refusal.Is(err) { // a full log: name the file
			return Inputf("%s: %w", t.name(), err)
		}
		return err
	}
	if c.Kind != undo.Kind { // an undo is not undone
		if err := h.RecordChange(before, n); err != nil {
			return Internal(err)
		}
	}
	if err := h.Validate(); err != nil && !c.Draft {
		return Internal(fmt.Errorf("the changed hero is invalid (a bug): %w", err))
	}
	// Every --dice value must be used before anything reaches the disk.
	if err := e.FinishDice(); err != nil {
		return err
	}
	if t.InPlace == "" {
		if err := e.WriteHero(h, ""); err != nil {
			return err
		}
		return e.Folded(errOut, "    ", c.Text)
	}
	if err := e.WriteHero(h, t.InPlace); err != nil {
		return err
	}
	if ft.IsJSON() {
		report := c.Report
		if report == nil {
			report = c.Details
		}
		return WriteJSON(e.IO.Out, ft, report)
	}
	return e.Folded(e.IO.Out, "    ", c.Text)
}
