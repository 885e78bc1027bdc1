package undo

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/codename-spandex/spandex/pkg/echo"
	"github.com/codename-spandex/spandex/pkg/jsonpatch"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// LogError is a log that undo cannot trust (a forged or hand-edited
// history): Index is the event's position in the log, Field the member
// at fault below it ("" for the event, ".seq", ".revert.from", ...). It
// is a refusal: the file is bad input.
type LogError struct {
	Index int
	Field string
	Msg   string
}

// Path is "$.log[12].revert.from".
func (e *LogError) Path() string { return fmt.Sprintf("$.log[%d]%s", e.Index, e.Field) }

func (e *LogError) Error() string { return e.Path() + ": " + e.Msg }

// Refused marks a LogError as the user's fault.
func (e *LogError) Refused() {}

// Check validates the history a file's log records, as spandex writes
// it, in time linear in the log (its patches included):
//
//   - seqs are contiguous (each event's is the one before's plus one);
//   - a change's Revert.From is inside the log, not after its own event,
//     and takes in only events of that change (none with a Revert of its
//     own, none an undo);
//   - its patch reads as RFC 6902 operations (add, remove, replace,
//     test) and touches nothing under /log;
//   - an undo's spans lie inside the log, before the undo itself, and are
//     the latest changes not yet taken back, latest first, as an undo
//     takes them: no event is undone twice and no undo is undone;
//   - an undo's --to is 0 or an event before it;
//   - an event's UndoneBy mark, when it has one, is the undo that took
//     it back.
//
// The first fault is returned, as a *LogError (nil when there is none).
func Check(log []Event) *LogError {
	_, err := Marks(log)
	return err
}

// Marks checks the log as Check does and returns, by position in the
// log, the seq of the undo event that took each event back (0 for one
// still standing and for an undo). A file written before events carried
// the mark gets it from here when it is read.
func Marks(log []Event) ([]int, *LogError) {
	h, err := read(log)
	if err == nil {
		for i, ev := range log {
			if ev.UndoneBy != 0 && ev.UndoneBy != h.undoneBy[i] {
				why := "it was not undone"
				if h.undoneBy[i] != 0 {
					why = fmt.Sprintf("event %d undid it", h.undoneBy[i])
				}
				return nil, &LogError{Index: i, Field: ".undone_by", Msg: fmt.Sprintf("%d: no undo event takes event %d back there (%s)", ev.UndoneBy, ev.Seq, why)}
			}
		}
		return h.undoneBy, nil
	}
	var le *LogError
	if errors.As(err, &le) {
		return nil, le
	}
	return nil, &LogError{Msg: err.Error()}
}

func logErr(i int, field, format string, a ...any) error {
	return &LogError{Index: i, Field: field, Msg: fmt.Sprintf(format, a...)}
}

// read checks the log (see Check) and returns its history.
func read(log []Event) (*history, error) {
	h := &history{}
	if len(log) == 0 {
		return h, nil
	}
	first := log[0].Seq
	if first < 1 {
		return nil, logErr(0, ".seq", "%d: events are numbered from 1", first)
	}
	h.first = first
	h.undoneBy = make([]int, len(log))
	h.isUndo = make([]bool, len(log))
	// boundary is the seq of the last event that ended a change with a
	// Revert, or of the last undo: a Revert reaches back no further.
	boundary := first - 1
	for i, ev := range log {
		if i > 0 && ev.Seq != log[i-1].Seq+1 {
			return nil, logErr(i, ".seq", "%d does not follow %d (the log numbers its events one after another)", ev.Seq, log[i-1].Seq)
		}
		switch {
		case ev.Kind == Kind:
			h.isUndo[i] = true
			if err := h.undo(log, i, first); err != nil {
				return nil, err
			}
			boundary = ev.Seq
		case ev.Revert != nil:
			from := ev.Revert.From
			switch {
			case from < first || from > ev.Seq:
				return nil, logErr(i, ".revert.from", "%d: a change begins inside the log (events %d-%d) and not after its own event", from, first, ev.Seq)
			case from <= boundary:
				return nil, logErr(i, ".revert.from", "%d reaches back into event %d, which %s", from, boundary, h.endsWhat(boundary))
			}
			if err := checkPatch(ev.Revert.Patch); err != nil {
				return nil, logErr(i, ".revert.patch", "%v", err)
			}
			// The events since From are this change's: single-event
			// entries on top of the stack, one per event.
			h.live = h.live[:len(h.live)-(ev.Seq-from)]
			h.live = append(h.live, entry{Span: Span{From: from, To: ev.Seq}, patch: ev.Revert.Patch})
			boundary = ev.Seq
		default:
			h.live = append(h.live, entry{Span: Span{From: ev.Seq, To: ev.Seq}})
		}
	}
	return h, nil
}

// endsWhat says what the event at boundary was, for a message.
func (h *history) endsWhat(seq int) string {
	if h.isUndo[seq-h.first] {
		return "is an undo"
	}
	return "ends an earlier change"
}

// undo checks the undo event log[i] against the live changes and takes
// its spans off them.
func (h *history) undo(log []Event, i, first int) error {
	ev := log[i]
	var d Details
	if err := json.Unmarshal(ev.Details, &d); err != nil {
		return logErr(i, ".details", "the undo's details: %v", err)
	}
	if len(d.Undone) == 0 {
		return logErr(i, ".details.undone", "an undo takes back at least one change")
	}
	if d.To != 0 && (d.To < first || d.To >= ev.Seq) {
		return logErr(i, ".details.to", "%d: not an event before the undo (events %d-%d)", d.To, first, ev.Seq-1)
	}
	for k, s := range d.Undone {
		field := fmt.Sprintf(".details.undone[%d]", k)
		switch {
		case s.From > s.To:
			return logErr(i, field, "from %d is after to %d", s.From, s.To)
		case s.From < first || s.To >= ev.Seq:
			return logErr(i, "", "undo covers %s, but the log has events %d-%d before it", s, first, ev.Seq-1)
		}
		if by := h.undoneBy[s.From-first]; by != 0 {
			return logErr(i, field, "%s: event %d was already undone by event %d", s, s.From, by)
		}
		if h.isUndo[s.From-first] {
			return logErr(i, field, "%s: event %d is an undo, and an undo is not undone", s, s.From)
		}
		if len(h.live) == 0 || h.live[len(h.live)-1].Span != s {
			latest := "none is left"
			if len(h.live) > 0 {
				latest = "it is " + h.live[len(h.live)-1].Span.String()
			}
			return logErr(i, field, "%s is not the latest change not yet undone (%s)", s, latest)
		}
		h.live = h.live[:len(h.live)-1]
		for q := s.From; q <= s.To; q++ {
			h.undoneBy[q-first] = ev.Seq
		}
	}
	return nil
}

// checkPatch reads a Revert's patch: operations spandex can apply, none
// touching the log.
func checkPatch(patch json.RawMessage) error {
	ops, err := jsonpatch.ParseHeads(patch)
	if err != nil {
		return err
	}
	for k, op := range ops {
		switch op.Op {
		case jsonpatch.OpAdd, jsonpatch.OpRemove, jsonpatch.OpReplace, jsonpatch.OpTest:
		default:
			return refusal.Errorf("operation %d: %s is not an operation a revert uses (add, remove, replace, test)", k, echo.Quote(string(op.Op)))
		}
		if op.Path == "" || op.Path == "/log" || strings.HasPrefix(op.Path, "/log/") {
			return refusal.Errorf("operation %d (%s %s) would change the log, which is append-only", k, op.Op, echo.Quote(op.Path))
		}
	}
	return nil
}
