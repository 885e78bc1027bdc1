package dice

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestSeededGolden(t *testing.T) {
	// Seeds are shown to users so that rolls can be replayed (--seed):
	// these sequences must never change.
	tests := []struct {
		seed  uint64
		sides []int
		want  []int
	}{
		{1, []int{20, 6, 6, 100, 3, 1000000, 20, 20}, []int{13, 3, 3, 91, 2, 704335, 6, 2}},
		{0, []int{6, 6, 6, 6, 6, 6, 6, 6}, []int{1, 6, 5, 2, 6, 5, 5, 5}},
	}
	for _, tt := range tests {
		s := NewSeeded(tt.seed)
		if s.Seed() != tt.seed {
			t.Errorf("Seed() = %d, want %d", s.Seed(), tt.seed)
		}
		var got []int
		for _, sides := range tt.sides {
			v, err := s.Roll(sides, "golden")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, v)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("seed %d rolled %v, want %v", tt.seed, got, tt.want)
		}
	}
}

// TestSeededMatchesIntN checks that Seeded is rand.Rand.IntN on PCG, as
// documented, for all kinds of sides (powers of two, small, huge).
func TestSeededMatchesIntN(t *testing.T) {
	for _, seed := range []uint64{0, 1, 42, 1 << 63} {
		s := NewSeeded(seed)
		r := rand.New(rand.NewPCG(seed, seedStream))
		for i := range 5000 {
			sides := []int{1, 2, 3, 4, 6, 8, 10, 12, 20, 64, 100, 1000, MaxSides, 1<<40 + 7, 1 << 62, math.MaxInt}[i%16]
			if i%17 == 0 {
				sides = i + 1
			}
			got, err := s.Roll(sides, "")
			if want := r.IntN(sides) + 1; got != want || err != nil {
				t.Fatalf("seed %d, roll %d (d%d): %d, %v, want %d", seed, i, sides, got, err, want)
			}
		}
	}
}

func TestSeededReproducible(t *testing.T) {
	roll := func(seed uint64) []int {
		s := NewSeeded(seed)
		out := make([]int, 0, 1000)
		for i := range 1000 {
			v, err := s.Roll(i%37+1, "")
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, v)
		}
		return out
	}
	a, b, c := roll(42), roll(42), roll(43)
	if !slices.Equal(a, b) {
		t.Error("the same seed gave different rolls")
	}
	if slices.Equal(a, c) {
		t.Error("seeds 42 and 43 gave the same rolls")
	}
}

func TestSeededRange(t *testing.T) {
	s := NewSeeded(99)
	for _, sides := range []int{1, 2, 3, 6, 20, 100, MaxSides, 1 << 40} {
		for range 200 {
			v, err := s.Roll(sides, "x")
			if err != nil || v < 1 || v > sides {
				t.Fatalf("Roll(%d) = %d, %v", sides, v, err)
			}
		}
	}
	// A rough uniformity check: 60000 d6, each face 10000 ± 5σ (σ ≈ 91).
	var counts [7]int
	for range 60000 {
		v, _ := s.Roll(6, "")
		counts[v]++
	}
	for face := 1; face <= 6; face++ {
		if c := counts[face]; c < 9545 || c > 10455 {
			t.Errorf("face %d came up %d times in 60000 rolls", face, c)
		}
	}
}

func TestBadSides(t *testing.T) {
	rollers := map[string]Roller{"seeded": NewSeeded(1), "scripted": script(1), "recorder": NewRecorder(NewSeeded(1))}
	for name, r := range rollers {
		for _, tt := range []struct {
			sides   int
			purpose string
			want    string
		}{
			{0, "to-hit", "dice: cannot roll the d0 for to-hit: a die needs at least 1 side"},
			{-3, "", "dice: cannot roll the d-3: a die needs at least 1 side"},
		} {
			if _, err := r.Roll(tt.sides, tt.purpose); err == nil || err.Error() != tt.want {
				t.Errorf("%s: Roll(%d) error %v, want %s", name, tt.sides, err, tt.want)
			}
		}
	}
}

