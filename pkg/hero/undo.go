package hero

import (
	"encoding/json"
	"fmt"

	"github.com/codename-spandex/spandex/pkg/jsonpatch"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/undo"
)

// Snapshot is h's state without its log, to record a change against
// (RecordChange).
func Snapshot(h *Hero) (*undo.Snapshot, error) {
	b, err := encodeState(h)
	if err != nil {
		return nil, err
	}
	return undo.NewSnapshot(b), nil
}

// encodeState is h encoded with an empty log.
func encodeState(h *Hero) ([]byte, error) {
	// The log is left out before encoding, not after: it is most of a
	// long-played file, and a copy of it (encoded, then parsed) made a
	// change to a 16 MB hero cost 180 MB.
	c := *h
	c.Log = nil
	return AppendJSON(nil, &c)
}

// RecordChange records on the last log event what a change did: before
// is the Snapshot taken before it, n the log's length then. A change
// that appended no event records nothing.
func (h *Hero) RecordChange(before *undo.Snapshot, n int) error {
	if len(h.Log) <= n || before == nil {
		return nil
	}
	after, err := Snapshot(h)
	if err != nil {
		return err
	}
	r, err := undo.RecordSnapshots(before, after, h.Log[n].Seq)
	if err != nil {
		return err
	}
	h.Log[len(h.Log)-1].Revert = r
	return nil
}

// Undo takes back the last change (to 0) or every change after event to
// (package undo) and returns the hero as it was before them with the
// whole log kept, and the undo event's summary and details: the caller
// appends the event (AppendEvent) and writes the file. A refusal is an
// *undo.Refusal.
func Undo(h *Hero, to int) (*Hero, string, undo.Details, error) {
	changes, err := undo.Plan(undoLog(h.Log), to)
	if err != nil {
		return nil, "", undo.Details{}, err
	}
	b, err := encodeState(h)
	if err != nil {
		return nil, "", undo.Details{}, err
	}
	state, err := undo.State(b)
	if err != nil {
		return nil, "", undo.Details{}, err
	}
	restored, d, err := undo.Apply(state, changes, to)
	if err != nil {
		return nil, "", d, err
	}
	m, ok := restored.(*jsonpatch.Object)
	if !ok {
		return nil, "", d, refusal.Errorf("undo: the restored hero is not an object")
	}
	m.Set("log", []any{})
	data, err := json.Marshal(m)
	if err != nil {
		return nil, "", d, err
	}
	// Undoing a derive may give back a draft (a hand-written file that
	// hero derive completed): it is checked as hero derive reads it.
	decode := Decode
	if UndoesDerive(changes) {
		decode = DecodeDraft
	}
	out, err := decode(data)
	if err != nil {
		return nil, "", d, fmt.Errorf("undo: the restored hero is not valid (was the file edited by hand?): %w", err)
	}
	out.Log = append(make([]Event, 0, len(h.Log)+1), h.Log...)
	// The caller appends the undo event next (AppendEvent): its seq
	// follows the last.
	by := out.Log[len(out.Log)-1].Seq + 1
	first := out.Log[0].Seq
	for _, s := range d.Undone {
		for q := s.From; q <= s.To; q++ {
			if i := q - first; i >= 0 && i < len(out.Log) {
				out.Log[i].UndoneBy = by
			}
		}
	}
	return out, undo.Summary(changes), d, nil
}

// UndoesDerive reports whether changes take back a "derive" event.
func UndoesDerive(changes []undo.Change) bool {
	for _, c := range changes {
		for _, k := range c.Kinds {
			if k == "derive" {
				return true
			}
		}
	}
	return false
}

// CheckLog checks the history h's log records (undo.Check): a forged or
// hand-broken log is refused when the file is read, before any verb
// trusts it.
//
// It marks each event an undo took back (UndoneBy), as files written
// before the mark lack it.
func CheckLog(log []Event) *undo.LogError {
	marks, err := undo.Marks(undoLog(log))
	if err != nil {
		return err
	}
	for i, by := range marks {
		log[i].UndoneBy = by
	}
	return nil
}

// undoLog is what package undo reads of a log.
func undoLog(log []Event) []undo.Event {
	out := make([]undo.Event, len(log))
	for i, ev := range log {
		out[i] = undo.Event{Seq: ev.Seq, Kind: ev.Kind, Revert: ev.Revert, Details: ev.Details, UndoneBy: ev.UndoneBy}
	}
	return out
}
