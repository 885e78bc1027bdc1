package combat

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// RecoverInput is time passing for a hurt character after a fight (p. 38).
// Exactly one of Hours, Days or FirstAid is given.
type RecoverInput struct {
	// Hours of rest: 1d6 health an hour while not battered; the stamina
	// comes back in full (see Recover); a finishing move's knockout
	// counts down.
	Hours int `json:"hours"`
	// Days in Hospital: 1d6 health a day while battered; a hero who is
	// not battered recovers by the hour instead (24 a day). Days without
	// Hospital heal a battered hero nothing.
	Days     int  `json:"days"`
	Hospital bool `json:"hospital"`
	// FirstAid from a trained professional: 1d6 health at once, and the
	// end of a finishing move's knockout (pp. 38, 43). Never mid-fight.
	FirstAid bool `json:"first_aid"`
	// HeroPoints re-roll first aid's 1d6 that many times, keeping the
	// higher (p. 14); with Hours or Days they are at most that many,
	// spent one at a time on the health rolls that show 3 or less.
	HeroPoints int `json:"hero_points"`
}

// HealthRoll is one recovery roll of health.
type HealthRoll struct {
	// When is "first aid", "hour N" or "day N".
	When   string `json:"when"`
	D6     int    `json:"d6"`
	Bonus  int    `json:"bonus"`
	Health int    `json:"health"`
	// HeroPoints are the hero points spent re-rolling this roll (hours
	// and days; first aid's are the result's HeroPoints).
	HeroPoints *heropoints.Reroll `json:"hero_points,omitempty"`
}

// RecoverResult is what the time did.
type RecoverResult struct {
	Hero    string       `json:"hero"`
	Input   RecoverInput `json:"input"`
	Rolls   []HealthRoll `json:"rolls"`
	Health  int          `json:"health"`  // health regained
	Stamina int          `json:"stamina"` // stamina regained
	// KnockoutEnded: a finishing move's knockout is over (its hours have
	// passed, or first aid ended it early, p. 43).
	KnockoutEnded bool `json:"knockout_ended"`
	// GrowthHealth and GrowthStamina are the extra points growing had
	// lost that healed after the tracks were full (Growth, p. 61).
	GrowthHealth  int `json:"growth_health"`
	GrowthStamina int `json:"growth_stamina"`
	// HeroPoints is first aid's roll re-rolled with hero points (p. 14);
	// HeroPointsSpent counts every point spent (first aid, hours, days).
	HeroPoints      *heropoints.Reroll `json:"hero_points,omitempty"`
	HeroPointsSpent int                `json:"hero_points_spent"`
	Before          State              `json:"before"`
	After           State              `json:"after"`
	Dice            []dice.Rolled      `json:"dice"`
	Steps           ruling.Steps       `json:"steps"`
}

// MaxRecoverHours and MaxRecoverDays bound one recover ruling.
const (
	MaxRecoverHours = 24 * 7
	MaxRecoverDays  = 365
)

