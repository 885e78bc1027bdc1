package profile

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// TestScriptFixturesMatchRepository checks that every copy of The
// Guardian embedded in the profile and downtime testscripts is the
// repository's testdata/heroes/guardian.json, so the scripts test the
// fixture other packages use.
func TestScriptFixturesMatchRepository(t *testing.T) {
	want, err := os.ReadFile("../../../testdata/heroes/guardian.json")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, pat := range []string{"profile*.txtar", "downtime*.txtar"} {
		m, err := filepath.Glob(filepath.Join("..", "testdata", "script", pat))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 2 {
		t.Fatalf("found only %d profile/downtime scripts", len(files))
	}
	checked := 0
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, af := range a.Files {
			if af.Name != "guardian.json" {
				continue
			}
			checked++
			if !bytes.Equal(af.Data, want) {
				t.Errorf("%s: guardian.json differs from testdata/heroes/guardian.json", f)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no embedded guardian.json found")
	}
}
