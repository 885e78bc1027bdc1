package encounter

// Teleport (pp. 76-77): a move farther than the mover's speed, a
// double-panel costing stamina by rank (rank 1 1 a metre, rank 2 1 per
// 2 m, rank 3 1 per 4 m), twice upwards, more for a load (passengers and
// objects against the teleporter's own 120 kg, half as much health too),
// and a blind teleport's shunt. `fight act --move M [--teleport]
// [--upwards] [--carry ID] [--carry-kg KG] [--blind]`; the costs are
// pkg/combat's TeleportWith, the fight's side is here. Teleport's escape
// from a binding is the binding's (p. 72).

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// teleportRule is Teleport's row of powerRules. A move is a teleport when
// isTeleport says so, once the mover's speed is known (checkMove).
var teleportRule = powerRule{
	Movement: func(d *doing) error {
		in, masses, err := d.e.teleportInput(d.c, d.a)
		if err != nil {
			return err
		}
		in.Rank = d.c.Hero.InPlay().PowerRank(rulebook.PowerTeleport)
		t, err := combat.TeleportWith(in)
		if err != nil {
			return err
		}
		d.n, d.teleport = t.Panels, &t
		d.steps = ruling.Steps{{Rule: "panels", Page: "p. 76", Text: "a teleport takes a double-panel"}}
		if in.CarriedKg > 0 {
			d.steps = append(d.steps, masses...)
		}
		d.steps = append(d.steps, t.Steps[1:]...)
		d.ev.Kind, d.ev.Panels = KindMove, d.n
		up := ""
		if d.a.Upwards {
			up = " upwards"
		}
		d.ev.Summary = fmt.Sprintf("%s teleports %d m%s%s, losing %d stamina", d.c.ID, d.a.Metres, up, carryText(d.a), t.Stamina)
		if t.Health > 0 {
			d.ev.Summary += fmt.Sprintf(" and %d health", t.Health)
		}
		return nil
	},
	Moved: func(d *doing, r dice.Roller) error {
		if err := d.teleport.RollBlind(r); err != nil {
			return err
		}
		d.steps = append(d.steps, d.teleport.Steps[len(d.teleport.Steps)-min(len(d.teleport.Steps), blindSteps(d.teleport)):]...)
		d.ev.Summary += d.e.applyTeleport(d.c, d.a, d.teleport)
		return nil
	},
}

// isTeleport reports whether a move is a teleport: asked for, or farther
// than the mover's speed when Teleport is its only power that goes
// farther (p. 30).
func isTeleport(h *hero.Hero, a ActionRecord, speed int) bool {
	if a.Teleport {
		return true
	}
	if h.PowerRank(rulebook.PowerTeleport) == 0 || a.Metres <= speed {
		return false
	}
	for _, slug := range []rulebook.PowerID{rulebook.PowerFlight, rulebook.PowerSuperSpeed, rulebook.PowerSuperLeap, rulebook.PowerAcrobatics, rulebook.PowerElasticity} {
		if h.PowerRank(slug) > 0 {
			return false
		}
	}
	return true
}

// teleportInput is a teleport's load: the passengers (combatants in the
// fight, each at its own mass now) and the objects' kilograms, against
// the teleporter's own mass now (pp. 76-77; massOf: the hero file's
// mass, grown, denser or made heavier).
// The steps say each body's mass and why, for --explain.
func (e *Encounter) teleportInput(c *Combatant, a ActionRecord) (combat.TeleportInput, ruling.Steps, error) {
	own := massOf(c)
	in := combat.TeleportInput{Rank: c.Hero.PowerRank(rulebook.PowerTeleport), Metres: a.Metres, Upwards: a.Upwards, Blind: a.Blind,
		OwnKg: combat.WholeKg(own.Kg)}
	var steps ruling.Steps
	steps.Add("mass", "pp. 43, 76", "%s's own mass now: %s", c.ID, massText(own))
	if a.CarryKg < 0 {
		return in, nil, refusal.Errorf("carry-kg: %d is negative", a.CarryKg)
	}
	in.CarriedKg = a.CarryKg
	seen := map[string]bool{}
	for _, id := range a.Carry {
		p := e.Find(id)
		switch {
		case p == nil:
			return in, nil, e.unknown(id)
		case p == c:
			return in, nil, refusal.Errorf("carry: %s cannot carry itself", c.ID)
		case p.Gone != "":
			return in, nil, refusal.Errorf("carry: %s has left the fight (%s)", p.ID, p.Gone)
		case seen[p.ID]:
			return in, nil, refusal.Errorf("carry: %s is named twice", p.ID)
		}
		seen[p.ID] = true
		m := massOf(p)
		in.CarriedKg += combat.WholeKg(m.Kg)
		in.Passengers++
		steps.Add("mass", "pp. 43, 76", "passenger %s: %s", p.ID, massText(m))
	}
	return in, steps, nil
}

// carryText names what a teleport takes along.
func carryText(a ActionRecord) string {
	var parts []string
	if len(a.Carry) > 0 {
		parts = append(parts, fmtList(a.Carry))
	}
	if a.CarryKg > 0 {
		parts = append(parts, fmt.Sprintf("%d kg", a.CarryKg))
	}
	s := ""
	if len(parts) > 0 {
		s = " carrying " + fmtList(parts)
	}
	if a.Blind {
		s += " blind"
	}
	return s
}

// blindSteps is how many steps RollBlind added (one, or none when the
// teleport is not blind).
func blindSteps(t *combat.TeleportCost) int {
	if t.Blind {
		return 1
	}
	return 0
}

// applyTeleport takes what a teleport costs off the teleporter and its
// passengers (p. 76) and a blind teleport's shunt damage (p. 77), and
// says so.
func (e *Encounter) applyTeleport(c *Combatant, a ActionRecord, t *combat.TeleportCost) string {
	loseStamina(c, t.Stamina)
	loseHealth(c, t.Health)
	s := ""
	if t.Blind {
		if t.Shunted {
			s += fmt.Sprintf("; blind: d100 %d ≤ %d%%, shunted out of an object for %d health and %d stamina (p. 77)", t.BlindRoll, t.BlindChance, t.ShuntHealth, t.ShuntStamina)
			loseHealth(c, t.ShuntHealth)
			loseStamina(c, t.ShuntStamina)
		} else {
			s += fmt.Sprintf("; blind: d100 %d > %d%%, it arrives clear (p. 77)", t.BlindRoll, t.BlindChance)
		}
	}
	if t.Health > 0 || t.Shunted {
		s += fmt.Sprintf(" (health %d of %d, stamina %d of %d)", c.Hero.Health.Current, c.Hero.Health.Max, c.Hero.Stamina.Current, c.Hero.Stamina.Max)
	} else {
		s += fmt.Sprintf(" (stamina %d of %d)", c.Hero.Stamina.Current, c.Hero.Stamina.Max)
	}
	if t.PassengerStamina > 0 {
		for _, id := range a.Carry {
			p := e.Find(id)
			loseStamina(p, t.PassengerStamina)
			s += fmt.Sprintf("; %s loses %d stamina (%d of %d, p. 76)", p.ID, t.PassengerStamina, p.Hero.Stamina.Current, p.Hero.Stamina.Max)
		}
	}
	return s
}
