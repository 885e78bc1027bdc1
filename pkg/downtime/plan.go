package downtime

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// PlanRow is what a goal takes at one experience rate.
type PlanRow struct {
	Fit        rulebook.Fit `json:"fit,omitempty"`
	XPPerPoint int          `json:"xp_per_point"`
	// Points is the downtime points still needed.
	Points int `json:"points"`
	// Weeks is how many more weekly allowances that takes after the
	// points left this week.
	Weeks int `json:"weeks"`
	// UpkeepPoints is the points a week that keep the increase at this
	// rate (5 experience a week, p. 46); 0 where no upkeep applies.
	UpkeepPoints int `json:"upkeep_points_per_week"`
}

// Plan is what the next increase of a goal will take.
type Plan struct {
	Price Price `json:"price"`
	// Need is the experience still needed.
	Need          int       `json:"need"`
	PointsLeft    int       `json:"points_left"`
	PointsPerWeek int       `json:"points_per_week"`
	Rows          []PlanRow `json:"rows"`
	// Upkeep is the total upkeep experience after the increase.
	Upkeep int          `json:"upkeep_xp"`
	Steps  ruling.Steps `json:"steps"`
}

func ceilDiv(a, b int) int {
	if a <= 0 {
		return 0
	}
	return (a + b - 1) / b
}

// MakePlan works out what the next increase of a goal will take: its cost
// and blockers, and the downtime points and weeks at each row of the
// Downtime Point Experience Table (or only at fit, when given; under the
// simpler rule, at 5 or 3 experience a point). The hero is not changed.
func MakePlan(h *hero.Hero, g Goal, fit rulebook.Fit, opts Options) (Plan, error) {
	pr, err := PriceOf(h, g, opts)
	if err != nil {
		return Plan{}, err
	}
	pl := Plan{Price: pr, PointsLeft: h.Downtime.Points, PointsPerWeek: h.Downtime.PointsPerWeek}
	pl.Need = pr.XP - pr.Have
	if pl.Need < 0 {
		pl.Need = 0
	}
	pl.Steps.AddRow("cost", pr.Page, "Experience Point Cost Table", costRow(g, pr), "%s: %d experience (%s); %d accrued, %d to go", describeIncrease(pr), pr.XP, pr.Formula, pr.Have, pl.Need)
	if g.Kind == GoalOther {
		pl.Steps.Add("cost", "p. 44", "the GM decides what %s takes", g.Key)
	}
	if pr.Blocked != "" {
		pl.Steps.Add("blocked", pr.Page, "%s", pr.Blocked)
	}
	if pr.UpkeepWeeks > 0 {
		pl.Upkeep = rulebook.KeepIncreaseXPPerWeek * pr.UpkeepWeeks
		pl.Steps.Add("keep", "p. 46", "then %d experience a week for %d weeks (%d in all) keeps it", rulebook.KeepIncreaseXPPerWeek, pr.UpkeepWeeks, pl.Upkeep)
	}
	row := func(f rulebook.Fit, xp int) PlanRow {
		pts := ceilDiv(pl.Need, xp)
		r := PlanRow{Fit: f, XPPerPoint: xp, Points: pts}
		if pl.PointsPerWeek > 0 {
			r.Weeks = ceilDiv(pts-pl.PointsLeft, pl.PointsPerWeek)
		}
		if pr.UpkeepWeeks > 0 {
			r.UpkeepPoints = ceilDiv(rulebook.KeepIncreaseXPPerWeek, xp)
		}
		return r
	}
	switch {
	case opts.Simpler:
		per := XPPerPoint(pr)
		pl.Rows = append(pl.Rows, row("", per))
		pl.Steps.Add("simpler", "p. 46", "simpler experience: %d points (%d experience / %d, rounded up)", pr.DP, pr.XP, per)
	case fit != "":
		if fit.XP() == 0 {
			return Plan{}, refusal.Errorf("--fit %q: not a row of the Downtime Point Experience Table", fit)
		}
		pl.Rows = append(pl.Rows, row(fit, fit.XP()))
	default:
		for _, r := range rulebook.DowntimeExperienceRows() {
			pl.Rows = append(pl.Rows, row(r.Fit, r.XPPerPoint))
		}
	}
	for _, r := range pl.Rows {
		label := string(r.Fit)
		if label == "" {
			label = "simpler"
		}
		pl.Steps.AddRow("points", "pp. 44-45", "Downtime Point Experience Table", label,
			"%d to go at %d a point = %d points: %d left this week, then %d weeks at %d", pl.Need, r.XPPerPoint, r.Points, pl.PointsLeft, r.Weeks, pl.PointsPerWeek)
	}
	return pl, nil
}
