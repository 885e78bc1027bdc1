package undo

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/codename-spandex/spandex/pkg/jsonpatch"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// rev is a change's record with an empty patch.
func rev(from int) *Revert { return &Revert{From: from, Patch: json.RawMessage(`[]`)} }

func undoEv(seq, to int, spans ...Span) Event {
	b, _ := json.Marshal(Details{Undone: spans, To: to})
	return Event{Seq: seq, Kind: Kind, Details: b}
}

// A fight: 1 new; 2 initiative; 3-4 attack and reaction (one command);
// 5 move.
func fightLog() []Event {
	return []Event{
		{Seq: 1, Kind: "new"},
		{Seq: 2, Kind: "initiative", Revert: rev(2)},
		{Seq: 3, Kind: "attack"},
		{Seq: 4, Kind: "reaction", Revert: rev(3)},
		{Seq: 5, Kind: "move", Revert: rev(5)},
	}
}

func TestPlan(t *testing.T) {
	cases := []struct {
		name string
		log  []Event
		to   int
		want []Span
		err  string
	}{
		{name: "last change", log: fightLog(), want: []Span{{5, 5}}},
		{name: "a change of two events goes whole", log: fightLog()[:4], want: []Span{{3, 4}}},
		{name: "--to takes back every later change, latest first", log: fightLog(), to: 2, want: []Span{{5, 5}, {3, 4}}},
		{name: "--to the end of a change", log: fightLog(), to: 4, want: []Span{{5, 5}}},
		{name: "after an undo --to skips what it undid",
			log: append(fightLog(), undoEv(6, 0, Span{5, 5})), to: 2, want: []Span{{3, 4}}},
		{name: "a new change after an undo is the last",
			log: append(fightLog(), undoEv(6, 0, Span{5, 5}), Event{Seq: 7, Kind: "move", Revert: rev(7)}), want: []Span{{7, 7}}},
		{name: "empty log", log: nil, err: "the log is empty: nothing to undo"},
		{name: "only the first event", log: fightLog()[:1], err: "event 1 (new) cannot be undone: it begins the file"},
		{name: "undo of an undo", log: append(fightLog(), undoEv(6, 0, Span{5, 5})),
			err: "event 6 is an undo, and an undo is not undone (there is no redo); to go further back give --to SEQ"},
		{name: "--to beyond the log", log: fightLog(), to: 9, err: "--to 9: the log runs from event 1 to event 5"},
		{name: "--to the last event", log: fightLog(), to: 5, err: "--to 5: nothing after event 5 to undo"},
		{name: "--to inside a change", log: fightLog(), to: 3,
			err: "--to 3: event 3 is part of the change of events 3-4, undone only whole; give --to 4 or --to 2"},
		{name: "--to an undo", log: append(fightLog(), undoEv(6, 0, Span{5, 5})), to: 6,
			err: "--to 6: event 6 is an undo; give the event to go back to"},
		{name: "--to an undone event", log: append(fightLog(), undoEv(6, 0, Span{5, 5})), to: 5,
			err: "--to 5: event 5 was already undone by event 6"},
		{name: "a change that recorded nothing (schema 1)",
			log: []Event{{Seq: 1, Kind: "new"}, {Seq: 2, Kind: "initiative"}},
			err: "event 2 (initiative) cannot be undone: it records no change (files written before schema 2 record none)"},
		{name: "--to across a change that recorded nothing", log: []Event{{Seq: 1, Kind: "new"}, {Seq: 2, Kind: "initiative"}, {Seq: 3, Kind: "move", Revert: rev(3)}},
			to: 1, err: "event 2 (initiative) cannot be undone: it records no change (files written before schema 2 record none)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Plan(c.log, c.to)
			if c.err != "" {
				var r *Refusal
				if err == nil || err.Error() != c.err || !errors.As(err, &r) || !refusal.Is(err) {
					t.Fatalf("Plan = %v, %v; want the refusal %q", got, err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(c.want) {
				t.Fatalf("Plan = %v, want %v", got, c.want)
			}
			for i := range got {
				if got[i].Span != c.want[i] {
					t.Fatalf("Plan = %v, want %v", got, c.want)
				}
			}
		})
	}
}

// Record and Apply: two changes taken back latest first give the first
// state back.
func TestRecordApply(t *testing.T) {
	s0, _ := State([]byte(`{"schema":2,"hp":10,"tags":["a"],"log":[1]}`))
	s1, _ := State([]byte(`{"schema":2,"hp":0,"tags":["a","b"],"log":[1,2]}`))
	s2, _ := State([]byte(`{"schema":2,"hp":0,"tags":[],"out":true,"log":[1,2,3]}`))
	r1, err := Record(s0, s1, 2)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := Record(s1, s2, 3)
	if err != nil {
		t.Fatal(err)
	}
	if r1.From != 2 || string(r1.Patch) != `[{"op":"test","path":"/hp","value":0},{"op":"replace","path":"/hp","value":10},{"op":"remove","path":"/tags/1"}]` {
		t.Fatalf("Record = %d %s", r1.From, r1.Patch)
	}
	log := []Event{{Seq: 1, Kind: "new"}, {Seq: 2, Kind: "hit", Revert: r1}, {Seq: 3, Kind: "fall", Revert: r2}}
	plan, err := Plan(log, 1)
	if err != nil {
		t.Fatal(err)
	}
	got, d, err := Apply(s2, plan, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !jsonpatch.Equal(got, s0) {
		t.Fatalf("Apply = %v, want %v", got, s0)
	}
	if len(d.Undone) != 2 || d.Undone[0] != (Span{3, 3}) || d.To != 1 {
		t.Fatalf("details = %+v", d)
	}
	if s := Summary(plan); s != "undo: took back event 3 (fall); event 2 (hit)" {
		t.Fatalf("Summary = %q", s)
	}
}

// A patch that no longer fits (the file edited by hand) is an error, not
// a panic.
func TestApplyHandEdited(t *testing.T) {
	s, _ := State([]byte(`{"hp":1}`))
	_, _, err := Apply(s, []Change{{Span: Span{2, 2}, Patch: json.RawMessage(`[{"op":"remove","path":"/gone"}]`)}}, 0)
	if err == nil {
		t.Fatal("no error")
	}
}
