package downtime

import (
	"fmt"
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/profile"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// MaxActivityLen bounds the activity description.
const MaxActivityLen = 200

// SpendRequest spends downtime points on one activity (pp. 44-45).
type SpendRequest struct {
	Points int
	// Goal is the main goal; nil when the activity only serves side goals
	// (p. 46: "not to have a particular goal in mind").
	Goal *Goal
	// Fit is how well the activity suits the main goal (Downtime Point
	// Experience Table, p. 45). Not used under the simpler rule.
	Fit rulebook.Fit
	// Sides are side goals with their experience per point.
	Sides []Side
	// Activity is the GM's description ("patrolling the streets").
	Activity string
}

// Credit is experience credited to one goal by a spend.
type Credit struct {
	Goal string `json:"goal"`
	// XP is the experience the activity gave the goal.
	XP int `json:"xp"`
	// Upkeep is the part used to keep a recent increase (p. 46); it does
	// not accrue.
	Upkeep int `json:"upkeep"`
	// Accrued is the part added to the goal's experience (or to the
	// device's progress).
	Accrued int `json:"accrued"`
	// Lost is experience a finished device could not take.
	Lost int `json:"lost"`
	// Experience is the goal's experience now (a device's progress).
	Experience int `json:"experience"`
	// Ready says the next increase can now be bought.
	Ready bool `json:"ready"`
}

// SpendResult reports a spend.
type SpendResult struct {
	Points     int          `json:"points"`
	PointsLeft int          `json:"points_left"`
	Activity   string       `json:"activity,omitempty"`
	Fit        rulebook.Fit `json:"fit,omitempty"`
	Simpler    bool         `json:"simpler"`
	// XPPerPoint is the activity's total experience per point.
	XPPerPoint int          `json:"xp_per_point"`
	Credits    []Credit     `json:"credits"`
	Warnings   []string     `json:"warnings,omitempty"`
	Steps      ruling.Steps `json:"steps"`
}

// canSpend refuses characters that do not gain experience.
func canSpend(h *hero.Hero) error {
	switch {
	case h.Kind == hero.KindRobot:
		return refusal.Errorf("%s is a robot: robots cannot gain experience; their creator spends downtime points on them (p. 50)", h.Name)
	case !profile.HasProfile(h):
		return refusal.Errorf("%s is a %s: only heroes, villains, sidekicks and androids get downtime points (pp. 44, 50)", h.Name, h.Kind)
	}
	return nil
}

// Spend spends downtime points on an activity (pp. 44-46). Each point
// gives the main goal the experience of its fit (1-5) and each side goal
// its share; the total should be 5 and may not exceed it. Under the
// simpler rule each point is worth 5 experience towards the goal (3
// towards a new power or sub-power) and there are no fits or side goals.
// Experience towards a goal with an increase still being kept pays that
// week's upkeep first (5, which does not accrue, p. 46); experience
// towards a device advances its stages. The hero is unchanged on error.
func Spend(h *hero.Hero, req SpendRequest, opts Options) (SpendResult, error) {
	if err := canSpend(h); err != nil {
		return SpendResult{}, err
	}
	if req.Points < 1 {
		return SpendResult{}, refusal.Errorf("--points %d: spend at least 1 downtime point", req.Points)
	}
	if req.Points > h.Downtime.Points {
		return SpendResult{}, refusal.Errorf("--points %d: %s has %d downtime points left this week (week %d)", req.Points, h.Name, h.Downtime.Points, h.Downtime.Week)
	}
	if len(req.Activity) > MaxActivityLen || strings.ContainsAny(req.Activity, "\n\r") {
		return SpendResult{}, refusal.Errorf("--activity: one line of up to %d characters", MaxActivityLen)
	}
	res := SpendResult{Points: req.Points, Activity: req.Activity, Simpler: opts.Simpler}
	type share struct {
		goal Goal
		xp   int // per point
	}
	var shares []share
	if opts.Simpler {
		if req.Goal == nil {
			return SpendResult{}, refusal.Errorf("--goal: the simpler experience rule spends points directly on a goal (p. 46)")
		}
		if req.Fit != "" || len(req.Sides) > 0 {
			return SpendResult{}, refusal.Errorf("--fit/--side: under the simpler experience rule points are spent directly, without fits or side goals (p. 46)")
		}
		pr, err := PriceOf(h, *req.Goal, opts)
		if err != nil {
			return SpendResult{}, err
		}
		per := XPPerPoint(pr)
		shares = append(shares, share{*req.Goal, per})
		res.Steps.Add("simpler", "p. 46", "simpler experience: each point counts %d experience towards %s (costs / %d)", per, req.Goal.Key, per)
	} else {
		if req.Goal != nil {
			if req.Fit == "" {
				return SpendResult{}, refusal.Errorf("--fit: say how well the activity suits %s (completely-unsuitable, poor, average, well-suited, ideal)", req.Goal.Key)
			}
			xp := req.Fit.XP()
			if xp == 0 {
				return SpendResult{}, refusal.Errorf("--fit %q: not a row of the Downtime Point Experience Table", req.Fit)
			}
			res.Fit = req.Fit
			shares = append(shares, share{*req.Goal, xp})
			res.Steps.AddRow("fit", "p. 45", "Downtime Point Experience Table", string(req.Fit), "%d experience per point towards %s", xp, req.Goal.Key)
		} else {
			if req.Fit != "" {
				return SpendResult{}, refusal.Errorf("--fit: give --goal too (the fit is the activity's fit to its main goal)")
			}
			if len(req.Sides) == 0 {
				return SpendResult{}, refusal.Errorf("--goal: name a goal, or side goals with --side GOAL=XP")
			}
		}
		for _, s := range req.Sides {
			shares = append(shares, share{s.Goal, s.XP})
			res.Steps.Add("side-goal", "p. 45", "%d experience per point towards %s", s.XP, s.Goal.Key)
		}
	}
	seen := map[string]bool{}
	total := 0
	for _, s := range shares {
		if seen[s.goal.Key] {
			return SpendResult{}, refusal.Errorf("--side %s: that goal is already credited by this activity", s.goal.Key)
		}
		seen[s.goal.Key] = true
		total += s.xp
		if s.goal.Kind == GoalDevice && FindDevice(h, s.goal.Target) == nil {
			return SpendResult{}, refusal.Errorf("goal %s: no device %q under way: start it with downtime device --name %s", s.goal.Key, s.goal.Target, s.goal.Target)
		}
	}
	if !opts.Simpler {
		if total > rulebook.IdealXPPerDP {
			return SpendResult{}, refusal.Errorf("the activity gives %d experience per point; at most %d (p. 45)", total, rulebook.IdealXPPerDP)
		}
		if total < rulebook.IdealXPPerDP {
			res.Warnings = append(res.Warnings, fmt.Sprintf("the activity gives %d of the ideal %d experience per point; the rest could go to side goals (p. 45)", total, rulebook.IdealXPPerDP))
		}
	}
	res.XPPerPoint = total
	if req.Goal != nil && !opts.Simpler && (req.Goal.Kind == GoalSubPower || (req.Goal.Kind == GoalPower && h.FindPower(rulebook.PowerID(req.Goal.Target)) == nil)) && req.Fit.XP() > rulebook.NewPowerUsualMaxXP {
		res.Warnings = append(res.Warnings, fmt.Sprintf("activities towards a new power usually give at most %d experience per point; %d should be rare (p. 48)", rulebook.NewPowerUsualMaxXP, req.Fit.XP()))
	}

	// Work on a copy of what changes so the hero is untouched on error.
	exp := make(map[string]int, len(h.Downtime.Experience)+len(shares))
	for k, v := range h.Downtime.Experience {
		exp[k] = v
	}
	upkeep := append([]hero.Upkeep(nil), h.Downtime.Upkeep...)
	devices := append([]hero.Device(nil), h.Downtime.Devices...)
	equipment := append([]hero.Item(nil), h.Equipment...)
	work := *h
	work.Downtime.Upkeep, work.Downtime.Devices, work.Equipment, work.Downtime.Experience = upkeep, devices, equipment, exp

	for _, s := range shares {
		xp := s.xp * req.Points
		c := Credit{Goal: s.goal.Key, XP: xp}
		if s.goal.Kind == GoalDevice {
			d := FindDevice(&work, s.goal.Target)
			used, _ := creditDevice(&work, d, xp, &res.Steps)
			c.Accrued, c.Lost, c.Experience = used, xp-used, d.Experience
			res.Steps.Add("experience", "pp. 47-48", "%d points x %d = %d experience towards device %s: %d used, %d of %d done",
				req.Points, s.xp, xp, d.Name, used, d.Experience, DeviceTotalXP(*d))
			if c.Lost > 0 {
				res.Warnings = append(res.Warnings, fmt.Sprintf("device %s needed only %d more experience; %d is lost", d.Name, used, c.Lost))
			}
		} else {
			left := xp
			for i := range upkeep {
				u := &upkeep[i]
				if u.Goal != s.goal.Key || u.StartedWeek >= work.Downtime.Week || u.PaidThisWeek >= rulebook.KeepIncreaseXPPerWeek || left == 0 {
					continue
				}
				pay := rulebook.KeepIncreaseXPPerWeek - u.PaidThisWeek
				if pay > left {
					pay = left
				}
				u.PaidThisWeek += pay
				left -= pay
				c.Upkeep += pay
				res.Steps.Add("upkeep", "p. 46", "%d experience keeps %s %d → %d this week (%d/%d; week %d of %d); it does not accrue",
					pay, u.Goal, u.From, u.To, u.PaidThisWeek, rulebook.KeepIncreaseXPPerWeek, u.WeeksDone+1, u.WeeksNeeded)
			}
			exp[s.goal.Key] += left
			c.Accrued, c.Experience = left, exp[s.goal.Key]
			if exp[s.goal.Key] == 0 {
				delete(exp, s.goal.Key)
			}
		}
		if pr, err := PriceOf(&work, s.goal, opts); err == nil && s.goal.Kind != GoalDevice {
			if pr.Blocked == "" && pr.Have >= pr.XP {
				c.Ready = true
			}
			if pr.Blocked != "" && c.Upkeep == 0 {
				res.Warnings = append(res.Warnings, fmt.Sprintf("%s: %s", s.goal.Key, pr.Blocked))
			}
			res.Steps.Add("experience", pr.Page, "%d points x %d = %d experience towards %s: %d accrued, now %d of %d needed (%s)",
				req.Points, s.xp, xp, s.goal.Key, c.Accrued, c.Experience, pr.XP, pr.Formula)
		}
		res.Credits = append(res.Credits, c)
	}
	work.Downtime.Points -= req.Points
	if len(exp) == 0 {
		work.Downtime.Experience = nil
	}
	*h = work
	res.PointsLeft = h.Downtime.Points
	res.Steps.Add("points", "p. 44", "%d downtime points spent, %d left this week", req.Points, res.PointsLeft)
	return res, nil
}
