package odds

import (
	"math/big"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
)

// TestWalkMatchesDistribution checks the enumeration of dice expressions
// against pkg/dice's exact convolution, total by total, as fractions.
func TestWalkMatchesDistribution(t *testing.T) {
	for _, src := range []string{"1d6", "3d6", "2d6+1d3-1", "4d6kh3", "1d20", "5d6", "1d6-6", "2d10dl1"} {
		e, err := dice.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		od, err := Walk(Options{}, func(r dice.Roller, o *Observer) error {
			v, err := e.Total(r, "")
			o.Value("total", v)
			return err
		})
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		d, err := e.Distribution()
		if err != nil {
			t.Fatal(err)
		}
		tb := od.Table("total")
		lo, hi := d.Support()
		seen := 0
		for _, oc := range tb.Outcomes {
			want := new(big.Rat).SetFrac(d.Count(oc.Value), d.Ways())
			if oc.Exact().Cmp(want) != 0 {
				t.Errorf("%s: P(%d) = %v, want %v", src, oc.Value, oc.Exact(), want)
			}
			seen++
		}
		possible := 0
		for v := lo; v <= hi; v++ {
			if d.Count(v).Sign() > 0 {
				possible++
			}
		}
		if seen != possible {
			t.Errorf("%s: %d outcomes, want %d", src, seen, possible)
		}
		if tb.Total != 1 {
			t.Errorf("%s: total probability %v", src, tb.Total)
		}
		if *tb.Mean-d.Mean() > 1e-12 || d.Mean()-*tb.Mean > 1e-12 {
			t.Errorf("%s: mean %v, want %v", src, *tb.Mean, d.Mean())
		}
	}
}

