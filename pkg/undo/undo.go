// Package undo takes back changes recorded in a file's append-only log
// (encounter files and hero files).
//
// Every change a command makes to a file appends one or more events to
// its log; the last of them carries a Revert: the JSON Patch (RFC 6902)
// that turns the file after the change, its log aside, back into the file
// before it. An undo applies those patches, latest first, and appends an
// `undo` event naming the events it took back: history is never deleted.
// An undo is never undone (there is no redo), a change whose events
// carry no Revert (a file's first event; files written before schema 2)
// cannot be undone, and a change is always undone whole.
//
// The package is pure: no I/O.
package undo

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/echo"
	"github.com/codename-spandex/spandex/pkg/jsonpatch"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// Kind is the event kind of an undo.
const Kind = "undo"

// Revert is what a change did, recorded on the last event it appended.
type Revert struct {
	// From is the seq of the change's first event (the event itself when
	// the change appended one).
	From int `json:"from"`
	// Patch is the JSON Patch (RFC 6902: add, remove and replace) that
	// turns the file after the change, without its log, back into the
	// file before it.
	Patch json.RawMessage `json:"patch"`
}

// Span is a run of events, From to To (seqs, inclusive).
type Span struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// String is "event 4" or "events 4-6".
func (s Span) String() string {
	if s.From == s.To {
		return fmt.Sprintf("event %d", s.From)
	}
	return fmt.Sprintf("events %d-%d", s.From, s.To)
}

// Details are an undo event's details.
type Details struct {
	// Undone are the changes taken back, latest first.
	Undone []Span `json:"undone"`
	// To is --to SEQ: the file is as it was just after event To; 0 when
	// only the last change was undone.
	To int `json:"to"`
}

// Event is what the history needs of one log event.
type Event struct {
	Seq  int
	Kind string
	// Revert is the change's record, on its last event; nil on the
	// others.
	Revert *Revert
	// Details are an undo event's details (nil for other kinds).
	Details json.RawMessage
	// UndoneBy is the mark the file gives the event: the seq of the undo
	// that took it back, or 0 (not undone, or a file written before the
	// mark). Check refuses a mark the undo events do not bear out.
	UndoneBy int
}

// Change is one change that can be (or is to be) undone.
type Change struct {
	Span
	// Kinds are its events' kinds, in order.
	Kinds []string
	// Patch is its Revert's patch; nil when the change recorded none.
	Patch json.RawMessage
}

// Refusal is an undo the history does not allow; the CLI reports it as
// a refusal (exit 2).
type Refusal struct{ Msg string }

func (r *Refusal) Error() string { return r.Msg }

// Refused marks a Refusal as the user's request refused (refusal.Is:
// exit status 2).
func (r *Refusal) Refused() {}

func refuse(format string, a ...any) error { return &Refusal{Msg: fmt.Sprintf(format, a...)} }

// history is the live changes, oldest first, and who undid what; the log
// has been checked (read), so its seqs are contiguous from first and an
// event's index is its seq less first.
type history struct {
	first    int
	live     []entry
	undoneBy []int  // by index: the undo event that took it back, or 0
	isUndo   []bool // by index
}

// entry is a live change: its span and its Revert's patch (nil when it
// recorded none).
type entry struct {
	Span
	patch json.RawMessage
}

// change is the Change of a live entry: its events' kinds from the log.
func (h *history) change(log []Event, e entry) Change {
	c := Change{Span: e.Span, Patch: e.patch}
	for q := e.From; q <= e.To; q++ {
		c.Kinds = append(c.Kinds, log[q-h.first].Kind)
	}
	return c
}

// Plan returns the changes to take back, latest first: the last change
// (to == 0) or every change after event to. A log that Check refuses is
// a *LogError; other refusals are *Refusal.
func Plan(log []Event, to int) ([]Change, error) {
	if len(log) == 0 {
		return nil, refuse("the log is empty: nothing to undo")
	}
	h, err := read(log)
	if err != nil {
		return nil, err
	}
	last := log[len(log)-1]
	var out []Change
	if to == 0 {
		if last.Kind == Kind {
			return nil, refuse("event %d is an undo, and an undo is not undone (there is no redo); to go further back give --to SEQ", last.Seq)
		}
		if len(h.live) == 0 {
			return nil, refuse("nothing to undo")
		}
		out = []Change{h.change(log, h.live[len(h.live)-1])}
	} else {
		first := log[0].Seq
		switch {
		case to < first || to > last.Seq:
			return nil, refuse("--to %d: the log runs from event %d to event %d", to, first, last.Seq)
		case h.isUndo[to-first]:
			return nil, refuse("--to %d: event %d is an undo; give the event to go back to", to, to)
		case h.undoneBy[to-first] != 0:
			return nil, refuse("--to %d: event %d was already undone by event %d", to, to, h.undoneBy[to-first])
		}
		for i := len(h.live) - 1; i >= 0; i-- {
			c := h.live[i]
			if c.To <= to {
				break
			}
			if c.From <= to {
				return nil, refuse("--to %d: event %d is part of the change of %s, undone only whole; give --to %d or --to %d", to, to, c.Span, c.To, c.From-1)
			}
			out = append(out, h.change(log, c))
		}
		if len(out) == 0 {
			return nil, refuse("--to %d: nothing after event %d to undo", to, to)
		}
	}
	for _, c := range out {
		if c.Patch == nil {
			why := "it records no change (files written before schema 2 record none)"
			if c.From == log[0].Seq {
				why = "it begins the file"
			}
			return nil, refuse("%s (%s) cannot be undone: %s", c.Span, kindsText(c.Kinds), why)
		}
	}
	return out, nil
}

