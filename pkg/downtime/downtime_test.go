package downtime

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/profile"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// TestParseGoalRefusesWhatCannotParseBack: invalid UTF-8 (which became
// U+FFFD and a 126-byte key) and a name whose lower case is longer than
// the limit are refused.
func TestParseGoalRefusesWhatCannotParseBack(t *testing.T) {
	for _, in := range []string{
		"other:" + strings.Repeat("\xb6", 40),
		"device:ok\xff",
	} {
		g, err := ParseGoal(in)
		if err == nil {
			t.Errorf("ParseGoal(%q) = %+v (key %d bytes), want an error", in, g, len(g.Key))
			continue
		}
		if len(err.Error()) > 120 {
			t.Errorf("error of %d bytes", len(err.Error()))
		}
	}
}

func TestParseGoal(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Goal
	}{
		{"public_relations", Goal{"public_relations", GoalProfile, "public_relations"}},
		{"Public Relations", Goal{"public_relations", GoalProfile, "public_relations"}},
		{"social-circle", Goal{"social_circle", GoalProfile, "social_circle"}},
		{"contacts", Goal{"contacts", GoalProfile, "contacts"}},
		{"power_use", Goal{"power_use", GoalProfile, "power_use"}},
		{"strength", Goal{"strength", GoalAbility, "strength"}},
		{"END", Goal{"endurance", GoalAbility, "endurance"}},
		{"material", Goal{"material_resources", GoalResource, "material_resources"}},
		{"financial_resources", Goal{"financial_resources", GoalResource, "financial_resources"}},
		{"power:flight", Goal{"power:flight", GoalPower, "flight"}},
		{"power:Super Strength", Goal{"power:super-strength", GoalPower, "super-strength"}},
		{"subpower:super-senses", Goal{"subpower:super-senses", GoalSubPower, "super-senses"}},
		{"device:Grapple Gun", Goal{"device:grapple-gun", GoalDevice, "grapple-gun"}},
		{"other:new identity", Goal{"other:new-identity", GoalOther, "new-identity"}},
	} {
		got, err := ParseGoal(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got != c.want {
			t.Errorf("%q: %+v, want %+v", c.in, got, c.want)
		}
	}
	for _, c := range []struct{ in, msg string }{
		{"", "empty goal"},
		{"fame", "fame cannot be raised with downtime (p. 46)"},
		{"competence", "competence cannot be raised with downtime"},
		{"approachability", "cannot be raised with downtime"},
		{"success_rate", "cannot be raised with downtime"},
		{"public_response", "cannot be raised with downtime"},
		{"security", "cannot be raised with downtime"},
		{"popularity", "three times the sum"},
		{"confidence", "three times the sum"},
		{"identity_public", "not a score"},
		{"charisma", "not a profile measure, resource or ability"},
		{"power:laser", "not a power on the Power Table"},
		{"power:free-choice", "not a power"},
		{"subpower:flight", "has no sub-powers"},
		{"device:", "missing a device name"},
		{"other:  ", "missing a name"},
		{"thing:x", "unknown kind"},
		{"a=b", "may not contain"},
		{strings.Repeat("x", 101), "longer than"},
	} {
		_, err := ParseGoal(c.in)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: error %v, want %q", c.in, err, c.msg)
		}
	}
}

