package gen

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// stdlib encodes the project's way: compact, no HTML escaping.
func stdlib(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func sameAsStdlib(t *testing.T, h *hero.Hero) {
	t.Helper()
	want, werr := stdlib(h)
	got, gerr := AppendHeroJSON(nil, h)
	if (werr != nil) != (gerr != nil) {
		t.Fatalf("errors differ: encoding/json %v, AppendHeroJSON %v", werr, gerr)
	}
	if werr == nil && !bytes.Equal(got, want) {
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				lo := max(0, i-80)
				t.Fatalf("differs at byte %d:\n got %s\nwant %s", i, got[lo:min(len(got), i+40)], want[lo:min(len(want), i+40)])
			}
		}
		t.Fatalf("lengths differ: %d vs %d", len(got), len(want))
	}
}

// TestAppendHeroJSONGenerated compares the fast encoder with encoding/json
// on generated heroes and every supporting cast type.
func TestAppendHeroJSONGenerated(t *testing.T) {
	for s := uint64(0); s < 1500; s++ {
		h, _, err := chargen.Generate(dice.NewSeeded(s), chargen.GenOptions{Seed: &s, Derive: chargen.Options{Quiet: true}})
		if err != nil {
			t.Fatal(err)
		}
		if err := h.AppendEvent("create", "a <test> & \"event\"", &s, map[string]any{"x": []int{1, 2}, "html": "<&>"}); err != nil {
			t.Fatal(err)
		}
		sameAsStdlib(t, h)
	}
	for _, typ := range chargen.NPCTypes() {
		for s := uint64(0); s < 30; s++ {
			h, _, err := chargen.GenerateNPC(dice.NewSeeded(s), chargen.NPCOptions{Type: typ, Rank: 3, Extras: []string{"claws"}, Powers: 2})
			if err != nil {
				t.Fatal(err)
			}
			sameAsStdlib(t, h)
		}
	}
}

// TestAppendHeroJSONRandom fills every field of a hero by reflection with
// random values (odd strings, nil and empty slices and maps, pointers,
// raw JSON with spaces) and compares: a field added to the hero types but
// not to the encoder fails here, as does any escaping difference.
func TestAppendHeroJSONRandom(t *testing.T) {
	for seed := uint64(0); seed < 400; seed++ {
		r := rand.New(rand.NewPCG(seed, 7))
		var h hero.Hero
		fill(r, reflect.ValueOf(&h).Elem(), 0)
		sameAsStdlib(t, &h)
	}
}

var oddStrings = []string{"", "plain", "quote \" and \\ backslash", "<script>&amp;</script>", "tab\tnew\nline\r\b\f\x00\x1f",
	"\u2028\u2029", "naïve café — “quotes”", "\xff\xfe invalid", "emoji 🦸", "\x7f"}

func fill(r *rand.Rand, v reflect.Value, depth int) {
	if depth > 4 {
		return
	}
	switch {
	case v.Type() == reflect.TypeOf(json.RawMessage{}):
		switch r.IntN(3) {
		case 0:
			v.Set(reflect.ValueOf(json.RawMessage(nil)))
		case 1:
			v.Set(reflect.ValueOf(json.RawMessage(` { "a" : [1, 2 ,"<x>"] } `)))
		default:
			v.Set(reflect.ValueOf(json.RawMessage(`"s"`)))
		}
		return
	case v.Type() == reflect.TypeOf(rulebook.ArmourClass(0)):
		v.SetUint(uint64([]byte{0, 'A', 'F', 'L', 'A', 'B', 'Z'}[r.IntN(7)]))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(oddStrings[r.IntN(len(oddStrings))])
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(r.IntN(5)) - 2)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(r.IntN(3)))
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 1)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fill(r, v.Field(i), depth+1)
			}
		}
	case reflect.Pointer:
		if r.IntN(2) == 0 {
			return
		}
		p := reflect.New(v.Type().Elem())
		fill(r, p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		switch r.IntN(3) {
		case 0:
			return
		case 1:
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		default:
			n := 1 + r.IntN(3)
			s := reflect.MakeSlice(v.Type(), n, n)
			for i := 0; i < n; i++ {
				fill(r, s.Index(i), depth+1)
			}
			v.Set(s)
		}
	case reflect.Map:
		if r.IntN(3) == 0 {
			return
		}
		m := reflect.MakeMap(v.Type())
		for i := r.IntN(4); i > 0; i-- {
			k := reflect.New(v.Type().Key()).Elem()
			fill(r, k, depth+1)
			e := reflect.New(v.Type().Elem()).Elem()
			fill(r, e, depth+1)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	}
}

// FuzzEncodeString checks the string escaping against encoding/json.
func FuzzEncodeString(f *testing.F) {
	for _, s := range oddStrings {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := stdlib(s)
		e := &encoder{}
		e.str(s)
		if !bytes.Equal(e.b, want) {
			t.Fatalf("%q: got %s, want %s", s, e.b, want)
		}
	})
}

func benchHero(b *testing.B) *hero.Hero {
	s := uint64(42)
	h, _, err := chargen.Generate(dice.NewSeeded(s), chargen.GenOptions{Seed: &s, Derive: chargen.Options{Quiet: true}})
	if err != nil {
		b.Fatal(err)
	}
	return h
}

// BenchmarkAppendHeroJSON and BenchmarkStdlibHeroJSON compare the
// generated encoder with encoding/json on one hero.
func BenchmarkAppendHeroJSON(b *testing.B) {
	h := benchHero(b)
	var buf []byte
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf, _ = AppendHeroJSON(buf[:0], h)
	}
	b.SetBytes(int64(len(buf)))
}

func BenchmarkStdlibHeroJSON(b *testing.B) {
	h := benchHero(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		out, _ := stdlib(h)
		b.SetBytes(int64(len(out)))
	}
}
