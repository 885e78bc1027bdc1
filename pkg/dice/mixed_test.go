package dice

import (
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestMixed(t *testing.T) {
	type roll struct {
		sides  int
		want   int
		source Source
		err    string
	}
	// Seed 1 rolls d6 faces 4, 3, 3, 6 (TestMixedWithoutValuesIsSeeded
	// pins that the rolled part is the seed's own sequence).
	tests := []struct {
		name   string
		values []int
		rolls  []roll
		finish string
	}{
		{"entered then rolled", []int{3}, []roll{{6, 3, SourceEntered, ""}, {6, 4, SourceRolled, ""}, {6, 3, SourceRolled, ""}}, ""},
		{"all entered", []int{2, 5}, []roll{{6, 2, SourceEntered, ""}, {6, 5, SourceEntered, ""}}, ""},
		{"none entered", nil, []roll{{6, 4, SourceRolled, ""}, {6, 3, SourceRolled, ""}}, ""},
		{"a value that does not fit", []int{7}, []roll{{6, 0, "", "--dice value 7 (#1) does not fit the d6 for x"}}, "--dice has 1 value left over: 7"},
		{"leftovers", []int{1, 2}, []roll{{6, 1, SourceEntered, ""}}, "--dice has 1 value left over: 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewMixed(tt.values, 1)
			for i, r := range tt.rolls {
				v, err := m.Roll(r.sides, "x")
				if r.err != "" {
					if err == nil || err.Error() != r.err {
						t.Fatalf("roll %d: error %v, want %s", i+1, err, r.err)
					}
					continue
				}
				if err != nil || v != r.want || m.LastSource() != r.source {
					t.Fatalf("roll %d = %d (%s), %v; want %d (%s)", i+1, v, m.LastSource(), err, r.want, r.source)
				}
			}
			err := m.Finish()
			if (err == nil) != (tt.finish == "") || (err != nil && err.Error() != tt.finish) {
				t.Errorf("Finish() = %v, want %q", err, tt.finish)
			}
		})
	}
}

func TestMixedWithoutValuesIsSeeded(t *testing.T) {
	m, s := NewMixed(nil, 99), NewSeeded(99)
	for i := range 50 {
		a, _ := m.Roll(i%20+1, "")
		b, _ := s.Roll(i%20+1, "")
		if a != b {
			t.Fatalf("die %d: Mixed %d, Seeded %d", i, a, b)
		}
	}
	if m.Seed() != 99 {
		t.Errorf("Seed() = %d", m.Seed())
	}
}

func TestRecorderMarksSource(t *testing.T) {
	// Stacked recorders pass the source up; a plain roller marks nothing.
	r := NewRecorder(NewRecorder(NewMixed([]int{5}, 1)))
	for range 2 {
		if _, err := r.Roll(6, "damage"); err != nil {
			t.Fatal(err)
		}
	}
	want := []Rolled{{6, 5, "damage", SourceEntered}, {6, 4, "damage", SourceRolled}}
	if got := r.Rolls(); !slices.Equal(got, want) {
		t.Errorf("Rolls() = %v, want %v", got, want)
	}
	plain := NewRecorder(NewSeeded(1))
	if _, err := plain.Roll(6, ""); err != nil || plain.Rolls()[0].Source != "" {
		t.Errorf("a seeded roll is marked %q, %v", plain.Rolls()[0].Source, err)
	}
}

func TestRollIntoMarksSource(t *testing.T) {
	e := MustParse("3d6+1")
	res, err := e.Roll(NewMixed([]int{3}, 1), "")
	if err != nil {
		t.Fatal(err)
	}
	// 3 entered, then seed 1's 4 and 3: 3+4+3+1.
	want := []Die{{6, 3, nil, SourceEntered}, {6, 4, nil, SourceRolled}, {6, 3, nil, SourceRolled}}
	if res.Total != 11 || !slices.Equal(res.Dice, want) {
		t.Errorf("Roll = %d %v, want 11 %v", res.Total, res.Dice, want)
	}
	if res, _ := e.Roll(NewSeeded(1), ""); res.Dice[0].Source != "" {
		t.Errorf("a seeded roll is marked %q", res.Dice[0].Source)
	}
}

