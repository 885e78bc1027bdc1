package hero

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/codename-spandex/spandex/pkg/rulebook"
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
		"future schema": mutate(t, func(m map[string]any) { m["schema"] = 4 }),
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
	raw := heroFixture(t, "titan")
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
	raw := heroFixture(t, "titan")
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

// Shapechange's specific forms (p. 70) round-trip through the decoder, the
// encoder and the schema; InPlay keeps only the form's powers at the
// form's ranks (and Shapechange), with the form's derived figures; every
// broken split is refused with its JSON path.
func TestFormsRoundTrip(t *testing.T) {
	s := compileSchema(t)
	raw := heroFixture(t, "mimic")
	h, err := Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Forms) != 2 || h.Form != "heroic" || h.Forms[1].Name != "secret-identity" || len(h.Forms[1].Powers) != 0 {
		t.Fatalf("forms %+v, form %q", h.Forms, h.Form)
	}
	enc, err := Encode(h)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(instance(t, enc)); err != nil {
		t.Errorf("hero with forms fails the schema: %v", err)
	}
	back, err := Decode(enc)
	if err != nil || !reflect.DeepEqual(back.Forms, h.Forms) || back.Form != h.Form {
		t.Fatalf("re-decoded: %v", err)
	}
	// In play: the heroic form has Toughness 2 (AC C, H/4 S/3, p. 77) and
	// Energy Blast; the secret identity only Shapechange, AC F, no dividers.
	v := h.InPlay()
	if v.PowerRank("toughness") != 2 || v.PowerRank("energy-blast") != 1 || v.Combat.ArmourClass != rulebook.ACC || v.Combat.Dividers.Health != 4 {
		t.Errorf("heroic view: %+v %+v", v.Powers, v.Combat.Dividers)
	}
	si := h.FormView("secret-identity")
	if len(si.Powers) != 1 || si.Powers[0].Slug != "shapechange" || si.Combat.ArmourClass != rulebook.ACF || si.Combat.Dividers.Health != 0 || si.FindAttack("energy-blast") != nil {
		t.Errorf("secret-identity view: %+v %+v", si.Powers, si.Combat)
	}
	if h.PowerRank("energy-blast") != 1 || len(h.Powers) != 3 {
		t.Errorf("the view changed the hero: %+v", h.Powers)
	}
	// A split rank: toughness 1 in each form is the most the hero's 2 ranks allow.
	split := bytes.Replace(raw, []byte(`"powers": [],`), []byte(`"powers": [{"slug": "toughness", "rank": 1}],`), 1)
	split = bytes.Replace(split, []byte(`{
          "slug": "toughness",
          "rank": 2
        }`), []byte(`{"slug": "toughness", "rank": 1}`), 1)
	sh, err := Decode(split)
	if err != nil {
		t.Fatalf("split ranks: %v", err)
	}
	if r := sh.FormView("secret-identity").PowerRank("toughness"); r != 1 {
		t.Errorf("split rank in the secret identity: %d", r)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	forms := func(f string, form string) []byte {
		var fs any
		if err := json.Unmarshal([]byte(f), &fs); err != nil {
			t.Fatal(err)
		}
		c := maps.Clone(m)
		c["forms"], c["form"] = fs, form
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	const none = `"abilities": {"strength": 0, "agility": 0, "will": 0, "endurance": 0}, "combat": {}`
	for name, tc := range map[string]struct{ forms, form, want string }{
		"two unpowered": {`[{"name": "a", "powers": [], ` + none + `}, {"name": "b", "powers": [], ` + none + `}]`, "a",
			`$.forms[1].powers: a second form without powers ("a" has none): at most one non-powered form (p. 70)`},
		"too many ranks": {`[{"name": "a", "powers": [{"slug": "toughness", "rank": 2}], ` + none + `}, {"name": "b", "powers": [{"slug": "toughness", "rank": 1}], ` + none + `}]`, "a",
			`$.forms[1].powers[0].rank: the forms give toughness 3 ranks between them, more than the 2 the hero has (p. 70)`},
		"a rank-1 power twice": {`[{"name": "a", "powers": [{"slug": "energy-blast", "rank": 1}], ` + none + `}, {"name": "b", "powers": [{"slug": "energy-blast", "rank": 1}], ` + none + `}]`, "a",
			`$.forms[1].powers[0].rank: the forms give energy-blast 2 ranks between them, more than the 1 the hero has`},
		"not a power": {`[{"name": "a", "powers": [{"slug": "flight", "rank": 1}], ` + none + `}]`, "a", `$.forms[0].powers[0].slug: "flight" is not one of the hero's powers`},
		"shapechange": {`[{"name": "a", "powers": [{"slug": "shapechange", "rank": 1}], ` + none + `}]`, "a", `$.forms[0].powers[0].slug: Shapechange is not split`},
		"rank 0":      {`[{"name": "a", "powers": [{"slug": "toughness", "rank": 0}], ` + none + `}]`, "a", `$.forms[0].powers[0].rank: 0: a form has a power at rank 1 or more`},
		"name twice":  {`[{"name": "a", "powers": [], ` + none + `}, {"name": "a", "powers": [{"slug": "toughness", "rank": 1}], ` + none + `}]`, "a", `$.forms[1].name: "a" twice`},
		"no name":     {`[{"name": "", "powers": [], ` + none + `}]`, "", `$.forms[0].name: missing`},
		"no form":     {`[{"name": "a", "powers": [], ` + none + `}]`, "", `$.form: missing: the form the hero is in`},
		"wrong form":  {`[{"name": "a", "powers": [], ` + none + `}]`, "b", `$.form: "b" is not one of the hero's forms`},
		"form alone":  {`[]`, "a", `$.form: "a" names no form: the hero has no forms`},
	} {
		_, err := Decode(forms(tc.forms, tc.form))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", name, err, tc.want)
		}
	}
	// Forms need Shapechange with specific forms.
	free := bytes.Replace(raw, []byte(`"slug": "specific"`), []byte(`"slug": "freeform"`), 1)
	if _, err := Decode(free); err == nil || !strings.Contains(err.Error(), "$.forms: forms belong to Shapechange with specific forms (p. 70)") {
		t.Errorf("freeform with forms: %v", err)
	}
}

