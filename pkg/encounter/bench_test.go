// Benchmarks of the fight clock. Figures on the shared 2-core build
// machine (go1.26, load average about 3; `go test -bench . ./pkg/encounter`):
//
//	BenchmarkDecode     1.18 ms/op  25 MB/s  268 KB/op  4158 allocs/op  (the 30 KB bank encounter, strict + validated)
//	BenchmarkEncode     0.34 ms/op            187 KB/op    30 allocs/op
//	BenchmarkPage       0.13 ms/op             55 KB/op  1150 allocs/op  (initiative, 20 one-panel actions, end of page)
//	BenchmarkAutoFight  2.98 ms/op           1.09 MB/op 12330 allocs/op  (the 4-on-6 fight to the end, 5 pages, ~170 events)
//	BenchmarkNextTurn   1.03 µs/op            560 B/op     14 allocs/op
//	BenchmarkUndoRecord 0.37 ms/op            105 KB/op   649 allocs/op  (bank; what undo costs a change, docs/benchmarks.md)
//
// A verb's time is dominated by decoding the file (about 40 µs per KB).
package encounter

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/jsonpatch"
	"github.com/codename-spandex/spandex/pkg/undo"
)

func BenchmarkDecode(b *testing.B) {
	e := newBank(b)
	data, err := Encode(e)
	must(b, err)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	e := newBank(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Encode(e); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPage plays a whole page of the bank fight: initiative, every
// combatant acting panel by panel, the end of the page.
func BenchmarkPage(b *testing.B) {
	base := newBank(b)
	r := dice.NewSeeded(1)
	b.ReportAllocs()
	for b.Loop() {
		e := *base
		e.Combatants = append([]Combatant(nil), base.Combatants...)
		e.Log = append([]Event(nil), base.Log...)
		if err := e.RollInitiative(Ctx{Roller: r}); err != nil {
			b.Fatal(err)
		}
		for c := e.Current(); c != nil; c = e.Current() {
			if err := e.Do(Ctx{}, ActionRecord{Actor: c.ID, Kind: ActOther, Panels: 1, Note: "acts"}); err != nil {
				b.Fatal(err)
			}
		}
		if err := e.EndPage(Ctx{Roller: r}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAutoFight plays the seeded 4-on-6 fight to the end.
func BenchmarkAutoFight(b *testing.B) {
	s := Setup{Sides: []string{"heroes", "gang"}}
	for _, f := range []struct{ side, file string }{{"heroes", "guardian.json"}, {"heroes", "heroes.jsonl"}, {"gang", "gang.jsonl"}} {
		for _, h := range loadHeroes(b, f.file) {
			s.Entries = append(s.Entries, Entry{Side: f.side, Hero: h})
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		e, err := New(s)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := e.Auto(Ctx{Roller: dice.NewSeeded(7)}, AutoOptions{}, combat.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNextTurn is `fight next` without the I/O.
func BenchmarkNextTurn(b *testing.B) {
	e := newBank(b)
	must(b, e.RollInitiative(gm(8, 3)))
	b.ReportAllocs()
	for b.Loop() {
		_ = e.NextTurn()
	}
}

// BenchmarkUndoRecord is what undo costs one `fight act`-sized change
// (one turn of the autopilot) on the bank encounter and on the reference
// encounter: the snapshot taken before the change and the Revert
// recorded after it (RecordChange), without the change itself.
func BenchmarkUndoRecord(b *testing.B) {
	for _, name := range []string{"bank", "reference"} {
		b.Run(name, func(b *testing.B) {
			before, after, n := oneTurn(b, name+".json")
			b.ReportAllocs()
			for b.Loop() {
				state, err := Snapshot(before)
				if err != nil {
					b.Fatal(err)
				}
				if err := after.RecordChange(state, n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkUndoRecordParsed is BenchmarkUndoRecord's peer: the same
// Revert (byte for byte) from the generic diff, each state encoded as
// its file and parsed whole (jsonpatch.Parse, jsonpatch.Diff).
func BenchmarkUndoRecordParsed(b *testing.B) {
	for _, name := range []string{"bank", "reference"} {
		b.Run(name, func(b *testing.B) {
			before, after, n := oneTurn(b, name+".json")
			b.ReportAllocs()
			for b.Loop() {
				var states [2]*jsonpatch.Object
				for i, e := range []*Encounter{before, after} {
					data, err := Encode(withoutLog(e))
					if err != nil {
						b.Fatal(err)
					}
					if states[i], err = undo.State(data); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := undo.Record(states[0], states[1], after.Log[n].Seq); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// oneTurn decodes an encounter twice and plays one seeded turn of the
// autopilot on the second copy: the encounter before and after a change,
// and the log's length before it.
func oneTurn(t testing.TB, file string) (before, after *Encounter, n int) {
	t.Helper()
	data := encounterFile(t, file)
	before, err := Decode(data)
	must(t, err)
	after, err = Decode(data)
	must(t, err)
	n = len(after.Log)
	if _, err := after.Auto(Ctx{Roller: dice.NewSeeded(3)}, AutoOptions{Until: UntilTurn}, combat.Options{}); err != nil {
		t.Fatal(err)
	}
	if len(after.Log) <= n {
		t.Fatalf("%s: the turn appended no event", file)
	}
	return before, after, n
}
