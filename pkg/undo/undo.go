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
	"fmt"
	"strings"

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

// history is the live changes, oldest first, and who undid what.
type history struct {
	live     []Change
	undoneBy map[int]int
	isUndo   map[int]bool
	kinds    map[int]string
}

func read(log []Event) (*history, error) {
	h := &history{undoneBy: map[int]int{}, isUndo: map[int]bool{}, kinds: map[int]string{}}
	for _, ev := range log {
		h.kinds[ev.Seq] = ev.Kind
		switch {
		case ev.Kind == Kind:
			h.isUndo[ev.Seq] = true
			var d Details
			if err := json.Unmarshal(ev.Details, &d); err != nil {
				return nil, fmt.Errorf("event %d: the undo's details: %w", ev.Seq, err)
			}
			for _, s := range d.Undone {
				for i := len(h.live) - 1; i >= 0; i-- {
					if h.live[i].Span == s {
						h.live = append(h.live[:i], h.live[i+1:]...)
						break
					}
				}
				for q := s.From; q <= s.To; q++ {
					h.undoneBy[q] = ev.Seq
				}
			}
		case ev.Revert != nil:
			c := Change{Span: Span{From: ev.Revert.From, To: ev.Seq}, Patch: ev.Revert.Patch}
			// The events since From belong to this change.
			for len(h.live) > 0 && h.live[len(h.live)-1].To >= c.From {
				top := h.live[len(h.live)-1]
				c.Kinds = append(top.Kinds, c.Kinds...)
				h.live = h.live[:len(h.live)-1]
			}
			c.Kinds = append(c.Kinds, ev.Kind)
			h.live = append(h.live, c)
		default:
			h.live = append(h.live, Change{Span: Span{From: ev.Seq, To: ev.Seq}, Kinds: []string{ev.Kind}})
		}
	}
	return h, nil
}

// Plan returns the changes to take back, latest first: the last change
// (to == 0) or every change after event to. Refusals are *Refusal.
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
		out = []Change{h.live[len(h.live)-1]}
	} else {
		first := log[0].Seq
		switch {
		case to < first || to > last.Seq:
			return nil, refuse("--to %d: the log runs from event %d to event %d", to, first, last.Seq)
		case h.isUndo[to]:
			return nil, refuse("--to %d: event %d is an undo; give the event to go back to", to, to)
		case h.undoneBy[to] != 0:
			return nil, refuse("--to %d: event %d was already undone by event %d", to, to, h.undoneBy[to])
		}
		for i := len(h.live) - 1; i >= 0; i-- {
			c := h.live[i]
			if c.To <= to {
				break
			}
			if c.From <= to {
				return nil, refuse("--to %d: event %d is part of the change of %s, undone only whole; give --to %d or --to %d", to, to, c.Span, c.To, c.From-1)
			}
			out = append(out, c)
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
			return nil, refuse("%s (%s) cannot be undone: %s", c.Span, strings.Join(dedupe(c.Kinds), ", "), why)
		}
	}
	return out, nil
}

// Apply takes the planned changes back from state (the file without its
// log, as a generic JSON value from jsonpatch.Parse) and returns the
// restored state and the undo event's details.
func Apply(state any, changes []Change, to int) (any, Details, error) {
	d := Details{To: to}
	for _, c := range changes {
		ops, err := jsonpatch.ParseOps(c.Patch)
		if err != nil {
			return nil, d, fmt.Errorf("%s: %w", c.Span, err)
		}
		state, err = jsonpatch.Apply(state, ops)
		if err != nil {
			return nil, d, fmt.Errorf("%s: the recorded change does not fit the file (was it edited by hand?): %w", c.Span, err)
		}
		d.Undone = append(d.Undone, c.Span)
	}
	return state, d, nil
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
// the seq of the change's first event.
func Record(before, after any, from int) (*Revert, error) {
	ops := jsonpatch.Diff(after, before)
	if ops == nil {
		ops = []jsonpatch.Op{}
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
