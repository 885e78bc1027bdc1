package mns

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// DamageRequest is damage the GM applies to a combatant.
type DamageRequest struct {
	On     string     `json:"on"`
	Amount int        `json:"amount"`
	Kind   DamageKind `json:"kind"`
	Deadly bool       `json:"deadly"`
	// Unconscious: the target cannot soak a death shot with VP.
	Unconscious bool `json:"unconscious"`
	// NoIgnore: the hit gets past Ignore Damage (the GM's call).
	NoIgnore bool `json:"no_ignore"`
	// StunBonus is the Square Chart value of the target's maximum DP
	// (the bonus is that less 1), looked up by hand.
	StunBonus *int `json:"stun_bonus"`
	// PushbackSegments is the Sphere Chart value of the target's total
	// pushback points, looked up by hand.
	PushbackSegments *int `json:"pushback_segments"`
	// Throwback makes the target's throwback roll when the hit allows one
	// (dice: 2d10); ThrowbackBonus is the Sphere Chart value of its
	// strength (or agility) and ThrowbackMeters the Action Chart's
	// distance, when looked up by hand.
	Throwback       bool `json:"throwback"`
	ThrowbackBonus  *int `json:"throwback_bonus"`
	ThrowbackMeters *int `json:"throwback_meters"`
}

// Damaged is the full record of applied damage.
type Damaged struct {
	On     string       `json:"on"`
	Hit    Hit          `json:"hit"`
	Result DamageResult `json:"result"`
	// PushbackTotal are the pushback points since the target's action
	// started; PushbackSegments their Sphere Chart value; Delay the
	// segments this hit added.
	PushbackTotal    int `json:"pushback_total"`
	PushbackSegments int `json:"pushback_segments"`
	Delay            int `json:"delay"`
	// Due is the segment the target is next due after the hit.
	Due int `json:"due"`
	// StunnedUntil is set when the hit stuns.
	StunnedUntil int `json:"stunned_until"`
	// CarefulLost is true when the hit lost a careful attack.
	CarefulLost bool `json:"careful_lost"`
	// Thrown is the throwback roll, when one was made.
	Thrown *Throwback `json:"thrown"`
}

// Throwback is a throwback roll (SectionThrowback).
type Throwback struct {
	// Ability names the ability whose Sphere Chart value is the bonus:
	// "strength", "half strength" or "agility".
	Ability string `json:"ability"`
	Bonus   int    `json:"bonus"`
	// Target is the throwback roll, less the damage, plus the bonus.
	Target int    `json:"target"`
	Dice   [2]int `json:"dice"`
	Roll   int    `json:"roll"`
	// FailedBy is 0 when the roll held; Meters is how far it was thrown
	// (the Action Chart's sphere column for FailedBy in its result column).
	FailedBy int `json:"failed_by"`
	Meters   int `json:"meters"`
}

