package mns

import (
	"math"

	"github.com/codename-spandex/spandex/pkg/refusal"
)

// DamageKind is the kind of damage a hit does.
type DamageKind string

// The kinds of damage (SectionDamage, SectionStun, SectionIllusory,
// SectionDeath).
const (
	// Standard damage comes off VP, then DP.
	Standard DamageKind = "standard"
	// Stun damage comes off VP only; past VP it stuns.
	Stun DamageKind = "stun"
	// Illusory damage is real while believed; it is tracked so that
	// disbelief can take most of it back.
	Illusory DamageKind = "illusory"
	// Death shots skip VP and come off DP.
	Death DamageKind = "death"
)

// Valid reports whether k is a kind of damage.
func (k DamageKind) Valid() bool {
	switch k {
	case Standard, Stun, Illusory, Death:
		return true
	}
	return false
}

// Track is a combatant's VP and DP, current and maximum. VP never go
// below 0; DP never go below minus the maximum DP (DPFloor).
type Track struct {
	VP    int `json:"vp"`
	MaxVP int `json:"max_vp"`
	DP    int `json:"dp"`
	MaxDP int `json:"max_dp"`
}

// DPFloor is the lowest DP the tracker counts down to: minus the maximum
// DP. The chapter lets DP go below 0 (injured limbs) but gives no floor;
// this is the tracker's (docs/rules-notes.md).
func (t Track) DPFloor() int { return -t.MaxDP }

// Hit is one hit's damage as it reaches the target.
type Hit struct {
	// Amount is the damage done (0 or more).
	Amount int        `json:"amount"`
	Kind   DamageKind `json:"kind"`
	// Ignore is the target's Ignore Damage (for stun, plus StunBonus).
	Ignore int `json:"ignore"`
	// StunBonus is the stun bonus to Ignore Damage: the Square Chart
	// value of the target's maximum DP, less 1.
	StunBonus int `json:"stun_bonus"`
	// Temper is the target's Skin Temper multiplier (1 when 0).
	Temper float64 `json:"temper"`
	// Deadly marks potentially deadly stun damage.
	Deadly bool `json:"deadly"`
	// Unconscious targets cannot soak a death shot with VP.
	Unconscious bool `json:"unconscious"`
}

// DamageResult is what a hit did.
type DamageResult struct {
	Amount int `json:"amount"`
	// Ignored is what Ignore Damage took off.
	Ignored int `json:"ignored"`
	// Done is the damage after Ignore Damage and Skin Temper.
	Done int `json:"done"`
	// Soaked is VP spent to reduce a death shot's DP damage.
	Soaked int `json:"soaked"`
	VPLost int `json:"vp_lost"`
	DPLost int `json:"dp_lost"`
	// StunSegments are the segments stunned (stun damage past VP).
	StunSegments int `json:"stun_segments"`
	// Pushback are the hit's pushback points.
	Pushback int `json:"pushback"`
	// Track is the VP and DP after the hit.
	Track Track `json:"track"`
}

// ApplyDamage works out a hit on t and returns t after it:
//
//  1. Ignore Damage (plus, for stun, the stun bonus) comes off the amount;
//  2. the rest is multiplied by Skin Temper, rounded down (a reading);
//  3. standard and illusory damage come off VP, the rest off DP; stun
//     comes off VP and each point past VP stuns for 2 segments, and when
//     potentially deadly and 10 or more segments, 1 DP per whole 10
//     segments; a death shot comes off DP, less up to a tenth (rounded
//     down) of the current VP a conscious target spends to soak it;
//  4. pushback points: each DP and each whole 10 VP lost, plus what was
//     ignored.
//
// VP stop at 0 and DP at DPFloor.
func ApplyDamage(t Track, h Hit) (DamageResult, error) {
	if h.Amount < 0 || h.Ignore < 0 || h.StunBonus < 0 {
		return DamageResult{}, refusal.Errorf("damage %d, ignore %d, stun bonus %d: none may be negative", h.Amount, h.Ignore, h.StunBonus)
	}
	if !h.Kind.Valid() {
		return DamageResult{}, refusal.Errorf("damage kind %q is not one of standard, stun, illusory, death", h.Kind)
	}
	temper := h.Temper
	if temper == 0 {
		temper = 1
	}
	if temper < 0 || math.IsNaN(temper) || math.IsInf(temper, 0) {
		return DamageResult{}, refusal.Errorf("skin temper %v must be a number above 0", h.Temper)
	}
	r := DamageResult{Amount: h.Amount}
	ignore := h.Ignore
	if h.Kind == Stun {
		ignore += h.StunBonus
	}
	r.Ignored = min(ignore, h.Amount)
	done := math.Floor(float64(h.Amount-r.Ignored)*temper + eps)
	if done > 1e9 {
		done = 1e9
	}
	r.Done = int(done)
	rest := r.Done
	switch h.Kind {
	case Standard, Illusory:
		r.VPLost = min(rest, t.VP)
		r.DPLost = rest - r.VPLost
	case Stun:
		r.VPLost = min(rest, t.VP)
		r.StunSegments = 2 * (rest - r.VPLost)
		if h.Deadly && r.StunSegments >= 10 {
			r.DPLost = r.StunSegments / 10
		}
	case Death:
		if !h.Unconscious {
			r.Soaked = min(t.VP/10, rest)
			r.VPLost = r.Soaked
		}
		r.DPLost = rest - r.Soaked
	}
	t.VP -= r.VPLost
	if t.DP-r.DPLost < t.DPFloor() {
		r.DPLost = max(0, t.DP-t.DPFloor())
	}
	t.DP -= r.DPLost
	// A death shot's soaked VP are spent on the hit, not lost to it; the
	// pushback counts the DP and VP that reach the tracks either way.
	r.Pushback = PushbackPoints(r.VPLost, r.DPLost, r.Ignored)
	r.Track = t
	return r, nil
}

// Disbelieve is what stays of illusory damage once the target sees
// through it: a tenth, rounded up; the rest goes back (SectionIllusory).
// The part that stays is taken from the DP damage first, then from the VP
// damage (a reading); it returns the VP and DP to give back.
func Disbelieve(vp, dp int) (backVP, backDP, stays int) {
	total := max(0, vp) + max(0, dp)
	stays = (total + 9) / 10
	keepDP := min(stays, max(0, dp))
	keepVP := stays - keepDP
	return max(0, vp) - keepVP, max(0, dp) - keepDP, stays
}
