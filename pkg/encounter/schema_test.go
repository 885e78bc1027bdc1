package encounter

import (
	"bytes"
	"os"
	"testing"

	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
)

// schemaPath is the encounter file's JSON Schema, generated from the types
// by `go run ./internal/cmd/gendocs` (whose test fails when it is stale).
const schemaPath = "../../docs/encounter.schema.json"

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
	must(t, e.Do(gm(), ActionRecord{Actor: "guardian", Kind: ActMove, Metres: 7}))
	passAll(t, e)
	must(t, e.EndPage(gm()))
	b, err := Encode(e)
	must(t, err)
	v, err := santhosh.UnmarshalJSON(bytes.NewReader(b))
	must(t, err)
	if err := s.Validate(v); err != nil {
		t.Fatalf("an encoded encounter fails the schema: %v", err)
	}
	// Details are typed per kind: a move's details with Go field names
	// (as older files had) fail.
	if !bytes.Contains(b, []byte(`"metres": 7`)) {
		t.Fatalf("the move's details are not snake_case")
	}
	goNames := bytes.Replace(b, []byte(`"metres": 7`), []byte(`"Metres": 7`), 1)
	v, err = santhosh.UnmarshalJSON(bytes.NewReader(goNames))
	must(t, err)
	if err := s.Validate(v); err == nil {
		t.Errorf("the schema accepts a move's details with Go field names")
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
