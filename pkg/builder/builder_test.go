package builder

import (
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestParseTarget(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		bad  bool
		err  string // the start of the refusal, when it matters
	}{
		{in: "60%", want: 0.60},
		{in: "60", want: 0.60},
		{in: " 62.5 % ", want: 0.625},
		{in: "1%", want: 0.01},
		{in: "99%", want: 0.99},
		{in: "easy", want: 0.90},
		{in: "FAIR", want: 0.75},
		{in: "hard", want: 0.50},
		{in: "deadly", want: 0.25},
		{in: "0%", bad: true, err: "0% is outside 1-99 %"},
		{in: "100", bad: true, err: "100% is outside 1-99 %"},
		// the number is echoed, never what surrounds it: one line
		{in: "0\n\n%", bad: true, err: "0% is outside 1-99 %"},
		{in: "0.6", bad: true}, // 0.6 %: below 1 %
		{in: "-5", bad: true},
		{in: "", bad: true},
		{in: "NaN", bad: true},
		{in: "sixty", bad: true},
	}
	for _, tc := range tests {
		got, err := ParseTarget(tc.in)
		if tc.bad {
			if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
				t.Errorf("ParseTarget(%q) = %v, %v; want an error starting %q", tc.in, got, err, tc.err)
			}
			continue
		}
		if err != nil || math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("ParseTarget(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func TestParseTolerance(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		bad  bool
	}{
		{in: "5", want: 0.05},
		{in: "2.5%", want: 0.025},
		{in: "25", want: 0.25},
		{in: "0", bad: true},
		{in: "26", bad: true},
		{in: " 26\t\n%", bad: true},
		{in: "x", bad: true},
	}
	for _, tc := range tests {
		got, err := ParseTolerance(tc.in)
		if (err != nil) != tc.bad || !tc.bad && math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("ParseTolerance(%q) = %v, %v; want %v (error %v)", tc.in, got, err, tc.want, tc.bad)
		}
		if err != nil && strings.ContainsAny(err.Error(), "\t\n") {
			t.Errorf("ParseTolerance(%q): %q is not one line", tc.in, err)
		}
	}
}

func TestPercent(t *testing.T) {
	for p, want := range map[float64]string{0.6: "60 %", 0.625: "62.5 %", 0.0004: "0 %", 1: "100 %"} {
		if got := Percent(p); got != want {
			t.Errorf("Percent(%v) = %q, want %q", p, got, want)
		}
	}
}

func TestStages(t *testing.T) {
	tests := []struct {
		fights int
		want   []int
	}{
		{500, []int{31, 62, 125, 250, 500}},
		{100, []int{20, 25, 50, 100}},
		{30, []int{20, 30}},
		{20, []int{20}},
		{5, []int{5}},
	}
	for _, tc := range tests {
		if got := (Plan{Fights: tc.fights}).Stages(); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Stages(%d) = %v, want %v", tc.fights, got, tc.want)
		}
	}
}

func TestJudge(t *testing.T) {
	p := Plan{Target: 0.6, Tolerance: 0.05, Fights: 500}
	tests := []struct {
		name         string
		wins, fights int
		want         Verdict
	}{
		// 62 fights: Wilson 95 % of 60/62 is about 88.9-99.1 %, wholly above 65 %.
		{"far above at a stage", 60, 62, TooEasy},
		// 2/62: about 0.9-11 %, wholly below 55 %.
		{"far below at a stage", 2, 62, TooHard},
		// 45/62 = 72.6 %, but the interval (60.4-82.2 %) reaches into the band.
		{"near at a stage", 45, 62, Undecided},
		{"at the full count, inside", 300, 500, Within},
		{"at the full count, on the upper edge", 325, 500, Within},
		{"at the full count, on the lower edge", 275, 500, Within},
		{"at the full count, just above", 326, 500, TooEasy},
		{"at the full count, just below", 274, 500, TooHard},
	}
	for _, tc := range tests {
		if got := p.Judge(Tally{Wins: tc.wins, Fights: tc.fights}); got != tc.want {
			t.Errorf("%s: Judge(%d/%d) = %v, want %v", tc.name, tc.wins, tc.fights, got, tc.want)
		}
	}
}

