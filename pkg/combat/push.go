package combat

import "github.com/codename-spandex/spandex/pkg/rulebook"

// PushResult is what a strength can do pushing an object along (p. 39).
type PushResult struct {
	// Rolling: the object has wheels or rollers, is on ice or floats in
	// water, and "only requires half the shown strength score to push it"
	// (p. 39). Lifting and throwing are not eased.
	Rolling bool `json:"rolling"`
	// Strength needed to push it about 1 m a panel, at half movement
	// speed (the Lift score) and at full movement speed (the Throw score),
	// halved (rounded up) when Rolling.
	Push      int `json:"push"`
	HalfSpeed int `json:"half_speed"`
	FullSpeed int `json:"full_speed"`
	Strength  int `json:"strength"`
	// Speed is none, one-metre (about 1 m a panel), half or full.
	Speed string `json:"speed"`
}

// Push speeds.
const (
	PushNone     = "none"
	PushOneMetre = "one-metre"
	PushHalf     = "half"
	PushFull     = "full"
)

// PushObject rules on pushing an Object Table row (p. 39): enough
// strength to push it moves it roughly a metre a panel; enough to lift
// it pushes it at half movement speed; enough to throw it, at full
// speed. On wheels or rollers, on ice or afloat (rolling) each of these
// needs half the strength, rounded up (half of 21 is 11: 10½ is not a
// score).
func PushObject(strength int, row rulebook.ObjectRow, rolling bool) PushResult {
	need := func(n int) int {
		if rolling {
			return (n + 1) / 2
		}
		return n
	}
	p := PushResult{Rolling: rolling, Push: need(row.Push), HalfSpeed: need(row.Lift), FullSpeed: need(row.Throw), Strength: strength, Speed: PushNone}
	switch {
	case strength >= p.FullSpeed:
		p.Speed = PushFull
	case strength >= p.HalfSpeed:
		p.Speed = PushHalf
	case strength >= p.Push:
		p.Speed = PushOneMetre
	}
	return p
}

// Text says what the push result allows.
func (p PushResult) Text() string {
	s := ""
	switch p.Speed {
	case PushFull:
		s = "push it at full movement speed"
	case PushHalf:
		s = "push it at half movement speed"
	case PushOneMetre:
		s = "push it roughly 1 m a panel"
	default:
		s = "not push it"
	}
	if p.Rolling {
		s += " (wheels, rollers, ice or water: half the strength)"
	}
	return s
}

// WithPush makes the throw's CanPush agree with the push ruled on the
// same object (p. 39): on wheels or rollers, on ice or afloat, pushing
// needs half the strength, so a strength under the table's Push score may
// still push it. Push, Lift and ThrowScore stay the Object Table's.
func (t *ThrowResult) WithPush(p PushResult) {
	t.CanPush = p.Speed != PushNone
}
