package undo

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/codename-spandex/spandex/internal/hostile"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// TestCheckRefusesForgedLogs: each forged history is refused when read,
// naming the event, before any undo or log listing trusts it.
func TestCheckRefusesForgedLogs(t *testing.T) {
	withUndo := func(spans ...Span) []Event {
		return append(fightLog(), undoEv(6, 0, spans...))
	}
	cases := []struct {
		name string
		log  []Event
		want string
	}{
		{"an undo spanning thirty million events", withUndo(Span{1, 30_000_000}),
			"$.log[5]: undo covers events 1-30000000, but the log has events 1-5 before it"},
		{"an undo of itself", withUndo(Span{6, 6}), "$.log[5]: undo covers event 6, but the log has events 1-5 before it"},
		{"an undo of events before the log", withUndo(Span{0, 2}), "$.log[5]: undo covers events 0-2, but the log has events 1-5 before it"},
		{"a span backwards", withUndo(Span{5, 3}), "$.log[5].details.undone[0]: from 5 is after to 3"},
		{"an event undone twice", append(withUndo(Span{5, 5}), undoEv(7, 0, Span{5, 5})),
			"$.log[6].details.undone[0]: event 5: event 5 was already undone by event 6"},
		{"an undo undone", append(withUndo(Span{5, 5}), undoEv(7, 0, Span{6, 6})),
			"$.log[6].details.undone[0]: event 6: event 6 is an undo, and an undo is not undone"},
		{"a span that is not a change", withUndo(Span{2, 5}),
			"$.log[5].details.undone[0]: events 2-5 is not the latest change not yet undone (it is event 5)"},
		{"an older change before the latest", withUndo(Span{3, 4}),
			"$.log[5].details.undone[0]: events 3-4 is not the latest change not yet undone (it is event 5)"},
		{"no span", withUndo(), "$.log[5].details.undone: an undo takes back at least one change"},
		{"--to after the undo", append(fightLog(), undoEv(6, 9, Span{5, 5})), "$.log[5].details.to: 9: not an event before the undo (events 1-5)"},
		{"a gap in the seqs", []Event{{Seq: 1, Kind: "new"}, {Seq: 3, Kind: "move", Revert: rev(3)}},
			"$.log[1].seq: 3 does not follow 1 (the log numbers its events one after another)"},
		{"seq zero", []Event{{Seq: 0, Kind: "new"}}, "$.log[0].seq: 0: events are numbered from 1"},
		{"revert.from after its event", []Event{{Seq: 1, Kind: "new"}, {Seq: 2, Kind: "move", Revert: rev(3)}},
			"$.log[1].revert.from: 3: a change begins inside the log (events 1-2) and not after its own event"},
		{"revert.from before the log", []Event{{Seq: 1, Kind: "new"}, {Seq: 2, Kind: "move", Revert: rev(-30_000_000)}},
			"$.log[1].revert.from: -30000000: a change begins inside the log (events 1-2) and not after its own event"},
		{"revert.from into an earlier change", append(fightLog(), Event{Seq: 6, Kind: "move", Revert: rev(4)}),
			"$.log[5].revert.from: 4 reaches back into event 5, which ends an earlier change"},
		{"revert.from across an undo", append(withUndo(Span{5, 5}), Event{Seq: 7, Kind: "move", Revert: rev(5)}),
			"$.log[6].revert.from: 5 reaches back into event 6, which is an undo"},
		{"a patch that rewrites the log", []Event{{Seq: 1, Kind: "new"}, {Seq: 2, Kind: "move",
			Revert: &Revert{From: 2, Patch: json.RawMessage(`[{"op":"remove","path":"/log/0"}]`)}}},
			`$.log[1].revert.patch: operation 0 (remove "/log/0") would change the log, which is append-only`},
		{"a patch that replaces the whole file", []Event{{Seq: 1, Kind: "new"}, {Seq: 2, Kind: "move",
			Revert: &Revert{From: 2, Patch: json.RawMessage(`[{"op":"replace","path":"","value":{}}]`)}}},
			`$.log[1].revert.patch: operation 0 (replace "") would change the log, which is append-only`},
		{"a patch with an operation undo does not make", []Event{{Seq: 1, Kind: "new"}, {Seq: 2, Kind: "move",
			Revert: &Revert{From: 2, Patch: json.RawMessage(`[{"op":"move","from":"/a","path":"/b"}]`)}}},
			`$.log[1].revert.patch: operation 0: "move" is not an operation a revert uses (add, remove, replace, test)`},
		{"a patch that is not a patch", []Event{{Seq: 1, Kind: "new"}, {Seq: 2, Kind: "move",
			Revert: &Revert{From: 2, Patch: json.RawMessage(`{"op":"add"}`)}}},
			`$.log[1].revert.patch: reading the patch: not a JSON array`},
		{"a mark on an event no undo took back", func() []Event {
			l := withUndo(Span{5, 5})
			l[1].UndoneBy = 6
			return l
		}(), "$.log[1].undone_by: 6: no undo event takes event 2 back there (it was not undone)"},
		{"a mark naming the wrong undo", func() []Event {
			l := append(withUndo(Span{5, 5}), undoEv(7, 0, Span{3, 4}))
			l[2].UndoneBy = 6
			return l
		}(), "$.log[2].undone_by: 6: no undo event takes event 3 back there (event 7 undid it)"},
		{"undo details that do not read", append(fightLog(), Event{Seq: 6, Kind: Kind, Details: json.RawMessage(`{"undone":"all"}`)}),
			"$.log[5].details: the undo's details: json: cannot unmarshal string into Go struct field Details.undone of type []undo.Span"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Check(c.log)
			var le *LogError
			if err == nil || err.Error() != c.want || !errors.As(err, &le) || !refusal.Is(err) {
				t.Fatalf("Check = %v\nwant the refusal %s", err, c.want)
			}
			if strings.Contains(c.name, "mark") {
				return // Plan reads the history only; the mark is the reader's
			}
			if _, err := Plan(c.log, 0); err == nil || err.Error() != c.want {
				t.Errorf("Plan = %v, want the same refusal", err)
			}
		})
	}
}

