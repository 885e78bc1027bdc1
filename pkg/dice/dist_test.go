package dice

import (
	"math"
	"math/big"
	"slices"
	"testing"
	"time"
)

func mustDist(t testing.TB, expr string) *Distribution {
	t.Helper()
	d, err := MustParse(expr).Distribution()
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return d
}

func TestDistributionKnown(t *testing.T) {
	tests := []struct {
		expr     string
		lo, hi   int
		ways     int64
		probs    map[int]float64 // exact: the float64 nearest the fraction
		mean, sd float64
	}{
		{"1d6", 1, 6, 6, map[int]float64{1: 1.0 / 6, 6: 1.0 / 6, 0: 0, 7: 0}, 3.5, math.Sqrt(35.0 / 12)},
		{"2d6", 2, 12, 36, map[int]float64{7: 6.0 / 36, 2: 1.0 / 36, 12: 1.0 / 36, 1: 0, 13: 0}, 7, math.Sqrt(35.0 / 6)},
		{"3d6", 3, 18, 216, map[int]float64{3: 1.0 / 216, 10: 27.0 / 216, 11: 27.0 / 216}, 10.5, math.Sqrt(8.75)},
		{"4d6kh3", 3, 18, 1296, map[int]float64{18: 21.0 / 1296, 3: 1.0 / 1296, 13: 172.0 / 1296}, 15869.0 / 1296, 0},
		{"4d6dl1", 3, 18, 1296, map[int]float64{18: 21.0 / 1296, 3: 1.0 / 1296}, 15869.0 / 1296, 0},
		{"4d6kl1", 1, 6, 1296, map[int]float64{1: 671.0 / 1296, 6: 1.0 / 1296}, 2275.0 / 1296, 0},
		{"2d20kh1", 1, 20, 400, map[int]float64{20: 39.0 / 400, 1: 1.0 / 400}, 13.825, 0},
		{"2d20kl1", 1, 20, 400, map[int]float64{1: 39.0 / 400, 20: 1.0 / 400}, 7.175, 0},
		{"1d6-6", -5, 0, 6, map[int]float64{-5: 1.0 / 6, 0: 1.0 / 6, 1: 0, -6: 0}, -2.5, math.Sqrt(35.0 / 12)},
		{"-1d6+10", 4, 9, 6, map[int]float64{4: 1.0 / 6, 9: 1.0 / 6}, 6.5, math.Sqrt(35.0 / 12)},
		{"2d6+1d3-1", 2, 14, 108, map[int]float64{2: 1.0 / 108, 14: 1.0 / 108, 8: 16.0 / 108}, 8, math.Sqrt(35.0/6 + 2.0/3)},
		{"d%", 1, 100, 100, map[int]float64{1: 0.01, 100: 0.01}, 50.5, math.Sqrt(9999.0 / 12)},
		{"5", 5, 5, 1, map[int]float64{5: 1, 4: 0, 6: 0}, 5, 0},
		{"-3+1", -2, -2, 1, map[int]float64{-2: 1}, -2, 0},
		{"1d1+1d1", 2, 2, 1, map[int]float64{2: 1}, 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			d := mustDist(t, tt.expr)
			if lo, hi := d.Support(); lo != tt.lo || hi != tt.hi {
				t.Errorf("Support() = %d, %d, want %d, %d", lo, hi, tt.lo, tt.hi)
			}
			if d.Ways().Cmp(big.NewInt(tt.ways)) != 0 {
				t.Errorf("Ways() = %v, want %d", d.Ways(), tt.ways)
			}
			for total, p := range tt.probs {
				if got := d.Prob(total); got != p {
					t.Errorf("Prob(%d) = %v, want %v", total, got, p)
				}
			}
			if d.Mean() != tt.mean {
				t.Errorf("Mean() = %v, want %v", d.Mean(), tt.mean)
			}
			if tt.sd != 0 && d.StdDev() != tt.sd {
				t.Errorf("StdDev() = %v, want %v", d.StdDev(), tt.sd)
			}
			checkConsistent(t, d)
		})
	}
}