// Damage applies damage to a combatant now: its tracks, its stun, its
// pushback (which delays its next action) and a careful attack it loses.
// It rolls no dice.
func (e *Encounter) Damage(ctx Ctx, r DamageRequest) (*Damaged, error) {
	c, err := e.must(r.On, "--on")
	if err != nil {
		return nil, err
	}
	if r.Kind == "" {
		r.Kind = Standard
	}
	if r.Amount < 0 || r.Amount > statLimit {
		return nil, refusal.Errorf("--amount %d: give 0 to %d", r.Amount, statLimit)
	}
	h := Hit{Amount: r.Amount, Kind: r.Kind, Ignore: c.Fighter.IgnoreDamage, Temper: c.Fighter.SkinTemper,
		Deadly: r.Deadly, Unconscious: r.Unconscious}
	if r.NoIgnore {
		h.Ignore = 0
	}
	var steps ruling.Steps
	if r.Kind == Stun && !r.NoIgnore {
		sq, err := ctx.Charts.SquareOf(c.Fighter.DP, r.StunBonus, "--stun-bonus N")
		if err != nil {
			return nil, fmt.Errorf("stun damage %w", err)
		}
		h.StunBonus = max(0, sq-1)
		steps.AddRow("stun", SectionStun, "Square Chart", fmt.Sprint(c.Fighter.DP), "maximum DP %d: %d, less 1: +%d Ignore Damage against stun", c.Fighter.DP, sq, h.StunBonus)
	}
	if r.Deadly && r.Kind != Stun {
		return nil, refusal.Errorf("--deadly: only stun damage is potentially deadly")
	}
	res, err := ApplyDamage(c.Track(), h)
	if err != nil {
		return nil, err
	}
	out := &Damaged{On: c.Fighter.ID, Hit: h, Result: res}
	steps.Add("ignore", SectionDamage, "%d %s damage, %d ignored, skin temper %v: %d done", r.Amount, r.Kind, res.Ignored, temperOf(h.Temper), res.Done)
	switch r.Kind {
	case Death:
		steps.Add("death", SectionDeath, "death shot: %d VP soak, %d DP lost", res.Soaked, res.DPLost)
	case Stun:
		steps.Add("stun", SectionStun, "%d VP lost, %d segments stunned, %d DP lost", res.VPLost, res.StunSegments, res.DPLost)
	default:
		steps.Add("tracks", SectionDamage, "%d VP lost, then %d DP", res.VPLost, res.DPLost)
	}
	c.VP, c.DP = res.Track.VP, res.Track.DP
	if r.Kind == Illusory {
		c.IllusoryVP += res.VPLost
		c.IllusoryDP += res.DPLost
		steps.Add("illusory", SectionIllusory, "real while believed: %d VP and %d DP illusory in all", c.IllusoryVP, c.IllusoryDP)
	}
	if res.StunSegments > 0 {
		if max(c.StunnedUntil, e.Segment)+res.StunSegments > MaxSegment {
			return nil, refusal.Errorf("stunned for %d segments: past the clock's end (segment %d, an hour of fighting)", res.StunSegments, MaxSegment)
		}
		c.StunnedUntil = max(c.StunnedUntil, e.Segment) + res.StunSegments
		out.StunnedUntil = c.StunnedUntil
	}
	// A careful attack is lost to damage taken after it would have landed.
	if a := c.Action; a != nil && a.Careful > 0 && e.Segment >= a.CarefulFrom && !a.Lost && (res.VPLost > 0 || res.DPLost > 0) {
		a.Lost = true
		a.Outcome = "lost: hurt while delaying a careful attack; a new combat roll is needed"
		out.CarefulLost = true
		steps.Add("careful", SectionCareful, "hurt between segment %d and %d: the careful attack is lost", a.CarefulFrom, a.Lands)
	}
	// Pushback.
	if res.Pushback > 0 {
		total := c.Pushback + res.Pushback
		segs, err := ctx.Charts.SphereOf(total, r.PushbackSegments, "--pushback-segments N")
		if err != nil {
			return nil, fmt.Errorf("pushback of %d points %w", total, err)
		}
		delay := max(0, segs-c.PushedBy)
		if segs < 0 || delay > MaxSegment || e.Segment+delay > MaxSegment {
			return nil, refusal.Errorf("pushback of %d segments: give 0 to %d", segs, MaxSegment)
		}
		out.PushbackTotal, out.PushbackSegments, out.Delay = total, segs, delay
		c.Pushback, c.PushedBy = total, max(c.PushedBy, segs)
		if c.Action != nil {
			c.Action.Lands += delay
			c.Action.Time += delay
		} else {
			c.ReadyAt = max(c.ReadyAt, e.Segment) + delay
		}
		steps.AddRow("pushback", SectionPushback, "Sphere Chart", fmt.Sprint(total), "%d points (%d DP, %d VP/10, %d ignored) make %d in all: %d segments, %d more", res.Pushback, res.DPLost, res.VPLost/10, res.Ignored, total, segs, delay)
	} else if r.PushbackSegments != nil {
		return nil, refusal.Errorf("--pushback-segments: this hit makes no pushback")
	}
	if r.Throwback {
		tb, err := e.throwback(ctx, c, r, res, &steps)
		if err != nil {
			return nil, err
		}
		out.Thrown = tb
	}
	out.Due, _ = c.Due(e.Segment)
	summary := fmt.Sprintf("segment %d: %s takes %d %s damage: %d VP, %d DP lost (VP %d, DP %d)", e.Segment, c.Fighter.ID, r.Amount, r.Kind, res.VPLost, res.DPLost, c.VP, c.DP)
	if out.Delay > 0 {
		summary += fmt.Sprintf("; pushed back %d segments to %d", out.Delay, out.Due)
	}
	if res.StunSegments > 0 {
		summary += fmt.Sprintf("; stunned until %d", c.StunnedUntil)
	}
	if tb := out.Thrown; tb != nil {
		if tb.FailedBy > 0 {
			summary += fmt.Sprintf("; thrown back %d m", tb.Meters)
		} else {
			summary += "; keeps its footing"
		}
	}
	e.add(Event{Kind: "damage", Target: c.Fighter.ID, Summary: summary, Seed: ctx.Seed, Dice: recorded(ctx), Steps: steps, Details: mustJSON(out)})
	return out, nil
}

