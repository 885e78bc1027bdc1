//go:build !heroencgen

package hero

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/jsonfile"
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

// compactEncode is Encode's output with its indentation removed.
func compactEncode(t testing.TB, h *Hero) []byte {
	t.Helper()
	// encoding/json itself (Encode streams through another encoder,
	// which writes a replacement character for invalid UTF-8 as itself).
	c := *h
	if c.Schema == 0 {
		c.Schema = SchemaVersion
	}
	if c.Log == nil {
		c.Log = []Event{}
	}
	out, err := jsonfile.Encode(&c)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, out); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func sameBytes(t testing.TB, what string, got, want []byte) {
	t.Helper()
	if bytes.Equal(got, want) {
		return
	}
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			lo := max(0, i-80)
			t.Fatalf("%s: differs at byte %d:\n got %s\nwant %s", what, i, got[lo:min(len(got), i+40)], want[lo:min(len(want), i+40)])
		}
	}
	t.Fatalf("%s: lengths differ: got %d bytes, want %d", what, len(got), len(want))
}

// TestAppendJSONRandom fills every field of a hero by reflection with
// random values (odd strings, nil and empty slices and maps, nil and set
// pointers, raw JSON with spaces, invalid armour classes, structs left
// zero or nearly) and compares
// the generated encoder with encoding/json, errors included: a field
// added to the hero types without regenerating jsonenc_gen.go, or a
// changed tag, fails here.
func TestAppendJSONRandom(t *testing.T) {
	for seed := uint64(0); seed < 1500; seed++ {
		r := rand.New(rand.NewPCG(seed, 7))
		var h Hero
		// Every other hero sparse: whole structs left zero, or all but
		// a field or two (the zero-value shortcuts).
		fill(r, reflect.ValueOf(&h).Elem(), 0, seed%2 == 1)
		want, werr := stdlib(&h)
		var e jsonEnc
		got := e.encHero([]byte("prefix"), &h)
		if (werr != nil) != (e.err != nil) {
			t.Fatalf("seed %d: errors differ: encoding/json %v, generated %v", seed, werr, e.err)
		}
		if werr != nil {
			continue
		}
		sameBytes(t, "generated encoder", got[len("prefix"):], want)
		if !bytes.HasPrefix(got, []byte("prefix")) {
			t.Fatalf("seed %d: the buffer's start was overwritten", seed)
		}
		// AppendJSON is Encode's compact form (a zero schema and a nil
		// log as Encode writes them), and leaves the hero alone.
		before := h
		full, err := AppendJSON(nil, &h)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(before, h) {
			t.Fatalf("seed %d: AppendJSON changed the hero", seed)
		}
		sameBytes(t, "AppendJSON", full, compactEncode(t, &h))
	}
}

// TestAppendJSONErrors checks that a failed encoding returns b unchanged
// with an error, as encoding/json fails.
func TestAppendJSONErrors(t *testing.T) {
	for name, h := range map[string]*Hero{
		"armour class": {Combat: Combat{ArmourClass: rulebook.ArmourClass('Z')}},
		"details":      {Log: []Event{{Seq: 1, Details: json.RawMessage(`{"a":`)}}},
		"sidekick log": {Powers: []Power{{Sidekick: &Hero{Log: []Event{{Details: json.RawMessage("x")}}}}}},
	} {
		if _, err := stdlib(h); err == nil {
			t.Fatalf("%s: encoding/json did not fail", name)
		}
		got, err := AppendJSON([]byte("keep"), h)
		if err == nil || string(got) != "keep" {
			t.Fatalf("%s: got %q, %v; want \"keep\" and an error", name, got, err)
		}
	}
}

// TestAppendJSONFile compares AppendJSON with Encode on the example hero
// file, decoded.
func TestAppendJSONFile(t *testing.T) {
	data, err := os.ReadFile("testdata/valid.json")
	if err != nil {
		t.Fatal(err)
	}
	h, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	got, err := AppendJSON(nil, h)
	if err != nil {
		t.Fatal(err)
	}
	sameBytes(t, "valid.json", got, compactEncode(t, h))
	var back Hero
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
}

var oddStrings = []string{"", "plain", "quote \" and \\ backslash", "<script>&amp;</script>", "tab\tnew\nline\r\b\f\x00\x1f",
	"\u2028\u2029", "naïve café — “quotes”", "\xff\xfe invalid", "emoji 🦸", "\x7f", "mixed é\"\x01\xc3"}

// fill sets v to random values; sparse leaves most numbers, booleans,
// strings and whole structs at their zero values.
func fill(r *rand.Rand, v reflect.Value, depth int, sparse bool) {
	if depth > 4 {
		return
	}
	if sparse && r.IntN(4) != 0 && v.Kind() != reflect.Pointer && v.Kind() != reflect.Slice && v.Kind() != reflect.Map {
		return
	}
	switch v.Type() {
	case reflect.TypeOf(json.RawMessage{}):
		raws := []json.RawMessage{nil, json.RawMessage(` { "a" : [1, 2 ,"<x>"] } `), json.RawMessage(`"s"`), json.RawMessage(`{"b":`)}
		v.Set(reflect.ValueOf(raws[r.IntN(len(raws))]))
		return
	case reflect.TypeOf(rulebook.ArmourClass(0)):
		v.SetUint(uint64([]byte{0, 'A', 'F', 'L', 'A', 'B', 'Z', 'a'}[r.IntN(8)]))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(oddStrings[r.IntN(len(oddStrings))])
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		ints := []int64{0, 1, 9, 10, 99, 100, -1, -9, -10, -99, -100, 42, -1 << 40, 1 << 62, math.MinInt64, math.MaxInt64}
		v.SetInt(ints[r.IntN(len(ints))])
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		uints := []uint64{0, 1, 9, 10, 99, 100, 1 << 63, math.MaxUint64}
		v.SetUint(uints[r.IntN(len(uints))])
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 1)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fill(r, v.Field(i), depth+1, sparse)
			}
		}
	case reflect.Pointer:
		if r.IntN(2) == 0 {
			return
		}
		p := reflect.New(v.Type().Elem())
		fill(r, p.Elem(), depth+1, sparse)
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
				fill(r, s.Index(i), depth+1, sparse)
			}
			v.Set(s)
		}
	case reflect.Map:
		if r.IntN(3) == 0 {
			return
		}
		m := reflect.MakeMap(v.Type())
		for i := r.IntN(20); i > 0; i-- {
			k := reflect.New(v.Type().Key()).Elem()
			if k.Kind() == reflect.String {
				k.SetString(oddStrings[r.IntN(len(oddStrings))] + string(rune('a'+r.IntN(26))))
			} else {
				fill(r, k, depth+1, sparse)
			}
			e := reflect.New(v.Type().Elem()).Elem()
			fill(r, e, depth+1, sparse)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	}
}