// TestWalkHandWorked checks cases worked out by hand: a d20 that stops
// early (a miss rolls no damage), order-sensitive dice of different
// purposes, and the fractions.
func TestWalkHandWorked(t *testing.T) {
	// Hit on 15+ (6 faces of 20 = 3/10); on a hit roll 1d6 damage.
	od, err := Walk(Options{}, func(r dice.Roller, o *Observer) error {
		hit, _ := r.Roll(20, "to-hit")
		if hit < 15 {
			o.Label("result", "miss")
			o.Value("damage", 0)
			return nil
		}
		o.Label("result", "hit")
		d, _ := r.Roll(6, "damage health")
		o.Value("damage", d)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if od.Runs != 14+6*6 {
		t.Errorf("runs %d, want 50", od.Runs)
	}
	res := od.Table("result")
	if res.Outcomes[0].Label != "miss" || res.Outcomes[0].Num != 7 || res.Outcomes[0].Den != 10 {
		t.Errorf("miss = %+v, want 7/10", res.Outcomes[0])
	}
	dmg := od.Table("damage")
	// P(0) = 7/10; P(k) = 3/10 * 1/6 = 1/20 for k = 1..6; mean 3/10*3.5 = 1.05.
	if dmg.Outcomes[0].Value != 0 || dmg.Outcomes[0].Num != 7 || dmg.Outcomes[0].Den != 10 {
		t.Errorf("P(0) = %+v", dmg.Outcomes[0])
	}
	for _, oc := range dmg.Outcomes[1:] {
		if oc.Num != 1 || oc.Den != 20 {
			t.Errorf("P(%d) = %d/%d, want 1/20", oc.Value, oc.Num, oc.Den)
		}
	}
	if m := *dmg.Mean; m < 1.05-1e-12 || m > 1.05+1e-12 {
		t.Errorf("mean %v, want 1.05", m)
	}
	if dmg.Outcomes[6].AtLeast != 0.05 || dmg.Outcomes[0].AtLeast != 1 {
		t.Errorf("at least: %+v", dmg.Outcomes)
	}

	// Two dice of different purposes are ordered: P(first > second) = 15/36.
	od, err = Walk(Options{}, func(r dice.Roller, o *Observer) error {
		a, _ := r.Roll(6, "psychic attack")
		d, _ := r.Roll(6, "psychic defence")
		o.Flag("attacker wins", a > d)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if od.Runs != 36 {
		t.Errorf("runs %d, want 36", od.Runs)
	}
	if p := od.P("attacker wins", "yes"); p != 15.0/36 {
		t.Errorf("P(attacker wins) = %v, want 15/36", p)
	}
	// 3d6 die by die as a multiset: 56 runs; as a total (dice.Roll asks
	// the SumRoller): 16 runs. Either way P(18) = 1/216, P(10) = 1/8.
	for _, c := range []struct {
		runs int
		roll func(r dice.Roller) (int, error)
	}{
		{56, func(r dice.Roller) (int, error) {
			sum := 0
			for range 3 {
				v, err := r.Roll(6, "damage stamina")
				if err != nil {
					return 0, err
				}
				sum += v
			}
			return sum, nil
		}},
		{16, func(r dice.Roller) (int, error) { return dice.Roll(r, 3, 6, "damage stamina") }},
	} {
		od, err = Walk(Options{}, func(r dice.Roller, o *Observer) error {
			v, err := c.roll(r)
			o.Value("sum", v)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if od.Runs != c.runs {
			t.Errorf("runs %d, want %d", od.Runs, c.runs)
		}
		for _, oc := range od.Table("sum").Outcomes {
			if oc.Value == 18 && (oc.Num != 1 || oc.Den != 216) || oc.Value == 10 && (oc.Num != 1 || oc.Den != 8) {
				t.Errorf("P(%d) = %d/%d", oc.Value, oc.Num, oc.Den)
			}
		}
	}
}

// TestWalkLimitAndNondeterminism: the limit is an error, not an
// approximation; a ruling that changes its dice is refused.
func TestWalkLimitAndNondeterminism(t *testing.T) {
	_, err := Walk(Options{Limit: 10}, func(r dice.Roller, o *Observer) error {
		_, err := r.Roll(20, "to-hit")
		return err
	})
	if err == nil {
		t.Fatal("no error over the limit")
	}
	calls := 0
	_, err = Walk(Options{}, func(r dice.Roller, o *Observer) error {
		calls++
		sides := 6
		if calls > 1 {
			sides = 8
		}
		_, err := r.Roll(sides, "x")
		return err
	})
	if err == nil {
		t.Fatal("no error for a ruling that changed its dice")
	}
}

// TestWalkCut: a d20 compared with a cut is run once per side of it, each
// run weighted by the faces it stands for. Worked by hand: a to-hit of
// d20 + 3 against 12 hits on faces 9-20, 12 of 20 = 3/5; followed by a
// d6 (so the runs multiply): 2 × 6 runs, P(hit and 6) = 3/5 × 1/6 =
// 1/10. A cut at 1 or past 20 leaves one class of all 20 faces: 1 run.
func TestWalkCut(t *testing.T) {
	od, err := Walk(Options{}, func(r dice.Roller, o *Observer) error {
		v, err := dice.RollCut(r, 20, "to-hit", 12-3)
		if err != nil {
			return err
		}
		d6, err := r.Roll(6, "knockback")
		if err != nil {
			return err
		}
		o.Flag("hit", v+3 >= 12)
		o.Flag("hit and 6", v+3 >= 12 && d6 == 6)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if od.Runs != 12 {
		t.Errorf("runs = %d, want 12", od.Runs)
	}
	for _, c := range []struct {
		table string
		want  *big.Rat
	}{{"hit", big.NewRat(3, 5)}, {"hit and 6", big.NewRat(1, 10)}} {
		for _, oc := range od.Table(c.table).Outcomes {
			if oc.Label == "yes" && oc.Exact().Cmp(c.want) != 0 {
				t.Errorf("P(%s) = %v, want %v", c.table, oc.Exact(), c.want)
			}
		}
	}
	for _, cut := range []int{-5, 1, 21, 40} {
		od, err := Walk(Options{}, func(r dice.Roller, o *Observer) error {
			v, err := dice.RollCut(r, 20, "to-hit", cut)
			o.Flag("at least the cut", v >= cut)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if od.Runs != 1 || od.Table("at least the cut").Outcomes[0].Probability != 1 {
			t.Errorf("cut %d: %d runs, %+v", cut, od.Runs, od.Table("at least the cut").Outcomes)
		}
	}
}

// TestWalkDistMatchesDice: a total handed out from a distribution at once
// (dice.DistRoller) gives the same odds as its dice walked one by one,
// with one run per total instead of one per multiset of faces, and a
// later die still multiplies in.
func TestWalkDistMatchesDice(t *testing.T) {
	e := dice.MustParse("1d6+2d4-4")
	ruling := func(useDist bool) func(r dice.Roller, o *Observer) error {
		return func(r dice.Roller, o *Observer) error {
			v, ok := 0, false
			if dr, is := r.(dice.DistRoller); is && useDist {
				var err error
				v, ok, err = dr.RollDist("virtual", func() (dice.Dist, bool) {
					d, ok := e.Ways64()
					return d.AtLeast(0), ok
				})
				if err != nil {
					return err
				}
			}
			if !ok {
				t, err := e.Total(r, "virtual")
				if err != nil {
					return err
				}
				v = max(t, 0)
			}
			c, err := r.Roll(2, "coin")
			if err != nil {
				return err
			}
			o.Value("total", v*c)
			o.Flag("big", v >= 4)
			return nil
		}
	}
	dist, err := Walk(Options{}, ruling(true))
	if err != nil {
		t.Fatal(err)
	}
	faces, err := Walk(Options{}, ruling(false))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"total", "big"} {
		a, b := dist.Table(name), faces.Table(name)
		if len(a.Outcomes) != len(b.Outcomes) {
			t.Fatalf("%s: %d outcomes, want %d", name, len(a.Outcomes), len(b.Outcomes))
		}
		for i := range a.Outcomes {
			if a.Outcomes[i].Label != b.Outcomes[i].Label || a.Outcomes[i].Exact().Cmp(b.Outcomes[i].Exact()) != 0 {
				t.Errorf("%s: %s %v, want %s %v", name, a.Outcomes[i].Label, a.Outcomes[i].Exact(), b.Outcomes[i].Label, b.Outcomes[i].Exact())
			}
		}
	}
	// max(1d6+2d4-4, 0) takes 0..10: 0 stands for -1 and 0 (two
	// totals, one run), so 11 totals x 2 coin faces.
	if dist.Runs != 22 || faces.Runs <= dist.Runs {
		t.Errorf("%d runs from the distribution, %d from the dice", dist.Runs, faces.Runs)
	}
	// P(big) by hand: P(1d6+2d4-4 >= 4) = P(1d6+2d4 >= 8); of the 96
	// outcomes, 1d6 = 1..5 leaves 2d4 <= 6, 5, 4, 3, 2: 13+10+6+3+1 = 33
	// make 7 or less.
	if got, want := dist.P("big", "yes"), 63.0/96; got-want > 1e-12 || want-got > 1e-12 {
		t.Errorf("P(big) = %v, want %v", got, want)
	}
}