// throwback makes the target's throwback roll (SectionThrowback): only
// after a hit that cost DP, or VP while surprised. 2d10 under the
// throwback roll less the damage done, plus the Sphere Chart value of the
// higher of strength and agility after a VP-only hit, of strength after a
// DP hit, of half strength (rounded down, a reading) after a DP hit while
// surprised. Failed by F: thrown the Action Chart's sphere-column value of
// F in its result column, in meters.
func (e *Encounter) throwback(ctx Ctx, c *Combatant, r DamageRequest, res DamageResult, steps *ruling.Steps) (*Throwback, error) {
	surprised := c.SurprisedUntil > e.Segment
	if res.DPLost == 0 && !(surprised && res.VPLost > 0) {
		return nil, refusal.Errorf("--throwback: only a hit for DP, or for VP while surprised, can throw %s", c.Fighter.ID)
	}
	f := c.Fighter
	tb := &Throwback{}
	score := max(f.Strength, f.Agility)
	tb.Ability = "strength"
	if f.Agility > f.Strength {
		tb.Ability = "agility"
	}
	if res.DPLost > 0 {
		score, tb.Ability = f.Strength, "strength"
		if surprised {
			score, tb.Ability = f.Strength/2, "half strength"
		}
	}
	bonus, err := ctx.Charts.SphereOf(score, r.ThrowbackBonus, "--throwback-bonus N")
	if err != nil {
		return nil, fmt.Errorf("the throwback %w", err)
	}
	tb.Bonus = bonus
	tb.Target = f.Throwback - r.Amount + bonus
	d, err := roll2d10(ctx.Roller, "throwback")
	if err != nil {
		return nil, err
	}
	tb.Dice, tb.Roll = d, d[0]+d[1]
	if tb.Roll <= tb.Target {
		steps.AddRow("throwback", SectionThrowback, "Sphere Chart", fmt.Sprint(score), "throwback %d - damage %d + %s %+d = %d; rolled %d+%d = %d: holds", f.Throwback, r.Amount, tb.Ability, bonus, tb.Target, d[0], d[1], tb.Roll)
		return tb, nil
	}
	tb.FailedBy = tb.Roll - tb.Target
	if r.ThrowbackMeters != nil {
		tb.Meters = *r.ThrowbackMeters
	} else if ctx.Charts == nil || ctx.Charts.Action == nil {
		return nil, &NeedChartError{Chart: "Action Chart", Input: fmt.Sprintf("%d in its result column, read in its sphere column", tb.FailedBy), Flag: "--throwback-meters N"}
	} else if tb.Meters, err = ctx.Charts.Action.Read("result", "sphere", tb.FailedBy); err != nil {
		return nil, err
	}
	steps.AddRow("throwback", SectionThrowback, "Action Chart", fmt.Sprintf("result %d", tb.FailedBy), "throwback %d - damage %d + %s %+d = %d; rolled %d+%d = %d: failed by %d, thrown %d m", f.Throwback, r.Amount, tb.Ability, bonus, tb.Target, d[0], d[1], tb.Roll, tb.FailedBy, tb.Meters)
	return tb, nil
}