func TestParseSideAndFit(t *testing.T) {
	s, err := ParseSide("backing=1")
	if err != nil || s.Goal.Key != "backing" || s.XP != 1 {
		t.Errorf("backing=1: %+v %v", s, err)
	}
	for _, bad := range []string{"backing", "backing=0", "backing=6", "backing=x", "fame=1", "=1"} {
		if _, err := ParseSide(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	for in, want := range map[string]rulebook.Fit{
		"average": rulebook.FitAverage, "A Poor Fit": rulebook.FitPoor, "ideal": rulebook.FitIdeal,
		"1": rulebook.FitCompletelyUnsuitable, "4": rulebook.FitWellSuited, "Well Suited": rulebook.FitWellSuited,
	} {
		got, err := ParseFit(in)
		if err != nil || got != want {
			t.Errorf("fit %q: %v %v, want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"0", "6", "great", ""} {
		if _, err := ParseFit(bad); err == nil {
			t.Errorf("fit %q accepted", bad)
		}
	}
	for in, want := range map[string]int{"3": 3, "7": 7, "some-know-how": 4, "Needs specialist equipment": 6, "precision research": 7, "1": 0, "8": 0, "hard": 0} {
		got, err := ParseComplexity(in)
		if want == 0 {
			if err == nil {
				t.Errorf("complexity %q accepted", in)
			}
			continue
		}
		if err != nil || got != want {
			t.Errorf("complexity %q: %d %v, want %d", in, got, err, want)
		}
	}
	for in, want := range map[string]int{"3": 3, "hard-to-find": 5, "secret cutting edge": 7, "Average, common parts": 4, "0": 0, "2": 0, "cheap": 0} {
		got, err := ParseComponents(in)
		if want == 0 {
			if err == nil {
				t.Errorf("components %q accepted", in)
			}
			continue
		}
		if err != nil || got != want {
			t.Errorf("components %q: %d %v, want %d", in, got, err, want)
		}
	}
}

// failGain is a sub-power gainer that always fails.
func failGain(*hero.Hero, string, dice.Roller) (ruling.Steps, error) {
	return nil, errors.New("no sub-powers in the fake")
}

// fakeGain stands in for hero generation's power resolution: it adds the
// power at rank 1 or raises it, rolling one d6 for the test.
func fakeGain(h *hero.Hero, slug string, r dice.Roller) (ruling.Steps, error) {
	v, err := r.Roll(6, "fake power value")
	if err != nil {
		return nil, err
	}
	var s ruling.Steps
	if p := h.FindPower(rulebook.PowerID(slug)); p != nil {
		p.Rank++
		s.Add("power", "p. 48", "%s rank %d (rolled %d)", slug, p.Rank, v)
		return s, nil
	}
	row, _ := rulebook.PowerBySlug(slug)
	h.Powers = append(h.Powers, hero.Power{Slug: rulebook.PowerID(row.Slug), Name: row.Name, Rank: 1, MaxRank: row.MaxRanks})
	s.Add("power", "p. 48", "new power %s (rolled %d)", slug, v)
	return s, nil
}

// TestPriceOf: the Experience Point Cost Table (p. 46) for the Guardian,
// worked by hand.
func TestPriceOf(t *testing.T) {
	h := loadGuardian(t)
	opts := Options{GainPower: fakeGain, GainSubPower: failGain}
	for _, c := range []struct {
		goal          string
		cur, next, xp int
		upkeep        int
		blocked       string
		newPower      bool
	}{
		{"public_relations", 3, 4, 30, 4, "", false},
		{"identification", 2, 3, 20, 3, "", false},
		{"competence_never", 0, 0, 0, 0, "", false}, // placeholder skipped below
		{"contacts", 10, 11, 100, 11, "at its maximum of 10", false},
		{"power_use", 1, 2, 10, 2, "", false},
		{"strength", 14, 15, 140, 15, "", false}, // the rolled score, not 45
		{"agility", 17, 18, 170, 18, "", false},
		{"material_resources", 4, 5, 40, 5, "confidence 39 is below 46", false},
		{"financial_resources", 5, 6, 50, 6, "confidence 39 is below 46", false},
		{"power:super-strength", 2, 3, 200, 0, "", false},
		{"power:wallcrawling", 1, 2, 100, 0, "maximum rank 1", false},
		{"power:armour", 3, 4, 300, 0, "maximum rank 3", false},
		{"power:flight", 4, 1, 120, 0, "", true},
		{"subpower:super-senses", 4, 1, 120, 0, "", true},
		{"subpower:magic", 4, 1, 120, 0, "has no Magic", true},
		{"other:new-identity", 0, 0, 0, 0, "no rule prices", false},
	} {
		if c.goal == "competence_never" {
			continue
		}
		g := mustGoal(t, c.goal)
		p, err := PriceOf(h, g, opts)
		if err != nil {
			t.Fatalf("%s: %v", c.goal, err)
		}
		if p.Current != c.cur || p.Next != c.next || p.XP != c.xp || p.UpkeepWeeks != c.upkeep || p.NewPower != c.newPower {
			t.Errorf("%s: %+v, want current %d next %d xp %d upkeep %d new %v", c.goal, p, c.cur, c.next, c.xp, c.upkeep, c.newPower)
		}
		if (c.blocked == "") != (p.Blocked == "") || !strings.Contains(p.Blocked, c.blocked) {
			t.Errorf("%s: blocked %q, want %q", c.goal, p.Blocked, c.blocked)
		}
	}
	// Without hero generation's power resolution, powers are blocked.
	p, _ := PriceOf(h, mustGoal(t, "power:flight"), Options{})
	if !strings.Contains(p.Blocked, "power resolution") {
		t.Errorf("no gainer: blocked %q", p.Blocked)
	}
	p, _ = PriceOf(h, mustGoal(t, "subpower:super-senses"), Options{GainPower: fakeGain})
	if !strings.Contains(p.Blocked, "add a flavour") {
		t.Errorf("no sub-power gainer: blocked %q", p.Blocked)
	}
	// Abilities stop at 21 (p. 47).
	h.Abilities.Base.Will = 21
	if p, _ := PriceOf(h, mustGoal(t, "will"), opts); !strings.Contains(p.Blocked, "training stops at 21") {
		t.Errorf("will 21: blocked %q", p.Blocked)
	}
	// Robots count being a robot as a power (p. 50).
	r := &hero.Hero{Kind: hero.KindRobot, Powers: []hero.Power{{Slug: "armour", Rank: 1}}}
	if p, _ := PriceOf(r, mustGoal(t, "power:flight"), opts); p.XP != 60 {
		t.Errorf("robot new power: %d, want 60", p.XP)
	}
	// Simpler experience: / 5, new powers / 3 (p. 46).
	for goal, dp := range map[string]int{"public_relations": 6, "strength": 28, "power:super-strength": 40, "power:flight": 40} {
		p, _ := PriceOf(loadGuardian(t), mustGoal(t, goal), Options{Simpler: true, GainPower: fakeGain})
		if p.DP != dp {
			t.Errorf("simpler %s: %d points, want %d", goal, p.DP, dp)
		}
	}
	if _, err := PriceOf(h, mustGoal(t, "device:nothing"), opts); err == nil {
		t.Error("an unknown device was priced")
	}
}

func spendReq(t *testing.T, points int, goal string, fit rulebook.Fit, sides ...string) SpendRequest {
	t.Helper()
	req := SpendRequest{Points: points, Fit: fit}
	if goal != "" {
		g := mustGoal(t, goal)
		req.Goal = &g
	}
	for _, s := range sides {
		sd, err := ParseSide(s)
		if err != nil {
			t.Fatal(err)
		}
		req.Sides = append(req.Sides, sd)
	}
	return req
}

func weekGuardian(t *testing.T) *hero.Hero {
	h := loadGuardian(t)
	if _, err := NewWeek(h, WeekRequest{}, Options{}); err != nil {
		t.Fatal(err)
	}
	return h
}

func TestSpendErrorsLeaveHeroUnchanged(t *testing.T) {
	for _, c := range []struct {
		name string
		req  func(t *testing.T) SpendRequest
		opts Options
		msg  string
	}{
		{"no points", func(t *testing.T) SpendRequest { return spendReq(t, 0, "methods", rulebook.FitIdeal) }, Options{}, "at least 1"},
		{"too many", func(t *testing.T) SpendRequest { return spendReq(t, 8, "methods", rulebook.FitIdeal) }, Options{}, "7 downtime points left"},
		{"no fit", func(t *testing.T) SpendRequest { return spendReq(t, 1, "methods", "") }, Options{}, "--fit"},
		{"fit without goal", func(t *testing.T) SpendRequest { return spendReq(t, 1, "", rulebook.FitIdeal) }, Options{}, "give --goal"},
		{"nothing", func(t *testing.T) SpendRequest { return spendReq(t, 1, "", "") }, Options{}, "name a goal"},
		{"over 5", func(t *testing.T) SpendRequest { return spendReq(t, 1, "methods", rulebook.FitIdeal, "backing=1") }, Options{}, "at most 5"},
		{"twice", func(t *testing.T) SpendRequest { return spendReq(t, 1, "methods", rulebook.FitPoor, "methods=1") }, Options{}, "already credited"},
		{"no device", func(t *testing.T) SpendRequest { return spendReq(t, 1, "device:x", rulebook.FitPoor) }, Options{}, "no device"},
		{"simpler with fit", func(t *testing.T) SpendRequest { return spendReq(t, 1, "methods", rulebook.FitPoor) }, Options{Simpler: true}, "without fits"},
		{"simpler no goal", func(t *testing.T) SpendRequest { return spendReq(t, 1, "", "") }, Options{Simpler: true}, "spends points directly"},
		{"activity", func(t *testing.T) SpendRequest {
			r := spendReq(t, 1, "methods", rulebook.FitPoor)
			r.Activity = "a\nb"
			return r
		}, Options{}, "one line"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := weekGuardian(t)
			before, _ := deepCopy(h)
			_, err := Spend(h, c.req(t), c.opts)
			if err == nil || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("error %v, want %q", err, c.msg)
			}
			if !reflect.DeepEqual(h, before) {
				t.Fatal("hero changed on error")
			}
		})
	}
	robot := &hero.Hero{Name: "R", Kind: hero.KindRobot, Downtime: hero.Downtime{Points: 7}}
	if _, err := Spend(robot, spendReq(t, 1, "strength", rulebook.FitIdeal), Options{}); err == nil || !strings.Contains(err.Error(), "robots cannot gain experience") {
		t.Errorf("robot: %v", err)
	}
}

func TestSpendCredits(t *testing.T) {
	h := weekGuardian(t)
	res, err := Spend(h, spendReq(t, 7, "public_relations", rulebook.FitAverage, "backing=1", "methods=1"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []Credit{{Goal: "public_relations", XP: 21, Accrued: 21, Experience: 21}, {Goal: "backing", XP: 7, Accrued: 7, Experience: 7}, {Goal: "methods", XP: 7, Accrued: 7, Experience: 7}}
	if !reflect.DeepEqual(res.Credits, want) || res.XPPerPoint != 5 || res.PointsLeft != 0 || len(res.Warnings) != 0 {
		t.Errorf("%+v", res)
	}
	// Side goals only.
	h = weekGuardian(t)
	res, err = Spend(h, spendReq(t, 2, "", "", "social_circle=3", "conscience=2"), Options{})
	if err != nil || h.Downtime.Experience["social_circle"] != 6 || h.Downtime.Experience["conscience"] != 4 {
		t.Errorf("sides only: %v %v", h.Downtime.Experience, err)
	}
	// Under the simpler rule a point is 5 experience, 3 towards a new power.
	h = weekGuardian(t)
	opts := Options{Simpler: true, GainPower: fakeGain}
	if _, err := Spend(h, spendReq(t, 2, "public_relations", ""), opts); err != nil {
		t.Fatal(err)
	}
	if _, err := Spend(h, spendReq(t, 2, "power:flight", ""), opts); err != nil {
		t.Fatal(err)
	}
	if h.Downtime.Experience["public_relations"] != 10 || h.Downtime.Experience["power:flight"] != 6 {
		t.Errorf("simpler: %v", h.Downtime.Experience)
	}
	// A new power at more than 3 a point warns (p. 48); a goal at its
	// maximum warns.
	h = weekGuardian(t)
	res, _ = Spend(h, spendReq(t, 1, "power:flight", rulebook.FitIdeal), Options{GainPower: fakeGain})
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "should be rare") {
		t.Errorf("warnings %v", res.Warnings)
	}
	res, _ = Spend(h, spendReq(t, 1, "contacts", rulebook.FitIdeal), Options{})
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "maximum") {
		t.Errorf("warnings %v", res.Warnings)
	}
}

// TestUpkeepRouting: experience towards a goal being kept pays 5 a week
// first, from the week after the purchase; it does not accrue (p. 46).
func TestUpkeepRouting(t *testing.T) {
	h := weekGuardian(t)
	h.Downtime.Experience = map[string]int{"public_relations": 30}
	if _, err := Buy(h, BuyRequest{Goal: mustGoal(t, "public_relations")}, Options{}, nil); err != nil {
		t.Fatal(err)
	}
	// Same week: nothing is owed yet.
	res, _ := Spend(h, spendReq(t, 1, "public_relations", rulebook.FitAverage), Options{})
	if res.Credits[0].Upkeep != 0 || res.Credits[0].Accrued != 3 {
		t.Errorf("purchase week: %+v", res.Credits[0])
	}
	NewWeek(h, WeekRequest{}, Options{})
	res, _ = Spend(h, spendReq(t, 1, "public_relations", rulebook.FitAverage), Options{})
	if c := res.Credits[0]; c.Upkeep != 3 || c.Accrued != 0 || c.Experience != 3 {
		t.Errorf("first point: %+v", c)
	}
	res, _ = Spend(h, spendReq(t, 1, "public_relations", rulebook.FitAverage), Options{})
	if c := res.Credits[0]; c.Upkeep != 2 || c.Accrued != 1 || c.Experience != 4 {
		t.Errorf("second point: %+v", c)
	}
	if h.Downtime.Upkeep[0].PaidThisWeek != 5 {
		t.Errorf("paid %d", h.Downtime.Upkeep[0].PaidThisWeek)
	}
	res, _ = Spend(h, spendReq(t, 1, "public_relations", rulebook.FitAverage), Options{})
	if c := res.Credits[0]; c.Upkeep != 0 || c.Accrued != 3 {
		t.Errorf("third point: %+v", c)
	}
}

// TestNewWeekUpkeep: outcomes week by week, worked by hand.
func TestNewWeekUpkeep(t *testing.T) {
	for _, c := range []struct {
		name string
		// pay[i] is the experience paid in week i after the purchase.
		pay      []int
		outcomes []string
		final    int // public relations at the end
	}{
		{"kept", []int{5, 5, 5, 5}, []string{UpkeepPaid, UpkeepPaid, UpkeepPaid, UpkeepKept}, 4},
		{"gaps of two", []int{0, 0, 5, 0, 0, 5, 5, 5}, []string{UpkeepMissed, UpkeepMissed, UpkeepPaid, UpkeepMissed, UpkeepMissed, UpkeepPaid, UpkeepPaid, UpkeepKept}, 4},
		{"three missed", []int{5, 0, 0, 0}, []string{UpkeepPaid, UpkeepMissed, UpkeepMissed, UpkeepReverted}, 3},
		{"four short", []int{4, 4, 4}, []string{UpkeepMissed, UpkeepMissed, UpkeepReverted}, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := weekGuardian(t)
			h.Downtime.Experience = map[string]int{"public_relations": 30}
			if _, err := Buy(h, BuyRequest{Goal: mustGoal(t, "public_relations")}, Options{}, nil); err != nil {
				t.Fatal(err)
			}
			w, _ := NewWeek(h, WeekRequest{}, Options{})
			if w.Upkeep[0].Outcome != UpkeepNotDue {
				t.Fatalf("purchase week: %s", w.Upkeep[0].Outcome)
			}
			for i, pay := range c.pay {
				if pay > 0 {
					h.Downtime.Upkeep[0].PaidThisWeek = pay
				}
				w, err := NewWeek(h, WeekRequest{}, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if got := w.Upkeep[0].Outcome; got != c.outcomes[i] {
					t.Fatalf("week %d: %s, want %s", i+1, got, c.outcomes[i])
				}
			}
			if h.Profile.PublicRelations != c.final || len(h.Downtime.Upkeep) != 0 {
				t.Errorf("public relations %d upkeep %v", h.Profile.PublicRelations, h.Downtime.Upkeep)
			}
			if err := h.Validate(); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestChainedReversion: an increase built on one that reverts reverts
// with it.
func TestChainedReversion(t *testing.T) {
	h := weekGuardian(t)
	h.Downtime.Experience = map[string]int{"public_relations": 30 + 40}
	g := mustGoal(t, "public_relations")
	for i := 0; i < 2; i++ {
		if _, err := Buy(h, BuyRequest{Goal: g}, Options{}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if h.Profile.PublicRelations != 5 || len(h.Downtime.Upkeep) != 2 {
		t.Fatalf("public relations %d upkeep %d", h.Profile.PublicRelations, len(h.Downtime.Upkeep))
	}
	var w WeekResult
	for i := 0; i < 4; i++ {
		w, _ = NewWeek(h, WeekRequest{}, Options{})
	}
	if len(w.Reverted) != 2 || h.Profile.PublicRelations != 3 {
		t.Errorf("reverted %v, public relations %d", w.Reverted, h.Profile.PublicRelations)
	}
}

func TestNewWeekAllowance(t *testing.T) {
	h := loadGuardian(t)
	w, _ := NewWeek(h, WeekRequest{}, Options{})
	if w.Allowance != 7 || w.Points != 7 || w.Week != 1 {
		t.Errorf("%+v", w)
	}
	h.Downtime.Points = 3
	w, _ = NewWeek(h, WeekRequest{}, Options{})
	if w.Forfeited != 3 || w.Points != 7 {
		t.Errorf("forfeit: %+v", w)
	}
	h.Downtime.Points = 3
	w, _ = NewWeek(h, WeekRequest{}, Options{CarryOver: true})
	if w.Carried != 3 || w.Points != 10 {
		t.Errorf("carry: %+v", w)
	}
	w, _ = NewWeek(h, WeekRequest{Away: true}, Options{})
	if w.Allowance != 0 || w.Points != 0 || w.Forfeited != 10 {
		t.Errorf("away: %+v", w)
	}
	h.Perks = append(h.Perks, hero.Perk{Slug: "idle-rich", Name: "Idle Rich"})
	h.Profile.Conscience, h.Profile.SocialCircle = 1, 1
	w, _ = NewWeek(h, WeekRequest{}, Options{})
	if w.Allowance != 6 { // 7 - 2 + 1
		t.Errorf("low confidence idle rich: %+v", w)
	}
	if _, err := NewWeek(&hero.Hero{Kind: hero.KindMundane, Name: "Bob"}, WeekRequest{}, Options{}); err == nil {
		t.Error("a mundane character got a week")
	}
}

func TestBuy(t *testing.T) {
	h := weekGuardian(t)
	h.Downtime.Experience = map[string]int{"strength": 150, "power:super-strength": 200, "power:flight": 130, "methods": 29}
	rec := dice.NewRecorder(dice.NewScripted([]int{4, 2}))
	opts := Options{GainPower: fakeGain, GainSubPower: failGain}

	res, err := Buy(h, BuyRequest{Goal: mustGoal(t, "strength")}, opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	if h.Abilities.Base.Strength != 15 || h.Abilities.Final.Strength != 46 || res.ExperienceLeft != 10 || res.Upkeep.WeeksNeeded != 15 {
		t.Errorf("strength: base %d final %d left %d %+v", h.Abilities.Base.Strength, h.Abilities.Final.Strength, res.ExperienceLeft, res.Upkeep)
	}
	if len(res.Warnings) != 1 {
		t.Errorf("no derive hook: warnings %v", res.Warnings)
	}
	res, err = Buy(h, BuyRequest{Goal: mustGoal(t, "power:super-strength")}, opts, rec)
	if err != nil {
		t.Fatal(err)
	}
	if h.PowerRank("super-strength") != 3 || res.To != 3 || res.Upkeep != nil || res.Power == nil {
		t.Errorf("rank: %+v", res)
	}
	if _, ok := h.Downtime.Experience["power:super-strength"]; ok {
		t.Error("spent experience left in the map")
	}
	res, err = Buy(h, BuyRequest{Goal: mustGoal(t, "power:flight")}, opts, rec)
	if err != nil {
		t.Fatal(err)
	}
	if h.PowerRank("flight") != 1 || !res.NewPower || res.Cost != 120 || res.ExperienceLeft != 10 {
		t.Errorf("new power: %+v", res)
	}
	if len(rec.Rolls()) != 2 || rec.Rolls()[0].Purpose != "fake power value" {
		t.Errorf("dice %v", rec.Rolls())
	}
	before, _ := deepCopy(h)
	for _, c := range []struct {
		req BuyRequest
		msg string
	}{
		{BuyRequest{Goal: mustGoal(t, "methods")}, "needs 30 experience"},
		{BuyRequest{Goal: mustGoal(t, "contacts")}, "maximum"},
		{BuyRequest{Goal: mustGoal(t, "material")}, "confidence 39 is below 46"},
		{BuyRequest{Goal: mustGoal(t, "power:armour")}, "maximum rank 3"},
		{BuyRequest{Goal: mustGoal(t, "other:x")}, "no rule prices"},
		{BuyRequest{Goal: mustGoal(t, "power:sidekick"), Android: true}, "Boffin"},
		{BuyRequest{Goal: mustGoal(t, "power:flight"), Android: true}, "Sidekick power"},
	} {
		if _, err := Buy(h, c.req, opts, rec); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want %q", c.req.Goal.Key, err, c.msg)
		}
		if !reflect.DeepEqual(h, before) {
			t.Fatalf("%s: hero changed on error", c.req.Goal.Key)
		}
	}
	// A gainer error leaves the hero unchanged.
	h.Downtime.Experience["power:wallcrawling"] = 0
	h.Downtime.Experience["subpower:super-senses"] = 500
	before, _ = deepCopy(h)
	if _, err := Buy(h, BuyRequest{Goal: mustGoal(t, "subpower:super-senses")}, opts, rec); err == nil {
		t.Error("the fake's sub-power error was lost")
	}
	if !reflect.DeepEqual(h, before) {
		t.Fatal("hero changed on a gainer error")
	}
}

func TestBuyAndroid(t *testing.T) {
	h := weekGuardian(t)
	h.Perks = []hero.Perk{{Slug: "boffin", Name: "Boffin"}}
	h.Resources = hero.Resources{Material: 9, Financial: 8}
	h.Downtime.Experience = map[string]int{"power:sidekick": 120}
	opts := Options{GainPower: fakeGain}
	if _, err := Buy(h, BuyRequest{Goal: mustGoal(t, "power:sidekick"), Android: true}, opts, dice.NewScripted([]int{1})); err == nil || !strings.Contains(err.Error(), "resources 9") {
		t.Fatalf("financial 8: %v", err)
	}
	h.Resources.Financial = 9
	profile.Recompute(h)
	res, err := Buy(h, BuyRequest{Goal: mustGoal(t, "power:sidekick"), Android: true}, opts, dice.NewScripted([]int{1}))
	if err != nil || h.PowerRank("sidekick") != 1 {
		t.Fatalf("%v %+v", err, res)
	}
}

func TestDevices(t *testing.T) {
	h := weekGuardian(t)
	h.Perks = []hero.Perk{{Slug: "boffin", Name: "Boffin"}}
	h.Resources.Material = 8
	for _, c := range []struct {
		req   DeviceRequest
		total int
		stage string
		msg   string
	}{
		{DeviceRequest{Name: "tracer", Complexity: 4, Components: 5}, 40, StageResearch, ""},
		{DeviceRequest{Name: "scanner", Complexity: 7, Components: 3, KnownDesign: true}, 50, StageProduction, ""},
		{DeviceRequest{Name: "multi", Complexity: 3, Components: 3, Functions: 3}, 60, StageResearch, ""},
		{DeviceRequest{Name: "robot", Complexity: 5, Robot: true}, 0, "", "financial resources 7"},
		{DeviceRequest{Name: "x", Complexity: 3, Components: 6}, 0, "", "financial resources 6"},
		{DeviceRequest{Name: "lab", Complexity: 7, Components: 3}, 100, StageResearch, ""},
		{DeviceRequest{Name: "tracer", Complexity: 3, Components: 3}, 0, "", "already has"},
		{DeviceRequest{Name: "", Complexity: 3, Components: 3}, 0, "", "--name"},
		{DeviceRequest{Name: "y", Complexity: 0, Components: 3}, 0, "", "--complexity 0"},
		{DeviceRequest{Name: "y", Complexity: 2, Components: 3}, 0, "", "--complexity 2"},
		{DeviceRequest{Name: "y", Complexity: 3, Components: 8}, 0, "", "--components 8"},
		{DeviceRequest{Name: "y", Complexity: 3, Components: 3, Functions: 21}, 0, "", "--functions 21"},
		{DeviceRequest{Name: "y", Complexity: 3, Components: 4, Robot: true}, 0, "", "a robot is cutting-edge"},
	} {
		res, err := StartDevice(h, c.req)
		if c.msg != "" {
			if err == nil || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("%+v: %v, want %q", c.req, err, c.msg)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%+v: %v", c.req, err)
		}
		if res.TotalXP != c.total || res.Device.Stage != c.stage || len(res.Warnings) != 0 {
			t.Errorf("%+v: %+v", c.req, res)
		}
	}
	// Stages advance: tracer 10 a stage.
	for _, c := range []struct {
		points int
		stage  string
	}{{2, StageDesign}, {2, StageProduction}, {2, StageTesting}, {3, StageDone}} {
		h.Downtime.Points = 7
		res, err := Spend(h, spendReq(t, c.points, "device:tracer", rulebook.FitIdeal), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if d := FindDevice(h, "tracer"); d.Stage != c.stage {
			t.Errorf("after %d points: %s, want %s (%+v)", c.points, d.Stage, c.stage, res.Credits)
		}
	}
	if d := FindDevice(h, "tracer"); d.Experience != 40 {
		t.Errorf("tracer experience %d (5 lost)", d.Experience)
	}
	found := false
	for _, it := range h.Equipment {
		found = found || it.Name == "tracer"
	}
	if !found {
		t.Error("the finished tracer is not in the equipment")
	}
	if _, err := Buy(h, BuyRequest{Goal: mustGoal(t, "device:tracer")}, Options{}, nil); err == nil {
		t.Error("a device was bought")
	}
	// Without Boffin: a warning.
	g := weekGuardian(t)
	res, err := StartDevice(g, DeviceRequest{Name: "torch", Complexity: 3, Components: 3})
	if err != nil || len(res.Warnings) != 1 {
		t.Errorf("no boffin: %v %v", err, res.Warnings)
	}
}

func TestMakePlan(t *testing.T) {
	h := loadGuardian(t)
	pl, err := MakePlan(h, mustGoal(t, "public_relations"), "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	// 30 to go at 1..5 a point, 7 a week, none left this week.
	want := []PlanRow{
		{rulebook.FitCompletelyUnsuitable, 1, 30, 5, 5},
		{rulebook.FitPoor, 2, 15, 3, 3},
		{rulebook.FitAverage, 3, 10, 2, 2},
		{rulebook.FitWellSuited, 4, 8, 2, 2},
		{rulebook.FitIdeal, 5, 6, 1, 1},
	}
	if !reflect.DeepEqual(pl.Rows, want) || pl.Need != 30 || pl.Upkeep != 20 {
		t.Errorf("%+v", pl)
	}
	h.Downtime.Points = 7
	h.Downtime.Experience = map[string]int{"public_relations": 21}
	pl, _ = MakePlan(h, mustGoal(t, "public_relations"), rulebook.FitAverage, Options{})
	if len(pl.Rows) != 1 || pl.Rows[0].Points != 3 || pl.Rows[0].Weeks != 0 || pl.Need != 9 {
		t.Errorf("%+v", pl)
	}
	pl, _ = MakePlan(h, mustGoal(t, "power:flight"), "", Options{Simpler: true, GainPower: fakeGain})
	if len(pl.Rows) != 1 || pl.Rows[0].XPPerPoint != 3 || pl.Rows[0].Points != 40 || pl.Price.DP != 40 {
		t.Errorf("simpler: %+v", pl)
	}
	if _, err := MakePlan(h, mustGoal(t, "methods"), rulebook.Fit("bogus"), Options{}); err == nil {
		t.Error("bogus fit accepted")
	}
}
