package downtime

import (
	"os"
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// loadGuardian reads the repository's Guardian fixture.
func loadGuardian(t testing.TB) *hero.Hero {
	t.Helper()
	b, err := os.ReadFile("../../testdata/heroes/guardian.json")
	if err != nil {
		t.Fatal(err)
	}
	h, err := hero.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func mustGoal(t testing.TB, s string) Goal {
	t.Helper()
	g, err := ParseGoal(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGuardianStory follows The Guardian's downtime (pp. 45-46): ten days
// of patrolling at 3 experience a point towards public relations, with
// side experience towards backing, buys public relations 3 → 4 for 30
// experience; skipping the upkeep three weeks in a row reverts it.
func TestGuardianStory(t *testing.T) {
	h := loadGuardian(t)
	var opts Options
	pr := mustGoal(t, "public_relations")
	side := []Side{{Goal: mustGoal(t, "backing"), XP: 1}, {Goal: mustGoal(t, "methods"), XP: 1}}

	if _, err := Buy(h, BuyRequest{Goal: mustGoal(t, "material_resources")}, opts, nil); err == nil {
		t.Fatal("confidence 39 must block a resource increase")
	}
	w, err := NewWeek(h, WeekRequest{}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if w.Allowance != 7 || h.Downtime.Points != 7 || h.Downtime.Week != 1 {
		t.Fatalf("week 1: allowance %d points %d week %d, want 7 7 1", w.Allowance, h.Downtime.Points, h.Downtime.Week)
	}
	if _, err := Spend(h, SpendRequest{Points: 7, Goal: &pr, Fit: rulebook.FitAverage, Sides: side}, opts); err != nil {
		t.Fatal(err)
	}
	if got := h.Downtime.Experience["public_relations"]; got != 21 {
		t.Fatalf("after 7 days: public_relations xp %d, want 21", got)
	}
	if _, err := Buy(h, BuyRequest{Goal: pr}, opts, nil); err == nil {
		t.Fatal("21 experience must not buy public relations 3 → 4 (30)")
	}
	if _, err := NewWeek(h, WeekRequest{}, opts); err != nil {
		t.Fatal(err)
	}
	if _, err := Spend(h, SpendRequest{Points: 3, Goal: &pr, Fit: rulebook.FitAverage, Sides: side}, opts); err != nil {
		t.Fatal(err)
	}
	if h.Downtime.Experience["public_relations"] != 30 || h.Downtime.Experience["backing"] != 10 {
		t.Fatalf("after ten days: %v, want public_relations 30, backing 10", h.Downtime.Experience)
	}
	b, err := Buy(h, BuyRequest{Goal: pr}, opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	if b.Cost != 30 || h.Profile.PublicRelations != 4 || h.Profile.Popularity != 39 || b.Upkeep.WeeksNeeded != 4 {
		t.Fatalf("buy: cost %d PR %d popularity %d upkeep %+v", b.Cost, h.Profile.PublicRelations, h.Profile.Popularity, b.Upkeep)
	}
	if _, ok := h.Downtime.Experience["public_relations"]; ok {
		t.Fatal("the 30 experience must be used up")
	}
	// Three weeks without upkeep: missed, missed, reverted.
	for i, want := range []string{UpkeepNotDue, UpkeepMissed, UpkeepMissed, UpkeepReverted} {
		w, err := NewWeek(h, WeekRequest{}, opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := w.Upkeep[0].Outcome; got != want {
			t.Fatalf("week end %d: outcome %s, want %s", i, got, want)
		}
	}
	if h.Profile.PublicRelations != 3 || h.Profile.Popularity != 36 || len(h.Downtime.Upkeep) != 0 {
		t.Fatalf("after reversion: PR %d popularity %d upkeep %v", h.Profile.PublicRelations, h.Profile.Popularity, h.Downtime.Upkeep)
	}
}
