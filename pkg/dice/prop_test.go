package dice

import (
	"math/big"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// genExpr generates valid dice expressions small enough for exact odds,
// written with random case and spacing.
func genExpr() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		var b strings.Builder
		space := func() {
			if rapid.IntRange(0, 3).Draw(t, "space") == 0 {
				b.WriteString(rapid.SampledFrom([]string{" ", "  ", "\t"}).Draw(t, "ws"))
			}
		}
		letter := func(s string) {
			if rapid.Bool().Draw(t, "upper") {
				s = strings.ToUpper(s)
			}
			b.WriteString(s)
		}
		space()
		terms := rapid.IntRange(1, 4).Draw(t, "terms")
		for i := range terms {
			switch sign := rapid.SampledFrom([]string{"+", "-", ""}).Draw(t, "sign"); {
			case i > 0 && sign == "":
				b.WriteString("+")
			default:
				b.WriteString(sign)
			}
			space()
			if rapid.IntRange(0, 3).Draw(t, "constant") == 0 {
				b.WriteString(strconv.Itoa(rapid.IntRange(0, 50).Draw(t, "value")))
				space()
				continue
			}
			n := rapid.IntRange(1, 5).Draw(t, "n")
			if n > 1 || rapid.Bool().Draw(t, "explicit n") {
				b.WriteString(strconv.Itoa(n))
			}
			letter("d")
			sides := rapid.SampledFrom([]int{1, 2, 3, 4, 6, 8, 10, 12, 20, 100, 7, 30}).Draw(t, "sides")
			if sides == 100 && rapid.Bool().Draw(t, "percent") {
				b.WriteString("%")
			} else {
				b.WriteString(strconv.Itoa(sides))
			}
			space()
			switch mode := rapid.SampledFrom([]string{"", "", "kh", "k", "kl", "dh", "dl"}).Draw(t, "mode"); mode {
			case "":
			case "dh", "dl":
				if n > 1 {
					letter(mode)
					b.WriteString(strconv.Itoa(rapid.IntRange(1, n-1).Draw(t, "drop")))
				}
			default:
				letter(mode)
				b.WriteString(strconv.Itoa(rapid.IntRange(1, n).Draw(t, "keep")))
			}
			space()
		}
		return b.String()
	})
}

func TestPropertyExpressions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		src := genExpr().Draw(t, "expr")
		e, err := Parse(src)
		if err != nil {
			t.Fatalf("Parse(%q): %v", src, err)
		}
		// The canonical form round-trips.
		again, err := Parse(e.String())
		if err != nil || again.String() != e.String() || again.Min() != e.Min() || again.Max() != e.Max() || again.NumDice() != e.NumDice() {
			t.Fatalf("%q: canonical %q parses to %v, %v", src, e, again, err)
		}
		d, err := e.Distribution()
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		if lo, hi := d.Support(); lo != e.Min() || hi != e.Max() {
			t.Fatalf("%q: support %d..%d, Min, Max %d, %d", src, lo, hi, e.Min(), e.Max())
		}
		sum := new(big.Int)
		for total := e.Min(); total <= e.Max(); total++ {
			sum.Add(sum, d.Count(total))
		}
		if sum.Cmp(d.Ways()) != 0 {
			t.Fatalf("%q: counts add up to %v, not %v", src, sum, d.Ways())
		}
		if d.Mean() < float64(e.Min()) || d.Mean() > float64(e.Max()) {
			t.Fatalf("%q: mean %v outside %d..%d", src, d.Mean(), e.Min(), e.Max())
		}

		seed := rapid.Uint64().Draw(t, "seed")
		rec := NewRecorder(NewSeeded(seed))
		total, err := e.Total(rec, "prop")
		if err != nil {
			t.Fatal(err)
		}
		if total < e.Min() || total > e.Max() || d.Prob(total) <= 0 {
			t.Fatalf("%q: rolled %d, support %d..%d, Prob %v", src, total, e.Min(), e.Max(), d.Prob(total))
		}
		if len(rec.Rolls()) != e.NumDice() {
			t.Fatalf("%q: rolled %d dice, NumDice %d", src, len(rec.Rolls()), e.NumDice())
		}
		// Roll, RollInto and Total agree for the same seed.
		res, err := e.Roll(NewSeeded(seed), "prop")
		if err != nil || res.Total != total {
			t.Fatalf("%q: Roll = %d, %v; Total = %d", src, res.Total, err, total)
		}
		into := Result{Dice: make([]Die, 3)} // stale dice must go
		if err := e.RollInto(NewSeeded(seed), "prop", &into); err != nil || into.Total != total || dieString(into.Dice) != dieString(res.Dice) {
			t.Fatalf("%q: RollInto = %+v, %v; Roll %+v", src, into, err, res)
		}
		// Result is self-consistent: kept dice and modifier add up.
		if len(res.Dice) != e.NumDice() || res.Expr != e.String() {
			t.Fatalf("%q: %d dice, expr %q", src, len(res.Dice), res.Expr)
		}
		// Replaying the recorded faces as --dice gives the same roll.
		var faces []int
		for i, r := range rec.Rolls() {
			faces = append(faces, r.Value)
			if r.Sides != res.Dice[i].Sides || r.Value != res.Dice[i].Value {
				t.Fatalf("%q: die %d recorded %+v, Result %+v", src, i, r, res.Dice[i])
			}
		}
		s := NewScripted(faces)
		replay, err := e.Total(s, "")
		if err != nil || replay != total || s.Finish() != nil {
			t.Fatalf("%q: replay = %d, %v; want %d", src, replay, err, total)
		}
	})
}

func TestPropertyRatio(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x := new(big.Int).SetBytes(rapid.SliceOfN(rapid.Byte(), 0, 200).Draw(t, "x"))
		y := new(big.Int).SetBytes(rapid.SliceOfN(rapid.Byte(), 1, 200).Draw(t, "y"))
		if y.Sign() == 0 {
			y.SetInt64(1)
		}
		if rapid.Bool().Draw(t, "tiny") {
			y.Lsh(y, uint(rapid.IntRange(900, 1200).Draw(t, "shift")))
		}
		want, _ := new(big.Rat).SetFrac(x, y).Float64()
		if got := ratio(x, y); got != want {
			t.Fatalf("ratio(%v, %v) = %v, want %v", x, y, got, want)
		}
		if got := newQuotient(y).of(x); got != want {
			t.Fatalf("quotient(%v).of(%v) = %v, want %v", y, x, got, want)
		}
	})
}

func TestPropertyParseList(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		values := rapid.SliceOfN(rapid.IntRange(1, MaxSides), 0, 50).Draw(t, "values")
		var b strings.Builder
		for i, v := range values {
			if i > 0 {
				b.WriteString(rapid.SampledFrom([]string{",", " ", ", ", " ,", "\t", " , "}).Draw(t, "sep"))
			}
			b.WriteString(strconv.Itoa(v))
		}
		got, err := ParseList(b.String())
		if err != nil || !slices.Equal(got, values) || (len(values) == 0) != (got == nil) {
			t.Fatalf("ParseList(%q) = %v, %v, want %v", b.String(), got, err, values)
		}
	})
}
