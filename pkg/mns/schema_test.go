package mns

import (
	"bytes"
	"os"
	"testing"

	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
)

func compileSchema(t *testing.T, name string) *santhosh.Schema {
	t.Helper()
	f, err := os.Open("../../docs/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := santhosh.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := santhosh.NewCompiler()
	url := "https://github.com/codename-spandex/spandex/docs/" + name
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validates(t *testing.T, s *santhosh.Schema, data []byte) error {
	t.Helper()
	v, err := santhosh.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return s.Validate(v)
}

// TestSchemas validates the synthetic charts file, a combatant file and
// an encounter mid-fight against the generated docs/mns-*.schema.json,
// and checks that each rejects an unknown field as the decoders do.
func TestSchemas(t *testing.T) {
	charts, err := os.ReadFile("../../testdata/mns/synthetic-charts.json")
	if err != nil {
		t.Fatal(err)
	}
	e := newFight(t)
	ctx, _ := scripted(synthetic(t), 3, 4)
	if _, err := e.Start(ctx, Start{Actor: "gunman", Kind: "attack", Target: "lariat", Weapon: "handgun", Distance: 17, Effect: "aim"}); err != nil {
		t.Fatal(err)
	}
	enc, _ := Encode(e)
	for _, c := range []struct {
		schema, unknownAt string
		doc               []byte
	}{
		{"mns-charts.schema.json", `"schema": 1,`, charts},
		{"mns-combatants.schema.json", `"schema":1,`, []byte(combatantsDoc)},
		{"mns-encounter.schema.json", `"schema": 1,`, enc},
	} {
		s := compileSchema(t, c.schema)
		if err := validates(t, s, c.doc); err != nil {
			t.Errorf("%s rejects a good file: %v", c.schema, err)
		}
		bad := bytes.Replace(c.doc, []byte(c.unknownAt), []byte(c.unknownAt+` "extra": 1,`), 1)
		if bytes.Equal(bad, c.doc) {
			t.Fatalf("%s: no place for the unknown field", c.schema)
		}
		if err := validates(t, s, bad); err == nil {
			t.Errorf("%s accepts an unknown field", c.schema)
		}
	}
	if _, err := DecodeCharts(bytes.Replace(charts, []byte(`"schema": 1,`), []byte(`"schema": 1, "extra": 1,`), 1)); err == nil {
		t.Error("the charts decoder accepts an unknown field")
	}
}
