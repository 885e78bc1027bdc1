package hero

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// heroFiles are the project's hero files.
var heroFiles = []string{
	"testdata/valid.json",
	"testdata/bench-line.json",
	"../../testdata/heroes/guardian.json",
	"../../testdata/heroes/nefario.json",
	"../../testdata/heroes/mimic.json",
}

// agree is the strict decoder's promise on one input: what it accepts,
// the lenient standard decoder (encoding/json, which the files were
// first read with) accepts too and reads as the same hero. It reports
// whether the strict decoder accepted data.
func agree(t *testing.T, data []byte) bool {
	t.Helper()
	var strict Hero
	if err := jsonfile.Decode(data, &strict, fileFormat); err != nil {
		return false
	}
	var lenient Hero
	if err := json.Unmarshal(data, &lenient); err != nil {
		t.Fatalf("strict decoder accepted what encoding/json refuses: %v", err)
	}
	if !reflect.DeepEqual(strict, lenient) {
		t.Fatalf("strict and encoding/json decodes differ:\n%#v\n%#v", strict, lenient)
	}
	return true
}

func TestHeroFilesDecodeAsEncodingJSONReadsThem(t *testing.T) {
	for _, name := range heroFiles {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !agree(t, data) {
			t.Fatalf("%s: refused", name)
		}
		// Re-encoded by the generated encoder (what gen hero writes),
		// compact, it reads back the same.
		var h Hero
		if err := jsonfile.Decode(data, &h, fileFormat); err != nil {
			t.Fatal(err)
		}
		line, err := AppendJSON(nil, &h)
		if err != nil {
			t.Fatal(err)
		}
		var again Hero
		if err := jsonfile.Decode(line, &again, fileFormat); err != nil || !reflect.DeepEqual(again, h) {
			t.Errorf("%s: its JSON line does not round-trip: %v", name, err)
		}
	}
}

// FuzzDecodeAgrees: a hero the strict decoder accepts is the hero
// encoding/json reads from the same bytes.
func FuzzDecodeAgrees(f *testing.F) {
	for _, name := range heroFiles {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"schema":1,"powers":[{"sidekick":{"name":"x","log":[{"seq":1,"details":{"a":[1]}}]}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		agree(t, data)
	})
}
