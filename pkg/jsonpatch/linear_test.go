package jsonpatch

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/codename-spandex/spandex/internal/hostile"
)

// patchOf builds n operations from one template ("%d" is the step).
func patchOf(n int, op func(i int) Op) []Op {
	ops := make([]Op, n)
	for i := range ops {
		ops[i] = op(i)
	}
	return ops
}

// TestApplyIsLinear: a revert of 100,000 inserts at the front of an
// array, of removes from its front and middle, and of 100,000 member
// removals, each applies in well under a second's work (moving the
// elements made it quadratic: 40,000 inserts took 6 s, 100,000 over a
// minute).
func TestApplyIsLinear(t *testing.T) {
	hostile.Slow(t)
	const n = 100_000
	big := func() any {
		a := make([]any, n)
		for i := range a {
			a[i] = json.Number(fmt.Sprint(i))
		}
		return map[string]any{"a": a}
	}
	obj := func() any {
		o := NewObject()
		a := NewObject()
		for i := 0; i < n; i++ {
			a.Set(fmt.Sprint("k", i), true)
		}
		o.Set("a", a)
		return o
	}
	wrap := func(v any) any {
		o := NewObject()
		o.Set("a", v.(map[string]any)["a"])
		return o
	}
	cases := []struct {
		name string
		doc  func() any
		ops  []Op
		len  int
	}{
		{"inserts at the front", func() any { return wrap(map[string]any{"a": []any{}}) },
			patchOf(n, func(i int) Op { return Op{Op: OpAdd, Path: "/a/0", Value: json.Number(fmt.Sprint(i))} }), n},
		{"inserts in the middle", func() any { return wrap(big()) },
			patchOf(n, func(i int) Op { return Op{Op: OpAdd, Path: fmt.Sprint("/a/", n/2), Value: true} }), 2 * n},
		{"removes from the front", func() any { return wrap(big()) },
			patchOf(n, func(int) Op { return Op{Op: OpRemove, Path: "/a/0"} }), 0},
		{"test and replace at the front", func() any { return wrap(big()) },
			patchOf(n, func(int) Op { return Op{Op: OpReplace, Path: "/a/0", Value: false} }), n},
		{"members removed", obj,
			patchOf(n, func(i int) Op { return Op{Op: OpRemove, Path: fmt.Sprint("/a/k", i)} }), 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := c.doc()
			start := time.Now()
			out, err := Apply(doc, c.ops)
			d := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			if d > 3*time.Second {
				t.Errorf("took %v", d)
			}
			v, _ := out.(*Object).Get("a")
			got := 0
			switch a := v.(type) {
			case []any:
				got = len(a)
			case *Object:
				got = len(a.Keys())
			default:
				t.Fatalf("a is a %T", v)
			}
			if got != c.len {
				t.Errorf("%d elements, want %d", got, c.len)
			}
		})
	}
}

// TestApplyMiddleMatchesSlices: inserts and removes anywhere give what
// the plain slice operations give, through the tree and back.
func TestApplyMiddleMatchesSlices(t *testing.T) {
	var want []any
	doc := []any{}
	var ops []Op
	x := uint32(7)
	for i := 0; i < 3000; i++ {
		x = x*1664525 + 1013904223
		if len(want) > 0 && x%3 == 0 {
			k := int(x>>8) % len(want)
			want = append(want[:k:k], want[k+1:]...)
			ops = append(ops, Op{Op: OpRemove, Path: fmt.Sprint("/", k)})
			continue
		}
		k := int(x>>8) % (len(want) + 1)
		v := json.Number(fmt.Sprint(i))
		want = append(want[:k:k], append([]any{v}, want[k:]...)...)
		ops = append(ops, Op{Op: OpAdd, Path: fmt.Sprint("/", k), Value: v})
		if i%7 == 0 {
			ops = append(ops, Op{Op: OpTest, Path: fmt.Sprint("/", k), Value: v})
		}
	}
	out, err := Apply(doc, ops)
	if err != nil {
		t.Fatal(err)
	}
	if !Equal(out, want) {
		t.Fatal("the tree's array differs from the slice's")
	}
	if _, ok := out.([]any); !ok {
		t.Fatalf("Apply returned a %T", out)
	}
}

// TestApplyTest: a test that finds another value stops the patch, and
// names the path.
func TestApplyTest(t *testing.T) {
	for _, c := range []struct{ doc, patch, want string }{
		{`{"stamina":10}`, `[{"op":"test","path":"/stamina","value":35},{"op":"replace","path":"/stamina","value":40}]`,
			"patch operation 0 (test /stamina): the value is not the one the patch expects"},
		{`{"a":[1,{"b":2}]}`, `[{"op":"test","path":"/a/1","value":{"b":3}}]`,
			"patch operation 0 (test /a/1): the value is not the one the patch expects"},
		{`{}`, `[{"op":"test","path":"/x","value":1}]`, `patch operation 0 (test /x): no member "x" to test`},
		{`{"a":[1,{"b":2}]}`, `[{"op":"test","path":"/a/1","value":{"b":2}},{"op":"test","path":"","value":{"a":[1,{"b":2}]}}]`, ""},
	} {
		ops, err := ParseOps([]byte(c.patch))
		if err != nil {
			t.Fatal(err)
		}
		_, err = Apply(mustParse(t, c.doc), ops)
		if c.want == "" && err != nil || c.want != "" && (err == nil || err.Error() != c.want) {
			t.Errorf("Apply(%s, %s) = %v, want %q", c.doc, c.patch, err, c.want)
		}
	}
}

