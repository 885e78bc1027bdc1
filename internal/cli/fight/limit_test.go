package fight

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// TestEncounterReadUsesItsOwnLimit: an encounter over the hero limit
// (16 MB) but within the documented encounter limit (24 MB) is read (it
// was refused with "unexpected EOF"); one over 24 MB is refused saying
// so.
func TestEncounterReadUsesItsOwnLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("files of 20 MB and 24 MB: not with -short")
	}
	fe := newFightEnv(t, cmdutil.FormatJSON)
	env := fe.env(t)
	pad := func(size int) {
		data := bytes.TrimRight(fe.original, "\n}")
		data = append(data, bytes.Repeat([]byte(" "), size-len(data)-2)...)
		data = append(data, "}\n"...)
		if err := os.WriteFile(fe.path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pad(20 << 20)
	e, err := load(env, File{Path: fe.path})
	if err != nil {
		t.Fatalf("a 20 MB encounter: %v", err)
	}
	if len(e.Combatants) != 2 {
		t.Fatalf("%d combatants", len(e.Combatants))
	}
	pad(encounter.MaxFileSize + 1)
	_, err = load(env, File{Path: fe.path})
	if err == nil || !strings.Contains(err.Error(), "fight.json: $: file larger than 24 MB") {
		t.Fatalf("a 24 MB + 1 encounter: %v", err)
	}
}
