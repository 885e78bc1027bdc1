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
	// At death's door it is emergency aid: the hero is stabilised.
	FirstAid bool `json:"first_aid"`
	// Minutes of rest, less than an hour (pp. 29, 38): no health (it
	// comes back by the hour); the stamina by the page, 28 pages a
	// minute (rulebook.MinutePages); death's door counts down.
	Minutes int `json:"minutes"`
	// CPR is CPR or similar emergency aid given at once to a hero at
	// death's door (p. 38), before any time passes: it stabilises.
	CPR bool `json:"cpr"`
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
	// StaminaHours are the hours of rest after any knockout ended, the
	// only ones that bring stamina back (p. 43); StaminaPages the pages
	// of a --minutes rest that rolled for stamina.
	StaminaHours int `json:"stamina_hours"`
	StaminaPages int `json:"stamina_pages"`
	// Regeneration are the 1d6 health rolls of Regeneration's
	// double-panels of rest (p. 74), battered or not.
	Regeneration []int `json:"regeneration"`
	// Stabilised: CPR or first aid saved a hero at death's door; Died:
	// five minutes at death's door without aid (p. 38).
	Stabilised bool `json:"stabilised"`
	Died       bool `json:"died"`
	// CameRound: a mundane character knocked out came round after an
	// hour's rest (pp. 38, 49; recoverMundane).
	CameRound bool `json:"came_round"`
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

