package odds

import (
	"math/big"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
)

// toyStages is a ruling in three steps: a d4 to hit (1 misses and ends
// the ruling), then 2d3 of damage (rolled as two dice of one purpose:
// exchangeable), then a d2 that doubles the damage on a 2. keep says
// whether Save may keep step i's state.
type toyStages struct {
	hit, damage, total int
	saved              [3][3]int
	keep               [3]bool
	restores           int
}

func (s *toyStages) Steps() int { return 3 }

func (s *toyStages) Step(i int, r dice.Roller) (bool, error) {
	switch i {
	case 0:
		*s = toyStages{saved: s.saved, keep: s.keep, restores: s.restores}
		v, err := r.Roll(4, "to-hit")
		s.hit = v
		return v == 1, err
	case 1:
		a, err := r.Roll(3, "damage")
		if err != nil {
			return true, err
		}
		b, err := r.Roll(3, "damage")
		s.damage = a + b
		return false, err
	}
	v, err := r.Roll(2, "double")
	s.total = s.damage * v
	return true, err
}

func (s *toyStages) Save(i int) bool {
	s.saved[i] = [3]int{s.hit, s.damage, s.total}
	return s.keep[i]
}

func (s *toyStages) Restore(i int) {
	s.hit, s.damage, s.total = s.saved[i][0], s.saved[i][1], s.saved[i][2]
	s.restores++
}

func (s *toyStages) Observe(o *Observer) {
	o.Flag("hit", s.hit != 1)
	if s.hit != 1 {
		o.Value("damage", s.total)
	}
}

// TestWalkStagesIsWalk: a ruling walked step by step has the odds of the
// same ruling run whole for every outcome, worked out by hand: P(miss) =
// 1/4; damage 2d3 (2: 1/9, 3: 2/9, 4: 3/9, 5: 2/9, 6: 1/9), doubled on a
// d2, so P(damage 4) = 3/4 × (3/9 + 1/9) / 2 = 1/6, P(damage 2) = 3/4 ×
// 1/9 / 2 = 1/24; and the walk goes back to the start only when the
// to-hit die changes (or when a step's state cannot be kept).
func TestWalkStagesIsWalk(t *testing.T) {
	whole, err := Walk(Options{}, func(r dice.Roller, o *Observer) error {
		var s toyStages
		for i := range 3 {
			done, err := s.Step(i, r)
			if err != nil || done {
				break
			}
		}
		s.Observe(o)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name         string
		keep         [3]bool
		wantRestores int
	}{
		// 3 hits × (6 damage multisets × 2 doublings): every run but
		// the first of a hit restores (step 1 or step 2).
		{"every step kept", [3]bool{false, true, true}, 3 * (6*2 - 1)},
		// Only step 2 kept: a new damage die starts over.
		{"step 2 kept", [3]bool{false, false, true}, 3 * 6},
		{"nothing kept", [3]bool{}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := &toyStages{keep: c.keep}
			stepped, err := WalkStages(Options{}, s)
			if err != nil {
				t.Fatal(err)
			}
			if stepped.Runs != whole.Runs || stepped.Runs != 1+3*6*2 {
				t.Errorf("%d runs step by step, %d whole, want %d", stepped.Runs, whole.Runs, 1+3*6*2)
			}
			if s.restores != c.wantRestores {
				t.Errorf("%d restores, want %d", s.restores, c.wantRestores)
			}
			for _, want := range []struct {
				table, label string
				p            *big.Rat
			}{
				{"hit", "no", big.NewRat(1, 4)},
				{"hit", "yes", big.NewRat(3, 4)},
				{"damage", "2", big.NewRat(1, 24)},
				{"damage", "4", big.NewRat(1, 6)},
				{"damage", "12", big.NewRat(1, 24)},
			} {
				for _, od := range []*Odds{stepped, whole} {
					if got := exactOf(od, want.table, want.label); got == nil || got.Cmp(want.p) != 0 {
						t.Errorf("P(%s %s) = %v, want %v", want.table, want.label, got, want.p)
					}
				}
			}
			if len(stepped.Tables) != len(whole.Tables) {
				t.Fatalf("%d tables, want %d", len(stepped.Tables), len(whole.Tables))
			}
			for i, tb := range whole.Tables {
				got := stepped.Tables[i]
				if got.Name != tb.Name || len(got.Outcomes) != len(tb.Outcomes) {
					t.Fatalf("table %d: %s with %d outcomes, want %s with %d", i, got.Name, len(got.Outcomes), tb.Name, len(tb.Outcomes))
				}
				for j, oc := range tb.Outcomes {
					if g := got.Outcomes[j]; g.Label != oc.Label || g.Exact().Cmp(oc.Exact()) != 0 {
						t.Errorf("%s: %s %v, want %s %v", tb.Name, g.Label, g.Exact(), oc.Label, oc.Exact())
					}
				}
			}
		})
	}
}

func exactOf(od *Odds, table, label string) *big.Rat {
	tb := od.Table(table)
	if tb == nil {
		return nil
	}
	for _, oc := range tb.Outcomes {
		if oc.Label == label {
			return oc.Exact()
		}
	}
	return nil
}
