package jsonpatch

import (
	"encoding/json"
	"testing"

	"pgregory.net/rapid"
)

func mustParse(t *testing.T, s string) any {
	t.Helper()
	v, err := Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestDiff(t *testing.T) {
	cases := []struct {
		name, a, b, want string
	}{
		{"same", `{"a":1}`, `{"a":1}`, `[]`},
		{"number text kept", `{"a":1}`, `{"a":2}`, `[{"op":"replace","path":"/a","value":2}]`},
		{"zero is a value", `{"a":1}`, `{"a":0}`, `[{"op":"replace","path":"/a","value":0}]`},
		{"null added", `{}`, `{"a":null}`, `[{"op":"add","path":"/a","value":null}]`},
		{"key removed", `{"a":1,"b":2}`, `{"b":2}`, `[{"op":"remove","path":"/a"}]`},
		{"escaped key", `{"a/b~":1}`, `{"a/b~":2}`, `[{"op":"replace","path":"/a~1b~0","value":2}]`},
		{"array grows", `[1]`, `[1,2,3]`, `[{"op":"add","path":"/1","value":2},{"op":"add","path":"/2","value":3}]`},
		{"array shrinks from the end", `[1,2,3]`, `[1]`, `[{"op":"remove","path":"/2"},{"op":"remove","path":"/1"}]`},
		{"nested", `{"c":[{"h":5}]}`, `{"c":[{"h":3}]}`, `[{"op":"replace","path":"/c/0/h","value":3}]`},
		{"type change", `{"a":[1]}`, `{"a":{"x":1}}`, `[{"op":"replace","path":"/a","value":{"x":1}}]`},
		{"whole document", `1`, `"x"`, `[{"op":"replace","path":"","value":"x"}]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, b := mustParse(t, c.a), mustParse(t, c.b)
			ops := Diff(a, b)
			got, err := json.Marshal(ops)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Fatalf("Diff(%s, %s) = %s, want %s", c.a, c.b, got, c.want)
			}
			out, err := Apply(mustParse(t, c.a), ops)
			if err != nil {
				t.Fatal(err)
			}
			if !Equal(out, b) {
				t.Fatalf("Apply gave %v, want %s", out, c.b)
			}
		})
	}
}

func TestApplyErrors(t *testing.T) {
	cases := []struct{ doc, patch, want string }{
		{`{}`, `[{"op":"remove","path":"/a"}]`, `patch operation 0 (remove /a): no member "a" to remove`},
		{`{}`, `[{"op":"replace","path":"/a","value":1}]`, `patch operation 0 (replace /a): no member "a" to replace`},
		{`[1]`, `[{"op":"replace","path":"/3","value":1}]`, `patch operation 0 (replace /3): index 3 is past the end (1 elements)`},
		{`[1]`, `[{"op":"replace","path":"/01","value":1}]`, `patch operation 0 (replace /01): "01" is not an array index`},
		{`{"a":1}`, `[{"op":"add","path":"/a/b","value":1}]`, `patch operation 0 (add /a/b): "b": not an object or array`},
		{`{}`, `[{"op":"move","path":"/a"}]`, `patch operation 0 (move /a): unknown operation "move"`},
		{`{}`, `[{"op":"add","path":"a","value":1}]`, `patch operation 0 (add a): a path starts with /`},
	}
	for _, c := range cases {
		ops, err := ParseOps([]byte(c.patch))
		if err != nil {
			t.Fatal(err)
		}
		_, err = Apply(mustParse(t, c.doc), ops)
		if err == nil || err.Error() != c.want {
			t.Errorf("Apply(%s, %s) = %v, want %s", c.doc, c.patch, err, c.want)
		}
	}
}

func TestApplyAddInsertsAndAppends(t *testing.T) {
	ops, err := ParseOps([]byte(`[{"op":"add","path":"/0","value":0},{"op":"add","path":"/-","value":9}]`))
	if err != nil {
		t.Fatal(err)
	}
	out, err := Apply(mustParse(t, `[1,2]`), ops)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(out); string(got) != `[0,1,2,9]` {
		t.Fatalf("got %s", got)
	}
}

// genJSON draws a small generic JSON value.
func genJSON(depth int) *rapid.Generator[any] {
	leaf := rapid.OneOf(
		rapid.Just[any](nil),
		rapid.Map(rapid.Bool(), func(b bool) any { return b }),
		rapid.Map(rapid.IntRange(-3, 3), func(i int) any { return json.Number(itoa(i)) }),
		rapid.Map(rapid.SampledFrom([]string{"", "a", "~/", "x"}), func(s string) any { return s }),
	)
	if depth == 0 {
		return leaf
	}
	return rapid.OneOf(
		leaf,
		rapid.Map(rapid.SliceOfN(genJSON(depth-1), 0, 4), func(s []any) any { return s }),
		rapid.Map(rapid.SliceOfN(rapid.SampledFrom([]string{"a", "b", "c/d", "e~"}), 0, 4), func(keys []string) any {
			o := NewObject()
			for i, k := range keys {
				o.Set(k, json.Number(itoa(i)))
			}
			return o
		}),
		rapid.Map(rapid.SliceOfN(genJSON(depth-1), 0, 3), func(vals []any) any {
			o := NewObject()
			for i, v := range vals {
				o.Set([]string{"x", "y", "z"}[i], v)
			}
			return o
		}),
	)
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

// Applying Diff(a, b) to a gives b, also after a round trip of the patch
// through its JSON text.
func TestDiffApplyProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := genJSON(3).Draw(t, "a")
		b := genJSON(3).Draw(t, "b")
		text, err := json.Marshal(Diff(a, b))
		if err != nil {
			t.Fatal(err)
		}
		ops, err := ParseOps(text)
		if err != nil {
			t.Fatal(err)
		}
		ac, _ := Parse(mustMarshal(a))
		out, err := Apply(ac, ops)
		if err != nil {
			t.Fatalf("Apply: %v (patch %s)", err, text)
		}
		if !Equal(out, b) {
			t.Fatalf("Apply(a, Diff(a, b)) = %s, want %s", mustMarshal(out), mustMarshal(b))
		}
		// The patched document keeps a's member order and b's new members
		// after them; for a == b the bytes are a's.
		if Equal(a, b) && string(mustMarshal(out)) != string(mustMarshal(a)) {
			t.Fatalf("an empty patch changed the bytes")
		}
		if Equal(a, b) != (len(Diff(a, b)) == 0) {
			t.Fatalf("Equal and an empty Diff disagree")
		}
	})
}

func mustMarshal(v any) []byte { b, _ := json.Marshal(v); return b }

// Parse keeps member order and number text, so a document encodes back to
// its own bytes.
func TestParseKeepsBytes(t *testing.T) {
	for _, doc := range []string{
		`{"z":1,"a":{"y":[1.50,-0,1e3],"b":null},"m":"x<y"}`,
		`[]`, `{}`, `"s"`, `true`,
	} {
		v, err := Parse([]byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		want := doc
		if doc[len(doc)-2:] == `"}` {
			want = `{"z":1,"a":{"y":[1.50,-0,1e3],"b":null},"m":"x\u003cy"}`
		}
		if string(got) != want {
			t.Errorf("Parse(%s) encodes %s", doc, got)
		}
	}
	if _, err := Parse([]byte(`{} {}`)); err == nil {
		t.Error("two documents parsed")
	}
}
