package encounter

// The autopilot's policies.
const (
	// PolicyPlain attacks the first enemy still standing, in file order.
	PolicyPlain = "plain"
	// PolicyFocus concentrates on the enemy nearest to going out
	// (FocusTarget).
	PolicyFocus = "focus"
)

// FocusTarget is the focus policy's choice of target for c: the standing
// enemy with the least stamina left above 0 (stamina 0 knocks out, p.
// 38), then the least health, then the first in file order. A mundane
// enemy (no tracks, p. 38) counts as stamina 0 and health the hits it
// can still take (2 minus hits taken), so it is finished first. nil when no
// enemy stands. It is a pure function of the encounter.
func FocusTarget(e *Encounter, c *Combatant) *Combatant {
	var best *Combatant
	var bs, bh int
	for i := range e.Combatants {
		o := &e.Combatants[i]
		if o.Side == c.Side || o.Out() {
			continue
		}
		s, h := o.Hero.Stamina.Current, o.Hero.Health.Current
		if o.Hero.IsMundane() {
			s, h = 0, 2 // two hits take a mundane character out
			if o.Hero.Mundane != nil {
				h = 2 - o.Hero.Mundane.Hits
			}
		}
		if best == nil || s < bs || (s == bs && h < bh) {
			best, bs, bh = o, s, h
		}
	}
	return best
}