// Recover rules on recovery after a fight (p. 38) and applies it to h:
//
//   - the dead do not recover at all;
//   - battered: 1d6 health a day, only with hospital treatment;
//   - not battered: 1d6 health an hour (twice with Fast Recovery, p. 73);
//   - first aid from a trained professional: 1d6 health at once while
//     alive; it also ends a finishing move's knockout early (p. 43);
//   - the Endurance Table bonus goes on every roll (p. 9); health never
//     goes above its maximum.
//
// Stamina comes back 1d6 a page (conscious) or on a d20 ≤ endurance a
// page (unconscious): an hour is hundreds of pages, so spandex reads any
// whole hour of rest as stamina back to its maximum, once a finishing
// move's knockout (KnockedOutHours) is over. First aid restores no
// stamina. Mundane characters and robots have nothing to recover here
// (pp. 38, 49-50). The health dice are rolled only while health is below
// its maximum. h is changed only when no error is returned.
//
// Hero points (p. 14): first aid's 1d6 is re-rolled HeroPoints times;
// over hours and days HeroPoints is a budget spent one point at a time
// on each health roll whose d6 shows 3 or less, until it runs out (the
// rest stay in the pool).
//
// Dice: first aid's 1d6; or one 1d6 per hour (two with Fast Recovery) or
// per hospital day, in time order, while health is below its maximum;
// each hero point's re-roll straight after the roll it re-rolls.
func Recover(h *hero.Hero, in RecoverInput, r dice.Roller) (*RecoverResult, error) {
	n := 0
	for _, b := range []bool{in.Hours != 0, in.Days != 0, in.FirstAid} {
		if b {
			n++
		}
	}
	switch {
	case n != 1:
		return nil, reqErr("hours", "give one of --hours N, --days N [--hospital] or --first-aid")
	case in.Hours < 0 || in.Hours > MaxRecoverHours:
		return nil, reqErr("hours", "%d is outside 1-%d", in.Hours, MaxRecoverHours)
	case in.Days < 0 || in.Days > MaxRecoverDays:
		return nil, reqErr("days", "%d is outside 1-%d", in.Days, MaxRecoverDays)
	case in.Hospital && in.Days == 0:
		return nil, reqErr("hospital", "hospital treatment is counted in days: give --days N")
	case h.IsMundane():
		return nil, reqErr("hero", "%s is a mundane character with no health or stamina track (p. 38)", h.Name)
	case h.Kind == hero.KindRobot:
		return nil, reqErr("hero", "%s is a robot: it does not recover; it is repaired as a device (pp. 49-50)", h.Name)
	case h.Condition.Dead:
		return nil, reqErr("hero", "%s is dead: the dead do not recover at all (p. 38)", h.Name)
	case in.HeroPoints != 0 && h.Health.Current >= h.Health.Max:
		return nil, reqErr("hero-points", "%s is at full health: first aid rolls nothing to re-roll", h.Name)
	}
	if in.HeroPoints != 0 {
		if err := heropoints.Check(h, in.HeroPoints); err != nil {
			return nil, reqErr("hero-points", "%v", err)
		}
	}
	x, bonus, err := healthRecoveryExpr(h)
	if err != nil {
		return nil, err
	}
	rec := dice.NewRecorder(r)
	budget := in.HeroPoints
	res := &RecoverResult{Hero: h.Name, Input: in, Rolls: []HealthRoll{}, Before: stateOf(h)}
	st := &res.Steps
	heal := func(when string) error {
		if dh, _ := GrowthDeficit(h); h.Health.Current >= h.Health.Max && dh == 0 {
			return nil
		}
		// Hero points keep the higher roll (p. 14): first aid's N
		// re-rolls; over hours and days one at a time, only on a roll
		// whose d6 shows 3 or less (under the die's average), while
		// points are left.
		var rolls []dice.Result
		rollFn := func(i int) (int, error) {
			purpose := "health recovery, " + when
			if i > 0 {
				purpose += fmt.Sprintf(" (re-roll %d)", i)
			}
			r, err := x.Roll(rec, purpose)
			rolls = append(rolls, r)
			return r.Total, err
		}
		var kept int
		var results []int
		var err error
		if in.FirstAid {
			kept, results, err = heropoints.Keep(in.HeroPoints, heropoints.Higher, rollFn)
		} else {
			kept, results, err = heropoints.KeepUntil(budget, heropoints.Higher, func(v int) bool { return v-rolls[0].Modifier >= 4 }, rollFn)
		}
		if err != nil {
			return err
		}
		roll := rolls[kept]
		var hp *heropoints.Reroll
		if n := len(results) - 1; n > 0 {
			name := "health recovery (" + when + ")"
			if in.FirstAid {
				name = "first aid"
			}
			r := heropoints.Record(h.Name, "hero", name, heropoints.Higher, "health recovered", kept, results)
			heropoints.Spend(h, n)
			budget -= n
			res.HeroPointsSpent += n
			st.Add("hero-points", "p. 14", "%s", r.Text())
			if in.FirstAid {
				res.HeroPoints = &r
			} else {
				hp = &r
			}
		}
		d6, b := roll.Total-roll.Modifier, bonus
		if roll.Modifier != 0 {
			b = roll.Modifier
		}
		got := min(max(d6+b, 0), h.Health.Max-h.Health.Current)
		h.Health.Current += got
		res.Health += got
		res.Rolls = append(res.Rolls, HealthRoll{When: when, D6: d6, Bonus: b, Health: got, HeroPoints: hp})
		st.Add("health", "pp. 9, 38", "%s: %s %d %+d (Endurance Table) = %d health, now %d of %d", when, x, d6, b, got, h.Health.Current, h.Health.Max)
		if gh, _ := HealGrowth(h, max(d6+b, 0)-got, 0); gh > 0 {
			left, _ := GrowthDeficit(h)
			res.GrowthHealth += gh
			st.Add("growth", "p. 61", "%d more heals the extra health growing lost (%d still lost)", gh, left)
		}
		return nil
	}
	times := max(h.Recovery.Times, 1)
	if p := h.FindPower(rulebook.PowerSuperHealth); p != nil && p.HasFlavour("fast-recovery") {
		times = rulebook.FastRecoveryTimes
	}
	c := &h.Condition
	hours := in.Hours
	switch {
	case in.FirstAid:
		st.Add("first aid", "p. 38", "first aid from a trained professional: 1d6 health at once (not in the middle of a fight)")
		if err := heal("first aid"); err != nil {
			return nil, err
		}
		if c.KnockedOut {
			c.KnockedOut, c.KnockedOutHours, res.KnockoutEnded = false, 0, true
			st.Add("knockout", "p. 43", "first aid ends the finishing move's knockout early")
		}
	case in.Days > 0:
		for d := 1; d <= in.Days; d++ {
			battered := h.Health.Current <= h.Health.Battered
			switch {
			case battered && in.Hospital:
				st.Add("hospital", "p. 38", "day %d: battered, in hospital: 1d6 health a day", d)
				if err := heal(fmt.Sprintf("day %d", d)); err != nil {
					return nil, err
				}
			case battered:
				st.Add("battered", "p. 38", "day %d: battered and not in hospital: no health comes back", d)
			default:
				for hr := 1; hr <= 24; hr++ {
					for range times {
						if err := heal(fmt.Sprintf("day %d, hour %d", d, hr)); err != nil {
							return nil, err
						}
					}
				}
			}
		}
		hours = 24 * in.Days
	default:
		for hr := 1; hr <= in.Hours; hr++ {
			if h.Health.Current <= h.Health.Battered {
				st.Add("battered", "p. 38", "hour %d: battered: health comes back only in hospital, 1d6 a day (--days N --hospital)", hr)
				break
			}
			for range times {
				if err := heal(fmt.Sprintf("hour %d", hr)); err != nil {
					return nil, err
				}
			}
		}
	}
	if times == rulebook.FastRecoveryTimes && !in.FirstAid {
		st.Add("fast recovery", "p. 73", "health recovers twice an hour")
	}
	// Stamina: an hour of pages brings it back, once any knockout is over.
	if hours > 0 {
		if c.KnockedOut {
			if hours >= c.KnockedOutHours {
				st.Add("knockout", "p. 43", "the finishing move's knockout of %d hour(s) is over", c.KnockedOutHours)
				c.KnockedOut, c.KnockedOutHours, res.KnockoutEnded = false, 0, true
			} else {
				c.KnockedOutHours -= hours
				st.Add("knockout", "p. 43", "still knocked out for %d hour(s): no stamina comes back yet", c.KnockedOutHours)
			}
		}
		if !c.KnockedOut && h.Stamina.Current < h.Stamina.Max {
			res.Stamina = h.Stamina.Max - h.Stamina.Current
			st.Add("stamina", "p. 38", "1d6 stamina a page (d20 ≤ endurance a page while unconscious): after an hour's rest, back to %d", h.Stamina.Max)
			h.Stamina.Current = h.Stamina.Max
		}
		// Knocked prone in the fight, it gets up (a panel, p. 37) once
		// it is awake: an hour's rest does not leave it lying there.
		if !c.KnockedOut && c.Prone {
			c.Prone = false
			st.Add("prone", "p. 37", "no longer prone: getting up takes a panel, and the rest is an hour")
		}
		if _, ds := GrowthDeficit(h); !c.KnockedOut && ds > 0 {
			_, res.GrowthStamina = HealGrowth(h, 0, ds)
			st.Add("growth", "p. 61", "the %d extra stamina growing lost heal as well: growing again brings all of it", ds)
		}
	}
	SetConditions(h)
	res.After = stateOf(h)
	res.Dice = rec.Rolls()
	if res.After != res.Before {
		st.Add("condition", "pp. 37-38", "health %d → %d, stamina %d → %d: %s → %s", res.Before.Health, res.After.Health,
			res.Before.Stamina, res.After.Stamina, res.Before.Condition, res.After.Condition)
	}
	return res, nil
}

