package combat

import (
	"errors"
	"math"
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/odds"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// target is a defender of armour class ac with tracks too deep to reach
// (no condition changes), dividers div and a knockback threshold no blow
// here reaches.
func target(t *testing.T, ac string, div int) *hero.Hero {
	t.Helper()
	a, err := rulebook.ParseArmourClass(ac)
	if err != nil {
		t.Fatal(err)
	}
	d := &hero.Hero{Name: "target", Kind: hero.KindVillain}
	d.Combat.ArmourClass = a
	d.Combat.Dividers = hero.Dividers{Health: div, Stamina: div}
	d.Combat.KnockbackThreshold = 1000
	d.Abilities.Final = hero.Abilities{Strength: 10, Agility: 10, Will: 10, Endurance: 10}
	d.Health = hero.Health{Max: 500, Current: 500, Battered: 1}
	d.Stamina = hero.Stamina{Max: 500, Current: 500, Dazed: 2, Stunned: 1}
	return d
}

// TestExpectedDamage: cases worked out by hand from the To-Hit Table
// (p. 33: AC F against SC 1 needs 11, against SC 2 needs 10), the dice,
// the dividers (p. 37: damage divided, rounded up), the armour classes'
// immunity to strike class 0-1 (p. 32) and the damage states (p. 37).
func TestExpectedDamage(t *testing.T) {
	cases := []struct {
		name        string
		strikeBonus int
		damageBonus int
		a           hero.Attack
		def         func(*hero.Hero)
		ac          string
		div         int
		want        Expected
	}{
		// 10 faces of 20 hit; E[2d6+3] = 10, E[1d6+3] = 6.5.
		{"goon's pistol", 0, 0, hero.Attack{Slug: "pistol", StrikeClass: 1, Health: "2d6+3", Stamina: "1d6+3"}, nil, "F", 1, Expected{Damage: 0.5 * 16.5}},
		// 1d6-4 is positive only on 5 and 6: (1+2)/6; the bonus 3 goes on
		// stamina: 0.5 × 3.5.
		{"clipped health, bonus on stamina", 0, 3, hero.Attack{Slug: "club", StrikeClass: 1, Health: "1d6-4", AddsDamageBonus: true}, nil, "F", 1, Expected{Damage: 0.5 * 3.5}},
		// The damage bonus does not count when the attack does not add it.
		{"no bonus for a gun", 0, 3, hero.Attack{Slug: "gun", StrikeClass: 1, Stamina: "1d6"}, nil, "F", 1, Expected{Damage: 0.5 * 3.5}},
		// SC 2 needs 10; +2 strike bonus: faces 8-20 hit (13 of 20);
		// 1d6-6 never hurts; E[2d6] = 7.
		{"fist with strike bonus", 2, 0, hero.Attack{Slug: "fist", StrikeClass: 2, Health: "1d6-6", Stamina: "2d6"}, nil, "F", 1, Expected{Damage: 0.65 * 7}},
		// A strike bonus of +20 hits on every face.
		{"always hits", 20, 0, hero.Attack{Slug: "x", StrikeClass: 1, Stamina: "1d4"}, nil, "F", 1, Expected{Damage: 2.5}},
		// Divider 2, rounded up: 1d6 gives 1, 1, 2, 2, 3, 3: mean 2.
		{"divided by 2", 20, 0, hero.Attack{Slug: "x", StrikeClass: 2, Stamina: "1d6"}, nil, "F", 2, Expected{Damage: 2}},
		// Armour class B is immune to all damage from SC 0-1 (p. 32).
		{"immune", 20, 0, hero.Attack{Slug: "pistol", StrikeClass: 1, Health: "2d6+3", Stamina: "1d6+3"}, nil, "B", 1, Expected{}},
		// Health 3, battered at 1 or less: 1d6 health leaves it out on
		// 2-6 (battered, death's door, dead): P = 5/6; E = 3.5.
		{"out when battered", 20, 0, hero.Attack{Slug: "x", StrikeClass: 2, Health: "1d6"},
			func(d *hero.Hero) { d.Health.Current = 3 }, "F", 1, Expected{Damage: 3.5, Out: 5.0 / 6}},
		// A mundane defender is taken out by its second hit (p. 38): one
		// hit taken already, every face hits: P = 1, and no track damage.
		{"mundane second hit", 20, 0, hero.Attack{Slug: "x", StrikeClass: 2, Stamina: "1d6"},
			func(d *hero.Hero) { d.Kind = hero.KindMundane; d.Mundane = &hero.Mundane{Hits: 1} }, "F", 1, Expected{Out: 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := &hero.Hero{Name: "attacker", Kind: hero.KindVillain}
			h.Combat.StrikeBonus, h.Combat.DamageBonus = tc.strikeBonus, tc.damageBonus
			tc.a.Panels = 1
			h.Combat.Attacks = []hero.Attack{tc.a}
			d := target(t, tc.ac, tc.div)
			if tc.def != nil {
				tc.def(d)
			}
			got, err := ExpectedDamage(h, d, Request{Attack: tc.a.Slug}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(got.Damage-tc.want.Damage) > 1e-9 || math.Abs(got.Out-tc.want.Out) > 1e-9 {
				t.Errorf("ExpectedDamage = %+v, want %+v", got, tc.want)
			}
		})
	}
	h := &hero.Hero{Name: "attacker", Combat: hero.Combat{Attacks: []hero.Attack{{Slug: "bad", StrikeClass: 1, Health: "2x"}}}}
	if _, err := ExpectedDamage(h, target(t, "F", 1), Request{Attack: "bad"}, Options{}); err == nil || errors.Is(err, odds.ErrTooMany) {
		t.Errorf("a bad dice expression: %v", err)
	}
}