// FuzzAppendString checks string escaping against encoding/json.
func FuzzAppendString(f *testing.F) {
	for _, s := range oddStrings {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := stdlib(s)
		sameBytes(t, "string", appendString(nil, s), want)
	})
}

// FuzzAppendJSON decodes arbitrary JSON into a hero (loosely, as
// encoding/json does) and compares AppendJSON with Encode.
func FuzzAppendJSON(f *testing.F) {
	if data, err := os.ReadFile("testdata/valid.json"); err == nil {
		f.Add(data)
	}
	f.Add([]byte(`{"name":"x\u2028","powers":[{"values":{"b":2,"a":1}}],"log":null}`))
	f.Add([]byte(`{"combat":{"armour_class":"C"},"log":[{"details":{"a" : [1,  2]}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var h Hero
		if json.Unmarshal(data, &h) != nil {
			return
		}
		got, err := AppendJSON(nil, &h)
		out, werr := Encode(&h)
		if (err != nil) != (werr != nil) {
			t.Fatalf("errors differ: AppendJSON %v, Encode %v", err, werr)
		}
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, out); err != nil {
			t.Fatal(err)
		}
		sameBytes(t, "fuzzed hero", got, buf.Bytes())
	})
}

func benchHero(b *testing.B) *Hero {
	data, err := os.ReadFile("testdata/valid.json")
	if err != nil {
		b.Fatal(err)
	}
	h, err := Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	return h
}

// BenchmarkAppendJSON and BenchmarkStdlibJSON compare the generated
// encoder with encoding/json on the example hero file (figures in
// internal/cli/gen/bench_test.go).
func BenchmarkAppendJSON(b *testing.B) {
	h := benchHero(b)
	var buf []byte
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf, _ = AppendJSON(buf[:0], h)
	}
	b.SetBytes(int64(len(buf)))
}

func BenchmarkStdlibJSON(b *testing.B) {
	h := benchHero(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		out, _ := stdlib(h)
		b.SetBytes(int64(len(out)))
	}
}

// TestAppendNumbers checks the small-number fast paths against strconv.
func TestAppendNumbers(t *testing.T) {
	for v := int64(-1000); v <= 1000; v++ {
		if got, want := string(appendInt(nil, v)), strconv.FormatInt(v, 10); got != want {
			t.Fatalf("appendInt(%d) = %s", v, got)
		}
		if v >= 0 {
			if got, want := string(appendUint(nil, uint64(v))), strconv.FormatUint(uint64(v), 10); got != want {
				t.Fatalf("appendUint(%d) = %s", v, got)
			}
		}
	}
	for _, v := range []int64{math.MinInt64, math.MaxInt64} {
		if got, want := string(appendInt([]byte("x"), v)), "x"+strconv.FormatInt(v, 10); got != want {
			t.Fatalf("appendInt(%d) = %s", v, got)
		}
	}
	if string(appendUint(nil, math.MaxUint64)) != strconv.FormatUint(math.MaxUint64, 10) {
		t.Fatal("appendUint(MaxUint64)")
	}
	if string(appendBool(nil, true)) != "true" || string(appendBool(nil, false)) != "false" {
		t.Fatal("appendBool")
	}
}

// TestAppendStringEveryByte puts every byte value at every position of
// strings up to 19 bytes long (the 8-byte check and its tail) and
// compares with encoding/json.
func TestAppendStringEveryByte(t *testing.T) {
	for n := 1; n < 20; n++ {
		for p := 0; p < n; p++ {
			for c := 0; c < 256; c++ {
				s := []byte(strings.Repeat("a", n))
				s[p] = byte(c)
				want, _ := stdlib(string(s))
				sameBytes(t, "string", appendString(nil, string(s)), want)
			}
		}
	}
}

// TestEncodeIsEncodingJSON: Encode, which streams within a size bound
// (EncodeMax), writes the fixture heroes byte for byte as encoding/json
// indents them; a bound one byte short refuses, giving the size.
func TestEncodeIsEncodingJSON(t *testing.T) {
	paths, err := filepath.Glob("../../testdata/heroes/*.json")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, p := range append(paths, "testdata/valid.json") {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		h, err := DecodeDraft(data)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		want, err := jsonfile.Encode(h)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Encode(h)
		if err != nil {
			t.Fatal(err)
		}
		sameBytes(t, p, got, want)
		if b, n, err := EncodeMax(h, len(want)-1); b != nil || n != len(want) || err != nil {
			t.Errorf("%s: EncodeMax one byte short: %d bytes, n %d, %v", p, len(b), n, err)
		}
	}
}