// healthRecoveryExpr is the hero's hourly health roll: recovery.health
// (default 1d6), plus the Endurance Table bonus when the expression has
// no constant of its own (pkg/chargen writes "1d6+1" at END 16-20).
func healthRecoveryExpr(h *hero.Hero) (*dice.Expr, int, error) {
	expr := "1d6"
	if h.Recovery.Health != "" {
		expr = h.Recovery.Health
	}
	x, err := dice.Parse(expr)
	if err != nil {
		return nil, 0, reqErr("hero", "%s: recovery.health: %v", h.Name, err)
	}
	return x, rulebook.RecoveryBonus(h.Abilities.Final.Endurance), nil
}

// Summary is the recovery's one-line summary for the log.
func (res *RecoverResult) Summary() string {
	var what string
	switch in := res.Input; {
	case in.FirstAid:
		what = "first aid"
	case in.Days > 0 && in.Hospital:
		what = fmt.Sprintf("%d day(s) in hospital", in.Days)
	case in.Days > 0:
		what = fmt.Sprintf("%d day(s)", in.Days)
	default:
		what = fmt.Sprintf("%d hour(s)", in.Hours)
	}
	return fmt.Sprintf("%s recovers (%s): +%d health, +%d stamina; %s", res.Hero, what, res.Health, res.Stamina, res.After.Condition)
}
