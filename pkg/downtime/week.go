package downtime

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/profile"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Upkeep outcomes at the end of a week.
const (
	UpkeepPaid     = "paid"     // 5 experience kept the increase this week
	UpkeepMissed   = "missed"   // no (or too little) upkeep this week
	UpkeepKept     = "kept"     // every week paid: the increase is permanent
	UpkeepReverted = "reverted" // more than two weeks missed in a row
	UpkeepNotDue   = "not-due"  // bought this week; upkeep starts next week
)

// WeekRequest starts a new downtime week.
type WeekRequest struct {
	// Away: the hero spent the week away on a long adventure and gets no
	// downtime points for it (p. 44).
	Away bool
}

// UpkeepReport is what happened to one increase being kept.
type UpkeepReport struct {
	Goal        string `json:"goal"`
	From        int    `json:"from"`
	To          int    `json:"to"`
	Paid        int    `json:"paid"`
	WeeksDone   int    `json:"weeks_done"`
	WeeksNeeded int    `json:"weeks_needed"`
	Missed      int    `json:"missed"`
	Outcome     string `json:"outcome"`
}

// WeekResult reports the end of one week and the start of the next.
type WeekResult struct {
	// Closed is the week that ended; Week the one that starts.
	Closed int `json:"closed"`
	Week   int `json:"week"`
	// Allowance is this week's downtime points (p. 44).
	Allowance int  `json:"allowance"`
	Away      bool `json:"away"`
	// Carried are last week's unspent points kept under the carry-over
	// option; Forfeited those lost without it.
	Carried   int              `json:"carried"`
	Forfeited int              `json:"forfeited"`
	Points    int              `json:"points"`
	Upkeep    []UpkeepReport   `json:"upkeep"`
	Reverted  []UpkeepReport   `json:"reverted"`
	Changes   []profile.Change `json:"changes"`
	Warnings  []string         `json:"warnings,omitempty"`
	Steps     ruling.Steps     `json:"steps"`
}