func temperOf(t float64) float64 {
	if t == 0 {
		return 1
	}
	return t
}

// Disbelieved is the record of a combatant seeing through illusory damage.
type Disbelieved struct {
	On     string `json:"on"`
	BackVP int    `json:"back_vp"`
	BackDP int    `json:"back_dp"`
	Stays  int    `json:"stays"`
	VP     int    `json:"vp"`
	DP     int    `json:"dp"`
}

// Disbelieve ends a combatant's belief in its illusory damage: all but a
// tenth (rounded up) of it goes back; the tenth stays as real damage.
func (e *Encounter) Disbelieve(on string) (*Disbelieved, error) {
	c, err := e.must(on, "--on")
	if err != nil {
		return nil, err
	}
	if c.IllusoryVP == 0 && c.IllusoryDP == 0 {
		return nil, refusal.Errorf("%s has no illusory damage to disbelieve", c.Fighter.ID)
	}
	bvp, bdp, stays := Disbelieve(c.IllusoryVP, c.IllusoryDP)
	c.VP = min(c.Fighter.VP, c.VP+bvp)
	c.DP = min(c.Fighter.DP, c.DP+bdp)
	out := &Disbelieved{On: c.Fighter.ID, BackVP: bvp, BackDP: bdp, Stays: stays, VP: c.VP, DP: c.DP}
	steps := stepsOf("illusory", SectionIllusory, "%d illusory damage: a tenth rounded up, %d, stays real; %d VP and %d DP come back", c.IllusoryVP+c.IllusoryDP, stays, bvp, bdp)
	c.IllusoryVP, c.IllusoryDP = 0, 0
	e.add(Event{Kind: "disbelieve", Target: c.Fighter.ID, Summary: fmt.Sprintf("segment %d: %s sees through the illusion: %d VP and %d DP come back, %d stays", e.Segment, c.Fighter.ID, bvp, bdp, stays),
		Steps: steps, Details: mustJSON(out)})
	return out, nil
}

// SurpriseRequest surprises a combatant at the start of the fight.
type SurpriseRequest struct {
	On string `json:"on"`
	// Segments are the segments of surprise when known; otherwise
	// MissedBy is what the Detect Danger roll missed by (looked up on the
	// Sphere Chart, or Sphere when looked up by hand).
	Segments *int `json:"segments"`
	MissedBy *int `json:"missed_by"`
	Sphere   *int `json:"sphere"`
	// Reduce is how many of the segments the combatant shakes off, for
	// an equal penalty to later action rolls.
	Reduce int `json:"reduce"`
	// Roll makes the Detect Danger Perception roll (2d10 under
	// perception; Modifier is added to the target).
	Roll     bool `json:"roll"`
	Modifier int  `json:"modifier"`
}

// Surprised is the record of a surprise.
type Surprised struct {
	On        string `json:"on"`
	Rolled    *Save  `json:"rolled"`
	MissedBy  int    `json:"missed_by"`
	Sphere    int    `json:"sphere"`
	PoolExtra int    `json:"pool_extra"`
	Segments  int    `json:"segments"`
	Reduce    int    `json:"reduce"`
	Penalty   int    `json:"penalty"`
	Until     int    `json:"until"`
}

