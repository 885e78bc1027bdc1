package dice

import (
	"math"
	"math/big"
	"math/bits"
	"slices"

	"github.com/codename-spandex/spandex/pkg/echo"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// MaxSupport is the largest number of possible totals Distribution handles.
const MaxSupport = 1_000_000

const (
	// distBudget bounds the estimated work of an exact distribution, in
	// units of roughly a nanosecond on a modest machine: a second or two.
	distBudget = 1.5e9
	// distMaxWords bounds the memory of the exact counts, in machine
	// words per buffer (two buffers are used).
	distMaxWords = 16 << 20
)

// Distribution is the exact probability distribution of an expression's
// total. It is immutable; treat its fields as read-only.
type Distribution struct {
	// Min is the smallest possible total: Probabilities[i] is the
	// probability of the total Min+i.
	Min int
	// Probabilities holds the probability of every total from Min to the
	// largest possible total, each the exact fraction rounded once to
	// float64 (so the tiniest probabilities of huge expressions round to 0).
	Probabilities []float64

	// The exact number of equally likely outcomes giving the total Min+i
	// is the little-endian number counts[i*limbs : (i+1)*limbs], out of
	// ways in all.
	counts []big.Word
	limbs  int
	ways   big.Int

	mean, stdDev float64
}

// Outcome is one possible total and its probability.
type Outcome struct {
	// Total is a possible total.
	Total int `json:"total"`
	// Probability is its probability, the exact fraction rounded once.
	Probability float64 `json:"probability"`
}

// Support returns the smallest and largest possible totals.
func (d *Distribution) Support() (lo, hi int) {
	return d.Min, d.Min + len(d.Probabilities) - 1
}

// Prob returns the probability of total, 0 for impossible totals.
func (d *Distribution) Prob(total int) float64 {
	if total < d.Min || total-d.Min >= len(d.Probabilities) {
		return 0
	}
	return d.Probabilities[total-d.Min]
}

// count returns the exact count of the total Min+i.
func (d *Distribution) count(i int) []big.Word {
	return d.counts[i*d.limbs : (i+1)*d.limbs]
}

// Count returns the exact number of equally likely outcomes that give
// total, out of Ways; 0 for impossible totals.
func (d *Distribution) Count(total int) *big.Int {
	if total < d.Min || total-d.Min >= len(d.Probabilities) {
		return new(big.Int)
	}
	return new(big.Int).SetBits(slices.Clone(d.count(total - d.Min)))
}

// Ways returns the number of equally likely outcomes of the dice (the
// product of their sides), the common denominator of all probabilities.
func (d *Distribution) Ways() *big.Int { return new(big.Int).Set(&d.ways) }

// possible reports whether the total Min+i has a non-zero count.
func (d *Distribution) possible(i int) bool {
	for _, w := range d.count(i) {
		if w != 0 {
			return true
		}
	}
	return false
}

// Outcomes returns every possible total in ascending order with its
// probability.
func (d *Distribution) Outcomes() []Outcome {
	out := make([]Outcome, 0, len(d.Probabilities))
	for i, p := range d.Probabilities {
		if d.possible(i) {
			out = append(out, Outcome{Total: d.Min + i, Probability: p})
		}
	}
	return out
}

// EachOutcome calls fn with every possible total in ascending order and
// its probability, as Outcomes lists them, without building the list; it
// stops at fn's first error.
func (d *Distribution) EachOutcome(fn func(Outcome) error) error {
	for i, p := range d.Probabilities {
		if d.possible(i) {
			if err := fn(Outcome{Total: d.Min + i, Probability: p}); err != nil {
				return err
			}
		}
	}
	return nil
}

// Mean returns the expected total, the exact value rounded once.
func (d *Distribution) Mean() float64 { return d.mean }

// StdDev returns the standard deviation of the total: the square root of
// the exact variance rounded once.
func (d *Distribution) StdDev() float64 { return d.stdDev }

// Distribution computes the exact distribution of the expression's total.
// It fails, without approximating, when there are more than MaxSupport
// possible totals or when the exact computation would exceed its time or
// memory budget.
func (e *Expr) Distribution() (*Distribution, error) {
	width, err := e.DistributionSize()
	if err != nil {
		return nil, err
	}
	d := &Distribution{Min: e.min}
	e.ways(&d.ways)
	d.limbs = max(1, len(d.ways.Bits()))
	d.counts = e.counts(width, d.limbs)
	d.finish()
	return d, nil
}

// DistributionSize returns the number of possible totals of the
// expression (the length of its Distribution) after checking, without
// computing anything large, that Distribution would not refuse it.
func (e *Expr) DistributionSize() (int, error) {
	width := e.max - e.min + 1
	if width > MaxSupport {
		return 0, refusal.Errorf("odds of %s: %d possible totals, over the limit of %d", e.src, width, MaxSupport)
	}
	if cost, culprit := e.distCost(); cost > distBudget {
		if culprit != "" {
			return 0, refusal.Errorf("odds of %s: the group %s is too large to compute exactly", e.src, culprit)
		}
		return 0, refusal.Errorf("odds of %s: too large to compute exactly", e.src)
	}
	return width, nil
}

// DistributionSizes returns the sizes of the expressions' distributions
// (DistributionSize each) after checking, without computing anything
// large, that all of them together stay within the work budget of one:
// each expression under its own limit is not enough, since eight groups
// each just under it cost eight times as much. The refusal names the
// expression that crosses the budget.
func DistributionSizes(exprs []*Expr) ([]int, error) {
	sizes := make([]int, len(exprs))
	var total float64
	for i, e := range exprs {
		n, err := e.DistributionSize()
		if err != nil {
			return nil, err
		}
		sizes[i] = n
		cost, _ := e.distCost()
		total += cost
		if total > distBudget {
			return nil, refusal.Errorf("odds of %s: with the %d expressions before it, too large to compute exactly (give fewer or smaller expressions)", e.src, i)
		}
	}
	return sizes, nil
}

// ways sets w to the number of equally likely outcomes: the product of the
// sides of all dice.
func (e *Expr) ways(w *big.Int) {
	w.SetInt64(1)
	var p big.Int
	for _, t := range e.terms {
		if t.n > 0 {
			p.Exp(p.SetInt64(int64(t.sides)), big.NewInt(int64(t.n)), nil)
			w.Mul(w, &p)
		}
	}
}

// distCost estimates the time Distribution takes, following its steps.
// culprit names a keep/drop group whose own computation is over budget.
func (e *Expr) distCost() (cost float64, culprit string) {
	const wordBits = bits.UintSize
	words := func(b float64) float64 { return math.Floor(b/wordBits) + 1 }
	const bigOp = 40 // overhead of one math/big operation
	var allBits float64
	for _, t := range e.terms {
		if t.n > 0 {
			allBits += float64(t.n) * math.Log2(float64(t.sides))
		}
	}
	lw := words(allBits)
	width := float64(e.max - e.min + 1)
	if width*lw > distMaxWords {
		return math.Inf(1), ""
	}

	// Keep/drop groups by dynamic programming, combined by convolution.
	gWidth, gBits := 1.0, 0.0
	for _, t := range e.terms {
		if t.n == 0 || t.keep == t.n || t.sides == 1 {
			continue
		}
		n, s, k := float64(t.n), float64(t.sides), float64(t.keep)
		tBits := n * math.Log2(s)
		w := words(tBits)
		// Active states per face value (sums of m < k kept dice), each
		// with k-m transitions; plus powers and binomials per value.
		var states float64
		for m := 0.0; m < k; m++ {
			states += (m*(s-1) + 1) * (k - m)
		}
		g := s*states*(w+bigOp/3) + s*k*k*(w*w/8+bigOp)
		if g > distBudget {
			return g, echo.Quote(t.groupString())
		}
		tWidth := k*(s-1) + 1
		gBits += tBits
		cost += g + gWidth*tWidth*(2*words(gBits)+bigOp)
		gWidth += tWidth - 1
	}

	// Plain dice, one sliding-window step each: about two additions of
	// the words in use per total.
	cur, curBits := gWidth, gBits
	for _, t := range e.terms {
		if t.n == 0 || t.keep != t.n {
			continue
		}
		n, s := float64(t.n), float64(t.sides)
		w0 := words(curBits)
		curBits += n * math.Log2(s)
		w1 := words(curBits)
		cost += n * (cur + n*(s-1)/2 + s) * (2*(w0+w1)/2 + 4)
		cur += n * (s - 1)
	}

	// Probabilities and moments of every total.
	if lw == 1 && wordBits == 64 {
		cost += width * 10
	} else {
		cost += width * (12*bigOp + 10*lw)
	}
	return cost, ""
}

// groupString is the canonical form of the group t without its sign.
func (t term) groupString() string {
	t.neg = false
	e := Expr{terms: []term{t}}
	return e.canonical()
}

// counts computes the counts of every total, limbs words each. Keep/drop
// groups come first, each by dynamic programming (keepHighest) combined by
// full convolution in math/big; then every plain die, one at a time, by a
// sliding window over fixed-size little-endian numbers. Each group is
// placed as an offset from its own smallest total, so the counts start at
// the total e.min.
func (e *Expr) counts(width, limbs int) []big.Word {
	g := make([]big.Int, 1)
	g[0].SetInt64(1)
	var sofar big.Int // outcomes of the dice so far
	sofar.SetInt64(1)
	for _, t := range e.terms {
		if t.n == 0 || t.keep == t.n {
			continue
		}
		h := keepHighest(t.n, t.sides, t.keep)
		// Keeping the lowest is keeping the highest of the faces turned
		// upside down (f -> sides+1-f), which reverses the counts; so
		// does subtracting the group.
		if t.high == t.neg {
			slices.Reverse(h)
		}
		g = convolve(g, h)
		var p big.Int
		sofar.Mul(&sofar, p.Exp(big.NewInt(int64(t.sides)), big.NewInt(int64(t.n)), nil))
	}

	a := make([]big.Word, width*limbs)
	b := make([]big.Word, width*limbs)
	for i := range g {
		copy(a[i*limbs:], g[i].Bits())
	}
	n := len(g)
	var sides big.Int
	for _, t := range e.terms {
		if t.keep != t.n {
			continue
		}
		sides.SetInt64(int64(t.sides))
		for range t.n {
			sofar.Mul(&sofar, &sides)
			slide(b, a, n, t.sides, limbs, len(sofar.Bits()))
			n += t.sides - 1
			a, b = b, a
		}
	}
	return a
}

// slide sets dst to the convolution of the n counts in src with one die of
// s sides: dst[j] = src[j-s+1] + ... + src[j], computed as the sliding
// window dst[j] = dst[j-1] + src[j] - src[j-s]. Counts have limbs words of
// which only the low used ones can be non-zero; every sum stays below the
// number of outcomes so far, so it fits in used words.
func slide(dst, src []big.Word, n, s, limbs, used int) {
	at := func(x []big.Word, j int) []big.Word { return x[j*limbs : j*limbs+used : j*limbs+used] }
	copy(at(dst, 0), at(src, 0))
	for j := 1; j < n+s-1; j++ {
		z, prev := at(dst, j), at(dst, j-1)
		prev = prev[:len(z)]
		switch {
		case j < n && j >= s:
			add, sub := at(src, j), at(src, j-s)
			add, sub = add[:len(z)], sub[:len(z)]
			var c, b uint
			for i := range z {
				var r uint
				r, c = bits.Add(uint(prev[i]), uint(add[i]), c)
				r, b = bits.Sub(r, uint(sub[i]), b)
				z[i] = big.Word(r)
			}
		case j < n:
			add := at(src, j)[:len(z)]
			var c uint
			for i := range z {
				var r uint
				r, c = bits.Add(uint(prev[i]), uint(add[i]), c)
				z[i] = big.Word(r)
			}
		case j >= s:
			sub := at(src, j-s)[:len(z)]
			var b uint
			for i := range z {
				var r uint
				r, b = bits.Sub(uint(prev[i]), uint(sub[i]), b)
				z[i] = big.Word(r)
			}
		default:
			copy(z, prev)
		}
	}
}

// convolve returns the full convolution of a and b.
func convolve(a, b []big.Int) []big.Int {
	out := make([]big.Int, len(a)+len(b)-1)
	var tmp big.Int
	for i := range a {
		if a[i].Sign() == 0 {
			continue
		}
		for j := range b {
			if b[j].Sign() == 0 {
				continue
			}
			tmp.Mul(&a[i], &b[j])
			out[i+j].Add(&out[i+j], &tmp)
		}
	}
	return out
}

// keepHighest returns the counts of the sum of the highest k of n dice with
// s sides, for the sums k to k*s (index sum-k), out of s^n outcomes.
//
// Face values are visited from s down to 1. A state (m, u) counts the ways
// to give m of the n (labelled) dice values not below the current one, all
// of them kept (m < k), with sum u; the other n-m dice are still to get
// lower values. When c more dice show the value v, c < k-m keeps the state
// active; c >= k-m fills the kept places, the sum is then final and the
// n-m-c remaining dice take any of the v-1 lower values, which is summed
// in closed form:
//
//	T(m, v) = Σ_{c>=k-m} C(n-m, c) (v-1)^(n-m-c)
//	        = v^(n-m) - Σ_{c<k-m} C(n-m, c) (v-1)^(n-m-c)
func keepHighest(n, s, k int) []big.Int {
	out := make([]big.Int, k*(s-1)+1)
	if s == 1 { // every die shows 1: the sum is k, one way
		out[0].SetInt64(1)
		return out
	}
	dp := make([][]big.Int, k)
	for m := range dp {
		dp[m] = make([]big.Int, m*s+1)
	}
	dp[0][0].SetInt64(1)
	// binom[m][c] = C(n-m, c) for c < k-m.
	binom := make([][]big.Int, k)
	for m := range binom {
		binom[m] = make([]big.Int, k-m)
		for c := range binom[m] {
			binom[m][c].Binomial(int64(n-m), int64(c))
		}
	}
	// pw[j] = (v-1)^(n-k+1+j) and vp[j] = v^(n-k+1+j) for j < k.
	pw := make([]big.Int, k)
	vp := make([]big.Int, k)
	powers := func(dst []big.Int, base int) {
		b := big.NewInt(int64(base))
		dst[0].Exp(b, big.NewInt(int64(n-k+1)), nil)
		for j := 1; j < k; j++ {
			dst[j].Mul(&dst[j-1], b)
		}
	}
	var tot, tmp big.Int
	for v := s; v >= 1; v-- {
		powers(pw, v-1)
		powers(vp, v)
		// Larger m first: transitions only raise m, so every state is
		// read before anything of this value is added to it.
		for m := k - 1; m >= 0; m-- {
			// tot = T(m, v); (v-1)^(n-m-c) is pw[k-1-m-c].
			tot.Set(&vp[k-1-m])
			for c := 0; c < k-m; c++ {
				tmp.Mul(&binom[m][c], &pw[k-1-m-c])
				tot.Sub(&tot, &tmp)
			}
			for u := range dp[m] {
				x := &dp[m][u]
				if x.Sign() == 0 {
					continue
				}
				if tot.Sign() != 0 {
					f := u + v*(k-m) - k
					tmp.Mul(x, &tot)
					out[f].Add(&out[f], &tmp)
				}
				for c := 1; c < k-m; c++ {
					y := &dp[m+c][u+v*c]
					tmp.Mul(x, &binom[m][c])
					y.Add(y, &tmp)
				}
			}
		}
	}
	return out
}

// finish computes the probabilities, mean and standard deviation from the
// exact counts.
func (d *Distribution) finish() {
	n := len(d.counts) / d.limbs
	d.Probabilities = make([]float64, n)
	// s1 = Σ i·c and s2 = Σ i²·c over the offsets i = total-Min.
	var s1, s2 big.Int
	if d.limbs == 1 && bits.UintSize == 64 {
		d.finishSmall(&s1, &s2)
	} else {
		q := newQuotient(&d.ways)
		var x, t, bi big.Int
		for i := range n {
			x.SetBits(d.count(i)) // shares the words, read only
			if x.Sign() == 0 {
				continue
			}
			d.Probabilities[i] = q.of(&x)
			bi.SetInt64(int64(i))
			t.Mul(&x, &bi)
			s1.Add(&s1, &t)
			t.Mul(&t, &bi)
			s2.Add(&s2, &t)
		}
	}
	// mean = Min + s1/W = (Min·W + s1)/W.
	var num, den, t big.Int
	num.Mul(t.SetInt64(int64(d.Min)), &d.ways)
	num.Add(&num, &s1)
	d.mean = ratio(&num, &d.ways)
	// variance = (W·s2 - s1²) / W².
	num.Mul(&d.ways, &s2)
	t.Mul(&s1, &s1)
	num.Sub(&num, &t)
	den.Mul(&d.ways, &d.ways)
	d.stdDev = math.Sqrt(ratio(&num, &den))
}

// finishSmall is the loop of finish for one 64-bit word per count. The
// sums fit in 128 bits: the counts add up to W < 2^64 and i² < 2^40.
func (d *Distribution) finishSmall(s1, s2 *big.Int) {
	w := d.ways.Uint64()
	exact := w < 1<<53 // both numbers exact in float64: one division rounds once
	q := newQuotient(&d.ways)
	var x big.Int
	var h1, l1, h2, l2 uint64
	for i, cw := range d.counts {
		c := uint64(cw)
		if c == 0 {
			continue
		}
		if exact {
			d.Probabilities[i] = float64(c) / float64(w)
		} else {
			d.Probabilities[i] = q.of(x.SetUint64(c))
		}
		var carry uint64
		hi, lo := bits.Mul64(c, uint64(i))
		l1, carry = bits.Add64(l1, lo, 0)
		h1 += hi + carry
		hi, lo = bits.Mul64(c, uint64(i)*uint64(i))
		l2, carry = bits.Add64(l2, lo, 0)
		h2 += hi + carry
	}
	set128 := func(z *big.Int, hi, lo uint64) {
		z.SetUint64(hi)
		z.Lsh(z, 64)
		z.Or(z, x.SetUint64(lo))
	}
	set128(s1, h1, l1)
	set128(s2, h2, l2)
}

// quotient divides by a fixed denominator y > 0, correctly rounded.
type quotient struct {
	y          *big.Int
	fy, fx, fq big.Float
}

func newQuotient(y *big.Int) *quotient {
	q := &quotient{y: y}
	q.fy.SetInt(y)
	q.fq.SetPrec(53)
	return q
}

// of returns x/y for x >= 0, correctly rounded to float64.
func (q *quotient) of(x *big.Int) float64 {
	if x.BitLen() <= 53 && q.y.BitLen() <= 53 {
		return float64(x.Uint64()) / float64(q.y.Uint64())
	}
	q.fx.SetInt(x) // exact: SetInt uses the precision x needs
	q.fq.Quo(&q.fx, &q.fy)
	if q.fq.MantExp(nil) >= -1021 { // a normal float64: rounded once
		f, _ := q.fq.Float64()
		return f
	}
	return ratio(x, q.y)
}

// ratio returns x/y (y > 0) correctly rounded to float64, subnormals
// included.
func ratio(x, y *big.Int) float64 {
	if x.Sign() < 0 {
		return -ratio(new(big.Int).Neg(x), y)
	}
	if x.Sign() == 0 {
		return 0
	}
	if x.BitLen() <= 53 && y.BitLen() <= 53 {
		return float64(x.Uint64()) / float64(y.Uint64())
	}
	var fx, fy, q big.Float
	fx.SetInt(x)
	fy.SetInt(y)
	q.SetPrec(53).Quo(&fx, &fy)
	if q.MantExp(nil) >= -1021 {
		f, _ := q.Float64()
		return f
	}
	// Below the normal range float64 has a fixed step of 2^-1074: round
	// x·2^1074/y to an integer, half to even.
	var num, r big.Int
	num.Lsh(x, 1074)
	num.QuoRem(&num, y, &r)
	r.Lsh(&r, 1)
	if cmp := r.Cmp(y); cmp > 0 || (cmp == 0 && num.Bit(0) == 1) {
		num.Add(&num, big.NewInt(1))
	}
	return math.Ldexp(float64(num.Uint64()), -1074)
}