// model is an Eval whose candidates win exactly the share chance(c) of
// their fights, spread evenly (fights [0, n) win floor(chance*n)), so a
// search over it can be worked by hand. Each goon takes 3 health a fight
// off the one hero.
func model(chance func(Candidate) float64, calls *[]Candidate) Eval {
	return func(c Candidate, from, to int) (Tally, error) {
		if calls != nil {
			*calls = append(*calls, c)
		}
		p := chance(c)
		wins := int(math.Floor(p*float64(to)+1e-9)) - int(math.Floor(p*float64(from)+1e-9))
		return Tally{Fights: to - from, Wins: wins, Pages: int64(2 * (to - from)), Heroes: []HeroTally{{HealthTaken: int64((to - from) * (1 + 3*c.Goons))}}}, nil
	}
}

// TestSearchHarmless: goons that take nothing off the heroes are given
// up at two, kind by kind.
func TestSearchHarmless(t *testing.T) {
	eval := func(c Candidate, from, to int) (Tally, error) {
		p := 1.0
		loss := int64(5 * (to - from)) // the villain's, whatever the goons
		if c.Kind == 1 {
			p, loss = 1-0.1*float64(c.Goons), loss+int64(2*c.Goons*(to-from))
		}
		wins := int(math.Floor(p*float64(to)+1e-9)) - int(math.Floor(p*float64(from)+1e-9))
		return Tally{Fights: to - from, Wins: wins, Heroes: []HeroTally{{StaminaTaken: loss}}}, nil
	}
	r, err := Search(Plan{Target: 0.6, Tolerance: 0.05, Fights: 200, Villains: 1, Kinds: 2, MaxGoons: 12}, eval)
	if err != nil {
		t.Fatal(err)
	}
	want := []Candidate{{}, {Goons: 1}, {Goons: 2}, {Kind: 1, Goons: 1}, {Kind: 1, Goons: 2}, {Kind: 1, Goons: 4}}
	if got := goonsOf(r.Tried); !r.Found || !reflect.DeepEqual(got, want) {
		t.Errorf("found %v, tried %+v; want found, %+v", r.Found, got, want)
	}
}

// of counts c's goons of kind k.
func of(c Candidate, k int) int {
	n := 0
	if c.Kind == k {
		n += c.Goons
	}
	if c.AddKind == k {
		n += c.Added
	}
	return n
}

func goonsOf(tried []Try) []Candidate {
	out := make([]Candidate, len(tried))
	for i, t := range tried {
		out[i] = t.Candidate
	}
	return out
}

