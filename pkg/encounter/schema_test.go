package encounter

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/invopop/jsonschema"
	santhosh "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// schemaPath is the encounter file's JSON Schema, kept in step with the
// types by TestSchemaIsCurrent (UPDATE_SCHEMA=1 go test -run
// TestSchemaIsCurrent ./pkg/encounter rewrites it).
const schemaPath = "../../docs/encounter.schema.json"

func encounterSchema(t *testing.T) []byte {
	t.Helper()
	r := &jsonschema.Reflector{
		Anonymous:                  true,
		RequiredFromJSONSchemaTags: true,
		Mapper: func(t reflect.Type) *jsonschema.Schema {
			switch t {
			case reflect.TypeOf(rulebook.ArmourClass(0)):
				return &jsonschema.Schema{Type: "string", Pattern: "^[A-L]$", Description: "Armour class A-L (p. 32)"}
			case reflect.TypeOf(rulebook.StrikeClass(0)):
				return &jsonschema.Schema{Type: "integer", Minimum: json.Number("0"), Maximum: json.Number("5"), Description: "Strike class 0-5 (p. 31)"}
			case reflect.TypeOf(hero.Hero{}):
				// The hero file has its own schema; changes there do not
				// touch this one.
				return &jsonschema.Schema{Ref: "https://github.com/codename-spandex/spandex/docs/hero.schema.json",
					Description: "The combatant's hero file (schema 1), kept up to date as the fight goes"}
			case reflect.TypeOf(json.RawMessage(nil)):
				return &jsonschema.Schema{Description: "the event's full, typed record"}
			}
			return nil
		},
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(wd, "..", "..")
	if err := os.Chdir(root); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	for _, dir := range []string{"./pkg/encounter", "./pkg/dice", "./pkg/ruling"} {
		if err := r.AddGoComments("github.com/codename-spandex/spandex", dir, jsonschema.WithFullComment()); err != nil {
			t.Fatal(err)
		}
	}
	s := r.Reflect(&Encounter{})
	s.ID = "https://github.com/codename-spandex/spandex/docs/encounter.schema.json"
	s.Title = "spandex encounter file, schema version 1"
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestSchemaIsCurrent(t *testing.T) {
	got := encounterSchema(t)
	if os.Getenv("UPDATE_SCHEMA") != "" {
		if err := os.WriteFile(schemaPath, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatalf("%v (UPDATE_SCHEMA=1 go test -run TestSchemaIsCurrent ./pkg/encounter writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is out of date: UPDATE_SCHEMA=1 go test -run TestSchemaIsCurrent ./pkg/encounter", schemaPath)
	}
}

// TestSchemaAcceptsEncounters validates encounter files, mid-fight, against
// docs/encounter.schema.json (with docs/hero.schema.json for the heroes),
// and checks that it rejects an unknown field as the decoder does.
func TestSchemaAcceptsEncounters(t *testing.T) {
	c := santhosh.NewCompiler()
	for url, path := range map[string]string{
		"https://github.com/codename-spandex/spandex/docs/encounter.schema.json": schemaPath,
		"https://github.com/codename-spandex/spandex/docs/hero.schema.json":      "../../docs/hero.schema.json",
	} {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := santhosh.UnmarshalJSON(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource(url, doc); err != nil {
			t.Fatal(err)
		}
	}
	s, err := c.Compile("https://github.com/codename-spandex/spandex/docs/encounter.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	e := newBank(t)
	e.Surprise = "villains"
	initiative(t, e, 8, 3)
	must(t, e.React(Reaction{Actor: "nefario", Against: "guardian", Reaction: "parry", Panels: 1, StrikeClass: 2}))
	passAll(t, e)
	must(t, e.EndPage(gm()))
	b, err := Encode(e)
	must(t, err)
	v, err := santhosh.UnmarshalJSON(bytes.NewReader(b))
	must(t, err)
	if err := s.Validate(v); err != nil {
		t.Fatalf("an encoded encounter fails the schema: %v", err)
	}
	bad := bytes.Replace(b, []byte(`"owed": 0,`), []byte(`"owed": 0, "debt": 1,`), 1)
	v, err = santhosh.UnmarshalJSON(bytes.NewReader(bad))
	must(t, err)
	if err := s.Validate(v); err == nil {
		t.Fatal("the schema accepts an unknown field")
	}
	if _, err := Decode(bad); err == nil {
		t.Fatal("the decoder accepts an unknown field")
	}
}
