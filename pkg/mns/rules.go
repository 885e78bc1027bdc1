package mns

import (
	"math"
	"strings"

	"github.com/codename-spandex/spandex/pkg/refusal"
)

// The clock's fixed numbers (SectionTime, SectionPayment).
const (
	// RoundSegments is a round, and the interval between payment segments.
	RoundSegments = 50
	// MinuteSegments is a minute.
	MinuteSegments = 250
	// MaxSegment bounds the clock, and so every segment value a verb
	// takes or a file holds (surprise, stun, pushback, performance time):
	// an hour of fighting, 60 minutes of 250 segments (SectionTime: a
	// segment is about a quarter of a second). A fight runs in seconds
	// and rounds; a value past an hour is not a fight's, and the clock
	// moved that far would log a payment segment every round on the way.
	MaxSegment = 60 * MinuteSegments
	// MaxPaymentReminders bounds what one move of the clock logs: the
	// payment segments it passes times the ongoing effects each lists
	// (Advance refuses more rather than write a file no one can read).
	MaxPaymentReminders = 100_000
)

// Lands is the segment on which an action started on segment start with
// performance time t is performed (SectionActions): start + t.
func Lands(start, t int) int { return start + t }

// PaymentSegments lists the payment segments after from up to and
// including to: every multiple of 50 from 50 on (SectionPayment).
func PaymentSegments(from, to int) []int {
	var out []int
	first := (from/RoundSegments + 1) * RoundSegments
	if from < 0 {
		first = RoundSegments
	}
	for s := first; s <= to; s += RoundSegments {
		out = append(out, s)
	}
	return out
}

// NextPayment is the first payment segment after segment s.
func NextPayment(s int) int {
	if s < 0 {
		return RoundSegments
	}
	return (s/RoundSegments + 1) * RoundSegments
}

// Quality is an action roll's Q: the target minus the 2d10 total, less
// any penalty carried from surprise or a hurried action (SectionAttacking,
// SectionSurprise). The roll succeeds when Q is 0 or more.
func Quality(target, roll, penalty int) int { return target - roll - penalty }

// SplitFailure spreads a failed combat roll's negative Q over Attack and
// Damage evenly; when Q is odd the extra point goes to Attack (a reading,
// docs/rules-notes.md). It returns (0, 0) for q >= 0.
func SplitFailure(q int) (attack, damage int) {
	if q >= 0 {
		return 0, 0
	}
	damage = q / 2 // truncates toward zero: the smaller half
	return q - damage, damage
}

// The Q costs of the special attacks (SectionCalled, SectionHolding,
// SectionTouch, SectionPoison).
const (
	HoldCost    = 4
	TouchCost   = 4
	CarrierCost = 5
)

// CalledShotCost is the Q a called shot at a body part costs: 3 for an
// arm, a leg or the head, 4 for the neck, 2 for the body (SectionCalled).
func CalledShotCost(part string) (int, error) {
	switch strings.ToLower(strings.TrimSpace(part)) {
	case "arm", "arms", "leg", "legs", "head":
		return 3, nil
	case "neck":
		return 4, nil
	case "body":
		return 2, nil
	}
	return 0, refusal.Errorf("%q is not one of arm, leg, head, neck, body", part)
}

// Spend is how a combatant spends a successful combat roll's Q.
type Spend struct {
	// Attack, Defense and Damage are points added to each.
	Attack  int `json:"attack"`
	Defense int `json:"defense"`
	Damage  int `json:"damage"`
	// Time is segments taken off the performance time.
	Time int `json:"time"`
	// Called is the body part of a called shot, or "".
	Called string `json:"called"`
	// Hold, Touch and Carrier buy a hold (which must also be a called
	// shot), a touch and a poison carrier getting through.
	Hold    bool `json:"hold"`
	Touch   bool `json:"touch"`
	Carrier bool `json:"carrier"`
}

// Cost is the Q the spend needs. An unknown body part or a hold without a
// called shot is an error.
func (s Spend) Cost() (int, error) {
	for _, v := range []struct {
		name string
		n    int
	}{{"attack", s.Attack}, {"defense", s.Defense}, {"damage", s.Damage}, {"time", s.Time}} {
		if v.n < 0 {
			return 0, refusal.Errorf("the Q spent on %s is negative (%d)", v.name, v.n)
		}
	}
	cost := s.Attack + s.Defense + s.Damage + s.Time
	if s.Called != "" {
		c, err := CalledShotCost(s.Called)
		if err != nil {
			return 0, err
		}
		cost += c
	}
	if s.Hold {
		if s.Called == "" {
			return 0, refusal.Errorf("a hold must also be a called shot (give the body part)")
		}
		cost += HoldCost
	}
	if s.Touch {
		cost += TouchCost
	}
	if s.Carrier {
		cost += CarrierCost
	}
	return cost, nil
}

// Situation holds the attacker's situational modifiers to its combat
// bonus pool.
type Situation struct {
	// ExtraOpponents are opponents beyond the first that the attack and
	// defense scores cover, -1 each (SectionMultiple).
	ExtraOpponents int `json:"extra_opponents"`
	// Banks are bank shots, -1 each (SectionBank).
	Banks int `json:"banks"`
	// Offhand: -4 (SectionOffhand).
	Offhand bool `json:"offhand"`
	// Unseen: the attacker cannot see the opponent, -6 (SectionSituation).
	Unseen bool `json:"unseen"`
	// Sight is a non-standard form of sight (SightModifier).
	Sight string `json:"sight"`
	// InClose is a projectile weapon used against an opponent in close
	// combat (CloseCombatModifier).
	InClose string `json:"in_close"`
}

