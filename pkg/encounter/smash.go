package encounter

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// Smash is an attack on an object or a wall instead of a combatant (p.
// 39): one of the actor's attacks (Attack; "" is its only attack, or its
// unarmed one) or an object swung or thrown (Weapon).
type Smash struct {
	Actor  string
	Attack string
	Weapon *combat.ObjectWeapon
	// SplitHealth puts that much of the damage bonus on health (the rest
	// goes on stamina, which objects ignore).
	SplitHealth int
	Target      combat.ObjectTarget
}

// Smash makes the attack on the actor's turn: the attack's own time
// (pp. 30, 33), the blow resolved by combat.StrikeObject, and a "smash"
// event recording what is left of the object or wall. The fight does
// not keep objects: the next blow gives Target.Remaining from this
// event's object.after.
//
// Dice: the attack's health formula, then its stamina formula.
func (e *Encounter) Smash(ctx Ctx, s Smash) (*combat.ObjectStrike, error) {
	c, err := e.turnOf(s.Actor)
	if err != nil {
		return nil, err
	}
	if c.Hero.Condition.Grappled {
		return nil, fmt.Errorf("%s is grappled and can only try to escape (p. 42)", c.ID)
	}
	var a *hero.Attack
	switch {
	case s.Weapon != nil:
		if s.Attack != "" {
			return nil, fmt.Errorf("--with: give an attack or an object to swing or throw, not both")
		}
		atk, _, err := combat.ObjectWeaponAttack(c.Hero.Abilities.Final.Strength, combat.UnarmedStrikeClass(&c.Hero), *s.Weapon)
		if err != nil {
			return nil, err
		}
		a = &atk
	case s.Attack != "":
		if a = c.Hero.FindAttack(s.Attack); a == nil {
			return nil, fmt.Errorf("--with: %q is not one of %s's attacks (%s)", s.Attack, c.ID, combat.AttackSlugs(&c.Hero))
		}
	case len(c.Hero.Combat.Attacks) == 1:
		a = &c.Hero.Combat.Attacks[0]
	default:
		return nil, fmt.Errorf("--with: name the attack (%s)", combat.AttackSlugs(&c.Hero))
	}
	n := max(a.Panels, 1)
	if err := e.canSpend(c, n); err != nil {
		return nil, err
	}
	os, err := combat.StrikeObject(&c.Hero, a, s.SplitHealth, s.Target, ctx.Roller)
	if err != nil {
		return nil, err
	}
	if err := e.spend(c, n); err != nil {
		return nil, err
	}
	ev := Event{Kind: "smash", Actor: c.ID, Panels: n, Seed: ctx.Seed, Dice: os.Dice, Summary: os.Summary(), Details: mustJSON(os)}
	ev.Steps.Add("panels", "pp. 30, 33", "%s takes %s", a.Slug, plural(n, "panel"))
	ev.Steps = append(ev.Steps, os.Steps...)
	if len(os.Dice) == 0 {
		ev.Seed = nil
	}
	e.appendEvent(ev)
	return os, nil
}
