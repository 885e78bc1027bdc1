package profile

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// guardianHero is The Guardian's starting profile (pp. 20-27).
func guardianHero() *hero.Hero {
	h := &hero.Hero{Schema: hero.SchemaVersion, Name: "The Guardian", Kind: hero.KindHero}
	h.Resources = hero.Resources{Material: 4, Financial: 5}
	h.Combat = hero.Combat{ArmourClass: 'B', PanelsPerPage: 4}
	h.Profile = hero.Profile{
		Backing: 3, Heroism: 3, Identification: 2, PublicRelations: 3, Competence: 1,
		Methods: 3, PowerUse: 1, Contacts: 10,
		Conscience: 3, SocialCircle: 3,
	}
	return h
}

func TestRecomputeGuardian(t *testing.T) {
	h := guardianHero()
	Recompute(h)
	p := h.Profile
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"popularity", p.Popularity, 36},
		{"approachability", p.Approachability, 3},
		{"fame", p.Fame, 4},
		{"investigation", p.Investigation, 63},
		{"public_response", p.PublicResponse, 2},
		{"success_rate", p.SuccessRate, 0},
		{"security", p.Security, 5},
		{"confidence", p.Confidence, 39},
		{"points_per_week", h.Downtime.PointsPerWeek, 7},
		{"hero_points.max", h.HeroPoints.Max, 0},
		{"will_bonus", p.WillBonus, 0},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.name, c.got, c.want)
		}
	}
	if CanIncreaseResources(h) {
		t.Error("confidence 39 must not allow raising resources (p. 26)")
	}
}

// TestApproachability: 3 + identification/2 - heroism/2, a leftover half
// rounded up, within 1-5 (p. 22). Expected values worked by hand.
func TestApproachability(t *testing.T) {
	for _, c := range []struct{ ident, heroism, want int }{
		{2, 3, 3}, // the Guardian: 2½ → 3
		{3, 3, 3},
		{1, 1, 3},
		{5, 5, 3},
		{1, 5, 1}, // 3 + ½ - 2½ = 1
		{5, 1, 5}, // 3 + 2½ - ½ = 5
		{1, 4, 2}, // 1½ → 2
		{4, 1, 5}, // 4½ → 5
		{2, 5, 2}, // 1½ → 2
		{5, 4, 4}, // 3½ → 4
		{4, 5, 3}, // 2½ → 3
		{1, 3, 2}, // 2
		{5, 3, 4}, // 4
	} {
		h := guardianHero()
		h.Profile.Identification, h.Profile.Heroism = c.ident, c.heroism
		Recompute(h)
		if h.Profile.Approachability != c.want {
			t.Errorf("identification %d heroism %d: approachability %d, want %d", c.ident, c.heroism, h.Profile.Approachability, c.want)
		}
	}
}

// TestPopularityBands: fame and public response follow popularity (pp.
// 22, 27). Popularity is set through competence (the 1-10 measure).
func TestPopularityBands(t *testing.T) {
	for _, c := range []struct {
		backing, heroism, ident, pr, comp int
		pop, fame, response               int
		status                            string
	}{
		{1, 1, 1, 1, 1, 15, 5, 1, "\"Who are you?\""},
		{2, 2, 2, 2, 2, 30, 5, 1, "\"Who are you?\""},
		{3, 3, 2, 3, 1, 36, 4, 2, "Resented"}, // the Guardian
		{3, 3, 3, 3, 3, 45, 4, 2, "Resented"},
		{3, 3, 3, 3, 4, 48, 3, 3, "Accepted"},
		{4, 4, 4, 4, 4, 60, 3, 3, "Accepted"},
		{4, 4, 4, 4, 5, 63, 2, 4, "Liked"},
		{5, 5, 5, 5, 5, 75, 2, 4, "Liked"},
		{5, 5, 5, 5, 6, 78, 1, 5, "Wildly popular"},
		{5, 5, 5, 5, 9, 87, 1, 5, "Wildly popular"},
		{5, 5, 5, 5, 10, 90, 1, 5, "A legend"},
	} {
		h := guardianHero()
		p := &h.Profile
		p.Backing, p.Heroism, p.Identification, p.PublicRelations, p.Competence = c.backing, c.heroism, c.ident, c.pr, c.comp
		Recompute(h)
		if p.Popularity != c.pop || p.Fame != c.fame || p.PublicResponse != c.response {
			t.Errorf("popularity %d fame %d response %d, want %d %d %d", p.Popularity, p.Fame, p.PublicResponse, c.pop, c.fame, c.response)
		}
		if got := PopularityInfluence(p.Popularity, false).Status; got != c.status {
			t.Errorf("popularity %d: status %s, want %s", p.Popularity, got, c.status)
		}
	}
}