// checkConsistent checks that the counts add up to Ways, that Outcomes
// lists every total of the support in order, and that the probabilities
// are the counts divided by Ways.
func checkConsistent(t *testing.T, d *Distribution) {
	t.Helper()
	lo, hi := d.Support()
	sum := new(big.Int)
	for total := lo; total <= hi; total++ {
		sum.Add(sum, d.Count(total))
	}
	if sum.Cmp(d.Ways()) != 0 {
		t.Errorf("counts add up to %v, want Ways %v", sum, d.Ways())
	}
	out := d.Outcomes()
	if len(out) != hi-lo+1 {
		t.Errorf("%d outcomes for the support %d..%d", len(out), lo, hi)
	}
	psum := 0.0
	for i, o := range out {
		if o.Total != lo+i {
			t.Fatalf("outcome %d is the total %d, want %d", i, o.Total, lo+i)
		}
		want, _ := new(big.Rat).SetFrac(d.Count(o.Total), d.Ways()).Float64()
		if o.Probability != want || d.Prob(o.Total) != want {
			t.Fatalf("probability of %d is %v, want %v", o.Total, o.Probability, want)
		}
		psum += o.Probability
	}
	if math.Abs(psum-1) > 1e-9 {
		t.Errorf("probabilities add up to %v", psum)
	}
	if d.Count(lo-1).Sign() != 0 || d.Count(hi+1).Sign() != 0 {
		t.Error("Count outside the support is not 0")
	}
}

// TestDistributionMatchesRolling enumerates every possible sequence of
// faces of small expressions, rolls each with a Scripted roller, and
// compares the tally with the exact counts: the odds and the rolling code
// must agree exactly, keep/drop tie rules included.
func TestDistributionMatchesRolling(t *testing.T) {
	for _, expr := range []string{
		"1d6", "3d4", "2d6+1d3-1", "-1d6+10", "4d6kh3", "4d6kl1", "4d6dh1", "4d6dl1",
		"3d4k2", "5d3kh2", "5d3kl4", "-3d4kh2+2d3kl1", "2d20kh1-2", "1d2+1d3+1d4+1d5",
		"4d5dl2-1d4", "1d1+2d2kh1", "6d2kh3", "3d6kl2+1d4",
	} {
		t.Run(expr, func(t *testing.T) {
			e := MustParse(expr)
			var sides []int
			for _, tm := range e.terms {
				for range tm.n {
					sides = append(sides, tm.sides)
				}
			}
			tally := map[int]int64{}
			faces := make([]int, len(sides))
			for i := range faces {
				faces[i] = 1
			}
			for {
				total, err := e.Total(NewScripted(faces), "")
				if err != nil {
					t.Fatal(err)
				}
				res, err := e.Roll(NewScripted(faces), "")
				if err != nil || res.Total != total {
					t.Fatalf("faces %v: Roll %d, %v; Total %d", faces, res.Total, err, total)
				}
				tally[total]++
				// Next sequence of faces, like an odometer.
				i := len(faces) - 1
				for i >= 0 && faces[i] == sides[i] {
					faces[i] = 1
					i--
				}
				if i < 0 {
					break
				}
				faces[i]++
			}
			d := mustDist(t, expr)
			lo, hi := d.Support()
			if lo != e.Min() || hi != e.Max() {
				t.Errorf("Support() = %d, %d, want Min, Max = %d, %d", lo, hi, e.Min(), e.Max())
			}
			for total := lo - 1; total <= hi+1; total++ {
				if got := d.Count(total); got.Cmp(big.NewInt(tally[total])) != 0 {
					t.Errorf("Count(%d) = %v, enumeration gives %d", total, got, tally[total])
				}
			}
			checkConsistent(t, d)
		})
	}
}

// naiveSum counts the totals of n dice of s sides by plain convolution.
func naiveSum(n, s int) []*big.Int {
	c := []*big.Int{big.NewInt(1)}
	for range n {
		next := make([]*big.Int, len(c)+s-1)
		for i := range next {
			next[i] = new(big.Int)
		}
		for i, x := range c {
			for f := range s {
				next[i+f].Add(next[i+f], x)
			}
		}
		c = next
	}
	return c
}