// SightModifier is the pool modifier for sighting by infrared (-2),
// ultraviolet (0), radar (-1), x-rays (-1), sonar (-2), vague detection
// (-4) or map sense (0) (SectionSituation). "" or "normal" is 0.
func SightModifier(sight string) (int, error) {
	switch strings.ToLower(sight) {
	case "", "normal", "ultraviolet", "map-sense":
		return 0, nil
	case "radar", "x-rays":
		return -1, nil
	case "infrared", "sonar":
		return -2, nil
	case "vague":
		return -4, nil
	}
	return 0, refusal.Errorf("sight %q is not one of normal, infrared, ultraviolet, radar, x-rays, sonar, vague, map-sense", sight)
}

// CloseCombatModifier is the pool modifier for a projectile weapon used
// while the opponent fights in close combat: bow -3, crossbow -2, gun or
// pistol +1, rifle -2, a personal power beam +2 (SectionSituation).
func CloseCombatModifier(weapon string) (int, error) {
	switch strings.ToLower(weapon) {
	case "":
		return 0, nil
	case "bow":
		return -3, nil
	case "crossbow", "rifle":
		return -2, nil
	case "gun", "pistol":
		return 1, nil
	case "beam":
		return 2, nil
	}
	return 0, refusal.Errorf("%q is not one of bow, crossbow, gun, pistol, rifle, beam", weapon)
}

// PoolModifier adds up the situation's modifiers to the combat bonus pool.
func (s Situation) PoolModifier() (int, error) {
	if s.ExtraOpponents < 0 || s.Banks < 0 {
		return 0, refusal.Errorf("extra opponents and banks cannot be negative")
	}
	m := -s.ExtraOpponents - s.Banks
	if s.Offhand {
		m -= 4
	}
	if s.Unseen {
		m -= 6
	}
	sm, err := SightModifier(s.Sight)
	if err != nil {
		return 0, err
	}
	cm, err := CloseCombatModifier(s.InClose)
	if err != nil {
		return 0, err
	}
	return m + sm + cm, nil
}

// HelplessDefense is the Defense change of a defender who cannot defend
// at all: stunned, paralysed, unconscious, immobile or an object
// (SectionHelpless).
const HelplessDefense = -6

// RestrainedDefense is the Defense change of a restrained defender: -1
// for each direction it cannot move in, of left, right, forward and back,
// and for a flier also up and down (SectionSituation).
func RestrainedDefense(directions int, flier bool) (int, error) {
	max := 4
	if flier {
		max = 6
	}
	if directions < 0 || directions > max {
		return 0, refusal.Errorf("restrained directions %d is outside 0-%d", directions, max)
	}
	return -directions, nil
}

// Hurry moves an action up by n segments (SectionHurried): it may land no
// sooner than the segment after it starts, and the n segments come off
// the Attack. The part of Attack that would go below zero becomes a
// penalty to later action rolls, as for surprise.
func Hurry(time, attack, n int) (newTime, newAttack, penalty int, err error) {
	if n < 0 {
		return 0, 0, 0, refusal.Errorf("hurry by %d: cannot be negative", n)
	}
	if time-n < 1 {
		return 0, 0, 0, refusal.Errorf("hurry by %d: the action takes %d segments and lands at the soonest on the next segment (hurry at most %d)", n, time, time-1)
	}
	newAttack = attack - n
	if newAttack < 0 {
		// Attack stops at 0; what would go below becomes the penalty
		// (a reading, docs/rules-notes.md).
		penalty, newAttack = -newAttack, 0
	}
	return time - n, newAttack, penalty, nil
}

// MaxCareful is the longest delay of a careful attack: the lower of
// Agility and Learning (SectionCareful).
func MaxCareful(agility, learning int) int { return max(0, min(agility, learning)) }

// SurpriseSegments is how long a surprised combatant loses: the Sphere
// Chart value of what its Detect Danger roll missed by, plus the amount
// its combat bonus pool is below zero (SectionSurprise).
func SurpriseSegments(sphereOfMiss, pool int) int {
	if pool < 0 {
		return sphereOfMiss - pool
	}
	return sphereOfMiss
}

// ReduceSurprise cuts surprise of segs by by: the rest is lost and by
// becomes the penalty to later action rolls (SectionSurprise).
func ReduceSurprise(segs, by int) (remaining, penalty int, err error) {
	if by < 0 || by > segs {
		return 0, 0, refusal.Errorf("reduce by %d: give 0 to the %d segments of surprise", by, segs)
	}
	return segs - by, by, nil
}

// RestRelief is how much a surprise penalty drops after idle segments of
// rest: 1 for every 2 (SectionSurprise).
func RestRelief(idle int) int {
	if idle < 0 {
		return 0
	}
	return idle / 2
}

// PushbackPoints are the pushback of one hit: each DP lost, each whole 10
// VP lost, and each point ignored with Ignore Damage (SectionPushback).
// The worked example counts the 10s hit by hit (15 VP then 25 VP make 1
// and 2), so this is per hit.
func PushbackPoints(vpLost, dpLost, ignored int) int {
	return max(0, dpLost) + max(0, vpLost)/10 + max(0, ignored)
}

// ceilDiv is x/y rounded up, for y > 0, kept within 0..1e9 so that absurd
// ranges cannot overflow.
func ceilDiv(x, y float64) int {
	q := math.Ceil(x/y - eps)
	if !(q > 0) {
		return 0
	}
	return int(min(q, 1e9))
}