// TestSecurity: financial resources, -2 public identity, +2 non-human,
// within 1-10 (p. 27).
func TestSecurity(t *testing.T) {
	for _, c := range []struct {
		fin              int
		public, nonHuman bool
		want             int
	}{
		{5, false, false, 5},
		{5, true, false, 3},
		{5, false, true, 7},
		{5, true, true, 5},
		{1, false, false, 1},
		{2, true, false, 1}, // 0 → 1
		{1, true, false, 1},
		{10, false, true, 10}, // 12 → 10
		{9, false, true, 10},
		{8, false, true, 10},
		{10, true, false, 8},
	} {
		h := guardianHero()
		h.Resources.Financial = c.fin
		h.Profile.IdentityPublic, h.Profile.NonHuman = c.public, c.nonHuman
		Recompute(h)
		if h.Profile.Security != c.want {
			t.Errorf("financial %d public %v non-human %v: security %d, want %d", c.fin, c.public, c.nonHuman, h.Profile.Security, c.want)
		}
	}
}

// TestConfidenceEffects: the Confidence Table (p. 24) through the hero.
// Confidence is moved by conscience, social circle, success rate and
// financial resources (security).
func TestConfidenceEffects(t *testing.T) {
	succ := func(n int) []hero.Scenario {
		s := make([]hero.Scenario, n)
		for i := range s {
			s[i] = hero.Scenario{Competence: 1, Success: true}
		}
		return s
	}
	for _, c := range []struct {
		name                        string
		conscience, social, fin     int
		wins                        int
		idleRich                    bool
		confidence, dp, will, hpMax int
		resources                   bool
	}{
		// (1+1+0+2+5)×3 = 27: -2 downtime points.
		{"low", 1, 1, 5, 0, false, 27, 5, 0, 0, false},
		{"low idle rich", 1, 1, 5, 0, true, 27, 6, 0, 0, false},
		// (1+1+0+2+1)×3 = 15.
		{"lowest with a profile", 1, 1, 1, 0, false, 15, 5, 0, 0, false},
		// Below 15 is reachable: success rate 0, public response 1 needs
		// popularity ≤ 30; here 2 → (1+1+0+2+1)=5 → 15; see the rulebook
		// test for the 12-14 band.
		{"guardian", 3, 3, 5, 0, false, 39, 7, 0, 0, false},
		{"idle rich", 3, 3, 5, 0, true, 39, 8, 0, 0, false},
		// (3+4+0+2+6)×3 = 45; (3+4+0+2+7)×3 = 48.
		{"45", 3, 4, 6, 0, false, 45, 7, 0, 0, false},
		{"46+", 3, 4, 7, 0, false, 48, 7, 0, 0, true},
		// (5+5+1+2+8)×3 = 63: Will +1.
		{"will +1", 5, 5, 8, 1, false, 63, 7, 1, 0, true},
		// (5+5+3+2+10)×3 = 75: Will +5, no hero points.
		{"75", 5, 5, 10, 3, false, 75, 7, 5, 0, true},
		// (5+5+4+2+10)×3 = 78: 1 hero point.
		{"78", 5, 5, 10, 4, false, 78, 7, 5, 1, true},
		// (5+5+5+2+10)×3 = 81: 2.
		{"81", 5, 5, 10, 5, false, 81, 7, 5, 2, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := guardianHero()
			h.Profile.Conscience, h.Profile.SocialCircle = c.conscience, c.social
			h.Resources.Financial = c.fin
			h.Profile.Scenarios = succ(c.wins)
			if c.idleRich {
				h.Perks = []hero.Perk{{Slug: "idle-rich", Name: "Idle Rich"}}
			}
			h.HeroPoints = hero.Points{Max: 9, Current: 9}
			Recompute(h)
			if h.Profile.Confidence != c.confidence {
				t.Fatalf("confidence %d, want %d", h.Profile.Confidence, c.confidence)
			}
			if h.Downtime.PointsPerWeek != c.dp || h.Profile.WillBonus != c.will || h.HeroPoints.Max != c.hpMax || CanIncreaseResources(h) != c.resources {
				t.Errorf("dp %d will %d hero points %d resources %v; want %d %d %d %v",
					h.Downtime.PointsPerWeek, h.Profile.WillBonus, h.HeroPoints.Max, CanIncreaseResources(h), c.dp, c.will, c.hpMax, c.resources)
			}
			if h.HeroPoints.Current != c.hpMax {
				t.Errorf("current hero points %d: must be cut to the maximum %d", h.HeroPoints.Current, c.hpMax)
			}
		})
	}
}

