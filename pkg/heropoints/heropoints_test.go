package heropoints

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// Cases worked by hand from p. 14: keep the original or a re-roll,
// "whichever is more favourable"; several points give several re-rolls.
func TestKeep(t *testing.T) {
	tests := []struct {
		name   string
		points int
		favour Favour
		faces  []int
		kept   int
	}{
		{"no points: the roll itself", 0, Higher, []int{7}, 0},
		{"a better re-roll is taken", 1, Higher, []int{5, 9}, 1},
		{"a worse re-roll is not", 1, Higher, []int{9, 5}, 0},
		{"a tie keeps the original", 1, Higher, []int{9, 9}, 0},
		{"two points: the best of three", 2, Higher, []int{5, 3, 9}, 2},
		{"lower favours the GM's roll against the hero", 2, Lower, []int{42, 33, 40}, 1},
		{"lower: a tie keeps the earlier", 2, Lower, []int{12, 6, 6}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls := 0
			kept, results, err := Keep(tt.points, tt.favour, inOrder(t, tt.faces, &calls))
			if err != nil {
				t.Fatal(err)
			}
			if kept != tt.kept || !slices.Equal(results, tt.faces) || calls != tt.points+1 {
				t.Errorf("kept %d results %v calls %d; want %d %v %d", kept, results, calls, tt.kept, tt.faces, tt.points+1)
			}
		})
	}
}

func TestKeepErrors(t *testing.T) {
	if _, _, err := Keep(-1, Higher, func(int) (int, error) { return 1, nil }); err == nil {
		t.Error("negative points accepted")
	}
	boom := errors.New("out of dice")
	if _, _, err := Keep(2, Higher, func(i int) (int, error) {
		if i == 1 {
			return 0, boom
		}
		return 3, nil
	}); !errors.Is(err, boom) {
		t.Errorf("err = %v, want the roller's", err)
	}
}

func TestCheckSpendRecord(t *testing.T) {
	h := &hero.Hero{Name: "Hawk", HeroPoints: hero.Points{Max: 3, Current: 2}}
	if err := Check(h, 3); err == nil {
		t.Error("spending 3 of 2 accepted")
	}
	if err := Check(h, 2); err != nil {
		t.Error(err)
	}
	Spend(h, 2)
	if h.HeroPoints.Current != 0 {
		t.Errorf("current = %d, want 0", h.HeroPoints.Current)
	}
	r := Record("Hawk", "attacker", "to-hit", Higher, "d20 face", 2, []int{5, 3, 9})
	if r.Points != 2 || r.Value != 9 {
		t.Errorf("record %+v", r)
	}
	want := "Hawk spends 2 hero points on the to-hit: 5, 3, 9 (d20 face); keeps 9, re-roll 2 (higher is better for the attacker)"
	if got := r.Text(); got != want {
		t.Errorf("Text() = %q\nwant      %q", got, want)
	}
}

// Keep always keeps the best of every result, the first of equals, and
// rolls exactly points+1 times.
func TestKeepProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		points := rapid.IntRange(0, 10).Draw(t, "points")
		favour := rapid.SampledFrom([]Favour{Higher, Lower}).Draw(t, "favour")
		faces := rapid.SliceOfN(rapid.IntRange(1, 20), points+1, points+1).Draw(t, "faces")
		kept, results, err := Keep(points, favour, func(i int) (int, error) { return faces[i], nil })
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(results, faces) {
			t.Fatalf("results %v, faces %v", results, faces)
		}
		best := slices.Max(faces)
		if favour == Lower {
			best = slices.Min(faces)
		}
		if results[kept] != best || slices.Index(faces, best) != kept {
			t.Fatalf("kept %d (%d) of %v, want the first %d", kept, results[kept], faces, best)
		}
	})
}