func TestDistributionLarge(t *testing.T) {
	for _, tt := range []struct{ n, s int }{{20, 6}, {100, 6}, {30, 20}, {3, 1000}, {400, 6}} {
		expr := itoaDice(tt.n, tt.s)
		d := mustDist(t, expr)
		want := naiveSum(tt.n, tt.s)
		for i, w := range want {
			if got := d.Count(tt.n + i); got.Cmp(w) != 0 {
				t.Fatalf("%s: Count(%d) = %v, want %v", expr, tt.n+i, got, w)
			}
		}
		// Exact mean n(s+1)/2 and variance n(s²-1)/12.
		mean := float64(tt.n) * float64(tt.s+1) / 2
		sd := math.Sqrt(float64(tt.n) * float64(tt.s*tt.s-1) / 12)
		if d.Mean() != mean || math.Abs(d.StdDev()-sd) > 1e-12*sd {
			t.Errorf("%s: mean %v, sd %v, want %v, %v", expr, d.Mean(), d.StdDev(), mean, sd)
		}
		checkConsistent(t, d)
	}
}

func itoaDice(n, s int) string {
	return big.NewInt(int64(n)).String() + "d" + big.NewInt(int64(s)).String()
}

// TestDistributionTiny checks probabilities far below the normal float64
// range: 400d6 has 6^400 ≈ 2^1034 outcomes, so its extreme totals have
// subnormal probabilities, and 1000d6 has some below the smallest
// float64, which round to 0 but are still listed as possible.
func TestDistributionTiny(t *testing.T) {
	d := mustDist(t, "400d6")
	six := new(big.Int).Exp(big.NewInt(6), big.NewInt(400), nil)
	want, _ := new(big.Rat).SetFrac(big.NewInt(1), six).Float64()
	if got := d.Prob(400); got != want || got == 0 || got >= 0x1p-1022 {
		t.Errorf("Prob(400) = %v, want the subnormal %v", got, want)
	}
	d = mustDist(t, "1000d6")
	if d.Prob(1000) != 0 || d.Count(1000).Cmp(big.NewInt(1)) != 0 {
		t.Errorf("1000d6: Prob(1000) = %v, Count %v", d.Prob(1000), d.Count(1000))
	}
	if out := d.Outcomes(); len(out) != 5001 || out[0].Total != 1000 {
		t.Errorf("1000d6 lists %d outcomes from %d", len(out), out[0].Total)
	}
	if d.Mean() != 3500 {
		t.Errorf("1000d6 mean %v", d.Mean())
	}
}

// TestKeepHighest compares the dynamic programme with a brute-force count
// over all n ≤ 5 dice of s ≤ 5 sides and every k.
func TestKeepHighest(t *testing.T) {
	for n := 1; n <= 5; n++ {
		for s := 1; s <= 5; s++ {
			for k := 1; k <= n; k++ {
				want := make([]int64, k*(s-1)+1)
				faces := make([]int, n)
				var rec func(i int)
				rec = func(i int) {
					if i == n {
						sorted := slices.Clone(faces)
						slices.Sort(sorted)
						sum := 0
						for _, v := range sorted[n-k:] {
							sum += v
						}
						want[sum-k]++
						return
					}
					for f := 1; f <= s; f++ {
						faces[i] = f
						rec(i + 1)
					}
				}
				rec(0)
				got := keepHighest(n, s, k)
				for i := range want {
					if got[i].Cmp(big.NewInt(want[i])) != 0 {
						t.Fatalf("keepHighest(%d, %d, %d)[%d] = %v, want %d", n, s, k, i, &got[i], want[i])
					}
				}
			}
		}
	}
}

func TestDistributionSymmetries(t *testing.T) {
	same := [][2]string{
		{"4d6dl1", "4d6kh3"},
		{"4d6dh1", "4d6kl3"},
		{"5d8dl2", "5d8k3"},
		{"1d6+1d6", "2d6"},
		{"d%", "1d100"},
	}
	for _, p := range same {
		a, b := mustDist(t, p[0]), mustDist(t, p[1])
		if !slices.Equal(a.Outcomes(), b.Outcomes()) || a.Mean() != b.Mean() || a.StdDev() != b.StdDev() {
			t.Errorf("%s and %s differ", p[0], p[1])
		}
	}
	// Negating a group mirrors its distribution.
	mirrored := [][2]string{{"4d6kh3", "-4d6kh3"}, {"3d8kl2+2", "-3d8kl2-2"}, {"2d6-1d4", "1d4-2d6"}}
	for _, p := range mirrored {
		a, b := mustDist(t, p[0]), mustDist(t, p[1])
		lo, hi := a.Support()
		for total := lo; total <= hi; total++ {
			if a.Prob(total) != b.Prob(-total) {
				t.Fatalf("%s at %d and %s at %d differ", p[0], total, p[1], -total)
			}
		}
		if a.Mean() != -b.Mean() || a.StdDev() != b.StdDev() {
			t.Errorf("%s and %s: mean %v, %v; sd %v, %v", p[0], p[1], a.Mean(), b.Mean(), a.StdDev(), b.StdDev())
		}
	}
}

