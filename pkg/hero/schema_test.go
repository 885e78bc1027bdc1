package hero

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// compileSchema loads docs/hero.schema.json, which
// `go run ./internal/cmd/gendocs` generates from this package's types.
func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open("../../docs/hero.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("hero.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("hero.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func instance(t *testing.T, b []byte) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestSchemaAgreesWithDecoder checks the published JSON Schema against the
// Go decoder: files the decoder accepts validate, and shape errors the
// decoder rejects are rejected by the schema too.
func TestSchemaAgreesWithDecoder(t *testing.T) {
	s := compileSchema(t)
	valid := validFile(t)
	h, err := Decode(valid)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(instance(t, valid)); err != nil {
		t.Errorf("valid hero fails the schema: %v", err)
	}
	// A hero re-encoded by Encode (every field written) validates too.
	enc, _ := Encode(h)
	if err := s.Validate(instance(t, enc)); err != nil {
		t.Errorf("encoded hero fails the schema: %v", err)
	}
	for name, b := range map[string][]byte{
		"unknown field": mutate(t, func(m map[string]any) { obj(m, "combat")["armor_class"] = "D" }),
		"armour class":  mutate(t, func(m map[string]any) { obj(m, "combat")["armour_class"] = "Q" }),
		"strike class":  mutate(t, func(m map[string]any) { obj(m, "combat")["attacks"].([]any)[0].(map[string]any)["strike_class"] = 9 }),
		"wrong type":    mutate(t, func(m map[string]any) { obj(m, "abilities", "final")["strength"] = "lots" }),
		"no schema":     mutate(t, func(m map[string]any) { delete(m, "schema") }),
		"future schema": mutate(t, func(m map[string]any) { m["schema"] = 3 }),
		"bad kind":      mutate(t, func(m map[string]any) { m["kind"] = "god" }),
	} {
		if _, derr := Decode(b); derr == nil {
			t.Errorf("%s: decoder accepted it", name)
		}
		if err := s.Validate(instance(t, b)); err == nil {
			t.Errorf("%s: schema accepted it", name)
		}
	}
}

// Lasting power states round-trip through the decoder, the encoder and the
// schema; an unknown state, a state without its power and two sizes at
// once are refused with their JSON path.
func TestStatesRoundTrip(t *testing.T) {
	s := compileSchema(t)
	raw, err := os.ReadFile("../../testdata/heroes/titan.json")
	if err != nil {
		t.Fatal(err)
	}
	with := func(states ...string) []byte {
		return bytes.Replace(raw, []byte(`  "log": []`), []byte(`  "states": ["`+strings.Join(states, `", "`)+`"],
  "log": []`), 1)
	}
	h, err := Decode(with("shrunk", "camouflaged"))
	if err != nil {
		t.Fatal(err)
	}
	if len(h.States) != 2 || h.States[0] != "shrunk" || h.States[1] != "camouflaged" {
		t.Fatalf("states %v", h.States)
	}
	enc, err := Encode(h)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(instance(t, enc)); err != nil {
		t.Errorf("hero with states fails the schema: %v", err)
	}
	back, err := Decode(enc)
	if err != nil || len(back.States) != 2 {
		t.Fatalf("re-decoded: %v %v", back, err)
	}
	for name, tc := range map[string]struct {
		states []string
		want   string
	}{
		"unknown":   {[]string{"huge"}, `$.states[0]: "huge" is not a lasting state`},
		"no power":  {[]string{"shrunk", "invisible"}, `$.states[1]: "invisible" needs the invisibility power`},
		"two sizes": {[]string{"grown", "shrunk"}, "$.states: grown and shrunk at once"},
		"twice":     {[]string{"phased", "phased"}, `$.states[1]: "phased" twice`},
		"densities": {[]string{"denser", "lighter"}, "$.states: denser and lighter at once"},
	} {
		_, err := Decode(with(tc.states...))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", name, err, tc.want)
		}
	}
}

// The states another's power leaves (imposed_states) round-trip through
// the decoder, the encoder and the schema; an unknown name, a name twice
// and a strength on a state that is not a binding are refused with their
// JSON path.
func TestImposedStatesRoundTrip(t *testing.T) {
	s := compileSchema(t)
	raw, err := os.ReadFile("../../testdata/heroes/titan.json")
	if err != nil {
		t.Fatal(err)
	}
	with := func(states string) []byte {
		return bytes.Replace(raw, []byte(`  "log": []`), []byte(`  "imposed_states": [`+states+`],
  "log": []`), 1)
	}
	good := `{"name": "bound", "power": "magic", "source": "Zara", "strength": 50, "escape_chance": 72, "pool": ""},
    {"name": "drained", "power": "psychic-ability", "source": "Psyche", "strength": 0, "escape_chance": 0, "pool": "psi"}`
	h, err := Decode(with(good))
	if err != nil {
		t.Fatal(err)
	}
	if len(h.ImposedStates) != 2 || h.ImposedStates[0].EscapeChance != 72 || h.ImposedStates[1].Pool != "psi" {
		t.Fatalf("imposed %+v", h.ImposedStates)
	}
	enc, err := Encode(h)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(instance(t, enc)); err != nil {
		t.Errorf("hero with imposed states fails the schema: %v", err)
	}
	if back, err := Decode(enc); err != nil || len(back.ImposedStates) != 2 || back.ImposedStates[0] != h.ImposedStates[0] {
		t.Fatalf("re-decoded: %v %v", back, err)
	}
	for name, tc := range map[string]struct{ states, want string }{
		"unknown":  {`{"name": "sleepy", "power": "", "source": "", "strength": 0, "escape_chance": 0, "pool": ""}`, `$.imposed_states[0].name: "sleepy" is not a state`},
		"twice":    {`{"name": "hypnotised", "power": "", "source": "", "strength": 0, "escape_chance": 0, "pool": ""}, {"name": "hypnotised", "power": "", "source": "", "strength": 0, "escape_chance": 0, "pool": ""}`, `$.imposed_states[1].name: "hypnotised" twice`},
		"strength": {`{"name": "hypnotised", "power": "", "source": "", "strength": 5, "escape_chance": 0, "pool": ""}`, `$.imposed_states[0]: strength and escape_chance belong to a binding`},
	} {
		_, err := Decode(with(tc.states))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", name, err, tc.want)
		}
	}
}
