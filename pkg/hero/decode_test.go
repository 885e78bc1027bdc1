package hero

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

func validFile(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/valid.json")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// mutate decodes the valid fixture into a generic map, applies f and
// re-encodes it.
func mutate(t *testing.T, f func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(validFile(t), &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// prepend inserts raw JSON members at the start of the valid fixture.
func prepend(t *testing.T, members string) []byte {
	t.Helper()
	b := validFile(t)
	i := strings.IndexByte(string(b), '{')
	return append([]byte(string(b[:i+1])+members), b[i+1:]...)
}

func obj(m map[string]any, path ...string) map[string]any {
	for _, p := range path {
		m = m[p].(map[string]any)
	}
	return m
}

func TestDecodeValid(t *testing.T) {
	h, err := Decode(validFile(t))
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	if h.Name != "Miss Example" || h.Combat.ArmourClass.String() != "D" || h.Abilities.Final.Agility != 17 {
		t.Errorf("decoded wrong values: %+v", h)
	}
	// Encode then decode again gives the same hero.
	b, err := Encode(h)
	if err != nil {
		t.Fatal(err)
	}
	h2, err := Decode(b)
	if err != nil {
		t.Fatalf("round trip: %v", err)
	}
	b2, _ := Encode(h2)
	if string(b) != string(b2) {
		t.Errorf("round trip changed the file:\n%s\n%s", b, b2)
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name     string
		data     []byte
		wantPath string
		wantMsg  string
	}{
		{"empty", []byte("  "), "$", "empty input"},
		{"array", []byte("[1]"), "$", "expected a JSON object"},
		{"syntax", []byte(`{"schema": }`), "$", "invalid JSON at line 1"},
		{"truncated", []byte(`{"schema": 1`), "$", "unexpected end"},
		{"trailing", append(validFile(t), []byte(`{}`)...), "$", "unexpected data after"},
		{"unknown top", mutate(t, func(m map[string]any) { m["nmae"] = "x" }), "$.nmae", "unknown field"},
		{"unknown nested", mutate(t, func(m map[string]any) { obj(m, "combat")["armor_class"] = "D" }), "$.combat.armor_class", "unknown field"},
		{"unknown in array", mutate(t, func(m map[string]any) { m["powers"].([]any)[0].(map[string]any)["rnk"] = 1 }), "$.powers[0].rnk", "unknown field"},
		{"wrong type", mutate(t, func(m map[string]any) { obj(m, "abilities", "final")["strength"] = "lots" }), "$.abilities.final.strength", "expected a whole number"},
		{"bad armour class", mutate(t, func(m map[string]any) { obj(m, "combat")["armour_class"] = "Q" }), "$.combat.armour_class", "Q"},
		{"missing armour class", mutate(t, func(m map[string]any) { delete(obj(m, "combat"), "armour_class") }), "$.combat.armour_class", "missing"},
		{"schema missing", mutate(t, func(m map[string]any) { delete(m, "schema") }), "$.schema", "missing"},
		{"schema future", mutate(t, func(m map[string]any) { m["schema"] = 4 }), "$.schema", "not supported"},
		{"name missing", mutate(t, func(m map[string]any) { m["name"] = "" }), "$.name", "missing"},
		{"mass negative", mutate(t, func(m map[string]any) { m["mass_kg"] = -5 }), "$.mass_kg", "outside 0-1000000"},
		{"mass fractional", mutate(t, func(m map[string]any) { m["mass_kg"] = 80.5 }), "$.mass_kg", "whole number"},
		{"bad kind", mutate(t, func(m map[string]any) { m["kind"] = "god" }), "$.kind", `"god"`},
		{"rank above max", mutate(t, func(m map[string]any) { m["powers"].([]any)[0].(map[string]any)["rank"] = 4 }), "$.powers[0].rank", "maximum of 3"},
		// Energy Blast's rank 2 is a choice (p. 55): a file must say which.
		{"energy blast rank 2 without its option", mutate(t, func(m map[string]any) {
			m["powers"] = append(m["powers"].([]any), map[string]any{"slug": "energy-blast", "name": "Energy Blast", "rank": 2})
		}), "$.powers[1].options", "Energy Blast rank 2 needs 1 option(s) chosen of extra-dice, immunity, energy-reflect, has 0 (p. 55)"},
		{"energy blast option unknown", mutate(t, func(m map[string]any) {
			m["powers"] = append(m["powers"].([]any), map[string]any{"slug": "energy-blast", "name": "Energy Blast", "rank": 2, "options": []any{"flight"}})
		}), "$.powers[1].options[0]", `"flight" is not an Energy Blast option`},
		{"energy blast option twice", mutate(t, func(m map[string]any) {
			m["powers"] = append(m["powers"].([]any), map[string]any{"slug": "energy-blast", "name": "Energy Blast", "rank": 3, "options": []any{"immunity", "immunity"}})
		}), "$.powers[1].options[1]", "chosen twice"},
		{"rank zero", mutate(t, func(m map[string]any) { m["powers"].([]any)[0].(map[string]any)["rank"] = 0 }), "$.powers[0].rank", "rank 1 or more"},
		{"unknown power", mutate(t, func(m map[string]any) { m["powers"].([]any)[0].(map[string]any)["slug"] = "laser-eyes" }), "$.powers[0].slug", "not a power"},
		{"strike class", mutate(t, func(m map[string]any) {
			obj(m, "combat")["attacks"].([]any)[0].(map[string]any)["strike_class"] = 6
		}), "$.combat.attacks[0].strike_class", "outside 0-5"},
		{"dice", mutate(t, func(m map[string]any) {
			obj(m, "combat")["attacks"].([]any)[0].(map[string]any)["health"] = "1d0"
		}), "$.combat.attacks[0].health", "dice"},
		{"panels", mutate(t, func(m map[string]any) { obj(m, "combat")["panels_per_page"] = 0 }), "$.combat.panels_per_page", "outside 1-12"},
		{"health above max", mutate(t, func(m map[string]any) { obj(m, "health")["current"] = 99 }), "$.health.current", "above the maximum"},
		{"stamina above max", mutate(t, func(m map[string]any) { obj(m, "stamina")["current"] = 99 }), "$.stamina.current", "above the maximum"},
		{"profile range", mutate(t, func(m map[string]any) { obj(m, "profile")["heroism"] = 6 }), "$.profile.heroism", "outside 1-5"},
		{"success rate", mutate(t, func(m map[string]any) { obj(m, "profile")["success_rate"] = 6 }), "$.profile.success_rate", "outside 0-5"},
		{"category", mutate(t, func(m map[string]any) { obj(m, "profile")["confidence"] = 40 }), "$.profile.confidence", "three times"},
		{"resources", mutate(t, func(m map[string]any) { obj(m, "resources")["financial"] = 11 }), "$.resources.financial", "outside 1-10"},
		{"hero points", mutate(t, func(m map[string]any) { obj(m, "hero_points")["current"] = 1 }), "$.hero_points.current", "outside 0-0"},
		{"pool name", mutate(t, func(m map[string]any) {
			m["pools"] = []any{map[string]any{"name": "mana", "max": 15, "current": 15}}
		}), "$.pools[0].name", "mana"},
		{"duplicate name", prepend(t, `"name":"Twice",`), "$.name", "duplicate key"},
		{"duplicate schema", prepend(t, `"schema":1,`), "$.schema", "duplicate key"},
		{"duplicate armour class", []byte(strings.Replace(string(validFile(t)), `"armour_class":"D",`, `"armour_class":"D","armour_class":"L",`, 1)), "$.combat.armour_class", "duplicate key"},
		{"invalid utf-8", prepend(t, "\"notes\":\"a\xb6\xb6\","), "$.notes", "invalid UTF-8 at byte offset 11"},
		{"damage bonus overflow", mutate(t, func(m map[string]any) { obj(m, "combat")["damage_bonus"] = json.Number("9223372036854775807") }), "$.combat.damage_bonus", "from -1000000000 to 1000000000"},
		{"strike bonus overflow", mutate(t, func(m map[string]any) { obj(m, "combat")["strike_bonus"] = json.Number("-9223372036854775808") }), "$.combat.strike_bonus", "from -1000000000 to 1000000000"},
		{"extra damage overflow", mutate(t, func(m map[string]any) {
			obj(m, "combat")["attacks"].([]any)[0].(map[string]any)["extra_damage"] = json.Number("4611686018427387904")
		}), "$.combat.attacks[0].extra_damage", "from -1000000000"},
		{"health current overflow", mutate(t, func(m map[string]any) { obj(m, "health")["current"] = json.Number("-9223372036854775808") }), "$.health.current", "from -1000000000"},
		{"seq overflow", mutate(t, func(m map[string]any) {
			m["log"] = []any{map[string]any{"seq": json.Number("9223372036854775807"), "kind": "a", "summary": ""}}
		}), "$.log[0].seq", "from -1000000000"},
		{"battered above max", mutate(t, func(m map[string]any) { obj(m, "health")["battered"] = 99 }), "$.health.battered", "outside 0-"},
		{"dazed above max", mutate(t, func(m map[string]any) { obj(m, "stamina")["dazed"] = 999 }), "$.stamina.dazed", "outside 0-"},
		{"embedded sidekick", mutate(t, func(m map[string]any) {
			var sk map[string]any
			_ = json.Unmarshal(validFile(t), &sk)
			sk["kind"] = "sidekick"
			obj(sk, "combat")["armour_class"] = ""
			m["powers"].([]any)[0].(map[string]any)["sidekick"] = sk
		}), "$.powers[0].sidekick.combat.armour_class", "missing"},
		{"embedded sidekick's sidekick", mutate(t, func(m map[string]any) {
			var sk, sk2 map[string]any
			_ = json.Unmarshal(validFile(t), &sk)
			_ = json.Unmarshal(validFile(t), &sk2)
			sk2["schema"] = 7
			sk["powers"].([]any)[0].(map[string]any)["sidekick"] = sk2
			m["powers"].([]any)[0].(map[string]any)["sidekick"] = sk
		}), "$.powers[0].sidekick.powers[0].sidekick.schema", "version 7"},
		{"log order", mutate(t, func(m map[string]any) {
			m["log"] = []any{map[string]any{"seq": 2, "kind": "a", "summary": ""}, map[string]any{"seq": 2, "kind": "a", "summary": ""}}
		}), "$.log[1].seq", "append-only"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode(tt.data)
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("Decode error = %v, want a FieldError", err)
			}
			if fe.Path != tt.wantPath || !strings.Contains(fe.Msg, tt.wantMsg) {
				t.Errorf("got %q, want path %q and message containing %q", fe.Error(), tt.wantPath, tt.wantMsg)
			}
			if strings.Contains(fe.Error(), "\n") {
				t.Errorf("error spans lines: %q", fe.Error())
			}
		})
	}
}

func TestAppendEvent(t *testing.T) {
	h := &Hero{}
	seed := uint64(7)
	if err := h.AppendEvent("attack", "hit", &seed, map[string]int{"damage": 3}); err != nil {
		t.Fatal(err)
	}
	if err := h.AppendEvent("note", "again", nil, nil); err != nil {
		t.Fatal(err)
	}
	if len(h.Log) != 2 || h.Log[0].Seq != 1 || h.Log[1].Seq != 2 {
		t.Fatalf("log = %+v", h.Log)
	}
	if string(h.Log[0].Details) != `{"damage":3}` || *h.Log[0].Seed != 7 {
		t.Errorf("event 1 = %+v", h.Log[0])
	}
}

func TestDecodeDraftSchema(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`{"name":"x"}`, "$.schema: missing (this build reads schema 3)"},
		{`{"schema":0,"name":"x"}`, "$.schema: missing (this build reads schema 3)"},
		{`{"schema":-3,"name":"x"}`, "$.schema: version -3 is not supported (this build reads schema 3)"},
		{`{"schema":4,"name":"x"}`, "$.schema: version 4 is not supported (this build reads schema 3)"},
		{`{"schema":1,"name":"x"}`, ""},
		{`{"schema":2,"name":"x"}`, ""},
	} {
		_, err := DecodeDraft([]byte(tt.in))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("DecodeDraft(%s) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMigrateRunsKnownSteps(t *testing.T) {
	m := migrations
	m[-1] = func(h *Hero) { h.Notes += "upgraded from -1;" }
	m[0] = func(h *Hero) { h.Notes += "upgraded from 0;" }
	defer delete(m, -1)
	defer delete(m, 0)
	h := &Hero{Schema: -1}
	if err := Migrate(h); err != nil || h.Schema != SchemaVersion || h.Notes != "upgraded from -1;upgraded from 0;" {
		t.Fatalf("Migrate = %v, %+v", err, h)
	}
}

// A version 2 file gives no mass (mass_kg is new in 3): it reads as a
// version 3 file whose character weighs the default (pp. 43, 61).
func TestMigrateV2Mass(t *testing.T) {
	h, err := Decode(mutate(t, func(m map[string]any) { m["schema"] = 2 }))
	if err != nil {
		t.Fatal(err)
	}
	if h.Schema != 3 || h.MassKg != 0 {
		t.Fatalf("schema %d, mass %d; want 3, 0", h.Schema, h.MassKg)
	}
	if _, err := Decode(mutate(t, func(m map[string]any) { m["schema"] = 2; m["mass_kg"] = 90 })); err != nil {
		t.Fatalf("a version 2 file with mass_kg: %v (read like a version 3 one)", err)
	}
}

func TestAppendEventRefusesAFullLog(t *testing.T) {
	h := &Hero{Log: []Event{{Seq: 1_000_000_000, Kind: "x"}}}
	if err := h.AppendEvent("note", "", nil, nil); err == nil || !strings.Contains(err.Error(), "log is full") {
		t.Fatalf("err = %v", err)
	}
}

func TestConditionState(t *testing.T) {
	tests := []struct {
		c    Condition
		want string
	}{
		{Condition{}, "ok"},
		{Condition{Dazed: true}, "dazed"},
		{Condition{Dazed: true, Stunned: true}, "stunned"},
		{Condition{Battered: true, Stunned: true}, "battered"},
		{Condition{Unconscious: true, Battered: true}, "unconscious"},
		{Condition{DeathsDoor: true, Unconscious: true}, "deaths_door"},
		{Condition{Dead: true, DeathsDoor: true}, "dead"},
		{Condition{TakenOut: true}, "taken_out"},
	}
	for _, tt := range tests {
		if got := tt.c.State(); got != tt.want {
			t.Errorf("%+v.State() = %q, want %q", tt.c, got, tt.want)
		}
	}
}

// FuzzDecode checks that no input makes the decoder panic, and that
// whatever it accepts survives an encode/decode round trip.
func FuzzDecode(f *testing.F) {
	f.Add(validFile(f))
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"schema":1,"name":"x","kind":"hero","combat":{"armour_class":"Z"}}`))
	f.Add([]byte(`{"powers":[{"slug":"armour","rank":99}]}`))
	f.Add([]byte(`{"combat":{"attacks":[{"health":"99999999d6"}]}}`))
	f.Add([]byte(`{"downtime":{"experience":{"x":-1}}}`))
	f.Add([]byte(`[`))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := Decode(data)
		if err != nil {
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("error is not a FieldError: %v", err)
			}
			return
		}
		b, err := Encode(h)
		if err != nil {
			t.Fatalf("Encode of accepted hero: %v", err)
		}
		if _, err := Decode(b); err != nil {
			t.Fatalf("re-decode of accepted hero: %v", err)
		}
	})
}