func TestSearch(t *testing.T) {
	base := Plan{Target: 0.6, Tolerance: 0.05, Fights: 200, Villains: 3, Kinds: 2, MaxGoons: 12}
	tests := []struct {
		name   string
		plan   Plan
		chance func(Candidate) float64
		found  bool
		best   Candidate
		tried  []Candidate
	}{{
		// Each goon takes 10 points off a sure win: 4 goons leave 60 %.
		// Tried: alone, 1, 2 (too easy), 4 (within).
		name:   "galloping lands on the target",
		plan:   base,
		chance: func(c Candidate) float64 { return 1 - 0.1*float64(c.Goons) },
		found:  true,
		best:   Candidate{Goons: 4},
		tried:  []Candidate{{}, {Goons: 1}, {Goons: 2}, {Goons: 4}},
	}, {
		// 7 % a goon: 5 goons leave 65 %, 6 leave 58 %. 8 is too hard
		// (44 %), so 5 (between 4 and 8), then 6: within.
		name:   "bisection between the last too easy and the first too hard",
		plan:   base,
		chance: func(c Candidate) float64 { return 1 - 0.07*float64(c.Goons) },
		found:  true,
		best:   Candidate{Goons: 6},
		tried:  []Candidate{{}, {Goons: 1}, {Goons: 2}, {Goons: 4}, {Goons: 8}, {Goons: 6}},
	}, {
		// Villain 0 alone leaves the heroes 20 %: given up; villain 1
		// alone leaves 62 %: within.
		name: "a villain too strong alone is given up",
		plan: base,
		chance: func(c Candidate) float64 {
			if c.Villain == 0 {
				return 0.2
			}
			return 0.62 - 0.1*float64(c.Goons)
		},
		found: true,
		best:  Candidate{Villain: 1},
		tried: []Candidate{{}, {Villain: 1}},
	}, {
		// Kind 0's goons take 30 points each (1 goon: 70 %, 2: 40 %),
		// kind 1's 10: one of kind 1 added to one of kind 0 leaves 60 %.
		name:   "between two counts of a kind, goons of another are added",
		plan:   base,
		chance: func(c Candidate) float64 { return 1 - 0.3*float64(of(c, 0)) - 0.1*float64(of(c, 1)) },
		found:  true,
		best:   Candidate{Goons: 1, AddKind: 1, Added: 1},
		tried:  []Candidate{{}, {Goons: 1}, {Goons: 2}, {Goons: 1, AddKind: 1, Added: 1}},
	}, {
		// Kind 0's goons take 45 points each (1 goon: 55 %... too
		// hard for 70 %); kind 1's 8 each: 4 leave 68 %.
		name:   "a kind too strong at one gives way to the next",
		plan:   Plan{Target: 0.7, Tolerance: 0.05, Fights: 200, Villains: 1, Kinds: 2, MaxGoons: 12},
		chance: func(c Candidate) float64 { return 1 - 0.45*float64(of(c, 0)) - 0.08*float64(of(c, 1)) },
		found:  true,
		best:   Candidate{Kind: 1, Goons: 4},
		tried:  []Candidate{{}, {Goons: 1}, {Kind: 1, Goons: 1}, {Kind: 1, Goons: 2}, {Kind: 1, Goons: 4}},
	}, {
		// Goons do nothing: 12 of each kind still leave 100 %, for every
		// villain; the closest is the first tried with the most fights.
		name:   "nothing within: the closest",
		plan:   Plan{Target: 0.6, Tolerance: 0.05, Fights: 200, Villains: 1, Kinds: 1, MaxGoons: 3},
		chance: func(Candidate) float64 { return 1 },
		found:  false,
		best:   Candidate{},
		tried:  []Candidate{{}, {Goons: 1}, {Goons: 2}, {Goons: 3}},
	}, {
		// 220 fights: alone (20 fights: 100 %, decided at the first
		// stage), then 1 goon (20, 25, 50, 100 then 200 fights: 60 %).
		name:   "the budget is not reached",
		plan:   Plan{Target: 0.6, Tolerance: 0.05, Fights: 200, Villains: 1, Kinds: 1, MaxGoons: 3, Budget: 225},
		chance: func(c Candidate) float64 { return 1 - 0.4*float64(c.Goons) },
		found:  true,
		best:   Candidate{Goons: 1},
		tried:  []Candidate{{}, {Goons: 1}},
	}}
	for _, tc := range tests {
		var calls []Candidate
		r, err := Search(tc.plan, model(tc.chance, &calls))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if r.Found != tc.found || r.Best.Candidate != tc.best {
			t.Errorf("%s: found %v, best %+v; want %v, %+v", tc.name, r.Found, r.Best.Candidate, tc.found, tc.best)
		}
		if got := goonsOf(r.Tried); !reflect.DeepEqual(got, tc.tried) {
			t.Errorf("%s: tried %+v, want %+v", tc.name, got, tc.tried)
		}
		sum := 0
		for _, tr := range r.Tried {
			sum += tr.Tally.Fights
		}
		if sum != r.Played {
			t.Errorf("%s: played %d, but the tries count %d", tc.name, r.Played, sum)
		}
		if tc.found && (r.Best.Tally.Fights != tc.plan.Fights || r.Best.Verdict != Within) {
			t.Errorf("%s: best %+v: want %d fights, within", tc.name, r.Best, tc.plan.Fights)
		}
	}
}

