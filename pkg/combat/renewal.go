package combat

import (
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Hypnotism's and the Mind Control Device's hourly renewal (pp. 53, 63):
// "Once per hour you must repeat the magic attack and spend another 10
// magic points, and if the new attack fails the spell ends" (Hypnotism);
// "Once per hour you must repeat the psychic attack, and if the new
// attack fails the power ends" (the device, with its own "Will" of 10, +2
// an extra rank).
//
// spandex's reading: each whole hour that passes for the controlled hero
// is one repeat attack, the same contest as the first (1d20 + the
// controller's will, or the device's, against 1d20 + the target's will +
// its Confidence Table bonus, ties to the controller, p. 43), with active
// resistance (+1d6) only when asked. Hypnotism's 10 magic points (5 as a
// speciality) must be within the caster's pool: an hour is some 1,667
// pages and the pool refills every 5 (p. 62), so it is always full again
// and the caster's file is not changed; a pool smaller than the cost
// cannot pay and the spell ends. A failed repeat ends the control, and
// the target remembers being controlled.

// Renewal is one hourly repeat attack.
type Renewal struct {
	Hour    int           `json:"hour"`
	Contest PsychicResult `json:"contest"`
	Cost    int           `json:"cost"`
}

// RenewalResult is what the hours did to one controlled target.
type RenewalResult struct {
	Controller string    `json:"controller"`
	Target     string    `json:"target"`
	Power      string    `json:"power"` // hypnotism or mind-control-device
	Hours      int       `json:"hours"`
	Renewals   []Renewal `json:"renewals"`
	// Ended: the control is over, after EndedHour (a failed repeat, or a
	// pool too small to pay); the target remembers it (pp. 53, 63).
	Ended     bool   `json:"ended"`
	EndedHour int    `json:"ended_hour"`
	Why       string `json:"why,omitempty"`
	// Steps are the ruling's; the recover event carries them once.
	Steps ruling.Steps `json:"-"`
}

// RenewControl lets hours pass for target, hypnotised by controller
// through Hypnotism or the Mind Control Device (its imposed state names
// the controller as its source), and makes the hourly repeat attacks
// (pp. 53, 63). It removes the state from target when one fails; it
// changes nothing else. found is false when target carries no such state
// from controller (nothing is rolled then).
//
// Dice: for each hour in turn until one fails: the controller's d20, the
// target's d20, then the resist 1d6 with resist.
func RenewControl(controller, target *hero.Hero, hours int, resist bool, r dice.Roller) (res RenewalResult, found bool, err error) {
	res = RenewalResult{Controller: controller.Name, Target: target.Name, Hours: hours, Renewals: []Renewal{}}
	idx := -1
	for i, st := range target.ImposedStates {
		if st.Name == hero.ImposedHypnotised && st.Source == controller.Name {
			idx = i
			break
		}
	}
	if idx < 0 {
		return res, false, nil
	}
	if hours < 1 {
		return res, true, reqErr("hours", "the repeat attack comes once per hour: give --hours or --days (pp. 53, 63)")
	}
	st := target.ImposedStates[idx]
	p, ok := renewedControl(rulebook.PowerID(st.Power))
	if !ok {
		return res, true, reqErr("controller", "%s's hypnotised state comes from %q, neither Hypnotism (magic) nor the mind-control device (cybernetics)", target.Name, st.Power)
	}
	res.Power = string(p.Slug)
	has, spec, ranks := knows(controller, p)
	if !has {
		return res, true, reqErr("controller", "%s does not have %s any more (%s)", controller.Name, p.Slug, p.Page)
	}
	will, cost := controller.Abilities.Final.Will, 0
	if p.Kind == MentalDevice {
		will = DeviceWill(ranks)
		res.Steps.Add("device", "p. 53", "the device's \"Will\" %d (10, +2 for each of %d extra ranks)", will, ranks-1)
	} else {
		cost = SpecialityCost(rulebook.HypnotismPoints, spec)
	}
	end := func(hour int, why string) {
		res.Ended, res.EndedHour, res.Why = true, hour, why
		target.ImposedStates = append(target.ImposedStates[:idx:idx], target.ImposedStates[idx+1:]...)
		if len(target.ImposedStates) == 0 {
			target.ImposedStates = nil
		}
		res.Steps.Add("renewal", p.Page, "hour %d: %s: the control ends, and %s remembers being controlled", hour, why, target.Name)
	}
	for h := 1; h <= hours; h++ {
		if cost > 0 {
			pool := controller.FindPool(p.Pool)
			if pool == nil || pool.Max < cost {
				end(h, "the caster cannot pay the 10 magic points")
				return res, true, nil
			}
		}
		c, steps, err := Contest(will, 0, target, resist, r)
		if err != nil {
			return res, true, err
		}
		res.Renewals = append(res.Renewals, Renewal{Hour: h, Contest: c, Cost: cost})
		res.Steps = append(res.Steps, steps...)
		if !c.Success {
			end(h, "the repeat attack fails")
			return res, true, nil
		}
		if cost > 0 {
			res.Steps.Add("renewal", "pp. 62-63", "hour %d: the repeat attack holds (%d against %d); %d magic points, back within 5 pages", h, c.AttackerTotal, c.DefenderTotal, cost)
		} else {
			res.Steps.Add("renewal", p.Page, "hour %d: the repeat attack holds (%d against %d)", h, c.AttackerTotal, c.DefenderTotal)
		}
	}
	return res, true, nil
}