// KeepUntil re-rolls only while the kept result is not good enough, and
// never past the budget. Worked by hand: a d20 ≤ 12 test (lower is
// better) rolling 17, 15, 9, 3 with 3 points: 17 fails, 15 fails, 9
// passes: 2 points spent, 9 kept, the 3 never rolled.
func TestKeepUntil(t *testing.T) {
	cases := []struct {
		name    string
		budget  int
		favour  Favour
		good    func(int) bool
		faces   []int
		kept    int
		results []int
	}{
		{"stops at the first success", 3, Lower, func(v int) bool { return v <= 12 }, []int{17, 15, 9, 3}, 2, []int{17, 15, 9}},
		{"a success at once spends nothing", 3, Lower, func(v int) bool { return v <= 12 }, []int{4}, 0, []int{4}},
		{"the budget runs out", 2, Higher, func(v int) bool { return v >= 4 }, []int{1, 3, 2}, 1, []int{1, 3, 2}},
		{"no budget", 0, Higher, func(v int) bool { return false }, []int{1}, 0, []int{1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			kept, results, err := KeepUntil(c.budget, c.favour, c.good, func(i int) (int, error) { return c.faces[i], nil })
			if err != nil || kept != c.kept || fmt.Sprint(results) != fmt.Sprint(c.results) {
				t.Errorf("kept %d results %v err %v, want %d %v", kept, results, err, c.kept, c.results)
			}
		})
	}
	if _, _, err := KeepUntil(-1, Higher, func(int) bool { return false }, nil); err == nil {
		t.Error("a negative budget accepted")
	}
}

// Cases worked by hand from p. 14 with two spenders on one d20: the
// roller keeps its best (higher), then the other side makes it re-roll
// the result that stands, keeping the lower.
func TestKeepBoth(t *testing.T) {
	tests := []struct {
		name     string
		own, opp int
		faces    []int
		kept     int
		ownKept  int
		oppRes   []int
		oppKept  int
	}{
		{"only the other side: a lower re-roll is taken", 0, 1, []int{15, 6}, 1, 0, []int{15, 6}, 1},
		{"only the other side: a higher re-roll is not", 0, 1, []int{6, 15}, 0, 0, []int{6, 15}, 0},
		{"owner 3 -> 17, then the other side 17 -> 5", 1, 1, []int{3, 17, 5}, 2, 1, []int{17, 5}, 1},
		{"owner keeps 3 (re-roll 2 worse), other side's 9 is not lower", 1, 1, []int{3, 2, 9}, 0, 0, []int{3, 9}, 0},
		{"two each: owner best of 4,12,8 is 12; other side best of 12,14,11 is 11", 2, 2, []int{4, 12, 8, 14, 11}, 4, 1, []int{12, 14, 11}, 2},
		{"a tie keeps the standing result", 1, 1, []int{3, 10, 10}, 1, 1, []int{10, 10}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls := 0
			b, err := KeepBoth(tt.own, tt.opp, Higher, inOrder(t, tt.faces, &calls))
			if err != nil {
				t.Fatal(err)
			}
			if b.Kept != tt.kept || b.Value() != tt.faces[tt.kept] || !slices.Equal(b.Results, tt.faces) || calls != len(tt.faces) {
				t.Errorf("kept %d results %v calls %d; want %d %v %d", b.Kept, b.Results, calls, tt.kept, tt.faces, len(tt.faces))
			}
			if k, rs := b.OwnResults(); k != tt.ownKept || !slices.Equal(rs, tt.faces[:tt.own+1]) {
				t.Errorf("own %d %v, want %d %v", k, rs, tt.ownKept, tt.faces[:tt.own+1])
			}
			if k, rs := b.OppResults(); k != tt.oppKept || !slices.Equal(rs, tt.oppRes) || rs[k] != b.Value() {
				t.Errorf("opp %d %v, want %d %v", k, rs, tt.oppKept, tt.oppRes)
			}
		})
	}
	if _, err := KeepBoth(0, -1, Higher, func(int) (int, error) { return 1, nil }); err == nil {
		t.Error("negative opp accepted")
	}
}

// inOrder rolls faces in turn, failing the test when a roll is asked for
// out of order; *calls counts the rolls made.
func inOrder(t *testing.T, faces []int, calls *int) func(int) (int, error) {
	return func(i int) (int, error) {
		if i != *calls {
			t.Fatalf("roll %d asked out of order (want %d)", i, *calls)
		}
		*calls++
		return faces[i], nil
	}
}
