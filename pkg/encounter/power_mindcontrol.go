package encounter

// Mind Control (p. 68), Hypnotism (p. 63) and the mind control device
// (p. 53) in a fight: a controlled combatant acts as its controller
// directs, so it fights for the controller's side (FightsFor) and the
// autopilot picks its enemies so (autoEnemy). The contests that start
// control are the mental powers' (contests.go).

import "github.com/codename-spandex/spandex/pkg/combat"

// controlledBy is the combatant directing c (Mind Control, p. 68;
// Hypnotism, p. 63; the mind control device, p. 53), or nil: the source
// of a mind-control, controlled or hypnotised effect on c that is still
// in the fight.
func (e *Encounter) controlledBy(c *Combatant) *Combatant {
	for _, ef := range c.Effects {
		switch ef.Name {
		case combat.StateMindControl, EffectControlled, EffectHypnotised:
		default:
			continue
		}
		if ef.Source == "" || ef.Source == c.ID {
			continue
		}
		if s := e.Find(ef.Source); s != nil && s.Gone == "" {
			return s
		}
	}
	return nil
}

// FightsFor is the side c fights for: "the target acts as you direct"
// (p. 68), so a controlled combatant fights for its controller's side;
// anyone else for its own. The autopilot plays and targets by it: a
// controlled combatant attacks its old side and is not attacked by its
// controller's. (Who has won is still counted by the sides of the file.)
// A chain of control (a controller itself controlled) is followed to its
// end (a loop of control is followed no further than once round).
func (e *Encounter) FightsFor(c *Combatant) string {
	for range e.Combatants {
		s := e.controlledBy(c)
		if s == nil {
			break
		}
		c = s
	}
	return c.Side
}

// autoEnemy reports whether the autopilot playing c may target o: o
// stands and fights for another side than c.
func (e *Encounter) autoEnemy(c, o *Combatant) bool {
	return o != c && !o.Out() && e.FightsFor(o) != e.FightsFor(c) && e.locates(c, o)
}
