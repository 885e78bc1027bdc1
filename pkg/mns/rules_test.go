package mns

import (
	"errors"
	"os"
	"testing"
)

// synthetic loads the test charts: made-up values, NOT the game's.
func synthetic(t testing.TB) *Charts {
	t.Helper()
	data, err := os.ReadFile("../../testdata/mns/synthetic-charts.json")
	if err != nil {
		t.Fatal(err)
	}
	c, err := DecodeCharts(data)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestClock(t *testing.T) {
	// The chapter's handgun: started on 12 with time 20, it lands on 32.
	if got := Lands(12, 20); got != 32 {
		t.Errorf("Lands(12, 20) = %d, want 32", got)
	}
	cases := []struct {
		from, to int
		want     []int
	}{
		{0, 49, nil},
		{0, 50, []int{50}},
		{50, 50, nil},
		{49, 150, []int{50, 100, 150}},
		{12, 260, []int{50, 100, 150, 200, 250}},
	}
	for _, c := range cases {
		got := PaymentSegments(c.from, c.to)
		if len(got) != len(c.want) {
			t.Errorf("PaymentSegments(%d, %d) = %v, want %v", c.from, c.to, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("PaymentSegments(%d, %d) = %v, want %v", c.from, c.to, got, c.want)
			}
		}
	}
	for s, want := range map[int]int{0: 50, 49: 50, 50: 100, 99: 100, 249: 250} {
		if got := NextPayment(s); got != want {
			t.Errorf("NextPayment(%d) = %d, want %d", s, got, want)
		}
	}
	if MinuteSegments != 5*RoundSegments {
		t.Error("a minute is five rounds")
	}
}

func TestQualityAndFailure(t *testing.T) {
	cases := []struct {
		name                 string
		target, roll, pen, q int
		attack, damage       int
	}{
		{"roll equal to target succeeds with Q 0", 12, 12, 0, 0, 0, 0},
		{"roll under target", 15, 9, 0, 6, 0, 0},
		{"surprise penalty of 5 comes off Q", 15, 9, 5, 1, 0, 0},
		{"fail by 4: 2 and 2", 10, 14, 0, -4, -2, -2},
		{"fail by 5: the odd point goes to attack", 10, 15, 0, -5, -3, -2},
		{"fail by 1: all to attack", 10, 11, 0, -1, -1, 0},
	}
	for _, c := range cases {
		q := Quality(c.target, c.roll, c.pen)
		a, d := SplitFailure(q)
		if q != c.q || a != c.attack || d != c.damage {
			t.Errorf("%s: Q %d split %d/%d, want %d split %d/%d", c.name, q, a, d, c.q, c.attack, c.damage)
		}
	}
}

func TestSpendCost(t *testing.T) {
	cases := []struct {
		name string
		s    Spend
		want int
		bad  bool
	}{
		{"plain", Spend{Attack: 2, Defense: 1, Damage: 3, Time: 4}, 10, false},
		{"called shot at the head", Spend{Called: "head"}, 3, false},
		{"arm", Spend{Called: "arm"}, 3, false},
		{"leg", Spend{Called: "legs"}, 3, false},
		{"neck", Spend{Called: "neck"}, 4, false},
		{"body", Spend{Called: "body"}, 2, false},
		{"hold at the neck: 4 + 4", Spend{Called: "neck", Hold: true}, 8, false},
		{"touch", Spend{Touch: true}, 4, false},
		{"poison carrier", Spend{Carrier: true}, 5, false},
		{"hold without a called shot", Spend{Hold: true}, 0, true},
		{"unknown part", Spend{Called: "tail"}, 0, true},
		{"negative", Spend{Attack: -1}, 0, true},
	}
	for _, c := range cases {
		got, err := c.s.Cost()
		if (err != nil) != c.bad || got != c.want {
			t.Errorf("%s: cost %d err %v, want %d bad %v", c.name, got, err, c.want, c.bad)
		}
	}
}

func TestPoolModifiers(t *testing.T) {
	cases := []struct {
		name string
		s    Situation
		want int
	}{
		{"none", Situation{}, 0},
		{"two extra opponents", Situation{ExtraOpponents: 2}, -2},
		{"one bank", Situation{Banks: 1}, -1},
		{"offhand", Situation{Offhand: true}, -4},
		{"unseen", Situation{Unseen: true}, -6},
		{"infrared", Situation{Sight: "infrared"}, -2},
		{"ultraviolet", Situation{Sight: "ultraviolet"}, 0},
		{"radar", Situation{Sight: "radar"}, -1},
		{"x-rays", Situation{Sight: "x-rays"}, -1},
		{"sonar", Situation{Sight: "sonar"}, -2},
		{"vague detection", Situation{Sight: "vague"}, -4},
		{"map sense", Situation{Sight: "map-sense"}, 0},
		{"bow in close combat", Situation{InClose: "bow"}, -3},
		{"crossbow", Situation{InClose: "crossbow"}, -2},
		{"pistol", Situation{InClose: "pistol"}, 1},
		{"rifle", Situation{InClose: "rifle"}, -2},
		{"power beam", Situation{InClose: "beam"}, 2},
		{"offhand pistol at two opponents", Situation{ExtraOpponents: 1, Offhand: true, InClose: "gun"}, -4},
	}
	for _, c := range cases {
		got, err := c.s.PoolModifier()
		if err != nil || got != c.want {
			t.Errorf("%s: %d %v, want %d", c.name, got, err, c.want)
		}
	}
	if _, err := (Situation{Sight: "telepathy"}).PoolModifier(); err == nil {
		t.Error("unknown sight accepted")
	}
	if d, _ := RestrainedDefense(2, false); d != -2 {
		t.Errorf("restrained 2 directions: %d", d)
	}
	if _, err := RestrainedDefense(5, false); err == nil {
		t.Error("a walker has only 4 directions")
	}
	if d, _ := RestrainedDefense(6, true); d != -6 {
		t.Errorf("a flier held in all 6 directions: %d", d)
	}
	if HelplessDefense != -6 {
		t.Error("helpless defenders are at -6")
	}
}

func TestHurry(t *testing.T) {
	cases := []struct {
		name                       string
		time, attack, n            int
		wantTime, wantAtt, wantPen int
		bad                        bool
	}{
		{"fist hurried 3 with attack 5", 10, 5, 3, 7, 2, 0, false},
		{"hurried 7 with attack 5: 2 penalty", 10, 5, 7, 3, 0, 2, false},
		{"as soon as the next segment", 10, 20, 9, 1, 11, 0, false},
		{"not the same segment", 10, 20, 10, 0, 0, 0, true},
		{"attack already 0", 20, 0, 4, 16, 0, 4, false},
	}
	for _, c := range cases {
		tm, at, pen, err := Hurry(c.time, c.attack, c.n)
		if (err != nil) != c.bad || tm != c.wantTime || at != c.wantAtt || pen != c.wantPen {
			t.Errorf("%s: %d %d %d %v", c.name, tm, at, pen, err)
		}
	}
	if MaxCareful(6, 4) != 4 || MaxCareful(3, 9) != 3 || MaxCareful(-2, 5) != 0 {
		t.Error("MaxCareful is the lower of agility and learning")
	}
}

func TestSurpriseRules(t *testing.T) {
	// Lariat: surprised for 8, reduced by 5: 3 segments lost, penalty 5.
	rem, pen, err := ReduceSurprise(8, 5)
	if err != nil || rem != 3 || pen != 5 {
		t.Errorf("ReduceSurprise(8, 5) = %d, %d, %v", rem, pen, err)
	}
	if _, _, err := ReduceSurprise(8, 9); err == nil {
		t.Error("reduced by more than the surprise")
	}
	if SurpriseSegments(6, 2) != 6 || SurpriseSegments(6, -3) != 9 {
		t.Error("a negative pool adds its amount to the surprise")
	}
	for idle, want := range map[int]int{0: 0, 1: 0, 2: 1, 7: 3, -4: 0} {
		if got := RestRelief(idle); got != want {
			t.Errorf("RestRelief(%d) = %d, want %d", idle, got, want)
		}
	}
}

func TestRanges(t *testing.T) {
	handgun := Ranges{Short: 4, Set: 3, Max: 80}
	cases := []struct {
		name          string
		distance      float64
		sets, penalty int
	}{
		{"within short range", 4, 0, 0},
		{"just past short range", 4.5, 1, 0},
		{"17 m: 13 beyond, 13/3 rounded up = 5", 17, 5, 0},
		{"98 m: 94/3 rounded up = 32; 18/3 = 6 beyond maximum", 98, 32, 6},
		{"at maximum", 80, 26, 0},
		{"81 m: 1/3 rounded up", 81, 26, 1},
	}
	for _, c := range cases {
		sets, err := RangeSets(c.distance, handgun)
		if err != nil {
			t.Fatal(err)
		}
		pen, _ := BeyondMaxPenalty(c.distance, handgun)
		if sets != c.sets || pen != c.penalty {
			t.Errorf("%s: sets %d penalty %d, want %d %d", c.name, sets, pen, c.sets, c.penalty)
		}
	}
	ch := synthetic(t)
	for x, want := range map[int]int{5: 5, 32: 13, 9: 8} {
		got, err := ch.SphereOf(x, nil, "")
		if err != nil || got != want {
			t.Errorf("synthetic Sphere(%d) = %d %v, want %d", x, got, err, want)
		}
	}
	if _, err := RangeSets(10, Ranges{Short: 4}); err == nil {
		t.Error("a range set of 0 accepted")
	}
}

func TestStandardRange(t *testing.T) {
	cases := []struct {
		kind  string
		x, sr float64
		want  Ranges
	}{
		{"beam", 20, 0, Ranges{Short: 10, Set: 5, Max: 80}},
		{"explosion", 20, 0, Ranges{Short: 4, Set: 2, Max: 20, AttackBonus: 20}},
		{"center", 20, 0, Ranges{Short: 20, Set: 10, Max: 40}},
		{"other", 40, 0, Ranges{Short: 10, Set: 5, Max: 40}},
		{"spell", 6, 100, Ranges{Short: 3, Set: 1.5, Max: 100}},
	}
	for _, c := range cases {
		got, err := StandardRange(c.kind, c.x, c.sr)
		if err != nil || got != c.want {
			t.Errorf("%s %v: %+v %v, want %+v", c.kind, c.x, got, err, c.want)
		}
	}
	if _, err := StandardRange("spell", 6, 0); err == nil {
		t.Error("a spell without its range")
	}
	if _, err := StandardRange("cone", 6, 0); err == nil {
		t.Error("unknown kind")
	}
}

func TestMisses(t *testing.T) {
	// Attack 3 against Defense 7 at 10 m: 4 × 10 = 40 cm wide.
	if got := ProjectileMissCM(3, 7, 10); got != 40 {
		t.Errorf("projectile miss %v cm, want 40", got)
	}
	// Thrown: 4 × 10 / 10 = 4 m; halved on a 3 or a 7.
	for d8, want := range map[int]float64{1: 4, 3: 2, 7: 2, 8: 4} {
		if got := ThrownMissM(3, 7, 10, d8); got != want {
			t.Errorf("thrown miss on d8 %d: %v m, want %v", d8, got, want)
		}
	}
	ch := synthetic(t)
	if d, err := ch.Direction(3); err != nil || d != "test-east" {
		t.Errorf("direction %q %v", d, err)
	}
	var none *Charts
	var need *NeedChartError
	if _, err := none.Direction(3); !errors.As(err, &need) {
		t.Errorf("no charts: %v", err)
	}
}

func TestApplyDamage(t *testing.T) {
	full := Track{VP: 40, MaxVP: 40, DP: 12, MaxDP: 12}
	cases := []struct {
		name               string
		t                  Track
		h                  Hit
		vp, dp, push, stun int
		ignored, soaked    int
	}{
		{"VP first", full, Hit{Amount: 15, Kind: Standard}, 25, 12, 1, 0, 0, 0},
		{"then DP", Track{VP: 5, MaxVP: 40, DP: 12, MaxDP: 12}, Hit{Amount: 8, Kind: Standard}, 0, 9, 3, 0, 0, 0},
		{"ignore damage 3 of 3", full, Hit{Amount: 3, Kind: Standard, Ignore: 3}, 40, 12, 3, 0, 3, 0},
		{"ignore 3 of 10", full, Hit{Amount: 10, Kind: Standard, Ignore: 3}, 33, 12, 3, 0, 3, 0},
		{"skin temper 0.5 after ignore: (10-2)×0.5", full, Hit{Amount: 10, Kind: Standard, Ignore: 2, Temper: 0.5}, 36, 12, 2, 0, 2, 0},
		{"skin temper 2", full, Hit{Amount: 7, Kind: Standard, Temper: 2}, 26, 12, 1, 0, 0, 0},
		{"25 VP and 3 DP: 5 pushback", Track{VP: 25, MaxVP: 40, DP: 12, MaxDP: 12}, Hit{Amount: 28, Kind: Standard}, 0, 9, 5, 0, 0, 0},
		{"death shot: a tenth of 40 VP soaks 4", full, Hit{Amount: 9, Kind: Death}, 36, 7, 5, 0, 0, 4},
		{"death shot, unconscious", full, Hit{Amount: 9, Kind: Death, Unconscious: true}, 40, 3, 9, 0, 0, 0},
		{"stun within VP", full, Hit{Amount: 30, Kind: Stun}, 10, 12, 3, 0, 0, 0},
		{"stun 3 past VP: 6 segments", Track{VP: 2, MaxVP: 40, DP: 12, MaxDP: 12}, Hit{Amount: 5, Kind: Stun}, 0, 12, 0, 6, 0, 0},
		{"deadly stun 7 past VP: 14 segments, 1 DP", Track{VP: 2, MaxVP: 40, DP: 12, MaxDP: 12}, Hit{Amount: 9, Kind: Stun, Deadly: true}, 0, 11, 1, 14, 0, 0},
		{"stun bonus to ignore", full, Hit{Amount: 10, Kind: Stun, Ignore: 1, StunBonus: 2}, 33, 12, 3, 0, 3, 0},
		{"DP stop at minus the maximum", Track{VP: 0, MaxVP: 40, DP: 2, MaxDP: 12}, Hit{Amount: 100, Kind: Standard}, 0, -12, 14, 0, 0, 0},
	}
	for _, c := range cases {
		r, err := ApplyDamage(c.t, c.h)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if r.Track.VP != c.vp || r.Track.DP != c.dp || r.Pushback != c.push || r.StunSegments != c.stun || r.Ignored != c.ignored || r.Soaked != c.soaked {
			t.Errorf("%s: %+v", c.name, r)
		}
	}
	if _, err := ApplyDamage(full, Hit{Amount: -1, Kind: Standard}); err == nil {
		t.Error("negative damage accepted")
	}
	if _, err := ApplyDamage(full, Hit{Amount: 1, Kind: "poison"}); err == nil {
		t.Error("unknown kind accepted")
	}
}

func TestPushbackWorkedExample(t *testing.T) {
	// 15 VP (1), 3 ignored (3), 25 VP and 3 DP (5): 9 points.
	total := PushbackPoints(15, 0, 0) + PushbackPoints(0, 0, 3) + PushbackPoints(25, 3, 0)
	if total != 9 {
		t.Fatalf("pushback = %d, want 9", total)
	}
	ch := synthetic(t)
	segs, _ := ch.SphereOf(total, nil, "")
	if 35+segs != 43 {
		t.Errorf("next action on 35 pushed %d to %d, want 43", segs, 35+segs)
	}
}

func TestDisbelieve(t *testing.T) {
	cases := []struct {
		vp, dp, backVP, backDP, stays int
	}{
		{23, 0, 20, 0, 3},
		{20, 0, 18, 0, 2},
		{20, 5, 20, 2, 3},
		{1, 0, 0, 0, 1},
		{0, 0, 0, 0, 0},
	}
	for _, c := range cases {
		bv, bd, st := Disbelieve(c.vp, c.dp)
		if bv != c.backVP || bd != c.backDP || st != c.stays {
			t.Errorf("Disbelieve(%d, %d) = %d, %d, %d", c.vp, c.dp, bv, bd, st)
		}
	}
}
