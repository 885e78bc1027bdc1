package hero

import (
	"os"
	"reflect"
	"testing"

	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// heroFiles are the project's hero files: each must take jsonfile's fast
// path (a batch of them would lose its speed otherwise) and decode to
// what the strict path gives.
var heroFiles = []string{
	"testdata/valid.json",
	"testdata/bench-line.json",
	"../../testdata/heroes/guardian.json",
	"../../testdata/heroes/nefario.json",
	"../../testdata/heroes/mimic.json",
}

func TestHeroFilesTakeTheFastPath(t *testing.T) {
	for _, name := range heroFiles {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var fast Hero
		if !jsonfile.DecodesFast(data, &fast) {
			t.Errorf("%s: not decoded by the fast path", name)
			continue
		}
		var strict Hero
		if err := jsonfile.DecodeStrict(data, &strict, fileFormat); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(fast, strict) {
			t.Errorf("%s: fast and strict decodes differ", name)
		}
		// Re-encoded by the generated encoder (what gen hero writes),
		// compact, it still takes the fast path.
		line, err := AppendJSON(nil, &strict)
		if err != nil {
			t.Fatal(err)
		}
		var again Hero
		if !jsonfile.DecodesFast(line, &again) || !reflect.DeepEqual(again, strict) {
			t.Errorf("%s: its JSON line does not round-trip through the fast path", name)
		}
	}
}

// FuzzDecodeFast: a hero the fast path decodes is the hero the strict
// path decodes.
func FuzzDecodeFast(f *testing.F) {
	for _, name := range heroFiles {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"schema":1,"powers":[{"sidekick":{"name":"x","log":[{"seq":1,"details":{"a":[1]}}]}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var fast Hero
		if !jsonfile.DecodesFast(data, &fast) {
			return
		}
		var strict Hero
		if err := jsonfile.DecodeStrict(data, &strict, fileFormat); err != nil {
			t.Fatalf("fast path accepted what the strict path refuses: %v", err)
		}
		if !reflect.DeepEqual(fast, strict) {
			t.Fatalf("fast and strict decodes differ")
		}
	})
}