// TestSearchStagesReuseFights: every stage plays the fights after the
// last one played, so a candidate's tally covers fights [0, n) exactly.
func TestSearchStagesReuseFights(t *testing.T) {
	var spans [][2]int
	eval := func(c Candidate, from, to int) (Tally, error) {
		spans = append(spans, [2]int{from, to})
		return Tally{Fights: to - from, Wins: (to - from) * 6 / 10}, nil
	}
	r, err := Search(Plan{Target: 0.6, Tolerance: 0.05, Fights: 500, Villains: 1, Kinds: 1, MaxGoons: 4}, eval)
	if err != nil || !r.Found {
		t.Fatalf("found %v, err %v", r.Found, err)
	}
	want := [][2]int{{0, 31}, {31, 62}, {62, 125}, {125, 250}, {250, 500}}
	if !reflect.DeepEqual(spans, want) {
		t.Errorf("spans %v, want %v", spans, want)
	}
}

func TestSearchBudget(t *testing.T) {
	// Every candidate is near enough to play on to its last stage; the
	// budget of 300 fights stops the first before it (250 played).
	eval := model(func(c Candidate) float64 { return 0.72 - 0.001*float64(c.Goons) }, nil)
	r, err := Search(Plan{Target: 0.6, Tolerance: 0.05, Fights: 500, Villains: 1, Kinds: 1, MaxGoons: 4, Budget: 300}, eval)
	if err != nil {
		t.Fatal(err)
	}
	if r.Found || !r.OverBudget || r.Played > 300 {
		t.Errorf("found %v, over budget %v, played %d; want not found, over budget, at most 300", r.Found, r.OverBudget, r.Played)
	}
}

func TestSearchDeterministic(t *testing.T) {
	plan := Plan{Target: 0.5, Tolerance: 0.03, Fights: 300, Villains: 2, Kinds: 3, MaxGoons: 12}
	chance := func(c Candidate) float64 { return 0.95 - 0.06*float64(c.Goons*(c.Kind+1)) + 0.01*float64(c.Villain) }
	a, err1 := Search(plan, model(chance, nil))
	b, err2 := Search(plan, model(chance, nil))
	if err1 != nil || err2 != nil || !reflect.DeepEqual(a, b) {
		t.Errorf("two searches differ: %+v / %+v (%v, %v)", a, b, err1, err2)
	}
}

func TestSeed(t *testing.T) {
	seen := map[uint64]bool{}
	for _, st := range []uint64{StreamVillain, StreamGoon, StreamTrained, StreamElite, StreamSidekick, StreamAndroid} {
		for i := range 100 {
			s := Seed(7, st, i)
			if s >= 1<<53 {
				t.Fatalf("Seed(7, %d, %d) = %d: not below 2^53", st, i, s)
			}
			if seen[s] {
				t.Fatalf("Seed(7, %d, %d) = %d repeats", st, i, s)
			}
			seen[s] = true
		}
	}
	if Seed(7, StreamVillain, 0) == Seed(8, StreamVillain, 0) {
		t.Error("Seed does not depend on the master seed")
	}
}

// FuzzParseTarget: --target and --tolerance never panic; what they accept
// is within their bounds and reads back from its own percentage; what
// they refuse, they refuse in one line.
func FuzzParseTarget(f *testing.F) {
	for _, s := range []string{"60%", "60", "easy", "FAIR", " 62.5 % ", "0%", "100", "1e2", "NaN", "-0", "", "%", "5%%", "deadly\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, parse := range []struct {
			name   string
			fn     func(string) (float64, error)
			lo, hi float64
		}{{"ParseTarget", ParseTarget, MinTarget, MaxTarget}, {"ParseTolerance", ParseTolerance, 0, MaxTolerance}} {
			v, err := parse.fn(s)
			if err != nil {
				if strings.Contains(err.Error(), "\n") {
					t.Errorf("%s(%q): %q is not one line", parse.name, s, err)
				}
				continue
			}
			if v < parse.lo-1e-9 || v > parse.hi+1e-9 || math.IsNaN(v) {
				t.Errorf("%s(%q) = %v, outside %v-%v", parse.name, s, v, parse.lo, parse.hi)
			}
			if again, err := parse.fn(strconv.FormatFloat(v*100, 'g', -1, 64) + "%"); err != nil || math.Abs(again-v) > 1e-12 {
				t.Errorf("%s(%q) = %v, but its percentage reads %v, %v", parse.name, s, v, again, err)
			}
		}
	})
}