// The Vehicle power's vehicle (p. 77) round-trips through the decoder,
// the encoder and the schema; off it, InPlay leaves out the powers built
// into it and their attacks; aboard, they are back.
func TestVehicleRoundTrip(t *testing.T) {
	s := compileSchema(t)
	raw := heroFixture(t, "mimic")
	h, err := Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	h.Forms, h.Form = nil, ""
	h.Powers[0] = Power{Slug: "vehicle", Name: "Vehicle", Rank: 1, MaxRank: 1, Rolled: 1}
	h.Vehicle = &Vehicle{Name: "Blastcar", Object: "Sports car", Health: 12, Current: 12, Material: "armour-plating", Travel: "land",
		Gadgets: []string{"Blaster cannon"}, Powers: []string{"energy-blast"}}
	enc, err := Encode(h)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(instance(t, enc)); err != nil {
		t.Errorf("hero with a vehicle fails the schema: %v", err)
	}
	back, err := Decode(enc)
	if err != nil || !reflect.DeepEqual(back.Vehicle, h.Vehicle) {
		t.Fatalf("re-decoded: %v", err)
	}
	off := back.InPlay()
	if off.PowerRank("energy-blast") != 0 || off.FindAttack("energy-blast") != nil || off.PowerRank("toughness") != 2 {
		t.Errorf("off the vehicle: %+v", off.Powers)
	}
	back.Vehicle.Aboard = true
	if on := back.InPlay(); on != back || on.FindAttack("energy-blast") == nil {
		t.Errorf("aboard: the built-in blaster is missing")
	}
	if back.PowerRank("energy-blast") != 1 {
		t.Errorf("the view changed the hero")
	}
}

// heroFixture reads testdata/heroes/NAME.json at the repository's root.
func heroFixture(t *testing.T, name string) []byte {
	t.Helper()
	raw, err := os.ReadFile("../../testdata/heroes/" + name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	return raw
}
