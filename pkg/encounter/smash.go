package encounter

import (
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Smash is an attack on an object or a wall instead of a combatant (p.
// 39): one of the actor's attacks (Attack; "" is its only attack, or its
// unarmed one) or an object swung or thrown (Weapon).
type Smash struct {
	Actor  string
	Attack string
	Weapon *combat.ObjectWeapon
	// SplitHealth puts that much of the damage bonus on health (the rest
	// goes on stamina, which objects ignore); nil puts it all on health
	// (p. 39). PowerDice splits a pool power's dice.
	SplitHealth *int
	PowerDice   combat.PowerDice
	Target      combat.ObjectTarget
	// ID names the object in the fight (two cars: car-1, car-2); ""
	// names it by what it is (ObjectID).
	ID string
	// Vehicle strikes that combatant's vehicle (Vehicle, p. 77) as the
	// object its file says it is; the damage stays on its hero file.
	Vehicle string
}

// ObjectID is the id a struck object or wall has in the fight when no
// --smash-id names it: its name (as DamageObject names it) and any sturdy
// material, as an id ("tank-armour-plating", "brick-wall",
// "500-kg-object").
func ObjectID(name, material string) string {
	if material != "" {
		name += " " + material
	}
	return naming.ID(name)
}

// Smash makes the attack on the actor's turn: the attack's own time
// (pp. 30, 33), the blow resolved by combat.StrikeObject, and a "smash"
// event recording what is left of the object or wall. The fight keeps
// every damaged object and wall (Encounter.Objects, by id): the next blow
// on the same id starts from its remaining health, unless
// Target.Remaining overrides it; a destroyed object or holed wall is not
// struck again.
//
// A pool power (energy blast, eldritch bolt, psionic blast, snare ball)
// spends its pool as against a combatant (--power-dice splits its dice);
// an object is never knocked back (combat.ObjectStrike.Knockback).
//
// Dice: the attack's health formula, then its stamina formula.
func (e *Encounter) Smash(ctx Ctx, s Smash) (*combat.ObjectStrike, error) {
	c, err := e.turnOf(s.Actor)
	if err != nil {
		return nil, err
	}
	if c.Hero.Condition.Grappled {
		return nil, refusal.Errorf("%s is grappled and can only try to escape (p. 42)", c.ID)
	}
	// The attacker in play: its specific form's attacks (p. 70), its
	// vehicle's only aboard (p. 77).
	ch := c.Hero.InPlay()
	var owner *Combatant
	if s.Vehicle != "" {
		if owner = e.Find(s.Vehicle); owner == nil {
			return nil, refusal.Errorf("--smash-vehicle: no combatant %q", s.Vehicle)
		}
		t, err := combat.VehicleTarget(owner.ID, &owner.Hero)
		if err != nil {
			return nil, err
		}
		if s.Target != (combat.ObjectTarget{}) || s.ID != "" {
			return nil, refusal.Errorf("--smash-vehicle: the vehicle's object, material and health come from its file")
		}
		s.Target, s.ID = t, owner.ID+"-vehicle"
	}
	var a *hero.Attack
	switch {
	case s.Weapon != nil:
		if s.Attack != "" {
			return nil, refusal.Errorf("--with: give an attack or an object to swing or throw, not both")
		}
		atk, _, err := combat.ObjectWeaponAttack(ch.Abilities.Final.Strength, combat.UnarmedStrikeClass(ch), *s.Weapon)
		if err != nil {
			return nil, err
		}
		a = &atk
	case s.Attack != "":
		if a = ch.FindAttack(s.Attack); a == nil {
			return nil, refusal.Errorf("--with: %q is not one of %s's attacks (%s)", s.Attack, c.ID, combat.AttackSlugs(ch))
		}
	case len(ch.Combat.Attacks) == 1:
		a = &ch.Combat.Attacks[0]
	default:
		return nil, refusal.Errorf("--with: name the attack (%s)", combat.AttackSlugs(ch))
	}
	probe, _, err := combat.DamageObject(s.Target, 0, 0)
	if err != nil {
		return nil, err
	}
	id := s.ID
	if id == "" {
		id = ObjectID(probe.Object, s.Target.Material)
	} else if !ValidID(id) {
		return nil, refusal.Errorf("--smash-id: %q: an id is lower-case letters, digits and hyphens", id)
	}
	known := e.FindObject(id)
	switch {
	case known != nil && (known.Name != probe.Object || known.Health != probe.Health):
		return nil, refusal.Errorf("--smash-id: %s is the fight's %s (%d health), not a %s: give another id", id, known.Name, known.Health, probe.Object)
	case known != nil && known.Destroyed && s.Target.Remaining == 0:
		return nil, refusal.Errorf("%s is already %s (page %d): give another --smash-id for another one", id, map[bool]string{true: "holed", false: "destroyed"}[known.Wall], known.Page)
	case known != nil && s.Target.Remaining == 0:
		s.Target.Remaining = known.Remaining
	}
	n := max(a.Panels, 1)
	if err := e.canSpend(c, n); err != nil {
		return nil, err
	}
	os, err := combat.StrikeObject(ch, a, combat.Blow{SplitHealth: s.SplitHealth, PowerDice: s.PowerDice}, s.Target, ctx.Roller)
	if err != nil {
		return nil, err
	}
	if err := e.spend(c, n); err != nil {
		return nil, err
	}
	// A pool power pays as it would against a combatant.
	if pool, left := os.ApplyPool(&c.Hero); pool != "" {
		os.Steps.Add("pool", "pp. 55-72", "%s pays %d %s points: %d left", c.ID, os.PoolSpent.Amount, pool, left)
	}
	od := os.Object
	if known == nil {
		e.Objects = append(e.Objects, Object{ID: id, Name: od.Object, Wall: od.Wall, Material: s.Target.Material, Health: od.Health, Divider: od.Divider})
		known = &e.Objects[len(e.Objects)-1]
	}
	known.Remaining, known.Destroyed, known.Page = od.After, od.Destroyed, e.Page
	known.Hits++
	if owner != nil {
		v := owner.Hero.Vehicle
		v.Current = od.After
		os.Steps.Add(string(rulebook.PowerVehicle), "pp. 39, 77", "%s's vehicle (%s): health %d of %d left", owner.ID, v.Name, v.Current, v.Health)
		if od.Destroyed && v.Aboard {
			v.Aboard = false
			os.Steps.Add(string(rulebook.PowerVehicle), "pp. 39, 77", "wrecked: %s is no longer aboard, and the powers built into it no longer apply", owner.ID)
		}
	}
	ev := Event{Kind: KindSmash, Actor: c.ID, Target: id, Panels: n, Seed: ctx.Seed, Dice: os.Dice, Summary: os.Summary(), Details: mustJSON(os)}
	ev.Steps.Add("panels", "pp. 30, 33", "%s takes %s", a.Slug, plural(n, "panel"))
	if known.Hits > 1 {
		ev.Steps.Add("object", "p. 39", "%s (hit %d): it had %d of %d health left from earlier blows", id, known.Hits, od.Before, od.Health)
	}
	ev.Steps = append(ev.Steps, os.Steps...)
	if len(os.Dice) == 0 {
		ev.Seed = nil
	}
	e.appendEvent(ev)
	e.endAction(c)
	return os, nil
}
