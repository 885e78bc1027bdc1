// Package schemagen reflects the JSON Schemas of spandex's file formats
// (the hero file and the encounter file) from their Go types, so the
// published schemas in docs/ cannot drift from the code. It is used by
// internal/cmd/gendocs, whose test fails when docs/ is out of date.
package schemagen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"sort"
	"strconv"

	"github.com/invopop/jsonschema"

	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
	"github.com/codename-spandex/spandex/pkg/mns"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Base is the URL prefix of the schemas' $id.
const Base = "https://github.com/codename-spandex/spandex/docs/"

// Generate returns docs/hero.schema.json, docs/encounter.schema.json and
// the three mns schemas (docs/mns-*.schema.json) keyed by file name. root is the module root: doc comments are read from
// the source there.
func Generate(root string) (map[string][]byte, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	if err := os.Chdir(root); err != nil {
		return nil, err
	}
	defer os.Chdir(wd)

	files := map[string][]byte{}
	h, err := reflectSchema(&hero.Hero{}, "hero.schema.json", "spandex hero file, schema version 1", false, "./pkg/hero", "./pkg/dice", "./pkg/ruling")
	if err != nil {
		return nil, err
	}
	files["hero.schema.json"] = h
	e, err := reflectSchema(&encounter.Encounter{}, "encounter.schema.json", "spandex encounter file, schema version 1", true, "./pkg/encounter", "./pkg/dice", "./pkg/ruling")
	if err != nil {
		return nil, err
	}
	files["encounter.schema.json"] = e
	// Men & Supermen (spandex mns): the encounter, combatant and charts
	// files.
	for _, m := range []struct {
		v           any
		name, title string
	}{
		{&mns.Encounter{}, "mns-encounter.schema.json", "spandex mns (Men & Supermen) encounter file, schema version 1"},
		{&mns.CombatantsFile{}, "mns-combatants.schema.json", "spandex mns (Men & Supermen) combatant file, schema version 1"},
		{&mns.Charts{}, "mns-charts.schema.json", "spandex mns (Men & Supermen) charts file: the GM's own chart values, schema version 1"},
	} {
		b, err := reflectSchema(m.v, m.name, m.title, false, "./pkg/mns", "./pkg/dice", "./pkg/ruling")
		if err != nil {
			return nil, err
		}
		files[m.name] = b
	}
	return files, nil
}

func reflectSchema(v any, id, title string, heroByRef bool, commentDirs ...string) ([]byte, error) {
	r := &jsonschema.Reflector{
		Anonymous:                  true,
		RequiredFromJSONSchemaTags: true,
		Mapper: func(t reflect.Type) *jsonschema.Schema {
			switch t {
			case reflect.TypeOf(rulebook.ArmourClass(0)):
				return &jsonschema.Schema{Type: "string", Pattern: "^[A-L]$", Description: "Armour class A-L (p. 32)"}
			case reflect.TypeOf(rulebook.StrikeClass(0)):
				return &jsonschema.Schema{Type: "integer", Minimum: json.Number("0"), Maximum: json.Number("5"), Description: "Strike class 0-5 (p. 31)"}
			case reflect.TypeOf(int(0)):
				// jsonfile's decoder enforces this range on every whole
				// number (validators narrow it further).
				return &jsonschema.Schema{Type: "integer", Minimum: json.Number(strconv.Itoa(jsonfile.IntMin)), Maximum: json.Number(strconv.Itoa(jsonfile.IntMax))}
			case reflect.TypeOf(json.RawMessage(nil)):
				return &jsonschema.Schema{Description: "the verb's full, typed record"}
			case reflect.TypeOf(hero.Hero{}):
				if heroByRef {
					// The hero file has its own schema; changes there do
					// not touch the encounter's.
					return &jsonschema.Schema{Ref: Base + "hero.schema.json",
						Description: "The combatant's hero file (schema 1), kept up to date as the fight goes"}
				}
			}
			return nil
		},
	}
	for _, dir := range commentDirs {
		if err := r.AddGoComments("github.com/codename-spandex/spandex", dir, jsonschema.WithFullComment()); err != nil {
			return nil, fmt.Errorf("reading doc comments in %s: %w", dir, err)
		}
	}
	s := r.Reflect(v)
	if _, ok := v.(*encounter.Encounter); ok {
		eventDetails(r, s)
	}
	for _, def := range s.Definitions {
		stringLimits(def, "")
	}
	stringLimits(s, "")
	s.ID = jsonschema.ID(Base + id)
	s.Title = title
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// stringLimits states jsonfile's string bounds on a schema: a string
// member's maxLength is jsonfile.StringLimit of its name (member is the
// name of the member holding sc, "" for a definition), a map's keys are
// names.
func stringLimits(sc *jsonschema.Schema, member string) {
	if sc == nil {
		return
	}
	if sc.Type == "string" && sc.Pattern == "" {
		n := uint64(jsonfile.StringLimit(member))
		if member == "" {
			n = jsonfile.MaxTextLen
		}
		sc.MaxLength = &n
	}
	stringLimits(sc.Items, member)
	if sc.AdditionalProperties != nil && sc.AdditionalProperties != jsonschema.FalseSchema && sc.AdditionalProperties != jsonschema.TrueSchema {
		n := uint64(jsonfile.MaxNameLen)
		sc.PropertyNames = &jsonschema.Schema{MaxLength: &n}
		stringLimits(sc.AdditionalProperties, member)
	}
	for _, sub := range append(append(sc.AnyOf, sc.OneOf...), sc.AllOf...) {
		stringLimits(sub, member)
	}
	if sc.Properties != nil {
		for pair := sc.Properties.Oldest(); pair != nil; pair = pair.Next() {
			stringLimits(pair.Value, pair.Key)
		}
	}
}

// eventDetails types each event kind's details: the details types join the
// schema's definitions and the Event definition gets one if/then per kind.
func eventDetails(r *jsonschema.Reflector, s *jsonschema.Schema) {
	ev := s.Definitions["Event"]
	if ev == nil {
		return
	}
	kinds := encounter.DetailsTypes()
	names := make([]string, 0, len(kinds))
	for k := range kinds {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, kind := range names {
		d := r.Reflect(kinds[kind])
		for name, def := range d.Definitions {
			s.Definitions[name] = def
		}
		details := jsonschema.NewProperties()
		details.Set("details", &jsonschema.Schema{Ref: d.Ref})
		kindProps := jsonschema.NewProperties()
		kindProps.Set("kind", &jsonschema.Schema{Const: kind})
		ev.AllOf = append(ev.AllOf, &jsonschema.Schema{
			If:   &jsonschema.Schema{Properties: kindProps, Required: []string{"kind"}},
			Then: &jsonschema.Schema{Properties: details},
		})
	}
}