// Surprise surprises a combatant (SectionSurprise). With Roll it makes
// the Detect Danger roll (dice: 2d10); a success means no surprise.
func (e *Encounter) Surprise(ctx Ctx, r SurpriseRequest) (*Surprised, error) {
	c, err := e.must(r.On, "--on")
	if err != nil {
		return nil, err
	}
	if c.Action != nil {
		return nil, refusal.Errorf("%s already has an action under way; surprise comes before a combatant acts", c.Fighter.ID)
	}
	out := &Surprised{On: c.Fighter.ID}
	var steps ruling.Steps
	given := 0
	for _, p := range []*int{r.Segments, r.MissedBy} {
		if p != nil {
			given++
		}
	}
	if r.Roll {
		given++
	}
	if given != 1 {
		return nil, refusal.Errorf("give exactly one of --segments N, --missed-by N or --roll")
	}
	segs := 0
	switch {
	case r.Segments != nil:
		if *r.Segments < 0 || *r.Segments > MaxSegment {
			return nil, refusal.Errorf("--segments %d: give 0 to %d (an hour of fighting)", *r.Segments, MaxSegment)
		}
		segs = *r.Segments
		steps.Add("surprise", SectionSurprise, "%d segments of surprise, as given", segs)
	default:
		missed := 0
		if r.Roll {
			d, err := roll2d10(ctx.Roller, "detect danger")
			if err != nil {
				return nil, err
			}
			sv := &Save{Perception: c.Fighter.Perception, Penalty: -r.Modifier, Target: c.Fighter.Perception + r.Modifier, Dice: d, Roll: d[0] + d[1]}
			sv.Success = sv.Roll <= sv.Target
			out.Rolled = sv
			steps.Add("detect", SectionSurprise, "detect danger: 2d10 %d+%d = %d under perception %d %+d = %d", d[0], d[1], sv.Roll, c.Fighter.Perception, r.Modifier, sv.Target)
			if sv.Success {
				summary := fmt.Sprintf("segment %d: %s senses the danger and is not surprised", e.Segment, c.Fighter.ID)
				e.add(Event{Kind: "surprise", Target: c.Fighter.ID, Summary: summary, Seed: ctx.Seed, Dice: recorded(ctx), Steps: steps, Details: mustJSON(out)})
				return out, nil
			}
			missed = sv.Roll - sv.Target
		} else {
			missed = *r.MissedBy
			if missed < 1 {
				return nil, refusal.Errorf("--missed-by %d: a missed roll misses by 1 or more", missed)
			}
		}
		sph, err := ctx.Charts.SphereOf(missed, r.Sphere, "--sphere N")
		if err != nil {
			return nil, fmt.Errorf("surprise %w", err)
		}
		out.MissedBy, out.Sphere = missed, sph
		segs = SurpriseSegments(sph, c.Fighter.Pool)
		out.PoolExtra = segs - sph
		steps.AddRow("surprise", SectionSurprise, "Sphere Chart", fmt.Sprint(missed), "missed by %d: %d segments, %+d for a negative pool: %d", missed, sph, out.PoolExtra, segs)
	}
	remaining, pen, err := ReduceSurprise(segs, r.Reduce)
	if err != nil {
		return nil, fmt.Errorf("--reduce: %w", err)
	}
	if r.Reduce > 0 {
		steps.Add("reduce", SectionSurprise, "reduced by %d to %d segments: penalty %d to later action rolls until a perception save at -%d", r.Reduce, remaining, pen, pen)
	}
	out.Segments, out.Reduce, out.Penalty = segs, r.Reduce, pen
	if e.Segment+remaining > MaxSegment {
		return nil, refusal.Errorf("surprised for %d segments from segment %d: past the clock's end (segment %d, an hour of fighting)", remaining, e.Segment, MaxSegment)
	}
	c.SurprisedUntil = max(c.SurprisedUntil, e.Segment+remaining)
	c.Penalty += pen
	out.Until = c.SurprisedUntil
	summary := fmt.Sprintf("segment %d: %s is surprised for %d segments", e.Segment, c.Fighter.ID, segs)
	if r.Reduce > 0 {
		summary += fmt.Sprintf(", reduced by %d for a penalty of %d", r.Reduce, pen)
	}
	summary += fmt.Sprintf("; may act from segment %d", c.SurprisedUntil)
	e.add(Event{Kind: "surprise", Target: c.Fighter.ID, Summary: summary, Seed: ctx.Seed, Dice: recorded(ctx), Steps: steps, Details: mustJSON(out)})
	return out, nil
}

func recorded(ctx Ctx) []dice.Rolled {
	if rec, ok := ctx.Roller.(*dice.Recorder); ok {
		return rec.Rolls()
	}
	return nil
}
