package attack

import (
	"errors"
	"fmt"
	"io"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// runBatch resolves the attack against every defender of a stream, in
// order, with one roller (--dice consumed in stream order), writing one
// result a line as each is known: the updated defender (JSON Lines), or
// with --result its event (JSON) or summary (text). Memory stays flat.
// A bad defender stops the batch with its line; results already written
// stay.
func runBatch(opts *Options, attacker *hero.Hero, d *cmdutil.HeroStream, req combat.Request) error {
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
	// With the GM's dice the output is held until every value has been
	// checked: a short list runs on with placeholder faces (to name every
	// die still needed), whose results must not reach stdout.
	if !opts.DiceGiven {
		if err := opts.IO.Out.StartStreaming(); err != nil {
			return err
		}
	}
	seed := rs.SeedPtr()
	opts.ReportSeed(seed)
	for {
		h, label, err := d.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
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