// Apply takes the planned changes back from state (the file without its
// log, as a generic JSON value from jsonpatch.Parse) and returns the
// restored state and the undo event's details. A change whose recorded
// test operations find a value changed since (the file edited by hand
// after it) is refused, naming the value's path: the undo would put the
// old value back over the edit.
func Apply(state any, changes []Change, to int) (any, Details, error) {
	d := Details{To: to}
	var p jsonpatch.Patcher // one for all: linear however many changes
	for _, c := range changes {
		ops, err := jsonpatch.ParseOps(c.Patch)
		if err != nil {
			return nil, d, fmt.Errorf("%s: %w", c.Span, err)
		}
		state, err = p.Apply(state, ops)
		var te *jsonpatch.TestError
		switch {
		case errors.As(err, &te):
			return nil, d, refuse("%s: %s has changed since (edited by hand?); undoing would put the old value back over it, so nothing is undone", c.Span, jsonPath(te.Path))
		case err != nil:
			return nil, d, refuse("%s: the recorded change does not fit the file (was it edited by hand?): %v", c.Span, err)
		}
		d.Undone = append(d.Undone, c.Span)
	}
	return p.Done(state), d, nil
}

// plain reports whether a member name or event kind can be shown as it
// is: short, and letters, digits, '_' and '-' only (anything else, from
// a hostile file, is quoted with its control characters escaped).
func plain(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

// kindsText is a change's kinds for a message: "attack, reaction".
func kindsText(kinds []string) string {
	var parts []string
	for i, k := range dedupe(kinds) {
		if i == 5 {
			parts = append(parts, fmt.Sprintf("and %d more", len(dedupe(kinds))-5))
			break
		}
		if !plain(k) {
			k = echo.Quote(k)
		}
		parts = append(parts, k)
	}
	return strings.Join(parts, ", ")
}

// jsonPath writes a JSON Pointer as the validators name fields:
// "/stamina/current" is "$.stamina.current", "/powers/2" "$.powers[2]".
func jsonPath(pointer string) string {
	if pointer == "" {
		return "$"
	}
	var b strings.Builder
	b.WriteString("$")
	for _, t := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		t = strings.NewReplacer("~1", "/", "~0", "~").Replace(t)
		switch _, err := strconv.Atoi(t); {
		case err == nil && len(t) < 12:
			b.WriteString("[" + t + "]")
		case plain(t):
			b.WriteString("." + t)
		default:
			b.WriteString("[" + echo.Quote(t) + "]")
		}
		if b.Len() > 200 {
			b.WriteString("...")
			break
		}
	}
	return b.String()
}

// Summary is the undo event's summary: "undo: took back event 7 (attack)".
func Summary(changes []Change) string {
	parts := make([]string, len(changes))
	for i, c := range changes {
		parts[i] = fmt.Sprintf("%s (%s)", c.Span, strings.Join(dedupe(c.Kinds), ", "))
	}
	return "undo: took back " + strings.Join(parts, "; ")
}

func dedupe(s []string) []string {
	var out []string
	for _, k := range s {
		if len(out) == 0 || out[len(out)-1] != k {
			out = append(out, k)
		}
	}
	return out
}

// Record returns the Revert for a change: the patch from after back to
// before (both the file without its log, as generic JSON values); from is
// the seq of the change's first event. Each replace is preceded by a
// test of the value the change left there, so that an undo after a hand
// edit of that value is refused rather than putting the old value back
// over the edit (files written before these tests are undone without the
// check). What the change added is removed untested: undoing an addition
// takes it away, hand edits to it included, and the log does not carry a
// second copy of everything a change added.
func Record(before, after any, from int) (*Revert, error) {
	diff := jsonpatch.Diff(after, before)
	ops := make([]jsonpatch.Op, 0, len(diff))
	for _, op := range diff {
		if op.Op == jsonpatch.OpReplace {
			if v, ok := jsonpatch.Get(after, op.Path); ok {
				ops = append(ops, jsonpatch.Op{Op: jsonpatch.OpTest, Path: op.Path, Value: v})
			}
		}
		ops = append(ops, op)
	}
	b, err := json.Marshal(ops)
	if err != nil {
		return nil, err
	}
	return &Revert{From: from, Patch: b}, nil
}

// Snapshot is a file's state, encoded with its log left out (empty or
// absent): what a change's Revert is recorded against (RecordSnapshots).
// It is held as bytes: a change diffs two snapshots that differ in a few
// values, read as far as they differ (jsonpatch.DiffEncoded).
type Snapshot struct{ encoded []byte }

// NewSnapshot is the snapshot of a file encoded with its log left out.
// The snapshots of one file before and after a change must come from one
// encoder, which writes its log alike in both.
func NewSnapshot(encoded []byte) *Snapshot { return &Snapshot{encoded: encoded} }

// RecordSnapshots is Record on two snapshots (the same patch, byte for
// byte): the revert from after back to before, from the seq of the
// change's first event.
func RecordSnapshots(before, after *Snapshot, from int) (*Revert, error) {
	ops, err := jsonpatch.DiffEncoded(after.encoded, before.encoded, true)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(ops)
	if err != nil {
		return nil, err
	}
	return &Revert{From: from, Patch: b}, nil
}

// State parses an encoded file and drops its log: what a Revert is
// recorded against.
func State(encoded []byte) (*jsonpatch.Object, error) {
	v, err := jsonpatch.Parse(encoded)
	if err != nil {
		return nil, err
	}
	m, ok := v.(*jsonpatch.Object)
	if !ok {
		return nil, refusal.Errorf("not a JSON object")
	}
	m.Delete("log")
	return m, nil
}
