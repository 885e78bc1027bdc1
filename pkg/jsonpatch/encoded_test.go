package jsonpatch

import (
	"bytes"
	"encoding/json"
	"testing"

	"pgregory.net/rapid"
)

// fataler is what the helpers need of a *testing.T or a *rapid.T.
type fataler interface{ Fatal(args ...any) }

// diffText is the patch Diff gives on the parsed documents, with a test
// of the old value before each replace when test is set (undo.Record's
// shape), as JSON text.
func diffText(t fataler, a, b []byte, test bool) string {
	av, err := Parse(a)
	if err != nil {
		t.Fatal(err)
	}
	bv, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	var ops []Op
	for _, op := range Diff(av, bv) {
		if test && op.Op == OpReplace {
			v, _ := Get(av, op.Path)
			ops = append(ops, Op{Op: OpTest, Path: op.Path, Value: v})
		}
		ops = append(ops, op)
	}
	text, err := json.Marshal(append([]Op{}, ops...))
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

func encodedText(t fataler, a, b []byte, test bool) string {
	ops, err := DiffEncoded(a, b, test)
	if err != nil {
		t.Fatal(err)
	}
	text, err := json.Marshal(ops)
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

func TestDiffEncoded(t *testing.T) {
	cases := []struct{ name, a, b string }{
		{"same", `{"a":1}`, `{"a":1}`},
		{"a number", `{"a":1}`, `{"a":2}`},
		{"spaced as a file", "{\n  \"a\": [\n    1,\n    {\"b\": 2}\n  ]\n}\n", "{\n  \"a\": [\n    1,\n    {\"b\": 3}\n  ],\n  \"c\": \"<x>\"\n}"},
		{"key removed and added", `{"a":1,"b":2,"c":3}`, `{"d":4,"b":2}`},
		{"escaped key", `{"a/b~":1}`, `{"a/b~":2}`},
		{"array grows", `[1]`, `[1,2,3]`},
		{"array shrinks from the end", `[1,2,3]`, `[1]`},
		{"nested", `{"c":[{"h":5,"s":"x"}]}`, `{"c":[{"h":3,"s":"x"}]}`},
		{"type change", `{"a":[1]}`, `{"a":{"x":1}}`},
		{"object to scalar", `{"a":{"x":1}}`, `{"a":null}`},
		{"whole document", `1`, `"x"`},
		{"two encodings of one string", `{"a":"\u0041","b":1}`, `{"a":"A","b":2}`},
		{"number text", `{"a":1.0}`, `{"a":1}`},
		{"a value encoding/json escapes", `{"a":"x"}`, `{"a":"<&>\u2028"}`},
		{"a repeated name", `{"a":1,"b":2,"a":3}`, `{"a":4,"b":2}`},
		{"a repeated name deeper", `{"x":{"a":1,"a":2},"y":1}`, `{"x":{"a":1},"y":2}`},
		{"invalid UTF-8", "{\"a\":\"\xff\",\"b\":1}", "{\"a\":\"\xfe\",\"b\":2}"},
		{"empty containers", `{"a":{},"b":[]}`, `{"a":[],"b":{}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, test := range []bool{false, true} {
				want := diffText(t, []byte(c.a), []byte(c.b), test)
				if got := encodedText(t, []byte(c.a), []byte(c.b), test); got != want {
					t.Fatalf("DiffEncoded(%s, %s, %v) = %s, want Diff's %s", c.a, c.b, test, got, want)
				}
			}
		})
	}
}

// A document that does not parse is refused as Parse refuses it.
func TestDiffEncodedRefuses(t *testing.T) {
	for _, c := range []struct{ a, b string }{
		{`{"a":1}`, `{"a":`},
		{`{"a":1} {}`, `{"a":2}`},
		{`{"a":1}`, `[1,]`},
		{``, `{}`},
	} {
		_, perr := Parse([]byte(c.a))
		if perr == nil {
			_, perr = Parse([]byte(c.b))
		}
		_, err := DiffEncoded([]byte(c.a), []byte(c.b), true)
		if err == nil || perr == nil || err.Error() != perr.Error() {
			t.Errorf("DiffEncoded(%q, %q) = %v, want Parse's %v", c.a, c.b, err, perr)
		}
	}
}

// DiffEncoded is Diff on the parsed documents, compact or indented.
func TestDiffEncodedProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := mustMarshal(genJSON(3).Draw(t, "a"))
		b := mustMarshal(genJSON(3).Draw(t, "b"))
		if rapid.Bool().Draw(t, "indent") {
			var ai, bi bytes.Buffer
			_ = json.Indent(&ai, a, "", "  ")
			_ = json.Indent(&bi, b, "", "  ")
			a, b = ai.Bytes(), bi.Bytes()
		}
		test := rapid.Bool().Draw(t, "test")
		if got, want := encodedText(t, a, b, test), diffText(t, a, b, test); got != want {
			t.Fatalf("DiffEncoded(%s, %s) = %s, want %s", a, b, got, want)
		}
	})
}

// FuzzDiffEncoded: on any two inputs, DiffEncoded gives the generic
// diff's patch (with and without tests) or Parse's refusal.
func FuzzDiffEncoded(f *testing.F) {
	f.Add([]byte(`{"a":1,"b":[1,{"c":"x"}]}`), []byte(`{"b":[1,{"c":"y"},3],"d":null}`))
	f.Add([]byte("{\n  \"a\": \"\\u0041\"\n}\n"), []byte(`{"a":"A","a":"B"}`))
	f.Add([]byte(`[1,2,3]`), []byte(`[1]`))
	f.Add([]byte(`{"a":"\xff"}`), []byte(`{"a":"\xfe"} x`))
	f.Add([]byte(`1`), []byte(`{`))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		_, aerr := Parse(a)
		_, berr := Parse(b)
		for _, test := range []bool{false, true} {
			ops, err := DiffEncoded(a, b, test)
			if aerr != nil || berr != nil {
				want := aerr
				if want == nil {
					want = berr
				}
				if err == nil || err.Error() != want.Error() {
					t.Fatalf("DiffEncoded(%q, %q) = %v, want Parse's %v", a, b, err, want)
				}
				return
			}
			if err != nil {
				t.Fatalf("DiffEncoded(%q, %q): %v", a, b, err)
			}
			got, err := json.Marshal(ops)
			if err != nil {
				t.Fatal(err)
			}
			if want := diffText(t, a, b, test); string(got) != want {
				t.Fatalf("DiffEncoded(%q, %q, %v) = %s, want %s", a, b, test, got, want)
			}
		}
	})
}
