package jsonfile

import (
	"encoding/json"
	"reflect"
	"testing"
)

// fastDoc has every kind the fast path handles.
type fastDoc struct {
	Name    string            `json:"name"`
	Items   []inner           `json:"items"`
	Details json.RawMessage   `json:"details,omitempty"`
	Skip    int               `json:"-"`
	Ptr     *fastDoc          `json:"ptr,omitempty"`
	Seed    *uint64           `json:"seed,omitempty"`
	Small   int8              `json:"small"`
	Ratio   float64           `json:"ratio"`
	Flag    bool              `json:"flag"`
	Grid    [][]int           `json:"grid"`
	Lists   map[string][]int  `json:"lists"`
	Grades  map[string]grade  `json:"grades"`
	Nested  map[string]*inner `json:"nested"`
}

// agreeFast is the fast path's promise on one input: when it decodes
// data, the strict path accepts data too and gives a deeply equal value.
// It reports whether the fast path took the input.
func agreeFast[T any](t *testing.T, data []byte) bool {
	t.Helper()
	var fast T
	if !DecodesFast(data, &fast) {
		return false
	}
	var strict T
	if err := DecodeStrict(data, &strict, Format{What: "thing", MaxSize: 1 << 30}); err != nil {
		t.Fatalf("fast path accepted %q, strict path refuses it: %v", data, err)
	}
	if !reflect.DeepEqual(fast, strict) {
		t.Fatalf("input %q:\nfast   %#v\nstrict %#v", data, fast, strict)
	}
	// And Decode gives that value.
	var got T
	if err := Decode(data, &got, Format{What: "thing", MaxSize: 1 << 30}); err != nil || !reflect.DeepEqual(got, strict) {
		t.Fatalf("Decode = %#v, %v", got, err)
	}
	return true
}

func TestFastPathAgrees(t *testing.T) {
	tests := []struct {
		in   string
		fast bool // the fast path takes it
	}{
		{`{}`, true},
		{` {"name":"x"} `, true},
		{`{"name":"x","items":[{"grade":"B","count":2,"tags":{"a":1}}],"details":{"anything":[1,{"goes":true}],"x":-1.5e3}}`, true},
		{`{"items":[]}`, true},
		{`{"grid":[[],[1,2],[-3]],"lists":{},"grades":{"x":"A"},"nested":{"a":{"count":1}}}`, true},
		{`{"ptr":{"ptr":{"name":"deep"}},"seed":18446744073709551615,"small":-128,"ratio":0.25,"flag":true}`, true},
		{`{"name":"tab\there \"q\" \\ \/ é ☃"}`, true},
		{`{"na\/me":"x"}`, false}, // unknown key na/me
		{`{"small":128}`, false},
		{`{"small":-0}`, true},
		{`{"seed":-1}`, false},
		{`{"seed":1.0}`, false},
		{`{"items":[{"count":1000000000},{"count":-1000000000}]}`, true},
		{`{"items":[{"count":1000000001}]}`, false},
		{`{"items":[{"count":01}]}`, false},
		{`{"items":[{"count":1.0}]}`, false},
		{`{"items":[{"count":1e2}]}`, false},
		{`{"items":[{"grade":"Z"}]}`, false},
		{`{"items":[{"grade":1}]}`, false},
		{`{"name":null}`, false},
		{`{"name":"a","name":"b"}`, false},
		{`{"lists":{"a":[],"a":[]}}`, false},
		{`{"details":{"a":1,"a":2}}`, false},
		{`{"details":{"a":{"b":1},"c":{"b":1}}}`, true},
		{`{"details":"\ud800"}`, false},
		{`{"name":"\u00e9"}`, false},
		{"{\"name\":\"a\xffb\"}", false},
		{"{\"name\":\"a\nb\"}", false},
		{`{"Name":"x"}`, false},
		{`{"Skip":1}`, false},

		{`{"name":"x"} {}`, false},
		{`{"name":"x",}`, false},
		{`{"flag":tru}`, false},
		{`{"flag":truex}`, false},
		{`{"ratio":1e400}`, false},
		{`{"ratio":-0.0e-0}`, true},
		{`{"details":[1,"two",true,false,{"x":[]}]}`, true},
		{`{"details":nul}`, false},
	}
	for _, tt := range tests {
		if got := agreeFast[fastDoc](t, []byte(tt.in)); got != tt.fast {
			t.Errorf("fast path on %s: %v, want %v", tt.in, got, tt.fast)
		}
	}
}

// FuzzDecodeFast: whatever the fast path decodes, the strict path
// decodes to the same value.
func FuzzDecodeFast(f *testing.F) {
	for _, s := range []string{`{}`, `{"name":"x","items":[{"grade":"B","count":2,"tags":{"a":1}}],"details":{"a":[1,{"b":true}]}}`,
		`{"grid":[[1]],"lists":{"a":[1]},"grades":{"x":"A"},"nested":{"a":{"count":1}},"ptr":{"seed":1},"small":1,"ratio":1.5,"flag":false}`,
		`{"name":"a\tb"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		agreeFast[fastDoc](t, data)
	})
}
