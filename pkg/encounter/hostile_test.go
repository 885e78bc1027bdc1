package encounter

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/hostile"
)

// TestHostileEncounterFiles: a hostile encounter file is refused (or,
// where it is only big, accepted) within hostile.MaxTime of CPU and
// hostile.MaxBytes, naming the path.
func TestHostileEncounterFiles(t *testing.T) {
	hostile.Slow(t)
	e := newBank(t)
	initiative(t, e, 8, 3)
	b, err := Encode(e)
	must(t, err)
	good := string(b)
	const summary = `"summary": "fight begins: `
	if !strings.Contains(good, summary) {
		t.Fatalf("no %q in the encounter", summary)
	}
	// withDetails is the encounter whose first event has details v.
	withDetails := func(v []byte) []byte {
		return hostile.Splice(t, good, summary, append(append([]byte(`"details": `), v...), ", "+summary...))
	}
	tests := []struct {
		name      string
		data      []byte
		path, msg string // "" path: accepted
	}{
		{"200,000 keys", hostile.ManyKeys(200_000, false), "$.k0", "unknown field"},
		{"200,000 keys in an event's details, the last a duplicate", withDetails(hostile.ManyKeys(200_000, true)), "$.log[0].details.k0", "duplicate key"},
		{"arrays nested 100,000 deep", withDetails(hostile.Nested(100_000)), "$", "exceeded max depth"},
		{"a duplicate key 5,000 objects deep", withDetails(hostile.DupAtDepth(5_000)), "$.log[0].details.a.a", "duplicate key"},
		{"a 50 MB string", hostile.Splice(t, good, `"name": "bank job"`, append([]byte(`"name": `), hostile.LongString(50<<20)...)), "$", "file larger than 24 MB"},
		{"a 20 MB string", hostile.Splice(t, good, `"name": "bank job"`, append([]byte(`"name": `), hostile.LongString(20<<20)...)), "$.name", "a string of 20971520 bytes (at most 65536)"},
		{"a 2 KB name", hostile.Splice(t, good, `"name": "bank job"`, append([]byte(`"name": `), hostile.LongString(2<<10)...)), "$.name", "a string of 2048 bytes (at most 1024)"},
		{"a 20 MB key", hostile.Splice(t, good, `"name": "bank job"`, append(hostile.LongString(20<<20), ": 1"...)), "$.xxxx", "a member name of 20971520 bytes"},
	}
	for _, tt := range tests {
		err := hostile.Cost(t, tt.name, func() error { _, err := Decode(tt.data); return err })
		hostile.Want(t, tt.name, err, tt.path, tt.msg)
	}
}
