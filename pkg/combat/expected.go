package combat

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// ExpectedDamage is the exact expected damage (health plus stamina) one
// attack a does to a defender of armour class ac, with no reaction and no
// special situation, taken over every d20 face and every damage die
// (docs/fight.md, "How the autopilot chooses an attack"):
//
//	E = P(hit) × (E[max(0, H)] + E[max(0, S + B)])
//
// P(hit) is the share of d20 faces r with r + M ≥ T, where T is the To-Hit
// Table's number for ac and the attack's strike class (p. 33) and M the
// attacker's to-hit modifiers (strike bonus, dazed or stunned, p. 33); H
// and S are the attack's health and stamina expressions, exact
// distributions; B is the damage bonus (the attacker's, when the attack
// adds it, plus the attack's extra damage, p. 36), put on stamina as when
// no split is given. Reactions, dividers and immunities are not counted:
// they depend on the defender's choice and the damage type, and the
// autopilot takes no reactions.
func ExpectedDamage(att *hero.Hero, a hero.Attack, ac rulebook.ArmourClass) (float64, error) {
	target, err := rulebook.ToHit(ac, a.StrikeClass)
	if err != nil {
		return 0, err
	}
	mods, err := appendSituationModifiers(nil, att.Combat.StrikeBonus, Situation{}, att.Condition.Dazed, att.Condition.Stunned, implantRank(att))
	if err != nil {
		return 0, err
	}
	m := sumMods(mods)
	hits := 0
	for r := 1; r <= 20; r++ {
		if r+m >= target {
			hits++
		}
	}
	bonus := a.ExtraDamage
	if a.AddsDamageBonus {
		bonus += att.Combat.DamageBonus
	}
	h, err := positiveMean(a.Health, 0)
	if err != nil {
		return 0, fmt.Errorf("attack %s: health %q: %w", a.Slug, a.Health, err)
	}
	s, err := positiveMean(a.Stamina, bonus)
	if err != nil {
		return 0, fmt.Errorf("attack %s: stamina %q: %w", a.Slug, a.Stamina, err)
	}
	return float64(hits) / 20 * (h + s), nil
}

// positiveMean is E[max(0, X + add)] for the dice expression X ("" is 0).
func positiveMean(expr string, add int) (float64, error) {
	if expr == "" {
		return float64(max(0, add)), nil
	}
	e, err := dice.Parse(expr)
	if err != nil {
		return 0, err
	}
	d, err := e.Distribution()
	if err != nil {
		return 0, err
	}
	mean := 0.0
	for _, o := range d.Outcomes() {
		if v := o.Total + add; v > 0 {
			mean += float64(v) * o.Probability
		}
	}
	return mean, nil
}
