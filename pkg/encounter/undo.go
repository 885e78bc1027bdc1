package encounter

import (
	"encoding/json"
	"fmt"

	"github.com/codename-spandex/spandex/pkg/jsonfile"
	"github.com/codename-spandex/spandex/pkg/jsonpatch"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/undo"
)

// Snapshot is e's state without its log, to record a change against
// (RecordChange).
func Snapshot(e *Encounter) (*undo.Snapshot, error) {
	b, err := encodeState(e)
	if err != nil {
		return nil, err
	}
	return undo.NewSnapshot(b), nil
}

// encodeState is e encoded as Encode writes it, but with an empty log
// and on one line (jsonfile.EncodeCompact): the same values, encoded
// once.
func encodeState(e *Encounter) ([]byte, error) {
	// The log is left out before encoding, not after: it is most of a
	// long fight's file.
	c := *e
	c.Log = []Event{}
	if c.Schema == 0 {
		c.Schema = SchemaVersion
	}
	c.MarkOut()
	b, err := jsonfile.EncodeCompact(&c)
	if err != nil {
		return nil, fmt.Errorf("encoding encounter: %w", err)
	}
	return b, nil
}

// RecordChange records on the last event what a change did: before is
// the Snapshot taken before it, n the log's length then. A change that
// appended no event records nothing.
func (e *Encounter) RecordChange(before *undo.Snapshot, n int) error {
	if len(e.Log) <= n {
		return nil
	}
	after, err := Snapshot(e)
	if err != nil {
		return err
	}
	r, err := undo.RecordSnapshots(before, after, e.Log[n].Seq)
	if err != nil {
		return err
	}
	e.Log[len(e.Log)-1].Revert = r
	return nil
}

// Undo takes back the last change (to 0) or every change after event to
// (package undo) and returns the encounter as it was before them, with
// the whole log kept and an undo event appended. Encoded, the result is
// the earlier file byte for byte up to its log. A refusal is an
// *undo.Refusal.
func Undo(e *Encounter, to int) (*Encounter, error) {
	changes, err := undo.Plan(undoLog(e.Log), to)
	if err != nil {
		return nil, err
	}
	b, err := encodeState(e)
	if err != nil {
		return nil, err
	}
	state, err := undo.State(b)
	if err != nil {
		return nil, err
	}
	restored, d, err := undo.Apply(state, changes, to)
	if err != nil {
		return nil, err
	}
	m, ok := restored.(*jsonpatch.Object)
	if !ok {
		return nil, refusal.Errorf("undo: the restored encounter is not an object")
	}
	m.Set("log", []any{})
	data, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	out, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("undo: the restored encounter is not valid (was the file edited by hand?): %w", err)
	}
	out.Log = append(make([]Event, 0, len(e.Log)+1), e.Log...)
	details, err := json.Marshal(d)
	if err != nil {
		return nil, err
	}
	out.appendEvent(Event{Kind: undo.Kind, Summary: undo.Summary(changes), Details: details})
	markUndone(out.Log, d, out.Log[len(out.Log)-1].Seq)
	return out, nil
}

// checkLog checks the history e's log records (undo.Check): a forged or
// hand-broken log is refused when the file is read. It marks each event
// an undo took back (UndoneBy), as files written before the mark lack it.
func checkLog(log []Event) *undo.LogError {
	marks, err := undo.Marks(undoLog(log))
	if err != nil {
		return err
	}
	for i, by := range marks {
		log[i].UndoneBy = by
	}
	return nil
}

// markUndone marks the events of the changes d took back as undone by
// the undo event by.
func markUndone(log []Event, d undo.Details, by int) {
	if len(log) == 0 {
		return
	}
	first := log[0].Seq
	for _, s := range d.Undone {
		for q := s.From; q <= s.To; q++ {
			if i := q - first; i >= 0 && i < len(log) {
				log[i].UndoneBy = by
			}
		}
	}
}

// undoLog is what package undo reads of a log.
func undoLog(log []Event) []undo.Event {
	out := make([]undo.Event, len(log))
	for i, ev := range log {
		out[i] = undo.Event{Seq: ev.Seq, Kind: ev.Kind, Revert: ev.Revert, Details: ev.Details, UndoneBy: ev.UndoneBy}
	}
	return out
}
