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
		{"schema future", mutate(t, func(m map[string]any) { m["schema"] = 2 }), "$.schema", "not supported"},
		{"name missing", mutate(t, func(m map[string]any) { m["name"] = "" }), "$.name", "missing"},
		{"bad kind", mutate(t, func(m map[string]any) { m["kind"] = "god" }), "$.kind", `"god"`},
		{"rank above max", mutate(t, func(m map[string]any) { m["powers"].([]any)[0].(map[string]any)["rank"] = 4 }), "$.powers[0].rank", "maximum of 3"},
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