// NewWeek ends the hero's current downtime week and starts the next
// (pp. 44, 46):
//
//  1. every increase being kept is checked: 5 experience paid this week
//     counts a week of upkeep; less counts a missed week; after as many
//     paid weeks as the new score it is kept for good; more than two
//     consecutive missed weeks revert it (and any later increase of the
//     same goal that was built on it). An increase bought this week owes
//     nothing until next week.
//  2. the profile is recomputed (a reversion can move confidence);
//  3. the new allowance is 7, -2 at confidence 15-30, +1 with Idle Rich
//     (0 for a week away); unspent points are lost unless opts.CarryOver.
func NewWeek(h *hero.Hero, req WeekRequest, opts Options) (WeekResult, error) {
	if err := canSpend(h); err != nil {
		return WeekResult{}, err
	}
	before := profile.Take(h)
	closed := h.Downtime.Week
	res := WeekResult{Closed: closed, Week: closed + 1, Away: req.Away, Upkeep: []UpkeepReport{}, Reverted: []UpkeepReport{}}
	var keep []hero.Upkeep
	revertedGoals := map[string]bool{}
	for _, u := range h.Downtime.Upkeep {
		rep := UpkeepReport{Goal: u.Goal, From: u.From, To: u.To, Paid: u.PaidThisWeek, WeeksNeeded: u.WeeksNeeded}
		switch {
		case revertedGoals[u.Goal]:
			// Built on an increase that just reverted.
			rep.Outcome = UpkeepReverted
		case u.StartedWeek >= closed:
			rep.Outcome = UpkeepNotDue
		case u.PaidThisWeek >= rulebook.KeepIncreaseXPPerWeek:
			u.WeeksDone++
			u.Missed = 0
			rep.Outcome = UpkeepPaid
			if u.WeeksDone >= u.WeeksNeeded {
				rep.Outcome = UpkeepKept
			}
		default:
			u.Missed++
			rep.Outcome = UpkeepMissed
			if u.Missed > rulebook.KeepIncreaseMaxMissed {
				rep.Outcome = UpkeepReverted
			}
		}
		rep.WeeksDone, rep.Missed = u.WeeksDone, u.Missed
		switch rep.Outcome {
		case UpkeepKept:
			res.Steps.Add("upkeep", "p. 46", "%s %d → %d: %d of %d weeks of upkeep paid: the increase is kept", u.Goal, u.From, u.To, u.WeeksDone, u.WeeksNeeded)
		case UpkeepReverted:
			revertedGoals[u.Goal] = true
			if err := revert(h, u, opts, &res); err != nil {
				return WeekResult{}, err
			}
			res.Reverted = append(res.Reverted, rep)
		case UpkeepPaid:
			res.Steps.Add("upkeep", "p. 46", "%s %d → %d: upkeep paid, %d of %d weeks", u.Goal, u.From, u.To, u.WeeksDone, u.WeeksNeeded)
			u.PaidThisWeek = 0
			keep = append(keep, u)
		case UpkeepMissed:
			res.Steps.Add("upkeep", "p. 46", "%s %d → %d: %d of %d upkeep experience this week: missed (%d in a row; more than %d reverts)", u.Goal, u.From, u.To, u.PaidThisWeek, rulebook.KeepIncreaseXPPerWeek, u.Missed, rulebook.KeepIncreaseMaxMissed)
			u.PaidThisWeek = 0
			keep = append(keep, u)
		default:
			res.Steps.Add("upkeep", "p. 46", "%s %d → %d was bought in week %d: upkeep starts next week", u.Goal, u.From, u.To, u.StartedWeek)
			u.PaidThisWeek = 0
			keep = append(keep, u)
		}
		res.Upkeep = append(res.Upkeep, rep)
	}
	h.Downtime.Upkeep = keep

	profile.Recompute(h)
	allowance := profile.WeeklyPoints(h)
	row := rulebook.Confidence(h.Profile.Confidence)
	idle := ""
	if h.HasPerk("idle-rich") {
		idle = fmt.Sprintf(" +%d Idle Rich (p. 11)", rulebook.IdleRichBonus)
	}
	res.Steps.AddRow("allowance", "p. 44", "Confidence Table", fmt.Sprintf("confidence %d", h.Profile.Confidence),
		"%d per week%s %+d for confidence = %d", rulebook.DowntimePointsPerWeek, idle, row.DowntimePoints, allowance)
	if req.Away {
		allowance = 0
		res.Steps.Add("allowance", "p. 44", "a week away on a long adventure gives no downtime points")
	}
	left := h.Downtime.Points
	if opts.CarryOver {
		res.Carried = left
		if left > 0 {
			res.Steps.Add("carry-over", "option", "%d unspent points carry over (rules.carry_over_downtime)", left)
		}
	} else {
		res.Forfeited = left
		switch {
		case left > 0 && closed == 0:
			res.Steps.Add("unspent", "p. 44", "%d unspent points from the hero's creation are lost (points are tracked week by week; a new hero has had no week yet)", left)
		case left > 0:
			res.Steps.Add("unspent", "p. 44", "%d unspent points from week %d are lost (points are tracked week by week)", left, closed)
		}
	}
	res.Allowance = allowance
	h.Downtime.Points = allowance + res.Carried
	h.Downtime.Week = res.Week
	res.Points = h.Downtime.Points
	res.Changes = profile.Changes(before, profile.Take(h))
	return res, nil
}

// revert undoes an increase whose upkeep lapsed (p. 46).
func revert(h *hero.Hero, u hero.Upkeep, opts Options, res *WeekResult) error {
	g, err := ParseGoal(u.Goal)
	if err != nil {
		return fmt.Errorf("downtime.upkeep: %w", err)
	}
	delta := u.To - u.From
	switch g.Kind {
	case GoalProfile, GoalResource:
		m, _ := profile.LookupMeasure(g.Target)
		p := profile.Score(h, g.Target)
		was := *p
		*p -= delta
		if *p < m.Min {
			*p = m.Min
		}
		res.Steps.Add("revert", "p. 46", "%s %d → %d: upkeep missed more than %d weeks in a row: %s reverts %d → %d", u.Goal, u.From, u.To, rulebook.KeepIncreaseMaxMissed, u.Goal, was, *p)
	case GoalAbility:
		base := h.Abilities.Base.Ptr(g.Target)
		final := h.Abilities.Final.Ptr(g.Target)
		was := *base
		*base -= delta
		*final -= delta
		if *base < 0 {
			*base = 0
		}
		if *final < 0 {
			*final = 0
		}
		res.Steps.Add("revert", "p. 47", "%s %d → %d: upkeep missed more than %d weeks in a row: %s reverts %d → %d", u.Goal, u.From, u.To, rulebook.KeepIncreaseMaxMissed, u.Goal, was, *base)
		if opts.Derive != nil {
			if err := opts.Derive(h); err != nil {
				return fmt.Errorf("re-deriving %s after the reversion: %w", h.Name, err)
			}
		} else {
			res.Warnings = append(res.Warnings, fmt.Sprintf("%s reverted: combat values that depend on it were not re-derived", g.Target))
		}
	default:
		return refusal.Errorf("downtime.upkeep: %s increases are not kept with upkeep", u.Goal)
	}
	return nil
}