func TestDistributionErrors(t *testing.T) {
	tests := []struct{ expr, want string }{
		{"2d1000000", "odds of 2d1000000: 1999999 possible totals, over the limit of 1000000"},
		{"10000d1000000", "odds of 10000d1000000: 9999990001 possible totals, over the limit of 1000000"},
		{"10000d6", "odds of 10000d6: too large to compute exactly"},
		{"3000d6+1", "odds of 3000d6+1: too large to compute exactly"},
		{"100d10000", "odds of 100d10000: too large to compute exactly"},
		{"1000d6kl999", `odds of 1000d6kl999: the group "1000d6kl999" is too large to compute exactly`},
		{"2-500d20kh300", `odds of 2-500d20kh300: the group "500d20kh300" is too large to compute exactly`},
	}
	for _, tt := range tests {
		d, err := MustParse(tt.expr).Distribution()
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: %v, %v, want error %s", tt.expr, d, err, tt.want)
		}
	}
	// The largest support is allowed.
	d := mustDist(t, "1d1000000")
	if lo, hi := d.Support(); lo != 1 || hi != MaxSupport || d.Prob(777) != 1e-6 {
		t.Errorf("1d1000000: support %d..%d, Prob(777) = %v", lo, hi, d.Prob(777))
	}
}

func TestRatio(t *testing.T) {
	pow2 := func(e uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), e) }
	tests := []struct {
		x, y *big.Int
		want float64
	}{
		{big.NewInt(1), big.NewInt(3), 1.0 / 3},
		{big.NewInt(-7), big.NewInt(2), -3.5},
		{big.NewInt(0), big.NewInt(5), 0},
		{pow2(200), new(big.Int).Mul(big.NewInt(3), pow2(200)), 1.0 / 3},
		{big.NewInt(1), pow2(1022), 0x1p-1022},                                  // smallest normal
		{big.NewInt(1), pow2(1074), 0x1p-1074},                                  // smallest subnormal
		{big.NewInt(1), pow2(1075), 0},                                          // half the smallest: to even, 0
		{big.NewInt(3), pow2(1075), 0x1p-1073},                                  // 1.5 steps: to even, 2 steps
		{big.NewInt(5), pow2(1076), 0x1p-1074},                                  // 1.25 steps: 1 step
		{big.NewInt(1), new(big.Int).Sub(pow2(1075), big.NewInt(1)), 0x1p-1074}, // just over half a step
		{new(big.Int).Sub(pow2(1022), big.NewInt(1)), new(big.Int).Lsh(pow2(1022), 1022), 0x1p-1022},
	}
	for _, tt := range tests {
		if got := ratio(tt.x, tt.y); got != tt.want {
			t.Errorf("ratio(%v, %v) = %v, want %v", tt.x, tt.y, got, tt.want)
		}
	}
}

// TestDistributionSizesCapsTheTotal: eight groups each just under the
// budget of one expression (70d100kh35, about a second and a half each)
// are refused together, at once, naming the expression that crosses the
// budget; small expressions pass.
func TestDistributionSizesCapsTheTotal(t *testing.T) {
	var exprs []*Expr
	for range 8 {
		exprs = append(exprs, MustParse("70d100kh35"))
	}
	if _, err := exprs[0].DistributionSize(); err != nil {
		t.Fatalf("one group alone: %v", err)
	}
	start := time.Now()
	_, err := DistributionSizes(exprs)
	want := "odds of 70d100kh35: with the 1 expressions before it, too large to compute exactly (give fewer or smaller expressions)"
	if err == nil || err.Error() != want {
		t.Fatalf("DistributionSizes = %v, want %s", err, want)
	}
	if d := time.Since(start); d > 100*time.Millisecond {
		t.Errorf("refusing took %v", d)
	}
	sizes, err := DistributionSizes([]*Expr{MustParse("20d6"), MustParse("3d6+2"), MustParse("4d6kh3")})
	if err != nil || len(sizes) != 3 || sizes[0] != 101 || sizes[1] != 16 || sizes[2] != 16 {
		t.Fatalf("DistributionSizes = %v, %v", sizes, err)
	}
}
