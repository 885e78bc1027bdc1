package encounter

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestEncodeDecodeRoundTrip(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	must(t, e.React(Reaction{Actor: "nefario", Against: "guardian", Reaction: "parry", Panels: 1, StrikeClass: 2}))
	a, err := Encode(e)
	must(t, err)
	d, err := Decode(a)
	must(t, err)
	b, err := Encode(d)
	must(t, err)
	if !bytes.Equal(a, b) {
		t.Fatal("encode → decode → encode changed the bytes")
	}
	if !bytes.HasSuffix(a, []byte("}\n")) {
		t.Fatal("no trailing newline")
	}
}

// Every problem is reported as a *FieldError naming the field.
func TestDecodeErrors(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	good, err := Encode(e)
	must(t, err)
	edit := func(old, new string) []byte {
		t.Helper()
		if !bytes.Contains(good, []byte(old)) {
			t.Fatalf("fixture has no %q", old)
		}
		return bytes.Replace(good, []byte(old), []byte(new), 1)
	}
	cases := []struct {
		name string
		data []byte
		path string
		msg  string
	}{
		{"empty", nil, "$", "empty input"},
		{"array", []byte("[]"), "$", "expected a JSON object"},
		{"bad JSON", []byte(`{"schema":`), "$", "invalid JSON"},
		{"trailing", append(append([]byte{}, good...), []byte("{}")...), "$", "unexpected data"},
		{"unknown field", edit(`"per_page": 4,`, `"per_page": 4, "bonus": 1,`), "$.combatants[0].panels.bonus", "unknown field"},
		{"wrong type", edit(`"page": 1,`, `"page": "one",`), "$.page", "expected"},
		{"schema", edit(`"schema": 2,`, `"schema": 3,`), "$.schema", "not supported"},
		{"phase", edit(`"phase": "advance"`, `"phase": "lunch"`), "$.phase", "not one of"},
		{"page 0 outside surprise", edit(`"page": 1,`, `"page": 0,`), "$.page", "surprise round"},
		{"winner", edit(`"winner": "heroes"`, `"winner": "villains"`), "$.initiative.winner", "make \"heroes\""},
		{"advance", edit(`"advance": 3`, `"advance": 4`), "$.initiative.advance", "Initiative Table gives 3"},
		{"tied", func() []byte {
			c := clone(t, e)
			c.Initiative.Rolls = [][]int{{5, 5}}
			b, _ := Encode(c)
			return b
		}(), "$.initiative.rolls", "tied"},
		{"owed", edit(`"owed": 0,`, `"owed": -1,`), "$.combatants[0].panels.owed", "outside"},
		{"saved", edit(`"saved": 0,`, `"saved": 2,`), "$.combatants[0].panels.saved", "more than the 1"},
		{"id", edit(`"id": "goon-1"`, `"id": "goon-2"`), "$.combatants[5].id", "used twice"},
		{"bad id", edit(`"id": "goon-1"`, `"id": "Goon 1"`), "$.combatants[4].id", "lower-case"},
		{"side", edit(`"side": "villains"`, `"side": "bystanders"`), "$.combatants[3].side", "not a side"},
		{"hero", edit(`"armour_class": "F"`, `"armour_class": "Z"`), "$.combatants[3].hero.combat.armour_class", "invalid armour class"},
		{"hero rule", edit(`"panels_per_page": 4`, `"panels_per_page": 40`), "$.combatants[0].hero.combat.panels_per_page", "outside 1-12"},
		{"log", edit(`"seq": 2,`, `"seq": 1,`), "$.log[1].seq", "append-only"},
		{"options", edit(`"half_panels": "down"`, `"half_panels": "sideways"`), "$.options", "down or up"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(tc.data)
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("got %v, want a *FieldError", err)
			}
			if fe.Path != tc.path || !strings.Contains(fe.Msg, tc.msg) {
				t.Fatalf("got %s, want %s: ...%s...", fe, tc.path, tc.msg)
			}
		})
	}
}

func TestDecodeTooLarge(t *testing.T) {
	_, err := Decode(make([]byte, MaxFileSize+1))
	mustFail(t, err, "larger than")
}

// FuzzDecode: the decoder never panics, and anything it accepts encodes
// back to a file it accepts again, byte for byte stable.
func FuzzDecode(f *testing.F) {
	// Small seeds (two mundane combatants, compact JSON) keep the fuzzer's
	// minimisation of new inputs quick.
	e := mustNew(f, Setup{Sides: []string{"police", "goons"}, Entries: []Entry{
		{Side: "police", Hero: loadHeroes(f, "police.jsonl")[0]},
		{Side: "goons", Hero: loadHeroes(f, "goons.jsonl")[0]},
	}})
	b, _ := json.Marshal(e)
	f.Add(b)
	must(f, e.RollInitiative(gm(8, 3)))
	must(f, e.React(Reaction{Actor: "goon", Against: "police-officer", Reaction: "parry", Panels: 1, StrikeClass: 1}))
	b, _ = json.Marshal(e)
	f.Add(b)
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"schema":1,"page":0,"phase":"surprise","sides":[{"name":"a"},{"name":"b"}],"combatants":[],"options":{"saved_panels":1,"half_panels":"down"},"log":[]}`))
	f.Add([]byte(`{"schema":1,"initiative":{"rolls":[[],[1]],"winner":"a"}}`))
	f.Add([]byte(`[1,2`))
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := Decode(data)
		if err != nil {
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *FieldError", err)
			}
			return
		}
		a, err := Encode(e)
		if err != nil {
			t.Fatal(err)
		}
		e2, err := Decode(a)
		if err != nil {
			t.Fatalf("re-decoding: %v", err)
		}
		b, err := Encode(e2)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Fatal("not stable")
		}
		_ = e.NextTurn()
		_ = e.Status()
	})
}
