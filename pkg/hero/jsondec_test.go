//go:build !heroencgen

package hero

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	jsonv2 "github.com/go-json-experiment/json"

	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// reflectiveFormat is the hero file format read by the library's
// reflective decoder alone, without the generated one.
var reflectiveFormat = func() jsonfile.Format {
	f := fileFormat
	f.Fast = nil
	return f
}()

// decodersAgree is the generated decoder's promise on one input: it
// accepts exactly what the strict reflective decoder accepts and reads
// the same hero (the same value, re-encoded to the same bytes); and a
// file it refuses is refused with the reflective decoder's message. It
// reports whether data was accepted.
func decodersAgree(t *testing.T, data []byte) bool {
	t.Helper()
	// The fast decoder alone, against the strict one and its bounds.
	var fast, strict Hero
	fastErr := jsonv2.Unmarshal(bytes.TrimSpace(data), &fast, fastOptions())
	strictErr := jsonfile.Decode(data, &strict, reflectiveFormat)
	if (fastErr == nil) != (strictErr == nil) {
		t.Fatalf("the decoders disagree on %q:\nfast:   %v\nstrict: %v", short(data), fastErr, strictErr)
	}
	if fastErr == nil && !reflect.DeepEqual(fast, strict) {
		t.Fatalf("the decoders read %q differently:\nfast:   %#v\nstrict: %#v", short(data), fast, strict)
	}
	// The file, as every verb reads it.
	var gen, refl Hero
	genErr := jsonfile.Decode(data, &gen, fileFormat)
	reflErr := jsonfile.Decode(data, &refl, reflectiveFormat)
	if (genErr == nil) != (reflErr == nil) || genErr != nil && genErr.Error() != reflErr.Error() {
		t.Fatalf("the decoders disagree on %q:\ngenerated:  %v\nreflective: %v", short(data), genErr, reflErr)
	}
	if genErr != nil {
		return false
	}
	if !reflect.DeepEqual(gen, refl) {
		t.Fatalf("the decoders read %q differently:\ngenerated:  %#v\nreflective: %#v", short(data), gen, refl)
	}
	// Read into a hero read before (a Reader's), it is the same hero.
	var r Reader
	if _, err := r.DecodeDraft(dirtyHero); err != nil {
		t.Fatal(err)
	}
	reused, err := r.DecodeDraft(data)
	fresh, freshErr := DecodeDraft(data)
	if (err == nil) != (freshErr == nil) || err == nil && !reflect.DeepEqual(reused, fresh) {
		t.Fatalf("read into a hero read before, %q is another hero:\n%#v (%v)\n%#v (%v)", short(data), reused, err, fresh, freshErr)
	}
	genJSON, genEncErr := AppendJSON(nil, &gen)
	reflJSON, reflEncErr := AppendJSON(nil, &refl)
	if !bytes.Equal(genJSON, reflJSON) || (genEncErr == nil) != (reflEncErr == nil) {
		t.Fatalf("the heroes read from %q encode differently:\n%s\n%s", short(data), genJSON, reflJSON)
	}
	return true
}

// dirtyHero is the hero a Reader reads before the input in
// decodersAgree: a generated player hero, which fills most members.
var dirtyHero = func() []byte {
	data, err := os.ReadFile("testdata/bench-line.json")
	if err != nil {
		panic(err)
	}
	return data
}()

// short is data for a message, cut to a few hundred bytes.
func short(data []byte) []byte {
	if len(data) > 300 {
		return data[:300]
	}
	return data
}

// decoderFiles are every hero file of the project: the fixtures of the
// testscripts (one hero, or a stream of them a line each) and this
// package's.
func decoderFiles(t testing.TB) [][]byte {
	t.Helper()
	names, err := filepath.Glob("../../testdata/heroes/*.json*")
	if err != nil {
		t.Fatal(err)
	}
	names = append(names, "testdata/valid.json", "testdata/bench-line.json", "testdata/bench-goon.json")
	var docs [][]byte
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Ext(name) == ".jsonl" {
			docs = append(docs, bytes.Split(bytes.TrimSpace(data), []byte("\n"))...)
			continue
		}
		docs = append(docs, data)
	}
	return docs
}