// TestRefresh refills hero points to the maximum (p. 15).
func TestRefresh(t *testing.T) {
	h := guardianHero()
	h.HeroPoints = hero.Points{Max: 3, Current: 1}
	if got := Refresh(h); got != 2 || h.HeroPoints.Current != 3 {
		t.Errorf("refresh gained %d to %d, want 2 to 3", got, h.HeroPoints.Current)
	}
	if got := Refresh(h); got != 0 {
		t.Errorf("second refresh gained %d", got)
	}
}

func TestSuccessRate(t *testing.T) {
	S, F := hero.Scenario{Success: true}, hero.Scenario{}
	for _, c := range []struct {
		h    []hero.Scenario
		want int
	}{
		{nil, 0},
		{[]hero.Scenario{S}, 1},
		{[]hero.Scenario{F, F}, 0},
		{[]hero.Scenario{S, S, S, S, S}, 5},
		{[]hero.Scenario{S, S, S, S, S, F}, 4},
		{[]hero.Scenario{S, F, F, F, F, F}, 0},
		{[]hero.Scenario{S, S, S, F, F, S, S}, 3},
	} {
		if got := SuccessRate(c.h); got != c.want {
			t.Errorf("%v: %d, want %d", c.h, got, c.want)
		}
	}
}

// TestRecordScenario: half the difference, rounded down, a single point
// when the difference is 1 (pp. 20-21).
func TestRecordScenario(t *testing.T) {
	for _, c := range []struct {
		cur, rating int
		success     bool
		want        int
	}{
		{1, 6, true, 3},   // +5/2 = 2
		{1, 2, true, 2},   // difference 1
		{1, 3, true, 2},   // 2/2 = 1
		{1, 10, true, 5},  // 9/2 = 4
		{5, 5, true, 5},   // not above
		{5, 3, true, 5},   // below
		{5, 9, false, 5},  // failing above costs nothing
		{5, 5, false, 5},  // failing at costs nothing
		{5, 4, false, 4},  // difference 1
		{5, 1, false, 3},  // 4/2 = 2
		{10, 1, false, 6}, // 9/2 = 4
		{2, 1, false, 1},
	} {
		h := guardianHero()
		h.Profile.Competence = c.cur
		res, err := RecordScenario(h, c.rating, c.success, "")
		if err != nil {
			t.Fatal(err)
		}
		if h.Profile.Competence != c.want || res.CompetenceTo != c.want || res.CompetenceFrom != c.cur {
			t.Errorf("competence %d, scenario %d success %v: %d, want %d", c.cur, c.rating, c.success, h.Profile.Competence, c.want)
		}
		if len(res.Steps) == 0 {
			t.Error("no steps")
		}
	}
	h := guardianHero()
	for _, bad := range []int{0, 11, -1} {
		if _, err := RecordScenario(h, bad, true, ""); err == nil {
			t.Errorf("rating %d accepted", bad)
		}
	}
	if len(h.Profile.Scenarios) != 0 {
		t.Error("a refused scenario was recorded")
	}
	robot := &hero.Hero{Name: "R", Kind: hero.KindRobot}
	if _, err := RecordScenario(robot, 3, true, ""); err == nil {
		t.Error("a robot recorded a scenario")
	}
}

