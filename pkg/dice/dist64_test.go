package dice

import (
	"math/big"
	"testing"
)

// TestWays64MatchesDistribution: the 64-bit distribution of an expression
// is the big-number one, total by total.
func TestWays64MatchesDistribution(t *testing.T) {
	for _, src := range []string{"1d6", "3d6", "2d6+6", "2d6+1d3-1", "1d6-6", "1d20", "10d6", "5"} {
		e := MustParse(src)
		d, ok := e.Ways64()
		if !ok {
			t.Fatalf("%s: no 64-bit distribution", src)
		}
		want, err := e.Distribution()
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := want.Support()
		if d.Lo != lo || d.Lo+len(d.Ways)-1 != hi {
			t.Errorf("%s: support %d..%d, want %d..%d", src, d.Lo, d.Lo+len(d.Ways)-1, lo, hi)
		}
		for i, w := range d.Ways {
			got := new(big.Rat).SetFrac(new(big.Int).SetUint64(w), new(big.Int).SetUint64(d.Den))
			exp := new(big.Rat).SetFrac(want.Count(d.Lo+i), want.Ways())
			if got.Cmp(exp) != 0 {
				t.Errorf("%s: P(%d) = %v, want %v", src, d.Lo+i, got, exp)
			}
		}
	}
	for _, src := range []string{"4d6kh3", "30d20"} {
		if _, ok := MustParse(src).Ways64(); ok {
			t.Errorf("%s: a 64-bit distribution, want none (keep/drop or too many outcomes)", src)
		}
	}
}

// TestDistHandWorked: clamping and adding small distributions worked out
// by hand.
func TestDistHandWorked(t *testing.T) {
	d3 := Dist{Lo: 1, Ways: []uint64{1, 1, 1}, Den: 3}
	// max(1d3-2, 0): -1,0,1 -> 0 (2 ways), 1 (1 way).
	c, _ := d3.Add(Const(-2))
	got := c.AtLeast(0)
	if got.Lo != 0 || len(got.Ways) != 2 || got.Ways[0] != 2 || got.Ways[1] != 1 || got.Den != 3 {
		t.Errorf("max(1d3-2, 0) = %+v", got)
	}
	// 1d3 + 1d3: 2..6 in 1,2,3,2,1 of 9.
	s, ok := d3.Add(d3)
	if !ok || s.Lo != 2 || s.Den != 9 || len(s.Ways) != 5 || s.Ways[2] != 3 || s.Ways[4] != 1 {
		t.Errorf("1d3+1d3 = %+v", s)
	}
	// -1d3: -3..-1.
	if n := d3.Neg(); n.Lo != -3 || len(n.Ways) != 3 {
		t.Errorf("-1d3 = %+v", n)
	}
	// Everything below the floor: one total.
	if f := d3.AtLeast(5); f.Lo != 5 || len(f.Ways) != 1 || f.Ways[0] != 3 {
		t.Errorf("max(1d3, 5) = %+v", f)
	}
}