func TestScriptedCountShort(t *testing.T) {
	type ask struct {
		sides   int
		purpose string
	}
	d6 := func(n int, purpose string) []ask {
		var as []ask
		for range n {
			as = append(as, ask{6, purpose})
		}
		return as
	}
	tests := []struct {
		name   string
		values []int
		limit  int
		asks   []ask
		err    string // Roll's error on the last ask, if any
		short  string
	}{
		{"enough", []int{3}, 10, d6(1, "damage"), "", ""},
		{"every die still needed, in order", []int{14, 3}, 10,
			append(append([]ask{{20, "to-hit"}, {6, "damage"}}, d6(2, "damage")...), ask{6, "knockback"}), "",
			"--dice ran out: 2 values given, 5 needed: still need d6 (damage), d6 (damage), d6 (knockback)"},
		{"one value", []int{4}, 10, []ask{{6, "a"}, {20, ""}}, "",
			"--dice ran out: 1 value given, 2 needed: still need d20"},
		{"none given", nil, 10, []ask{{20, "to-hit"}}, "",
			"--dice ran out: 0 values given, 1 needed: still need d20 (to-hit)"},
		{"long lists are counted by sides", nil, 100, append(d6(30, "3d6"), ask{20, "x"}, ask{20, "x"}), "",
			"--dice ran out: 0 values given, 32 needed: still need " + strings.Repeat("d6 (3d6), ", 17) + "d6 (3d6), and 14 more: 12 d6, 2 d20"},
		{"past the limit", nil, 3, d6(4, ""), "--dice ran out: 0 values given, more than 3 needed: still need d6, d6, d6, and more",
			"--dice ran out: 0 values given, more than 3 needed: still need d6, d6, d6, and more"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewScripted(tt.values)
			s.CountShort(tt.limit)
			for i, a := range tt.asks {
				v, err := s.Roll(a.sides, a.purpose)
				if i == len(tt.asks)-1 && tt.err != "" {
					if err == nil || err.Error() != tt.err {
						t.Fatalf("last roll: error %v, want %s", err, tt.err)
					}
					break
				}
				if err != nil || v < 1 || v > a.sides {
					t.Fatalf("roll %d = %d, %v", i+1, v, err)
				}
			}
			err := s.Short()
			if (err == nil) != (tt.short == "") || (err != nil && err.Error() != tt.short) {
				t.Errorf("Short() = %v\nwant %q", err, tt.short)
			}
			if err != nil && len(err.Error()) > MaxShortLen {
				t.Errorf("Short() is %d characters, over %d", len(err.Error()), MaxShortLen)
			}
		})
	}
}

// The placeholder is the die's highest face, one lower every other die:
// a short to-hit roll hits, so the damage dice behind it are named too,
// and two sides re-rolling a tie (initiative) stop tying.
func TestScriptedCountShortPlaceholder(t *testing.T) {
	s := NewScripted(nil)
	s.CountShort(5)
	for i, want := range []struct{ sides, face int }{{20, 20}, {10, 9}, {10, 10}, {1, 1}, {6, 6}} {
		if v, err := s.Roll(want.sides, "x"); v != want.face || err != nil {
			t.Errorf("missing die %d: Roll(%d) = %d, %v, want %d", i+1, want.sides, v, err, want.face)
		}
	}
	if got := s.Needed(); len(got) != 5 || got[0].Sides != 20 || got[0].Purpose != "x" {
		t.Errorf("Needed() = %v", got)
	}
}

// For any expression and any prefix of entered dice, the entered dice come
// first, in order and marked entered, the rest are marked rolled, and the
// total is one the exact distribution allows.
func TestPropertyMixedPrefix(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		src := genExpr().Draw(t, "expr")
		e, err := Parse(src)
		if err != nil {
			t.Fatalf("Parse(%q): %v", src, err)
		}
		d, err := e.Distribution()
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		// The sides of the dice in roll order, from one roll.
		shape, err := e.Roll(NewSeeded(0), "")
		if err != nil {
			t.Fatal(err)
		}
		k := rapid.IntRange(0, len(shape.Dice)).Draw(t, "entered")
		entered := make([]int, k)
		for i := range entered {
			entered[i] = rapid.IntRange(1, shape.Dice[i].Sides).Draw(t, "face")
		}
		m := NewMixed(entered, rapid.Uint64().Draw(t, "seed"))
		res, err := e.Roll(m, "")
		if err != nil {
			t.Fatalf("%q with %v: %v", src, entered, err)
		}
		if err := m.Finish(); err != nil {
			t.Fatalf("%q with %v: %v", src, entered, err)
		}
		for i, die := range res.Dice {
			want := SourceRolled
			if i < k {
				want = SourceEntered
				if die.Value != entered[i] {
					t.Fatalf("%q: die %d is %d, entered %d", src, i, die.Value, entered[i])
				}
			}
			if die.Source != want {
				t.Fatalf("%q with %d entered: die %d marked %q", src, k, i, die.Source)
			}
		}
		if lo, hi := d.Support(); res.Total < lo || res.Total > hi || d.Prob(res.Total) <= 0 {
			t.Fatalf("%q: total %d outside the support %d..%d", src, res.Total, lo, hi)
		}
	})
}
