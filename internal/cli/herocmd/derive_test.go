package herocmd

import (
	"bytes"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// TestGuardianDraftCopy keeps the testscript's copy of the Guardian's
// draft identical to testdata/heroes/guardian-draft.json.
func TestGuardianDraftCopy(t *testing.T) {
	want, err := os.ReadFile("../../../testdata/heroes/guardian-draft.json")
	if err != nil {
		t.Fatal(err)
	}
	a, err := txtar.ParseFile("../testdata/script/derive_guardian.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range a.Files {
		if f.Name == "guardian-draft.json" {
			if !bytes.Equal(bytes.TrimSpace(f.Data), bytes.TrimSpace(want)) {
				t.Fatal("derive_guardian.txtar's guardian-draft.json differs from testdata/heroes/guardian-draft.json")
			}
			return
		}
	}
	t.Fatal("derive_guardian.txtar has no guardian-draft.json")
}