// badHeroes are refusals of every kind the decoders word, each somewhere
// the generated decoder reads itself (and a few where it hands the value
// to the library): one edit of a valid goon each.
var badHeroes = []struct{ old, new string }{
	{`"schema":3`, `"schema":3,"bogus":1`},                                         // unknown member at the top
	{`"strength":6`, `"strength":6,"Strength":1`},                                  // names match exactly
	{`"slug":"knife","name":"Knife"}`, `"slug":"knife","nam\u0065":"Knife"}`},      // an escaped name
	{`"slug":"knife","name":"Knife"}`, `"slug":"knife","x":{}}`},                   // unknown member in an array element
	{`"name":"Goon"`, `"name":"Goon","name":"Goon 2"`},                             // a duplicate name
	{`"name":"Goon"`, `"name":"Goon","n\u0061me":"Goon 2"`},                        // a duplicate name, escaped
	{`"name":"Goon"`, "\"name\":\"Goon \xff\""},                                    // invalid UTF-8
	{`"name":"Goon"`, `"name":"Goon \ud800"`},                                      // a lone surrogate
	{`"name":"Goon"`, `"name":1`},                                                  // a number for a string
	{`"name":"Goon"`, `"name":null`},                                               // null: the zero value
	{`"strength":6`, `"strength":"6"`},                                             // a string for a number
	{`"strength":6`, `"strength":6.0`},                                             // a fraction
	{`"strength":6`, `"strength":6e0`},                                             // an exponent
	{`"strength":6`, `"strength":-0`},                                              // minus zero
	{`"strength":6`, `"strength":2000000000`},                                      // over IntMax
	{`"strength":6`, `"strength":-9223372036854775808`},                            // the least int64
	{`"strength":6`, `"strength":9223372036854775808`},                             // over int64
	{`"strength":6`, `"strength":123456789012345678901234567890.5`},                // long, with a fraction
	{`"strength":6`, `"strength":null`},                                            // null: 0
	{`"strength":6`, `"strength":true`},                                            // a bool for a number
	{`"strike_class":1`, `"strike_class":99999999999}`},                            // a named int type, bad JSON after
	{`"can_dodge":true`, `"can_dodge":"true"`},                                     // a string for a bool
	{`"can_dodge":true`, `"can_dodge":null`},                                       // null: false
	{`"can_dodge":true`, `"can_dodge":1`},                                          // a number for a bool
	{`"powers":[]`, `"powers":null`},                                               // null: a nil slice
	{`"powers":[]`, `"powers":{}`},                                                 // an object for an array
	{`"powers":[]`, `"powers":[1]`},                                                // a number for an object
	{`"powers":[]`, `"powers":[null]`},                                             // null: a zero power
	{`"perks":[]`, `"perks":[{}]`},                                                 // an empty object
	{`"abilities":{`, `"abilities":[{`},                                            // an array for an object
	{`"abilities":{`, `"abilities":null,"x":{`},                                    // null: zero abilities
	{`"mundane":{`, `"mundane":null,"x":{`},                                        // null: a nil pointer
	{`"mundane":{`, `"mundane":"x","y":{`},                                         // a string for a pointer
	{`"seed":1,"method"`, `"seed":-1,"method"`},                                    // a negative uint
	{`"seed":1,"method"`, `"seed":18446744073709551616,"method"`},                  // over uint64
	{`"seed":1,"method"`, `"seed":18446744073709551615,"method"`},                  // the most uint64
	{`"seed":1,"method"`, `"seed":null,"method"`},                                  // null: nil
	{`"seed":1,"method"`, `"seed":"1","method"`},                                   // a string for a uint
	{`"armour_class":"J"`, `"armour_class":"Q"`},                                   // a type's own refusal
	{`"armour_class":"J"`, `"armour_class":7`},                                     // a number for a text type
	{`"powers":[]`, `"powers":[{"sidekick":{"schema":3,"name":"Kid","bogus":1}}]`}, // a sidekick's unknown member
	{`"powers":[]`, `"powers":[{"sidekick":[]}]`},                                  // an array for a sidekick
	{`"powers":[]`, `"powers":[{"sidekick":null}]`},                                // null sidekick
	{`"powers":[]`, `"powers":[{"sidekick":{"schema":3,"name":"Kid","name":"K"}}]`},
	{`"log":[{`, `"log":[{"details":{"a":1,"a":2},`},                                // a duplicate inside raw details
	{`"log":[{`, `"log":[{"details":null,`},                                         // raw null
	{`"log":[{`, `"log":[{"seq":1,`},                                                // a duplicate seq
	{`"dividers":{"health":0,"stamina":0}`, `"dividers":{"health":0,"stamina":0,}`}, // a trailing comma
	{`}]}`, `}]}{}`}, // data after the object
	{`}]}`, `}]}x`},  // garbage after the object
	{`}]}`, `}]`},    // cut short
	{`{"schema"`, `{ "schema"`},
	{`"schema":3,`, `"schema":3,"npc_type":"combatant",`},                             // a duplicate further on
	{`"strength":6`, `"strength":1000000000`},                                         // IntMax
	{`"strength":6`, `"strength":-1000000000`},                                        // IntMin
	{`"strength":6`, `"strength":-1000000001`},                                        // under IntMin
	{`"name":"Goon"`, `"name":"` + strings.Repeat("n", jsonfile.MaxNameLen) + `"`},    // the longest name
	{`"name":"Goon"`, `"name":"` + strings.Repeat("n", jsonfile.MaxNameLen+1) + `"`},  // a name too long
	{`"name":"Goon"`, `"name":"` + strings.Repeat("é", jsonfile.MaxNameLen/2) + `é"`}, // counted in bytes
	{`"name":"Goon"`, `"notes":"` + strings.Repeat("n", jsonfile.MaxTextLen+1) + `"`}, // notes too long
	{`"name":"Goon"`, `"notes":"` + strings.Repeat(`\\`, jsonfile.MaxTextLen) + `"`},  // unescaped, at the limit
	{`"name":"Goon"`, `"states":["` + strings.Repeat("n", jsonfile.MaxTextLen+1) + `"]`},
	{`"powers":[]`, `"powers":[{"values":{"` + strings.Repeat("k", jsonfile.MaxNameLen+1) + `":1}}]`}, // a map key too long
	{`"powers":[]`, `"powers":[{"values":{"a":1000000001}}]`},                                         // a map value out of bounds
	{`"powers":[]`, `"powers":[{"values":{"a":1,"b":2,"\u0061":3}}]`},                                 // a map key twice
	{`"powers":[]`, `"powers":[{"values":{"a":1,"b":null}}]`},
}

