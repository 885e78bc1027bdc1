package hero

import (
	"bytes"
	"strings"
	"testing"
)

// change runs one change on a hero file's bytes as the CLI does.
func change(t *testing.T, file []byte, kind string, do func(h *Hero)) []byte {
	t.Helper()
	h, err := Decode(file)
	if err != nil {
		t.Fatal(err)
	}
	before, err := Snapshot(h)
	if err != nil {
		t.Fatal(err)
	}
	n := len(h.Log)
	do(h)
	if err := h.AppendEvent(kind, kind, nil, map[string]int{"n": n}); err != nil {
		t.Fatal(err)
	}
	if err := h.RecordChange(before, n); err != nil {
		t.Fatal(err)
	}
	b, err := Encode(h)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A schema 1 file reads (migrated to 2); each change records its revert;
// undo gives the earlier hero back, and with its log cut to the earlier
// log the file is the earlier file byte for byte.
func TestUndoHero(t *testing.T) {
	h, err := Decode(validFile(t))
	if err != nil {
		t.Fatal(err)
	}
	if h.Schema != SchemaVersion {
		t.Fatalf("schema %d", h.Schema)
	}
	f0, err := Encode(h)
	if err != nil {
		t.Fatal(err)
	}
	f1 := change(t, f0, "damage", func(h *Hero) { h.Health.Current -= 5; h.Condition.Battered = true })
	f2 := change(t, f1, "profile", func(h *Hero) { h.Resources.Financial = 1; h.Notes = "broke" })

	cur, err := Decode(f2)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		to   int
		want []byte
		sum  string
	}{
		{0, f1, "undo: took back event 2 (profile)"},
		{1, f1, "undo: took back event 2 (profile)"},
	} {
		out, sum, d, err := Undo(cur, c.to)
		if err != nil {
			t.Fatal(err)
		}
		if sum != c.sum || len(d.Undone) != 1 || d.To != c.to {
			t.Fatalf("--to %d: %q %+v", c.to, sum, d)
		}
		n := len(out.Log)
		prev, _ := Decode(c.want)
		out.Log = out.Log[:len(prev.Log)]
		got, err := Encode(out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, c.want) {
			t.Fatalf("--to %d: the undone hero is not the earlier file", c.to)
		}
		if n != len(cur.Log) {
			t.Fatalf("the log lost events: %d of %d", n, len(cur.Log))
		}
	}

	// The first change in a schema 1 file's history recorded nothing; a
	// migrated file's new changes did.
	old, _ := Decode(validFile(t))
	if len(old.Log) > 0 {
		if _, _, _, err := Undo(old, 0); err == nil || !strings.Contains(err.Error(), "cannot be undone") {
			t.Fatalf("undo of a schema 1 event: %v", err)
		}
	}
}

// A version 1 file's dodge results, recorded by the book's symbol, read
// as stable words with the symbol beside; other details keep their bytes.
func TestMigrateV1DodgeWords(t *testing.T) {
	v1 := bytes.Replace(validFile(t), []byte(`"log":[]`), []byte(`"log": [
    {"seq": 1, "kind": "attack", "summary": "a", "details": {"outcome": "hit", "reaction": {"kind": "dodge", "dodge_result": "½", "roll": 4}}},
    {"seq": 2, "kind": "attack", "summary": "b", "details": {"reaction": {"kind": "dodge", "dodge_result": "+P"}}},
    {"seq": 3, "kind": "attack", "summary": "c", "details": {"reaction": {"kind": "dodge", "dodge_result": "Y"}}},
    {"seq": 4, "kind": "attack", "summary": "d", "details": {"reaction": {"kind": "dodge", "dodge_result": "-"}}},
    {"seq": 5, "kind": "profile", "summary": "e", "details": {"b": 1,  "a": "<x>"}}
  ]`), 1)
	if bytes.Equal(v1, validFile(t)) {
		t.Fatal("the test file has no empty log to fill")
	}
	h, err := Decode(v1)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`{"outcome":"hit","reaction":{"kind":"dodge","dodge_result":"half","roll":4,"dodge_symbol":"½"}}`,
		`{"reaction":{"kind":"dodge","dodge_result":"mostly","dodge_symbol":"+P"}}`,
		`{"reaction":{"kind":"dodge","dodge_result":"evade","dodge_symbol":"Y"}}`,
		`{"reaction":{"kind":"dodge","dodge_result":"fail","dodge_symbol":"-"}}`,
		`{"b": 1,  "a": "<x>"}`,
	}
	for i, w := range want {
		if got := string(h.Log[i].Details); got != w {
			t.Errorf("event %d details %s, want %s", i+1, got, w)
		}
	}
	// A version 2 file is left alone.
	v2 := bytes.Replace(v1, []byte(`"schema":1`), []byte(`"schema":2`), 1)
	h2, err := Decode(v2)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(h2.Log[0].Details); !strings.Contains(got, `"dodge_result": "½"`) {
		t.Errorf("a version 2 file was migrated: %s", got)
	}
}