func TestParseAssignment(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Assignment
	}{
		{"heroism=4", Assignment{Key: "heroism", Int: 4}},
		{"Public Relations=5", Assignment{Key: "public_relations", Int: 5}},
		{"public-relations=1", Assignment{Key: "public_relations", Int: 1}},
		{"competence=10", Assignment{Key: "competence", Int: 10}},
		{"heroism=+1", Assignment{Key: "heroism", Int: 1, Relative: true}},
		{"heroism=-2", Assignment{Key: "heroism", Int: -2, Relative: true}},
		{"financial=8", Assignment{Key: "financial_resources", Int: 8}},
		{"material_resources=1", Assignment{Key: "material_resources", Int: 1}},
		{"identity_public=yes", Assignment{Key: "identity_public", Bool: true}},
		{"non-human=false", Assignment{Key: "non_human"}},
		{"contacts_field=Police", Assignment{Key: "contacts_field", Text: "Police"}},
		{"contacts_field=", Assignment{Key: "contacts_field"}},
	} {
		got, err := ParseAssignment(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		got.Raw = ""
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %+v, want %+v", c.in, got, c.want)
		}
	}
	for _, c := range []struct{ in, msg string }{
		{"heroism", "expected KEY=VALUE"},
		{"heroism=0", "outside 1-5"},
		{"heroism=6", "outside 1-5"},
		{"contacts=11", "outside 1-10"},
		{"heroism=x", "whole number"},
		{"heroism=", "missing a value"},
		{"=3", "missing measure name"},
		{"luck=3", "not a personal profile measure"},
		{"fame=3", "cannot be set directly"},
		{"popularity=40", "cannot be set directly"},
		{"security=5", "cannot be set directly"},
		{"success_rate=1", "cannot be set directly"},
		{"heroism=+1000", "too large"},
		{"non_human=perhaps", "true or false"},
		{strings.Repeat("a", 300) + "=1", "longer than"},
	} {
		_, err := ParseAssignment(c.in)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: error %v, want %q", c.in, err, c.msg)
		}
	}
	_, err := ParseAssignment("fame=1")
	if !errors.Is(err, ErrNotSettable) {
		t.Errorf("fame: %v does not wrap ErrNotSettable", err)
	}
}

func TestSet(t *testing.T) {
	h := guardianHero()
	Recompute(h)
	as := mustParse(t, "heroism=4", "backing=4")
	cs, err := Set(h, as)
	if err != nil {
		t.Fatal(err)
	}
	want := []Change{{"backing", 3, 4}, {"heroism", 3, 4}, {"popularity", 36, 42}, {"approachability", 3, 2}, {"investigation", 63, 60}}
	if !reflect.DeepEqual(cs, want) {
		t.Errorf("changes %v, want %v", cs, want)
	}
	before := *h
	for _, bad := range [][]string{{"heroism=+2"}, {"backing=1", "backing=2"}, {"competence=-1"}} {
		if _, err := Set(h, mustParse(t, bad...)); err == nil {
			t.Errorf("%v accepted", bad)
		}
		if !reflect.DeepEqual(*h, before) {
			t.Fatalf("%v: hero changed on error", bad)
		}
	}
	cs, err = Set(h, mustParse(t, "identity_public=true", "contacts_field=Press"))
	if err != nil {
		t.Fatal(err)
	}
	want = []Change{{"security", 5, 3}, {"confidence", 39, 33}, {"identity_public", false, true}, {"contacts_field", "", "Press"}}
	if !reflect.DeepEqual(cs, want) {
		t.Errorf("changes %v, want %v", cs, want)
	}
}