func goonLine(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/bench-goon.json")
	if err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSpace(data)
}

// TestGeneratedDecoderAgrees holds the generated decoder to the
// reflective one on every hero file of the project (read alike and
// re-encoded to the same bytes) and on refusals of every kind (the same
// one-line message).
func TestGeneratedDecoderAgrees(t *testing.T) {
	for _, doc := range decoderFiles(t) {
		if !decodersAgree(t, doc) {
			t.Errorf("refused: %q", short(doc))
		}
	}
	goon := goonLine(t)
	for _, b := range badHeroes {
		if !bytes.Contains(goon, []byte(b.old)) {
			t.Fatalf("the goon has no %s", b.old)
		}
		data := bytes.Replace(goon, []byte(b.old), []byte(b.new), 1)
		decodersAgree(t, data)
	}
}

// FuzzGeneratedDecoderAgrees: on any input, the generated decoder reads
// the hero the reflective one reads, or refuses it with the same
// message.
func FuzzGeneratedDecoderAgrees(f *testing.F) {
	for _, doc := range decoderFiles(f) {
		f.Add(doc)
	}
	goon := goonLine(f)
	for _, b := range badHeroes {
		f.Add(bytes.Replace(goon, []byte(b.old), []byte(b.new), 1))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		decodersAgree(t, data)
	})
}

// BenchmarkDecodeGoon decodes one goon (jsonfile.Decode: the strict
// decoding and the bounds' walk, no validation) with the generated
// decoder and with the reflective one alone, in the same run.
func BenchmarkDecodeGoon(b *testing.B) {
	goon := goonLine(b)
	for _, f := range []struct {
		name   string
		format jsonfile.Format
	}{{"generated", fileFormat}, {"reflective", reflectiveFormat}} {
		b.Run(f.name, func(b *testing.B) {
			b.SetBytes(int64(len(goon)))
			b.ReportAllocs()
			for b.Loop() {
				var h Hero
				if err := jsonfile.Decode(goon, &h, f.format); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
