package encounter

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
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
			if err := e.Do(Ctx{}, Action{Actor: c.ID, Kind: ActOther, Panels: 1, Note: "acts"}); err != nil {
				b.Fatal(err)
			}
		}
		if err := e.EndPage(Ctx{Roller: r}); err != nil {
			b.Fatal(err)
		}
	}
}