// MaxRecoverHours, MaxRecoverDays and MaxRecoverMinutes bound one
// recover ruling.
const (
	MaxRecoverHours   = 24 * 7
	MaxRecoverDays    = 365
	MaxRecoverMinutes = rulebook.MinutesPerHour - 1
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
// stamina. Mundane characters recover as recoverMundane says (pp. 38,
// 49-50); robots, with no stamina and no self repair, are refused (pp.
// 49-50). The health dice are rolled only while health is below
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
	for _, b := range []bool{in.Minutes != 0, in.Hours != 0, in.Days != 0, in.FirstAid} {
		if b {
			n++
		}
	}
	switch {
	case n > 1 || (n == 0 && !in.CPR):
		return nil, reqErr("hours", "give one of --minutes N, --hours N, --days N [--hospital] or --first-aid (with or without --cpr), or --cpr")
	case in.Minutes < 0 || in.Minutes > MaxRecoverMinutes:
		return nil, reqErr("minutes", "%d is outside 1-%d (an hour or more is --hours)", in.Minutes, MaxRecoverMinutes)
	case in.Minutes > 0 && in.HeroPoints != 0:
		return nil, reqErr("hero-points", "minutes roll no health to re-roll: health comes back by the hour (p. 38)")
	case in.CPR && in.HeroPoints != 0 && n == 0:
		return nil, reqErr("hero-points", "CPR rolls nothing to re-roll (p. 38)")
	case in.Hours < 0 || in.Hours > MaxRecoverHours:
		return nil, reqErr("hours", "%d is outside 1-%d", in.Hours, MaxRecoverHours)
	case in.Days < 0 || in.Days > MaxRecoverDays:
		return nil, reqErr("days", "%d is outside 1-%d", in.Days, MaxRecoverDays)
	case in.Hospital && in.Days == 0:
		return nil, reqErr("hospital", "hospital treatment is counted in days: give --days N")
	case h.Condition.Dead:
		return nil, reqErr("hero", "%s is dead: the dead do not recover at all (p. 38)", h.Name)
	case h.Kind == hero.KindRobot:
		return nil, reqErr("hero", "%s is a robot: it has no stamina (p. 49) and, unlike an android, no self repair (p. 50); the book gives it no recovery (its creator works on it, p. 50)", h.Name)
	case h.IsMundane():
		return recoverMundane(h, in)
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
			st.Add(string(rulebook.PowerGrowth), "p. 61", "%d more heals the extra health growing lost (%d still lost)", gh, left)
		}
		return nil
	}
	times := max(h.Recovery.Times, 1)
	if fastRecovery(h) {
		times = rulebook.FastRecoveryTimes
	}
	c := &h.Condition
	// CPR or similar emergency aid comes first, before any time passes
	// (p. 38).
	if in.CPR {
		if err := Stabilise(h, st); err != nil {
			return nil, err
		}
		res.Stabilised = true
	}
	// Regeneration rests from the first double-panel (p. 74), battered
	// or not, before death's door runs out; then death's door counts the
	// time down (p. 38).
	pages := recoverPages(in)
	if pages > 0 && Regenerates(h) {
		if err := regenerateOver(h, pages, rec, res); err != nil {
			return nil, err
		}
	}
	if _, died := PassDeathsDoor(h, pages, st); died {
		res.Died = true
		return res.finish(h, rec), nil
	}
	hours := in.Hours
	switch {
	case in.FirstAid:
		st.Add("first aid", "p. 38", "first aid from a trained professional: 1d6 health at once (not in the middle of a fight)")
		dying := AtDeathsDoor(h)
		if err := heal("first aid"); err != nil {
			return nil, err
		}
		if dying {
			if h.Health.Current == 0 {
				c.Stabilised = true
			}
			res.Stabilised = true
			st.Add("death's door", "p. 38", "first aid is emergency aid: saved from death's door")
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
	if times == rulebook.FastRecoveryTimes && !in.FirstAid && in.Minutes == 0 && !(in.CPR && in.Hours == 0 && in.Days == 0) {
		st.Add("fast recovery", "p. 73", "health recovers twice an hour")
	}
	// Stamina: an hour of pages brings it back, but only the hours after
	// a finishing move's knockout is over (p. 43).
	if hours > 0 {
		rest := hours
		if c.KnockedOut {
			if hours >= c.KnockedOutHours {
				rest = hours - c.KnockedOutHours
				st.Add("knockout", "p. 43", "the finishing move's knockout of %d hour(s) is over; stamina recovers only after it: %d hour(s) of rest left", c.KnockedOutHours, rest)
				c.KnockedOut, c.KnockedOutHours, res.KnockoutEnded = false, 0, true
			} else {
				c.KnockedOutHours -= hours
				rest = 0
				st.Add("knockout", "p. 43", "still knocked out for %d hour(s): no stamina comes back yet", c.KnockedOutHours)
			}
		}
		res.StaminaHours = rest
		if rest > 0 && h.Stamina.Current < h.Stamina.Max {
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
		if _, ds := GrowthDeficit(h); rest > 0 && ds > 0 {
			_, res.GrowthStamina = HealGrowth(h, 0, ds)
			st.Add(string(rulebook.PowerGrowth), "p. 61", "the %d extra stamina growing lost heal as well: growing again brings all of it", ds)
		}
	}
	if in.Minutes > 0 {
		st.Add("minutes", "pp. 29, 38", "%d minute(s) are %d pages of 2.16 s; health comes back by the hour, so none in minutes", in.Minutes, pages)
		if err := staminaByPage(h, pages, times, rec, res); err != nil {
			return nil, err
		}
	}
	return res.finish(h, rec), nil
}

// finish sets the conditions after the recovery and closes the result.
func (res *RecoverResult) finish(h *hero.Hero, rec *dice.Recorder) *RecoverResult {
	SetConditions(h)
	res.After = stateOf(h)
	res.Dice = rec.Rolls()
	if res.After != res.Before {
		res.Steps.Add("condition", "pp. 37-38", "health %d → %d, stamina %d → %d: %s → %s", res.Before.Health, res.After.Health,
			res.Before.Stamina, res.After.Stamina, res.Before.Condition, res.After.Condition)
	}
	return res
}

// recoverPages is the time of a recovery in pages (pp. 29, 38): minutes,
// hours or days (24 hours each) at 28 pages a minute; first aid and CPR
// alone take none of the hero's dying time.
func recoverPages(in RecoverInput) int {
	hour := rulebook.MinutePages(rulebook.MinutesPerHour)
	switch {
	case in.Minutes > 0:
		return rulebook.MinutePages(in.Minutes)
	case in.Hours > 0:
		return in.Hours * hour
	case in.Days > 0:
		return in.Days * rulebook.HoursPerDay * hour
	}
	return 0
}

// staminaByPage is the stamina of a rest shorter than an hour, page by
// page (p. 38): the conscious recover the hero's recovery.stamina roll
// (1d6 plus the Endurance Table bonus, p. 9), the unconscious only on a
// d20 ≤ endurance; twice a page with Fast Recovery (p. 73); nothing while
// a finishing move's knockout lasts (p. 43). The pages stop rolling once
// the stamina is full.
func staminaByPage(h *hero.Hero, pages, times int, r dice.Roller, res *RecoverResult) error {
	st := &res.Steps
	if h.Condition.KnockedOut {
		st.Add("knockout", "p. 43", "knocked out for %d more hour(s): no stamina comes back (the knockout counts whole hours)", h.Condition.KnockedOutHours)
		return nil
	}
	if h.Stamina.Max == 0 {
		return nil
	}
	expr, bonus := rulebook.StaminaRecoveryDice, rulebook.RecoveryBonus(h.Abilities.Final.Endurance)
	if h.Recovery.Stamina != "" {
		expr = h.Recovery.Stamina
	}
	x, err := dice.Parse(expr)
	if err != nil {
		return reqErr("hero", "%s: recovery.stamina: %v", h.Name, err)
	}
	before := h.Stamina.Current
	end := h.Abilities.Final.Endurance
	for p := 1; p <= pages && h.Stamina.Current < h.Stamina.Max; p++ {
		res.StaminaPages = p
		for range times {
			SetConditions(h)
			if h.Condition.Unconscious {
				d20, err := r.Roll(rulebook.UnconsciousRecoveryDie, fmt.Sprintf("unconscious recovery, page %d", p))
				if err != nil {
					return err
				}
				if d20 > end {
					continue
				}
			}
			roll, err := x.Roll(r, fmt.Sprintf("stamina recovery, page %d", p))
			if err != nil {
				return err
			}
			b := bonus
			if roll.Modifier != 0 {
				b = 0 // the expression's own constant is the bonus
			}
			h.Stamina.Current = min(h.Stamina.Current+max(roll.Total+b, 0), h.Stamina.Max)
		}
	}
	res.Stamina = h.Stamina.Current - before
	st.Add("stamina", "pp. 9, 38", "%s a page (%s; a d20 ≤ endurance %d first while unconscious) for %d page(s): stamina %d → %d",
		expr, fmt.Sprintf("%+d Endurance Table", bonus), end, res.StaminaPages, before, h.Stamina.Current)
	return nil
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
	in := res.Input
	switch {
	case in.FirstAid:
		what = "first aid"
	case in.Days > 0 && in.Hospital:
		what = fmt.Sprintf("%d day(s) in hospital", in.Days)
	case in.Days > 0:
		what = fmt.Sprintf("%d day(s)", in.Days)
	case in.Minutes > 0:
		what = fmt.Sprintf("%d minute(s)", in.Minutes)
	case in.Hours > 0:
		what = fmt.Sprintf("%d hour(s)", in.Hours)
	default:
		what = "CPR"
	}
	if in.CPR && what != "CPR" {
		what = "CPR, " + what
	}
	if res.Died {
		return fmt.Sprintf("%s dies at death's door (%s): five minutes without CPR or similar emergency aid (p. 38)", res.Hero, what)
	}
	s := fmt.Sprintf("%s recovers (%s): +%d health, +%d stamina; %s", res.Hero, what, res.Health, res.Stamina, res.After.Condition)
	if res.Stabilised {
		s += "; saved from death's door"
	}
	if res.CameRound {
		s += "; comes round"
	}
	return s
}
