package combat

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// FallApplied is a fall taken by a character: the fall's ruling (with the
// character's own dividers, doubled), what came off each track and the
// condition before and after (pp. 37-38, 43).
type FallApplied struct {
	Hero string `json:"hero"`
	FallResult
	// Taken is what came off each track: stamina past minus endurance is
	// health (Overflow, p. 38); a robot takes no stamina (p. 49).
	Taken struct {
		Health   int    `json:"health"`
		Stamina  int    `json:"stamina"`
		Overflow int    `json:"overflow"`
		Immune   string `json:"immune,omitempty"`
	} `json:"taken"`
	Before State         `json:"before"`
	After  State         `json:"after"`
	Dice   []dice.Rolled `json:"dice"`
	Steps  ruling.Steps  `json:"steps"`
}

// FallOn rolls a fall for h and applies it to h's tracks and condition
// (pp. 37-38, 43): h's combat.dividers (already improved by strength)
// are doubled, in.Dividers is ignored. Mundane characters have no tracks
// (p. 38): the GM rules their fall. h is changed only when no error is
// returned; the caller appends the "fall" event to its log.
//
// Dice: the health d6s, then the stamina d6s (none when the fall is
// avoided or shorter than 5 m).
func FallOn(h *hero.Hero, in FallInput, r dice.Roller) (*FallApplied, error) {
	if h.IsMundane() {
		return nil, reqErr("hero", "%s is a mundane character with no health or stamina track (p. 38): the GM rules the fall", h.Name)
	}
	in.Dividers = rbDividers(h.Combat.Dividers)
	if in.HeroPoints != 0 {
		if err := heropoints.Check(h, in.HeroPoints); err != nil {
			return nil, reqErr("hero-points", "%v", err)
		}
		if in.Acrobatics || in.EdgeGrab {
			return nil, reqErr("hero-points", "an avoided fall rolls no damage to re-roll")
		}
	}
	rec := dice.NewRecorder(r)
	fr, err := Fall(in, rec)
	if err != nil {
		return nil, err
	}
	fa := &FallApplied{Hero: h.Name, FallResult: fr, Before: stateOf(h), Dice: rec.Rolls()}
	st := &fa.Steps
	if hp := fr.HeroPoints; hp != nil {
		hp.Hero = h.Name
		heropoints.Spend(h, hp.Points)
		st.Add("hero-points", "p. 14", "%s", hp.Text())
	}
	if fr.Avoided != "" {
		st.Add("fall", "p. 43", "%s", fr.Avoided)
		fa.After = fa.Before
		return fa, nil
	}
	st.Add("fall", "p. 43", "%d m fallen%s: %d effective, %dd6 health and %dd6 stamina (1d6 each per full 5 m, at most 20d6)",
		fr.Metres, jumpText(in.Jump), fr.EffectiveMetres, fr.DiceEach, fr.DiceEach)
	st.Add("dividers", "p. 43", "%s's dividers doubled for a fall: %s; rolled %d H, %d S, taken %d H, %d S (rounded up)",
		h.Name, fr.Dividers, fr.HealthRoll, fr.StaminaRoll, fr.Health, fr.Stamina)
	dh, ds := fr.Health, fr.Stamina
	t := tracksOf(h)
	if t.NoStamina && ds > 0 {
		fa.Taken.Immune = RobotStaminaImmunity
		text, page := notePage(RobotStaminaImmunity, "p. 49")
		st.Add(string(rulebook.PowerImmunity), page, "%s", text)
		ds = 0
	}
	after, overflow := TakeDamage(t, dh, ds)
	fa.Taken.Health, fa.Taken.Stamina, fa.Taken.Overflow = dh+overflow, ds-overflow, overflow
	if overflow > 0 {
		st.Add("overflow", "p. 38", "stamina stops at minus endurance: %d of the stamina damage is taken as health damage (%d H, %d S in all)", overflow, fa.Taken.Health, fa.Taken.Stamina)
	}
	h.Health.Current, h.Stamina.Current = after.Health, after.Stamina
	SetConditions(h)
	fa.After = stateOf(h)
	if fa.After != fa.Before {
		st.Add("condition", "pp. 37-38", "health %d → %d, stamina %d → %d: %s → %s", fa.Before.Health, fa.After.Health,
			fa.Before.Stamina, fa.After.Stamina, fa.Before.Condition, fa.After.Condition)
	}
	return fa, nil
}

// Summary is the fall's one-line summary for the log.
func (fa *FallApplied) Summary() string {
	if fa.Avoided != "" {
		return fmt.Sprintf("%s falls %d m: %s", fa.Hero, fa.Metres, fa.Avoided)
	}
	hp := ""
	if fa.HeroPoints != nil {
		hp = fmt.Sprintf(" (damage re-rolled with %s)", plural(fa.HeroPoints.Points, "hero point"))
	}
	return fmt.Sprintf("%s falls %d m: took %d H %d S%s; %s", fa.Hero, fa.Metres, fa.Taken.Health, fa.Taken.Stamina, hp, fa.After.Condition)
}

func jumpText(j bool) string {
	if j {
		return " (jumped: 5 m less)"
	}
	return ""
}
