package combat

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Apply writes the result onto the defender: health and stamina, the
// condition (battered, death's door, dead, dazed, stunned, unconscious,
// prone, grabbed, grappled, knocked out), a mundane character's hits, and
// appends an "attack" event to its log carrying the whole Result (with
// Steps, which Apply fills by calling Explain) and the seed, if any. The
// defender must be the hero the result was resolved against (same name).
func (res *Result) Apply(defender *hero.Hero, seed *uint64) error {
	if err := res.ApplyState(defender); err != nil {
		return err
	}
	if res.Steps == nil {
		res.Explain()
	}
	return defender.AppendEvent("attack", res.Summary(), seed, res)
}

// ApplyState is Apply without the log: it writes the outcome onto the
// defender's tracks and condition and records nothing (a simulated fight,
// which keeps no log, allocates nothing here).
func (res *Result) ApplyState(defender *hero.Hero) error {
	if defender == nil {
		return fmt.Errorf("combat: Apply needs the defender")
	}
	if defender.Name != res.Defender {
		return fmt.Errorf("combat: this result is for %q, not %q", res.Defender, defender.Name)
	}
	c := &defender.Condition
	switch {
	case res.Mundane != nil:
		m := res.Mundane
		if defender.Mundane == nil {
			defender.Mundane = &hero.Mundane{}
		}
		defender.Mundane.Hits = m.HitsAfter
		if m.TakenOut {
			c.TakenOut = true
			if m.Result == "dead" {
				c.Dead = true
			} else {
				c.Unconscious = true
			}
		}
	case res.Finishing != nil:
		c.KnockedOut = true
		c.KnockedOutHours = res.Finishing.Hours
		c.Unconscious = true
	default:
		if res.After.Health != res.Before.Health || res.After.Stamina != res.Before.Stamina {
			defender.Health.Current = res.After.Health
			defender.Stamina.Current = res.After.Stamina
			SetConditions(defender)
		}
		c.GrabbedBy = res.After.Grabbed
		c.Grappled = res.After.Grappled
		if res.After.Prone {
			c.Prone = true
		}
	}
	res.spendHeroPoints(defender, RoleDefender) // recorded in the result
	return nil
}

// SetConditions recomputes a hero's damage states from its tracks (pp.
// 37-38). Dead stays dead, and a finishing move's knockout keeps the hero
// unconscious.
func SetConditions(h *hero.Hero) {
	cs := ConditionsOf(tracksOf(h))
	c := &h.Condition
	c.Battered = cs.Battered
	c.DeathsDoor = cs.DeathsDoor
	c.Dead = c.Dead || cs.Dead
	c.Dazed = cs.Dazed
	c.Stunned = cs.Stunned
	c.Unconscious = cs.Unconscious || c.KnockedOut || c.Dead
	if !c.DeathsDoor || c.Dead {
		// Off death's door: its clock and any aid given are over (p. 38).
		c.DeathsDoorPages, c.Stabilised = 0, false
	}
}

// AttackerEvent is the record appended to the attacker's log.
type AttackerEvent struct {
	Defender  string     `json:"defender"`
	Attack    string     `json:"attack"`
	Outcome   Outcome    `json:"outcome"`
	PoolSpent *PoolSpend `json:"pool_spent,omitempty"`
	// HeroPoints are the attacker's own hero point re-rolls (p. 14):
	// every result and the one kept; HeroPointsSpent their points.
	HeroPoints      []heropoints.Reroll `json:"hero_points,omitempty"`
	HeroPointsSpent int                 `json:"hero_points_spent"`
	AttackerEffects *AttackerEffects    `json:"attacker_effects,omitempty"`
	Before          State               `json:"before"`
	After           State               `json:"after"`
}

// ApplyAttacker writes onto the attacker what the attack did to it: judo
// throw damage and prone, the pool dice or points spent. It appends an
// "attacked" event only when something changed, and reports whether it
// did.
func (res *Result) ApplyAttacker(attacker *hero.Hero, seed *uint64) (bool, error) {
	if attacker == nil {
		return false, fmt.Errorf("combat: ApplyAttacker needs the attacker")
	}
	if attacker.Name != res.Attacker {
		return false, fmt.Errorf("combat: this result is for attacker %q, not %q", res.Attacker, attacker.Name)
	}
	ev := AttackerEvent{Defender: res.Defender, Attack: res.Attack.Slug, Outcome: res.Outcome, Before: stateOf(attacker)}
	spent, changed, err := res.ApplyAttackerState(attacker)
	if err != nil || !changed {
		return false, err
	}
	if spent {
		ev.PoolSpent = res.PoolSpent
	}
	ev.HeroPoints, ev.HeroPointsSpent = res.heroPointRerolls(RoleAttacker)
	ev.AttackerEffects = res.AttackerEffects
	ev.After = stateOf(attacker)
	summary := fmt.Sprintf("%s's %s against %s: %s", res.Attacker, res.Attack.Slug, res.Defender, res.Outcome)
	if ev.PoolSpent != nil {
		summary += fmt.Sprintf(", spent %d %s", ev.PoolSpent.Amount, ev.PoolSpent.Pool)
	}
	if ev.HeroPointsSpent > 0 {
		summary += fmt.Sprintf(", spent %d hero points", ev.HeroPointsSpent)
	}
	if e := ev.AttackerEffects; e != nil && e.Applied != nil {
		summary += fmt.Sprintf(", took %d H %d S", e.Applied.Health, e.Applied.Stamina)
	}
	return true, attacker.AppendEvent("attacked", summary, seed, ev)
}

// ApplyAttackerState is ApplyAttacker without the log: it writes the pool
// spent (spent reports that the attacker had the pool) and the judo
// throw's damage and prone onto the attacker, and reports whether
// anything changed.
func (res *Result) ApplyAttackerState(attacker *hero.Hero) (spent, changed bool, err error) {
	if attacker == nil {
		return false, false, fmt.Errorf("combat: ApplyAttacker needs the attacker")
	}
	if attacker.Name != res.Attacker {
		return false, false, fmt.Errorf("combat: this result is for attacker %q, not %q", res.Attacker, attacker.Name)
	}
	if ps := res.PoolSpent; ps != nil {
		if p := attacker.FindPool(ps.Pool); p != nil {
			p.Current = max(0, p.Current-ps.Amount)
			spent, changed = true, true
		}
	}
	if res.spendHeroPoints(attacker, RoleAttacker) > 0 {
		changed = true
	}
	if e := res.AttackerEffects; e != nil {
		if e.Prone {
			attacker.Condition.Prone = true
			changed = true
		}
		if e.Applied != nil && !attacker.IsMundane() {
			after, overflow := TakeDamage(tracksOf(attacker), e.Applied.Health, e.Applied.Stamina)
			// What came off each track: stamina past -END is health (p. 38).
			e.Applied.Health += overflow
			e.Applied.Stamina -= overflow
			e.Applied.Overflow = overflow
			attacker.Health.Current, attacker.Stamina.Current = after.Health, after.Stamina
			SetConditions(attacker)
			changed = true
		}
		if e.PanelsLost > 0 || e.RecoveryPanels > 0 {
			changed = true
		}
	}
	return spent, changed, nil
}

// rbDividers converts a hero file's dividers.
func rbDividers(d hero.Dividers) rulebook.Dividers {
	return rulebook.Dividers{Health: d.Health, Stamina: d.Stamina}
}