// TestCheckAcceptsWhatSpandexWrites: histories undo writes pass.
func TestCheckAcceptsWhatSpandexWrites(t *testing.T) {
	logs := [][]Event{
		nil,
		fightLog(),
		append(fightLog(), undoEv(6, 0, Span{5, 5})),
		append(fightLog(), undoEv(6, 2, Span{5, 5}, Span{3, 4})),
		append(fightLog(), undoEv(6, 0, Span{5, 5}), undoEv(7, 0, Span{3, 4}), Event{Seq: 8, Kind: "move", Revert: rev(8)}),
		{{Seq: 4, Kind: "new"}, {Seq: 5, Kind: "move", Revert: rev(5)}},
		{{Seq: 1, Kind: "new"}, {Seq: 2, Kind: "initiative"}, {Seq: 3, Kind: "move"}},
	}
	for i, log := range logs {
		if err := Check(log); err != nil {
			t.Errorf("log %d: %v", i, err)
		}
	}
}

// TestMarks: each event an undo took back is marked with the undo's seq
// (a log without marks gets them; the marks spandex writes pass).
func TestMarks(t *testing.T) {
	log := append(fightLog(), undoEv(6, 0, Span{5, 5}), undoEv(7, 0, Span{3, 4}), Event{Seq: 8, Kind: "move", Revert: rev(8)})
	want := []int{0, 0, 7, 7, 6, 0, 0, 0}
	got, err := Marks(log)
	if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("Marks = %v, %v; want %v", got, err, want)
	}
	for i := range log {
		log[i].UndoneBy = want[i]
	}
	if err := Check(log); err != nil {
		t.Errorf("Check of the marked log: %v", err)
	}
}

