package hero

import (
	"bytes"
	"os"
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
