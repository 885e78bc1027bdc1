package attack

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// defenders is the defender input read as a stream: the first hero, and
// the stream for the rest.
type defenders struct {
	name   string
	closer io.Closer
	s      *jsonfile.Stream
	first  *hero.Hero
	line   int
}

func (d *defenders) Close() error { return d.closer.Close() }

// openDefenders opens the defender input (stdin for "" or "-", or a file),
// reads its first hero and reports whether more follow.
func openDefenders(opts *Options, path string) (*defenders, bool, error) {
	name := path
	if path == "" || path == "-" {
		path, name = "-", "stdin"
	}
	rc, err := opts.OpenInput(path)
	if err != nil {
		return nil, false, err
	}
	d := &defenders{name: name, closer: rc, s: jsonfile.NewStream(rc, hero.MaxFileSize, "hero")}
	doc, line, err := d.s.Next()
	if err != nil {
		rc.Close()
		return nil, false, d.streamErr(err, 1, false)
	}
	more := d.s.More()
	d.line = line
	h, err := hero.Decode(doc)
	if err != nil {
		rc.Close()
		return nil, false, d.heroErr(err, 1, line, more)
	}
	d.first = h
	return d, more, nil
}

// label names the nth hero: "stdin", or "stdin#3 (line 3)" in a stream.
func (d *defenders) label(n, line int, stream bool) string {
	if !stream {
		return d.name
	}
	return d.name + "#" + strconv.Itoa(n) + " (line " + strconv.Itoa(line) + ")"
}

func (d *defenders) heroErr(err error, n, line int, stream bool) error {
	return cmdutil.Inputf("%s: %w", d.label(n, line, stream), err)
}

func (d *defenders) streamErr(err error, n int, stream bool) error {
	var se *jsonfile.StreamError
	if errors.As(err, &se) {
		return cmdutil.Inputf("%s: %v", d.label(n, se.Line, stream || se.Line > 1), se.Field)
	}
	return cmdutil.Inputf("%s: %v", d.name, err)
}

// runBatch resolves the attack against every defender of a stream, in
// order, with one roller (--dice consumed in stream order), writing one
// result a line as each is known: the updated defender (JSON Lines), or
// with --result its event (JSON) or summary (text). Memory stays flat.
// A bad defender stops the batch with its line; results already written
// stay.
func runBatch(opts *Options, attacker *hero.Hero, d *defenders, req combat.Request) error {
	switch {
	case opts.UpdateAttacker:
		return cmdutil.Inputf("--update-attacker: one attacker against a stream of defenders is not rewritten; attack one defender at a time")
	case opts.Odds:
		return cmdutil.Inputf("--odds: give one defender, not a stream")
	}
	rules, err := opts.Rules()
	if err != nil {
		return err
	}
	rs, err := opts.Roller()
	if err != nil {
		return err
	}
	if err := opts.IO.Out.StartStreaming(); err != nil {
		return err
	}
	seed := rs.SeedPtr()
	opts.ReportSeed(seed)
	h, line := d.first, d.line
	for n := 1; ; n++ {
		if h == nil {
			if !d.s.More() {
				break
			}
			doc, l, err := d.s.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return d.streamErr(err, n, true)
			}
			line = l
			if h, err = hero.Decode(doc); err != nil {
				return d.heroErr(err, n, line, true)
			}
		}
		label := d.label(n, line, true)
		res, err := combat.Resolve(attacker, h, req, rs.Roller, rules)
		if err != nil {
			return fmt.Errorf("%s: %w", label, ruleErr(err))
		}
		before, err := hero.Snapshot(h)
		if err != nil {
			return cmdutil.Internal(err)
		}
		nLog := len(h.Log)
		if err := res.Apply(h, seed); err != nil {
			return err
		}
		if err := h.RecordChange(before, nLog); err != nil {
			return cmdutil.Internal(err)
		}
		if err := opts.ExplainSteps(res.Steps); err != nil {
			return err
		}
		if err := writeBatchResult(opts, h, res); err != nil {
			return err
		}
		h = nil
	}
	return opts.FinishDice()
}

// writeBatchResult writes one defender's result on its own line.
func writeBatchResult(opts *Options, h *hero.Hero, res *combat.Result) error {
	out := opts.IO.Out
	if opts.ResultOnly {
		if opts.Format.IsJSON() {
			return cmdutil.WriteJSON(out, cmdutil.FormatJSONL, h.Log[len(h.Log)-1])
		}
		return writeSummary(opts, res)
	}
	b, err := hero.AppendJSON(nil, h)
	if err != nil {
		return err
	}
	_, err = out.Write(append(b, '\n'))
	return err
}