func TestScripted(t *testing.T) {
	type roll struct {
		sides   int
		purpose string
		want    int
		err     string
	}
	tests := []struct {
		name   string
		values []int
		rolls  []roll
		used   int
		finish string
	}{
		{"exact values", []int{3, 5, 6}, []roll{{6, "a", 3, ""}, {6, "a", 5, ""}, {6, "a", 6, ""}}, 3, ""},
		{"d1 and d100", []int{1, 100, 1}, []roll{{1, "", 1, ""}, {100, "", 100, ""}, {100, "", 1, ""}}, 3, ""},
		{"value too big", []int{3, 7}, []roll{{6, "to-hit", 3, ""}, {6, "to-hit", 0, "--dice value 7 (#2) does not fit the d6 for to-hit"}}, 1, "--dice has 1 value left over: 7"},
		{"rejected value is kept", []int{7}, []roll{{6, "to-hit", 0, "--dice value 7 (#1) does not fit the d6 for to-hit"}, {20, "to-hit", 7, ""}}, 1, ""},
		{"d100 with 0", []int{0}, []roll{{100, "luck", 0, "--dice value 0 (#1) does not fit the d100 for luck"}}, 0, "--dice has 1 value left over: 0"},
		{"d100 with 101", []int{101}, []roll{{100, "luck", 0, "--dice value 101 (#1) does not fit the d100 for luck"}}, 0, "--dice has 1 value left over: 101"},
		{"d3 with 4", []int{4}, []roll{{3, "", 0, "--dice value 4 (#1) does not fit the d3"}}, 0, "--dice has 1 value left over: 4"},
		{"negative", []int{-2}, []roll{{6, "x", 0, "--dice value -2 (#1) does not fit the d6 for x"}}, 0, "--dice has 1 value left over: -2"},
		{"ran out", []int{4, 4, 4}, []roll{{20, "to-hit", 4, ""}, {20, "to-hit", 4, ""}, {20, "to-hit", 4, ""}, {20, "to-hit", 0, "--dice ran out: the d20 for to-hit needed value #4 but only 3 were given"}}, 3, ""},
		{"ran out of one", []int{2}, []roll{{6, "", 2, ""}, {6, "", 0, "--dice ran out: the d6 needed value #2 but only 1 was given"}}, 1, ""},
		{"none given", nil, []roll{{6, "damage health", 0, "--dice ran out: the d6 for damage health needed value #1 but none were given"}}, 0, ""},
		{"leftovers", []int{1, 5, 6}, []roll{{6, "", 1, ""}}, 1, "--dice has 2 values left over: 5,6"},
		{"many leftovers", []int{1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1}, nil, 0, "--dice has 13 values left over: 1,2,3,4,5,6,1,2,3,4,... (3 more)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewScripted(tt.values)
			for i, r := range tt.rolls {
				v, err := s.Roll(r.sides, r.purpose)
				switch {
				case r.err == "" && err != nil:
					t.Fatalf("roll %d: %v", i+1, err)
				case r.err != "" && (err == nil || err.Error() != r.err):
					t.Fatalf("roll %d: error %v, want %s", i+1, err, r.err)
				case v != r.want:
					t.Fatalf("roll %d = %d, want %d", i+1, v, r.want)
				}
			}
			if s.Used() != tt.used {
				t.Errorf("Used() = %d, want %d", s.Used(), tt.used)
			}
			err := s.Finish()
			if (err == nil) != (tt.finish == "") || (err != nil && err.Error() != tt.finish) {
				t.Errorf("Finish() = %v, want %q", err, tt.finish)
			}
		})
	}
}

func TestScriptedCopiesValues(t *testing.T) {
	values := []int{4}
	s := NewScripted(values)
	values[0] = 99
	if v, err := s.Roll(6, ""); v != 4 || err != nil {
		t.Errorf("Roll = %d, %v, want 4 (NewScripted must copy its input)", v, err)
	}
}

