package downtime

import (
	"encoding/json"
	"fmt"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/profile"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// BuyRequest buys the next increase of a goal with accrued experience.
type BuyRequest struct {
	Goal Goal
	// Android: the Sidekick power bought as an android, which needs the
	// Boffin perk and material and financial resources 9 (p. 50).
	Android bool
}

// BuyResult reports an increase bought.
type BuyResult struct {
	Goal string `json:"goal"`
	From int    `json:"from"`
	To   int    `json:"to"`
	// Cost is the experience spent; ExperienceLeft what remains towards
	// the goal.
	Cost           int    `json:"cost"`
	Formula        string `json:"formula"`
	ExperienceLeft int    `json:"experience_left"`
	NewPower       bool   `json:"new_power"`
	// Upkeep is the increase to keep with 5 experience a week (p. 46).
	Upkeep *hero.Upkeep `json:"upkeep,omitempty"`
	// Power is the power gained or raised.
	Power    *hero.Power      `json:"power,omitempty"`
	Changes  []profile.Change `json:"changes"`
	Warnings []string         `json:"warnings,omitempty"`
	Steps    ruling.Steps     `json:"steps"`
}

// Buy spends accrued experience on the next increase of a goal
// (pp. 46-48): a profile measure, ability or resource goes up by one
// (and must then be kept with upkeep); a power gains a rank, or is gained
// at rank 1; a sub-power adds a flavour. New powers and ranks go through
// opts.GainPower, the same resolution as hero generation, rolling with r.
// Devices advance as experience is spent and are not bought. The hero is
// unchanged on error.
func Buy(h *hero.Hero, req BuyRequest, opts Options, r dice.Roller) (BuyResult, error) {
	if err := canSpend(h); err != nil {
		return BuyResult{}, err
	}
	g := req.Goal
	if g.Kind == GoalDevice {
		return BuyResult{}, refusal.Errorf("%s: devices are not bought; spend experience on the goal and the stages advance (p. 48)", g.Key)
	}
	pr, err := PriceOf(h, g, opts)
	if err != nil {
		return BuyResult{}, err
	}
	if req.Android {
		if g.Key != "power:sidekick" {
			return BuyResult{}, refusal.Errorf("--android: an android is bought as the Sidekick power: power:sidekick (p. 50)")
		}
		switch {
		case !h.HasPerk("boffin"):
			return BuyResult{}, refusal.Errorf("--android: only a character with the Boffin perk can make an android (p. 50)")
		case h.Resources.Material < rulebook.AndroidMinResources || h.Resources.Financial < rulebook.AndroidMinResources:
			return BuyResult{}, refusal.Errorf("--android: an android needs material and financial resources %d; %s has %d and %d (p. 50)",
				rulebook.AndroidMinResources, h.Name, h.Resources.Material, h.Resources.Financial)
		}
	}
	if pr.Blocked != "" {
		return BuyResult{}, refusal.Errorf("%s: %s", g.Key, pr.Blocked)
	}
	if pr.Have < pr.XP {
		return BuyResult{}, refusal.Errorf("%s: %s needs %d experience (%s); %s has %d", g.Key, describeIncrease(pr), pr.XP, pr.Formula, h.Name, pr.Have)
	}
	before := profile.Take(h)
	res := BuyResult{Goal: g.Key, From: pr.Current, To: pr.Next, Cost: pr.XP, Formula: pr.Formula, NewPower: pr.NewPower}
	res.Steps.AddRow("cost", pr.Page, "Experience Point Cost Table", costRow(g, pr), "%s: %d experience (%s); %d accrued", describeIncrease(pr), pr.XP, pr.Formula, pr.Have)

	work := *h
	work.Downtime.Experience = make(map[string]int, len(h.Downtime.Experience))
	for k, v := range h.Downtime.Experience {
		work.Downtime.Experience[k] = v
	}
	work.Downtime.Upkeep = append([]hero.Upkeep(nil), h.Downtime.Upkeep...)

	switch g.Kind {
	case GoalProfile, GoalResource:
		*profile.Score(&work, g.Target) = pr.Next
	case GoalAbility:
		*work.Abilities.Base.Ptr(g.Target) = pr.Next
		*work.Abilities.Final.Ptr(g.Target) += 1
		res.Steps.Add("training", "p. 47", "%s: rolled score %d → %d, final %d → %d (training stops at %d)", g.Target, pr.Current, pr.Next,
			*h.Abilities.Final.Ptr(g.Target), *work.Abilities.Final.Ptr(g.Target), rulebook.AbilityTrainingCap)
		if opts.Derive != nil {
			if err := opts.Derive(&work); err != nil {
				return BuyResult{}, fmt.Errorf("re-deriving %s: %w", h.Name, err)
			}
		} else {
			res.Warnings = append(res.Warnings, fmt.Sprintf("%s raised: combat values that depend on it were not re-derived", g.Target))
		}
	case GoalPower, GoalSubPower:
		// Power resolution may change much of the hero: work on a deep copy.
		cp, err := deepCopy(&work)
		if err != nil {
			return BuyResult{}, err
		}
		gain := opts.GainPower
		if g.Kind == GoalSubPower {
			gain = opts.GainSubPower
		}
		steps, err := gain(cp, g.Target, r)
		if err != nil {
			return BuyResult{}, fmt.Errorf("%s: %w", g.Key, err)
		}
		res.Steps = append(res.Steps, steps...)
		work = *cp
		if p := work.FindPower(rulebook.PowerID(g.Target)); p != nil {
			pc := *p
			pc.Sidekick = nil // reported in the hero file, not repeated here
			res.Power = &pc
			if g.Kind == GoalPower && !pr.NewPower {
				res.To = pc.Rank
			}
		}
		if req.Android {
			res.Steps.Add("android", "p. 50", "the Sidekick power is an android: Boffin perk, material %d and financial %d resources", h.Resources.Material, h.Resources.Financial)
		}
	default:
		return BuyResult{}, refusal.Errorf("%s cannot be bought", g.Key)
	}
	left := work.Downtime.Experience[g.Key] - pr.XP
	if left > 0 {
		work.Downtime.Experience[g.Key] = left
	} else {
		delete(work.Downtime.Experience, g.Key)
	}
	if len(work.Downtime.Experience) == 0 {
		work.Downtime.Experience = nil
	}
	res.ExperienceLeft = left
	if pr.UpkeepWeeks > 0 {
		u := hero.Upkeep{Goal: g.Key, From: pr.Current, To: pr.Next, WeeksNeeded: pr.UpkeepWeeks, StartedWeek: work.Downtime.Week}
		work.Downtime.Upkeep = append(work.Downtime.Upkeep, u)
		res.Upkeep = &u
		res.Steps.AddRow("keep", "p. 46", "Experience Point Cost Table", "Keep an Increase",
			"keep %s %d with %d experience a week for %d weeks, from next week; more than %d weeks missed in a row reverts it; upkeep does not accrue",
			g.Key, pr.Next, rulebook.KeepIncreaseXPPerWeek, pr.UpkeepWeeks, rulebook.KeepIncreaseMaxMissed)
	}
	profile.Recompute(&work)
	*h = work
	res.Changes = profile.Changes(before, profile.Take(h))
	return res, nil
}

func describeIncrease(p Price) string {
	switch {
	case p.Goal.Kind == GoalSubPower:
		return fmt.Sprintf("another sub-power of %s", p.Goal.Target)
	case p.NewPower:
		return fmt.Sprintf("the new power %s", p.Goal.Target)
	case p.Goal.Kind == GoalPower:
		return fmt.Sprintf("%s rank %d → %d", p.Goal.Target, p.Current, p.Next)
	}
	return fmt.Sprintf("%s %d → %d", p.Goal.Key, p.Current, p.Next)
}

func costRow(g Goal, p Price) string {
	switch g.Kind {
	case GoalProfile:
		return "Increase a Personal Profile Score"
	case GoalAbility:
		return "Increase an Ability Score"
	case GoalResource:
		return "Increase a Resource Level"
	}
	if p.NewPower {
		return "Acquire a New Super Power"
	}
	return "Improve a Super Power's Rank"
}

func deepCopy(h *hero.Hero) (*hero.Hero, error) {
	b, err := json.Marshal(h)
	if err != nil {
		return nil, fmt.Errorf("copying %s: %w", h.Name, err)
	}
	var c hero.Hero
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("copying %s: %w", h.Name, err)
	}
	return &c, nil
}