// FuzzApply: any patch on any document applies or fails with an error,
// never a panic, and what applies encodes as JSON; a patch of Diff
// gives the target back.
func FuzzApply(f *testing.F) {
	f.Add([]byte(`{"a":[1,2,3],"b":{"c":"d"}}`), []byte(`[{"op":"add","path":"/a/0","value":0},{"op":"remove","path":"/b/c"}]`))
	f.Add([]byte(`[]`), []byte(`[{"op":"add","path":"/0","value":1},{"op":"add","path":"/0","value":2},{"op":"test","path":"/1","value":1}]`))
	f.Add([]byte(`{"a~b":{"c/d":[true]}}`), []byte(`[{"op":"replace","path":"/a~0b/c~1d/0","value":null},{"op":"add","path":"/a~0b/c~1d/-","value":[]}]`))
	f.Add([]byte(`{}`), []byte(`[{"op":"add","path":"","value":[1]},{"op":"remove","path":"/0"}]`))
	f.Fuzz(func(t *testing.T, docData, patchData []byte) {
		doc, err := Parse(docData)
		if err != nil {
			return
		}
		ops, err := ParseOps(patchData)
		if err != nil {
			return
		}
		// The fuzzer's arrays are short: stretch one so that inserts
		// and removals away from the end go through the tree.
		if a, ok := doc.([]any); ok && len(a) > 0 {
			for len(a) < 3*nearEnd {
				a = append(a, a[0])
			}
			doc = a
		}
		target, _ := Parse(docData)
		out, err := Apply(doc, ops)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n") && !strings.Contains(string(patchData), "\n") {
				t.Fatalf("error on two lines: %q", err)
			}
			return
		}
		b, err := json.Marshal(out)
		if err != nil {
			t.Fatalf("the result does not encode: %v", err)
		}
		again, err := Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Apply(again, Diff(again, target))
		if err != nil || !Equal(back, target) {
			t.Fatalf("Diff does not lead back: %v", err)
		}
	})
}

// TestPatcherManyPatches: 20,000 patches of one insert each into the
// middle of a long array (an undo of 20,000 changes) convert the array
// once, not once a patch; and a test of the long array against a short
// value costs nothing.
func TestPatcherManyPatches(t *testing.T) {
	const n, k = 100_000, 20_000
	a := make([]any, n)
	for i := range a {
		a[i] = json.Number("1")
	}
	var doc any = a
	var p Patcher
	start := time.Now()
	for i := 0; i < k; i++ {
		if _, err := p.Apply(doc, []Op{{Op: OpTest, Path: "", Value: []any{true}}}); err == nil {
			t.Fatal("a long array tested equal to [true]")
		}
		var err error
		if doc, err = p.Apply(doc, []Op{{Op: OpAdd, Path: "/10", Value: json.Number("2")}}); err != nil {
			t.Fatal(err)
		}
	}
	out := p.Done(doc).([]any)
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %v", d)
	}
	if len(out) != n+k || out[10] != json.Number("2") || out[10+k] != json.Number("1") {
		t.Fatalf("%d elements", len(out))
	}
}

// TestParseIsLinear: a patch of 60,000 operations reads in well under
// a second's work (encoding/json's Decoder.Token took twice as long; hero undo
// reads a revert three times).
func TestParseIsLinear(t *testing.T) {
	hostile.Slow(t)
	var b strings.Builder
	b.WriteString("[")
	for i := range 60_000 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"op":"add","path":"/equipment/0","value":{"name":"e` + strconv.Itoa(i) + `","n":1.5}}`)
	}
	b.WriteString("]")
	data := []byte(b.String())
	var ops []Op
	err := hostile.Cost(t, "60,000 operations", func() error {
		var err error
		ops, err = ParseOps(data)
		return err
	})
	if err != nil || len(ops) != 60_000 || ops[7].Value.(*Object).m["n"] != json.Number("1.5") {
		t.Fatalf("%d operations, %v", len(ops), err)
	}
}

// TestParseHeadsAgrees: ParseHeads reads the kinds and paths ParseOps
// reads, and refuses what it refuses.
func TestParseHeadsAgrees(t *testing.T) {
	for _, p := range []string{
		`[]`,
		`[{"op":"add","path":"/a/0","value":{"x":[1,2,{"y":null}]}},{"path":"/b","op":"remove"}]`,
		`[{"op":"replace","path":"/a","value":1,"op":"test"}]`,
		`[{"op":"add","path":"/a","op":1}]`,
		`[{"op":"add"}]`,
		`[{"op":"add","path":2}]`,
		`[1]`,
		`{"op":"add"}`,
		`[{"op":"add","path":"/a","value":[1,}]`,
		`[] []`,
		`[{"op":"add","path":"/a"}`,
	} {
		ops, err := ParseOps([]byte(p))
		heads, herr := ParseHeads([]byte(p))
		if (err == nil) != (herr == nil) {
			t.Errorf("%s: ParseOps %v, ParseHeads %v", p, err, herr)
			continue
		}
		if err != nil {
			if err.Error() != herr.Error() && !strings.Contains(p, "[1,}") {
				t.Errorf("%s: ParseOps %v, ParseHeads %v", p, err, herr)
			}
			continue
		}
		if len(ops) != len(heads) {
			t.Fatalf("%s: %d operations, %d heads", p, len(ops), len(heads))
		}
		for i := range ops {
			if ops[i].Op != heads[i].Op || ops[i].Path != heads[i].Path {
				t.Errorf("%s: operation %d: %s %s, head %s %s", p, i, ops[i].Op, ops[i].Path, heads[i].Op, heads[i].Path)
			}
		}
	}
}
