package combat

// Energy Reflect (p. 56): a parry of an energy attack of a type it
// reflects (reflects, asked by the resolver's parry) may send the energy
// back as a return shot (ReflectedAttack).

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// ReflectedSlug is the attack slug of Energy Reflect's return shot.
const ReflectedSlug = "reflected-energy"

// ReflectedAttack is the return shot of an Energy Reflect parry (p. 56):
// "an immediate to-hit roll (Weapon class 2) against the originator",
// read as strike class 2, carrying the parried attack's energy, its
// damage dice as they were to be rolled (a power attack's chosen dice) and
// its kind (an energy blast still lowers dividers by 2), ranged, no pool
// spent (Request.Reflected). The originator reacts as to any attack.
func ReflectedAttack(rr ReactionResult) (hero.Attack, error) {
	r := rr.Reflect
	if r == nil || rr.Kind != ReactionParry || !rr.Success {
		return hero.Attack{}, reqErr("reflect", "no Energy Reflect parry to send back (p. 56)")
	}
	a := hero.Attack{Slug: ReflectedSlug, Name: fmt.Sprintf("Reflected %s", r.Attack), StrikeClass: rulebook.SC2,
		DamageType: r.DamageType, Health: r.Health, Stamina: r.Stamina, Ranged: true, Range: r.Range,
		ParryAs: string(rulebook.AttackEnergyBlast), Panels: 0, Power: string(rulebook.PowerEnergyReflect),
		Notes: "Energy Reflect's return shot (p. 56): " + r.EnergyType}
	return a, nil
}

// ImprovedArmourClass is ac improved by steps (toward A, the best; p. 32):
// Environmental Control's molecular layer gives one step (p. 58).
func ImprovedArmourClass(ac rulebook.ArmourClass, steps int) rulebook.ArmourClass {
	if ac < rulebook.ACA || ac > rulebook.ACL {
		return ac
	}
	return rulebook.ArmourClass(max(int(ac)-steps, int(rulebook.ACA)))
}

// reflects reports whether h has Energy Reflect for the energy type (p. 56).
func reflects(h *hero.Hero, et string) bool {
	if et == "" {
		return false
	}
	if p := h.FindPower(rulebook.PowerEnergyReflect); p != nil && (p.HasFlavour(et) || len(p.Flavours) == 0) {
		return true
	}
	p := h.FindPower(rulebook.PowerEnergyBlast)
	return p != nil && p.HasFlavour(et) && p.HasOption("energy-reflect")
}