func mustParse(t *testing.T, toks ...string) []Assignment {
	t.Helper()
	var out []Assignment
	for _, s := range toks {
		a, err := ParseAssignment(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}

// TestPopularityInfluence: who can be influenced, and persuasive advice
// one category higher (p. 18).
func TestPopularityInfluence(t *testing.T) {
	for _, c := range []struct {
		pop    int
		advice bool
		want   []string
	}{
		{15, false, []string{"Criminals"}},
		{15, true, []string{"Criminals"}}, // 31-45 also sways criminals
		{36, false, []string{"Criminals"}},
		{36, true, []string{"Criminals", "Bystanders"}},
		{50, false, []string{"Criminals", "Bystanders"}},
		{75, true, []string{"Criminals", "Bystanders", "Police"}},
		{80, false, []string{"Criminals", "Bystanders", "Police"}},
		{80, true, []string{"Criminals", "Bystanders", "Police", "Government/Army"}},
		{90, true, []string{"Criminals", "Bystanders", "Police", "Government/Army"}},
	} {
		got := PopularityInfluence(c.pop, c.advice)
		if !reflect.DeepEqual(got.CanInfluence, c.want) {
			t.Errorf("popularity %d advice %v: %v, want %v", c.pop, c.advice, got.CanInfluence, c.want)
		}
	}
}

func TestRoll(t *testing.T) {
	h := guardianHero()
	Recompute(h)
	for _, c := range []struct {
		cat      string
		mod, die int
		advice   bool
		target   int
		success  bool
	}{
		{"popularity", 0, 36, false, 36, true},
		{"popularity", 0, 37, false, 36, false},
		{"popularity", -10, 27, true, 26, false},
		{"investigation", 0, 63, false, 63, true},
		{"Investigation", 20, 83, false, 83, true},
		{"confidence", 0, 40, false, 39, false},
	} {
		r := dice.NewScripted([]int{c.die})
		res, err := Roll(h, RollRequest{Category: c.cat, Modifier: c.mod, Advice: c.advice}, r)
		if err != nil {
			t.Fatal(err)
		}
		if res.Target != c.target || res.Success != c.success || res.Roll != c.die {
			t.Errorf("%+v: target %d success %v", c, res.Target, res.Success)
		}
		if (res.Influence != nil) != (res.Category == "popularity") {
			t.Errorf("%s: influence %v", c.cat, res.Influence)
		}
		if err := r.Finish(); err != nil {
			t.Error(err)
		}
	}
	for _, bad := range []RollRequest{{Category: "luck"}, {Category: "investigation", Advice: true}, {Category: "popularity", Modifier: 101}} {
		if _, err := Roll(h, bad, dice.NewScripted([]int{1})); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	if _, err := Roll(h, RollRequest{Category: "popularity"}, dice.NewScripted(nil)); err == nil {
		t.Error("a roll with no die succeeded")
	}
}

func TestBuildSheetStale(t *testing.T) {
	h := guardianHero()
	Recompute(h)
	h.Profile.Fame = 3
	sh := BuildSheet(h)
	if len(sh.Stale) == 0 || sh.Stale[0].Measure != "fame" {
		t.Errorf("stale %v, want fame first", sh.Stale)
	}
	if h.Profile.Fame != 3 {
		t.Error("BuildSheet changed the hero")
	}
	if len(sh.Categories) != 3 || len(sh.Categories[0].Measures) != 5 {
		t.Fatalf("categories %+v", sh.Categories)
	}
	if sh.Categories[1].Measures[2].Description != "Rarely mentioned" {
		t.Errorf("fame description %q", sh.Categories[1].Measures[2].Description)
	}
}

func TestNoProfile(t *testing.T) {
	for _, k := range []hero.Kind{hero.KindMundane, hero.KindRobot, hero.KindSummoned} {
		h := &hero.Hero{Kind: k}
		Recompute(h)
		if !reflect.DeepEqual(h.Profile, hero.Profile{}) || h.Downtime.PointsPerWeek != 0 {
			t.Errorf("%s: Recompute changed %+v", k, h.Profile)
		}
	}
	for _, k := range []hero.Kind{hero.KindHero, hero.KindVillain, hero.KindSidekick, hero.KindAndroid} {
		if !HasProfile(&hero.Hero{Kind: k}) {
			t.Errorf("%s has no profile", k)
		}
	}
}

func TestExplain(t *testing.T) {
	h := guardianHero()
	Recompute(h)
	var b strings.Builder
	if err := Explain(h).Write(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"= 36", "= 63", "= 39", "Confidence Table, 31-45", "fame 4 (Rarely mentioned)"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("explanation lacks %q:\n%s", want, b.String())
		}
	}
}

func TestMeasures(t *testing.T) {
	ms := Measures()
	if len(ms) != 15+3+2+3 {
		t.Fatalf("%d measures", len(ms))
	}
	derived := 0
	for _, m := range ms {
		if m.Kind == KindDerived {
			derived++
			if m.Trainable {
				t.Errorf("%s is derived and trainable", m.Key)
			}
		}
		if m.Kind != KindFlag && m.Kind != KindText && Score(&hero.Hero{}, m.Key) == nil {
			t.Errorf("%s has no score", m.Key)
		}
	}
	if derived != 5 {
		t.Errorf("%d derived measures, want 5", derived)
	}
}