// TestCheckIsLinear: a long log whose undo events each take back one of
// many changes, and a change that takes in thousands of events, are read
// at once (the work grows with the log, not its square).
func TestCheckIsLinear(t *testing.T) {
	hostile.Slow(t)
	const n = 50_000
	log := []Event{{Seq: 1, Kind: "new"}}
	for seq := 2; seq <= n; seq++ {
		log = append(log, Event{Seq: seq, Kind: "move"})
	}
	log = append(log, Event{Seq: n + 1, Kind: "move", Revert: rev(2)})
	for seq := n + 2; seq < 2*n; seq += 2 {
		log = append(log, Event{Seq: seq, Kind: "move", Revert: rev(seq)})
		log = append(log, undoEv(seq+1, 0, Span{seq, seq}))
	}
	start := time.Now()
	if err := Check(log); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Check of %d events took %v", len(log), d)
	}
	plan, err := Plan(log, 1)
	if err != nil || len(plan) != 1 || plan[0].Span != (Span{2, n + 1}) || len(plan[0].Kinds) != n {
		t.Fatalf("Plan = %v, %v", len(plan), err)
	}
}

// FuzzCheck: any log, well-formed or forged, is checked without a panic
// and in time linear in it; a log that passes can be planned.
func FuzzCheck(f *testing.F) {
	f.Add([]byte(`[[1,"new",0,"",""],[2,"move",2,"[]",""],[3,"undo",0,"","{\"undone\":[{\"from\":2,\"to\":2}]}"]]`))
	f.Add([]byte(`[[1,"new",0,"",""],[2,"undo",0,"","{\"undone\":[{\"from\":1,\"to\":30000000}]}"]]`))
	f.Add([]byte(`[[1,"new",0,"",""],[2,"a",0,"",""],[3,"b",2,"[{\"op\":\"remove\",\"path\":\"/log/0\"}]",""]]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var rows [][]any
		if json.Unmarshal(data, &rows) != nil || len(rows) > 10_000 {
			return
		}
		log := make([]Event, 0, len(rows))
		for _, r := range rows {
			if len(r) != 5 {
				return
			}
			seq, _ := r[0].(float64)
			kind, _ := r[1].(string)
			from, _ := r[2].(float64)
			patch, _ := r[3].(string)
			details, _ := r[4].(string)
			ev := Event{Seq: int(seq), Kind: kind, Details: json.RawMessage(details)}
			if patch != "" {
				ev.Revert = &Revert{From: int(from), Patch: json.RawMessage(patch)}
			}
			log = append(log, ev)
		}
		err := Check(log)
		if err != nil {
			var le *LogError
			if !errors.As(err, &le) || le.Index < 0 || le.Index >= len(log) || len(err.Error()) > 300+len(data) {
				t.Fatalf("Check = %v", err)
			}
			return
		}
		for _, to := range []int{0, 1, len(log)} {
			plan, err := Plan(log, to)
			var r *Refusal
			if err != nil && !errors.As(err, &r) {
				t.Fatalf("Plan(%d) = %v, not a refusal", to, err)
			}
			total := 0
			for _, c := range plan {
				total += c.To - c.From + 1
			}
			if total > len(log) {
				t.Fatalf("Plan takes back %d events of %d", total, len(log))
			}
		}
	})
}

// TestMessagesEscapeTheFile: names a hostile file puts in a refusal
// (event kinds, patch paths) come out quoted, control characters
// escaped, and bounded.
func TestMessagesEscapeTheFile(t *testing.T) {
	log := []Event{{Seq: 1, Kind: "new"}, {Seq: 2, Kind: "evil\x1b[2J\n"}}
	_, err := Plan(log, 0)
	want := `event 2 ("evil\x1b[2J\n") cannot be undone: it records no change (files written before schema 2 record none)`
	if err == nil || err.Error() != want {
		t.Errorf("Plan = %v\nwant %s", err, want)
	}
	if got := jsonPath("/stamina/current/3/a\x1bb"); got != `$.stamina.current[3]["a\x1bb"]` {
		t.Errorf("jsonPath = %s", got)
	}
	long := "/" + strings.Repeat("x/", 500)
	if got := jsonPath(long); len(got) > 260 {
		t.Errorf("jsonPath of a long pointer: %d chars", len(got))
	}
	log = []Event{{Seq: 1, Kind: "new"}, {Seq: 2, Kind: "move",
		Revert: &Revert{From: 2, Patch: json.RawMessage(`[{"op":"remove","path":"/log/` + strings.Repeat("\\u001b", 100) + `"}]`)}}}
	if err := Check(log); err == nil || len(err.Error()) > 300 || strings.ContainsRune(err.Error(), 0x1b) {
		t.Errorf("Check = %q", err)
	}
}
