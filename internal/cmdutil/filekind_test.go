package cmdutil

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/hostile"
)

// TestSniffKind: each kind of file is told by its top-level members; a
// stream is told by its first object; anything else is no kind.
func TestSniffKind(t *testing.T) {
	cases := []struct {
		data string
		want FileKind
	}{
		{`{"schema":2,"name":"A","kind":"hero","abilities":{}}`, KindHero},
		{`{"schema":2,"abilities":{}}` + "\n" + `{"schema":2,"abilities":{}}`, KindHero},
		{`{"schema":2,"page":1,"sides":[],"combatants":[]}`, KindEncounter},
		{`{"schema":1,"segment":0,"combatants":[]}`, KindMNSEncounter},
		{`{"schema":1,"combatants":[{}]}`, KindMNSCombatants},
		{`{"schema":1,"source":"x","sphere":{}}`, KindMNSCharts},
		{`{"schema":1}`, ""},
		{`[1,2]`, ""},
		{`not json`, ""},
		{``, ""},
	}
	for _, c := range cases {
		if got := SniffKind([]byte(c.data)); got != c.want {
			t.Errorf("SniffKind(%s) = %q, want %q", c.data, got, c.want)
		}
	}
	if err := wrongKind([]byte(`{"abilities":{}}`), "h.json", "fight status", KindEncounter); err == nil ||
		err.Error() != "h.json is a hero file; fight status reads an encounter file" {
		t.Errorf("wrongKind = %v", err)
	}
	if err := wrongKind([]byte(`{"abilities":{}}`), "h.json", "sheet", KindHero); err != nil {
		t.Errorf("wrongKind of the kind wanted = %v", err)
	}
}

// TestSniffKindIsCheap: sniffing a large refused file reads its
// top-level names only (decoding it whole into raw messages cost three
// copies of it: 150 MB for a 31 MB encounter of 375,000 events).
func TestSniffKindIsCheap(t *testing.T) {
	hostile.Slow(t)
	var b strings.Builder
	b.WriteString(`{"schema":2,"sides":[],"combatants":[],"log":[`)
	for i := range 300_000 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"seq":1,"kind":"note","summary":"s","details":{"a":[1,2]}}`)
	}
	b.WriteString(`],"x":` + string(hostile.LongString(40<<20)) + `}`)
	data := []byte(b.String())
	var got FileKind
	hostile.Cost(t, "a 58 MB encounter", func() error { got = SniffKind(data); return nil })
	if got != KindEncounter {
		t.Errorf("got %q", got)
	}
}
