package hero

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/hostile"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// TestHostileHeroFiles: a hostile hero file is refused (or, where it is
// only big, accepted) within hostile.MaxTime of CPU and
// hostile.MaxBytes, naming the path.
func TestHostileHeroFiles(t *testing.T) {
	hostile.Slow(t)
	valid := string(validFile(t))
	if !strings.Contains(valid, `"log":[]`) {
		t.Fatal(`valid.json has no "log": []`)
	}
	// withDetails is the valid hero with one log event whose details are v.
	withDetails := func(v []byte) []byte {
		return hostile.Splice(t, valid, `"log":[]`, append(append([]byte(`"log": [{"seq": 1, "kind": "x", "summary": "x", "details": `), v...), "}]"...))
	}
	tests := []struct {
		name      string
		data      []byte
		path, msg string
	}{
		{"200,000 keys", hostile.ManyKeys(200_000, false), "$.k0", "unknown field"},
		{"200,000 keys in an event's details, the last a duplicate", withDetails(hostile.ManyKeys(200_000, true)), "$.log[0].details.k0", "duplicate key"},
		{"200,000 keys in the profile, the last a duplicate", hostile.Splice(t, valid, `"profile":{`, append(append([]byte(`"profile":`), bytes.TrimSuffix(hostile.ManyKeys(200_000, true), []byte("}"))...), `},"x":{`...)), "$.profile.k0", "unknown field"},
		{"arrays nested 100,000 deep", withDetails(hostile.Nested(100_000)), "$", "exceeded max depth"},
		{"a duplicate key 5,000 objects deep", withDetails(hostile.DupAtDepth(5_000)), "$.log[0].details.a.a", "duplicate key"},
		{"a 50 MB string", hostile.Splice(t, valid, `"log":[]`, append(append([]byte(`"notes": `), hostile.LongString(50<<20)...), `,"log":[]`...)), "$", "file larger than 16 MB"},
		{"a 15 MB string", hostile.Splice(t, valid, `"log":[]`, append(append([]byte(`"notes": `), hostile.LongString(15<<20)...), `,"log":[]`...)), "$.notes", "a string of 15728640 bytes (at most 65536)"},
		{"64 KB of notes", hostile.Splice(t, valid, `"log":[]`, append(append([]byte(`"notes": `), hostile.LongString(64<<10)...), `,"log":[]`...)), "", ""},
		{"a 2 KB name", []byte(strings.Replace(valid, `"name":"Miss Example"`, `"name":`+string(hostile.LongString(2<<10)), 1)), "$.name", "a string of 2048 bytes (at most 1024)"},
		{"a 15 MB armour class", []byte(strings.Replace(valid, `"armour_class":"D"`, `"armour_class":`+string(hostile.LongString(15<<20)), 1)), "$.combat.armour_class", "a string of 15728640 bytes (at most 65536)"},
	}
	// A log of small events: 400,000 fit in 16 MB and cost the decoder
	// and the log's checks 150 MB; more than MaxEvents are refused
	// before decoding.
	events := func(n int) []byte {
		var b strings.Builder
		b.WriteString(`"log":[`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`{"seq":` + strconv.Itoa(i+1) + `,"kind":"x","summary":""}`)
		}
		b.WriteString(`]`)
		return []byte(b.String())
	}
	tests = append(tests, []struct {
		name      string
		data      []byte
		path, msg string
	}{
		{"400,000 events", hostile.Splice(t, valid, `"log":[]`, events(400_000)), "$.log", "more than 50000 elements (at most 50000)"},
		{"50,000 events", hostile.Splice(t, valid, `"log":[]`, events(MaxEvents)), "", ""},
	}...)
	for _, tt := range tests {
		err := hostile.Cost(t, tt.name, func() error { _, err := Decode(tt.data); return err })
		hostile.Want(t, tt.name, err, tt.path, tt.msg)
	}
}

// TestFullLogRefusesAnEvent: a log of MaxEvents events takes no more (a
// file that spandex would then refuse to read), as a refusal.
func TestFullLogRefusesAnEvent(t *testing.T) {
	h := &Hero{Log: make([]Event, MaxEvents)}
	for i := range h.Log {
		h.Log[i] = Event{Seq: i + 1, Kind: "x"}
	}
	err := h.AppendEvent("x", "one more", nil, nil)
	if !refusal.Is(err) || !strings.Contains(err.Error(), "the log is full (50000 events") {
		t.Fatalf("got %v", err)
	}
	if len(h.Log) != MaxEvents {
		t.Errorf("%d events", len(h.Log))
	}
}
