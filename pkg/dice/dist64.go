package dice

import "math/bits"

// Dist is the exact distribution of an integer total in 64-bit counts:
// Ways[i] of Den equally likely outcomes give the total Lo+i.
type Dist struct {
	Lo   int
	Ways []uint64
	Den  uint64
}

// Const is the distribution of a sure total.
func Const(v int) Dist { return Dist{Lo: v, Ways: []uint64{1}, Den: 1} }

// Ways64 returns the exact distribution of the expression's total; false
// when it has a keep/drop group or its number of outcomes does not fit in
// 64 bits.
func (e *Expr) Ways64() (Dist, bool) {
	d := Const(0)
	for _, t := range e.terms {
		var g Dist
		switch {
		case t.n == 0:
			g = Const(t.value)
		case t.keep != t.n:
			return Dist{}, false
		default:
			die := Dist{Lo: 1, Ways: make([]uint64, t.sides), Den: uint64(t.sides)}
			for i := range die.Ways {
				die.Ways[i] = 1
			}
			g = Const(0)
			for range t.n {
				var ok bool
				if g, ok = g.Add(die); !ok {
					return Dist{}, false
				}
			}
		}
		if t.neg {
			g = g.Neg()
		}
		var ok bool
		if d, ok = d.Add(g); !ok {
			return Dist{}, false
		}
	}
	return d, true
}

// Add is the distribution of the sum of independent totals from d and o;
// false when the number of outcomes does not fit in 64 bits.
func (d Dist) Add(o Dist) (Dist, bool) {
	hi, den := bits.Mul64(d.Den, o.Den)
	if hi != 0 {
		return Dist{}, false
	}
	ways := make([]uint64, len(d.Ways)+len(o.Ways)-1)
	for i, a := range d.Ways {
		if a == 0 {
			continue
		}
		for j, b := range o.Ways {
			ways[i+j] += a * b // a*b <= den: no overflow
		}
	}
	return Dist{Lo: d.Lo + o.Lo, Ways: ways, Den: den}, true
}

// Neg is the distribution of minus the total.
func (d Dist) Neg() Dist {
	ways := make([]uint64, len(d.Ways))
	for i, w := range d.Ways {
		ways[len(ways)-1-i] = w
	}
	return Dist{Lo: -(d.Lo + len(d.Ways) - 1), Ways: ways, Den: d.Den}
}

// AtLeast is the distribution of max(total, v).
func (d Dist) AtLeast(v int) Dist {
	if v <= d.Lo {
		return d
	}
	top := d.Lo + len(d.Ways) - 1
	if v >= top {
		return Dist{Lo: v, Ways: []uint64{d.Den}, Den: d.Den}
	}
	ways := make([]uint64, top-v+1)
	for i, w := range d.Ways {
		ways[max(d.Lo+i, v)-v] += w
	}
	return Dist{Lo: v, Ways: ways, Den: d.Den}
}

// DistRoller is a Roller that can hand out a total drawn from an exact
// distribution at once (the odds engine, pkg/odds, walks each total once,
// weighted by its ways, instead of every die behind it). dist builds the
// distribution; it is called only when the roller needs it. ok is false
// when the roller cannot (it is not the odds engine, or dist gave false):
// the ruling then rolls the dice behind the total one by one.
type DistRoller interface {
	Roller
	RollDist(purpose string, dist func() (Dist, bool)) (v int, ok bool, err error)
}