func TestParseList(t *testing.T) {
	tests := []struct {
		in   string
		want []int
	}{
		{"3,5,6", []int{3, 5, 6}},
		{"3 5 6", []int{3, 5, 6}},
		{"3, 5,6", []int{3, 5, 6}},
		{" 3 ,5\t6\n", []int{3, 5, 6}},
		{"100", []int{100}},
		// p. 5: both d10s of a d100 showing 0 read as 100.
		{"00", []int{100}},
		{"37,00 05", []int{37, 100, 5}},
		{"+4", []int{4}},
		{"007", []int{7}},
		{"1000000", []int{1000000}},
		{"", nil},
		{"  \t ", nil},
	}
	for _, tt := range tests {
		got, err := ParseList(tt.in)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("ParseList(%q) = %v, %v, want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestParseListErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"x", `--dice: "x" is not a number`},
		{"3,x,5", `--dice: "x" is not a number`},
		{"3,5x", `--dice: "5x" is not a number`},
		{"3;5", `--dice: "3;5" is not a number`},
		{"3.5", `--dice: "3.5" is not a number`},
		{"0x10", `--dice: "0x10" is not a number`},
		{"0", `--dice: "0" is not a die face (faces start at 1)`},
		{"000", `--dice: "000" is not a die face (faces start at 1)`},
		{"1 -2", `--dice: "-2" is not a die face (faces start at 1)`},
		{"1000001", `--dice: "1000001" is larger than any die (at most 1000000 sides)`},
		{"99999999999999999999999", `--dice: "99999999999999999999999" is larger than any die (at most 1000000 sides)`},
		{",3", `--dice: value #1 is empty (comma before the first value)`},
		{"3,,5", `--dice: value #2 is empty (two commas in a row)`},
		{"3, ,5", `--dice: value #2 is empty (two commas in a row)`},
		{"3,5,", `--dice: value #3 is empty (comma after the last value)`},
		{strings.Repeat("y", 100), `--dice: "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"... is not a number`},
		{strings.Repeat("1,", MaxListValues) + "1", `--dice: more than 100000 values`},
	}
	for _, tt := range tests {
		got, err := ParseList(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseList(%.20q) = %v, %v, want error %s", tt.in, got, err, tt.want)
		}
	}
	// Exactly the limit is fine.
	if got, err := ParseList(strings.Repeat("6 ", MaxListValues)); err != nil || len(got) != MaxListValues {
		t.Errorf("ParseList of %d values: %d values, %v", MaxListValues, len(got), err)
	}
}

func TestRecorder(t *testing.T) {
	r := NewRecorder(script(2, 6, 9))
	if v, err := r.Roll(6, "to-hit"); v != 2 || err != nil {
		t.Fatalf("Roll = %d, %v", v, err)
	}
	if v, err := r.Roll(20, "damage"); v != 6 || err != nil {
		t.Fatalf("Roll = %d, %v", v, err)
	}
	_, err := r.Roll(8, "luck") // 9 does not fit: not recorded
	if err == nil || err.Error() != "--dice value 9 (#3) does not fit the d8 for luck" {
		t.Fatalf("Roll error = %v", err)
	}
	want := []Rolled{{6, 2, "to-hit", ""}, {20, 6, "damage", ""}}
	got := r.Rolls()
	if !slices.Equal(got, want) {
		t.Fatalf("Rolls() = %v, want %v", got, want)
	}
	got[0].Value = 5 // a copy
	if r.Rolls()[0].Value != 2 {
		t.Error("Rolls() returned the recorder's own slice")
	}
	r.Reset()
	if len(r.Rolls()) != 0 {
		t.Errorf("after Reset, Rolls() = %v", r.Rolls())
	}
	if v, err := r.Roll(10, "luck"); v != 9 || err != nil || !slices.Equal(r.Rolls(), []Rolled{{10, 9, "luck", ""}}) {
		t.Errorf("after Reset: Roll = %d, %v, Rolls %v", v, err, r.Rolls())
	}
}

// TestRecorderReplay checks that recorded dice replayed as --dice values
// give the same results: the recorded order is the consumption order.
func TestRecorderReplay(t *testing.T) {
	e := MustParse("4d6kh3+2d20kl1-1d4+3")
	rec := NewRecorder(NewSeeded(5))
	want, err := e.Roll(rec, "")
	if err != nil {
		t.Fatal(err)
	}
	var values []int
	for _, r := range rec.Rolls() {
		values = append(values, r.Value)
		if r.Purpose != e.String() {
			t.Errorf("purpose %q, want the expression", r.Purpose)
		}
	}
	s := NewScripted(values)
	got, err := e.Roll(s, "")
	if err != nil || got.Total != want.Total || dieString(got.Dice) != dieString(want.Dice) {
		t.Errorf("replay = %+v, %v, want %+v", got, err, want)
	}
	if err := s.Finish(); err != nil {
		t.Error(err)
	}
}

func TestRollConvenience(t *testing.T) {
	if v, err := Roll(script(3, 4, 5), 3, 6, "x"); v != 12 || err != nil {
		t.Errorf("Roll 3d6 = %d, %v, want 12", v, err)
	}
	if v, err := Roll(script(), 0, 6, "x"); v != 0 || err != nil {
		t.Errorf("Roll 0d6 = %d, %v, want 0", v, err)
	}
	tests := []struct {
		n, sides int
		purpose  string
		want     string
	}{
		{-1, 6, "x", "dice: cannot roll -1d6 for x: the number of dice must be 0 to 10000"},
		{10001, 6, "", "dice: cannot roll 10001d6: the number of dice must be 0 to 10000"},
		{2, 0, "soak", "dice: cannot roll 2d0 for soak: a die has 1 to 1000000 sides"},
		{2, 1000001, "soak", "dice: cannot roll 2d1000001 for soak: a die has 1 to 1000000 sides"},
		{2, 6, "soak", "rolling 2d6: --dice ran out: the d6 for soak needed value #2 but only 1 was given"},
	}
	for _, tt := range tests {
		_, err := Roll(script(1), tt.n, tt.sides, tt.purpose)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Roll(%d, %d) error %v, want %s", tt.n, tt.sides, err, tt.want)
		}
	}
	// Errors from the roller stay inspectable.
	_, err := Roll(errRoller{}, 1, 6, "")
	if !errors.Is(err, errBroken) {
		t.Errorf("Roll does not wrap the roller's error: %v", err)
	}
}

var errBroken = errors.New("broken")

type errRoller struct{}

func (errRoller) Roll(int, string) (int, error) { return 0, errBroken }
