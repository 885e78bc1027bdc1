package combat

import (
	"errors"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// mentalHero is a hero with will, strength, the given powers and pools.
func mentalHero(name string, will, str int, powers []hero.Power, pools ...hero.Pool) *hero.Hero {
	h := &hero.Hero{Name: name, Powers: powers, Pools: pools}
	h.Abilities.Final.Will, h.Abilities.Final.Strength = will, str
	h.Stamina = hero.Stamina{Max: 40, Current: 40, Dazed: 8, Stunned: 4}
	h.Health = hero.Health{Max: 40, Current: 40, Battered: 4}
	return h
}

func psi(n int) hero.Pool {
	return hero.Pool{Name: "psi", Max: 15, Current: n, CapPerAction: 10, Power: "psychic-ability"}
}
func magic(n int) hero.Pool {
	return hero.Pool{Name: "magic", Max: 15, Current: n, CapPerAction: 10, Power: "magic"}
}

func psychicPower(flavours ...hero.Flavour) hero.Power {
	return hero.Power{Slug: "psychic-ability", Rank: 1, Flavours: flavours}
}

// Every case is worked by hand from pp. 43, 53, 63-64, 67-69 and the
// Confidence Table (p. 24): the contest is 1d20 + will each side, the
// attacker winning ties.
func TestMental(t *testing.T) {
	drainer := mentalHero("mx", 14, 10, []hero.Power{psychicPower(hero.Flavour{Slug: "psychic-drain"}, hero.Flavour{Slug: "mind-control", Speciality: true}, hero.Flavour{Slug: "telekinesis"}, hero.Flavour{Slug: "transmutation"})}, psi(15))
	mage := mentalHero("zara", 16, 10, []hero.Power{{Slug: "magic", Rank: 1, Flavours: []hero.Flavour{{Slug: "hypnotism"}, {Slug: "restraint", Speciality: true}}}}, magic(15))
	cyborg := mentalHero("unit", 9, 10, []hero.Power{{Slug: "cybernetics", Rank: 1, Flavours: []hero.Flavour{{Slug: "mind-control-device", Rank: 3}}}})
	// The target: will 12, confidence 66 (+2 against mental attacks),
	// strength 15, an energy pool of 12 and a psi pool of 4.
	target := mentalHero("nefario", 12, 15, []hero.Power{{Slug: "flight", Rank: 1}},
		hero.Pool{Name: "energy", Max: 15, Current: 12, Power: "energy-blast"}, psi(4))
	target.Profile.Confidence = 66

	cases := []struct {
		name  string
		att   *hero.Hero
		def   *hero.Hero
		in    MentalInput
		dice  []int
		check func(t *testing.T, r MentalResult)
		err   string
	}{
		{
			// Drain with 5 psi: 1d20 11 + 14 + 5 = 30 against 1d20 8 + 12
			// + 2 = 22; won by 8. The fullest pool (energy, 12) loses 8.
			name: "drain", att: drainer, def: target, in: MentalInput{Power: "psychic-drain", Points: 5}, dice: []int{11, 8},
			check: func(t *testing.T, r MentalResult) {
				if !r.Success || r.Margin != 8 || r.DrainPool != "energy" || r.Drained != 8 || r.DrainLeft != 4 || r.Blackout || r.Cost != 5 {
					t.Errorf("%+v", r)
				}
			},
		},
		{
			// Drain the psi pool (4) by a margin of 8: empty, blackout.
			name: "drain to zero", att: drainer, def: target, in: MentalInput{Power: "psychic-drain", Points: 5, Drain: "psi"}, dice: []int{11, 8},
			check: func(t *testing.T, r MentalResult) {
				if r.Drained != 4 || r.DrainLeft != 0 || !r.Blackout || r.State != StateDrained {
					t.Errorf("%+v", r)
				}
			},
		},
		{
			// Mind control is mx's speciality: 5 psi instead of 10. d20 3
			// + 14 = 17 against 10 + 12 + 2 = 24 fails.
			name: "mind control speciality fails", att: drainer, def: target, in: MentalInput{Power: "mind-control"}, dice: []int{3, 10},
			check: func(t *testing.T, r MentalResult) {
				if r.Success || r.Cost != 5 || r.Points != 10 || r.State != "" {
					t.Errorf("%+v", r)
				}
			},
		},
		{
			// Telekinesis of 85 kg: 9 psi; a person, so a contest: 10 +
			// 14 = 24 against 8 + 12 + 2 = 22 wins; speed 14 / 3 = 4 m.
			name: "telekinesis", att: drainer, def: target, in: MentalInput{Power: "telekinesis", MassKg: 85}, dice: []int{10, 8},
			check: func(t *testing.T, r MentalResult) {
				if !r.Success || r.Cost != 9 || r.SpeedMetres != 4 {
					t.Errorf("%+v", r)
				}
			},
		},
		{name: "telekinesis too heavy", att: drainer, def: target, in: MentalInput{Power: "telekinesis", MassKg: 101}, err: "11 psi"},
		{
			// Transmutation of a person-sized object, a substantial
			// change of shape or material, temporary: 10 - 2 - 3 = 5; ×
			// will 14 = 70%. d100 70 succeeds; 2d6 6+5 = 11 pages.
			name: "transmutation", att: drainer, in: MentalInput{Power: "transmutation", Modifiers: []string{"person-sized", "shape-or-material", "temporary"}}, dice: []int{70, 6, 5},
			check: func(t *testing.T, r MentalResult) {
				if !r.Success || r.Difficulty != 5 || r.Chance != 70 || r.Cost != 6 || r.Contest != nil || r.Pages != 11 || r.Permanent {
					t.Errorf("%+v", r)
				}
			},
		},
		{
			// Permanent: 10 - 2 - 3 - 3 = 2; × 14 = 28%. d100 28 works and
			// no pages are rolled.
			name: "transmutation permanent", att: drainer, in: MentalInput{Power: "transmutation", Modifiers: []string{"person-sized", "shape-or-material", "permanent"}}, dice: []int{28},
			check: func(t *testing.T, r MentalResult) {
				if !r.Success || r.Chance != 28 || r.Pages != 0 || !r.Permanent {
					t.Errorf("%+v", r)
				}
			},
		},
		{
			// A failed temporary transmutation rolls no pages: 71 > 70.
			name: "transmutation fails", att: drainer, in: MentalInput{Power: "transmutation", Modifiers: []string{"person-sized", "shape-or-material"}}, dice: []int{71},
			check: func(t *testing.T, r MentalResult) {
				if r.Success || r.Pages != 0 {
					t.Errorf("%+v", r)
				}
			},
		},
		{name: "transmutation impossible", att: drainer, in: MentalInput{Power: "transmutation", Modifiers: []string{"tank-sized", "shape-and-material"}}, err: "difficulty -1"},
		{name: "transmutation on a person", att: drainer, def: target, in: MentalInput{Power: "transmutation"}, err: "not on nefario"},
		{
			// Hypnotism: 10 MP; 15 + 16 = 31 against 20 + 12 + 2 = 34,
			// fails; no establishing die.
			name: "hypnotism fails", att: mage, def: target, in: MentalInput{Power: "hypnotism"}, dice: []int{15, 20},
			check: func(t *testing.T, r MentalResult) {
				if r.Success || r.Cost != 10 || r.Establish != 0 {
					t.Errorf("%+v", r)
				}
			},
		},
		{
			// Hypnotism resisted: 15 + 16 = 31 against 10 + 12 + 2 + 1d6
			// 6 = 30; control after 1d6 = 4 double-panels.
			name: "hypnotism resisted", att: mage, def: target, in: MentalInput{Power: "hypnotism", Resist: true}, dice: []int{15, 10, 6, 4},
			check: func(t *testing.T, r MentalResult) {
				if !r.Success || r.Establish != 4 || r.State != StateHypnotised || r.Margin != 1 {
					t.Errorf("%+v", r)
				}
			},
		},
		{
			// Restraint, the speciality: 6 MP counted, 3 paid. Escape:
			// strength 15 + 40 (4 under 10) + 10 (flight) = 65%: 1-69%,
			// loses 2 panels. No roll.
			name: "restraint", att: mage, def: target, in: MentalInput{Power: "restraint", Points: 6},
			check: func(t *testing.T, r MentalResult) {
				if !r.Success || r.Cost != 3 || r.Restraint.Chance != 65 || r.Restraint.Strength != 60 || r.Restraint.PanelsLost != 2 || r.State != StateBound {
					t.Errorf("%+v %+v", r, r.Restraint)
				}
			},
		},
		{name: "restraint resisted", att: mage, def: target, in: MentalInput{Power: "restraint", Points: 6, Resist: true}, err: "not resisted"},
		{
			// The device at implant rank 3: will 10 + 2 + 2 = 14, not the
			// wearer's 9. 10 + 14 = 24 against 10 + 12 + 2 = 24: ties
			// go to the attacker; 1d6 2 double-panels.
			name: "device", att: cyborg, def: target, in: MentalInput{Power: "mind-control-device"}, dice: []int{10, 10, 2},
			check: func(t *testing.T, r MentalResult) {
				if !r.Success || r.Will != 14 || r.Cost != 0 || r.Establish != 2 {
					t.Errorf("%+v", r)
				}
			},
		},
		{name: "unknown spell", att: mage, def: target, in: MentalInput{Power: "mind-control"}, err: "does not know mind-control"},
		{name: "empty pool", att: mentalHero("tired", 10, 10, []hero.Power{psychicPower()}, psi(2)), def: target, in: MentalInput{Power: "mind-control"}, err: "only 2 psi left"},
		{
			// Telepathy on a willing target: no contest, 2 psi.
			name: "telepathy willing", att: mentalHero("tp", 10, 10, []hero.Power{psychicPower()}, psi(15)), def: target, in: MentalInput{Power: "telepathy", Willing: true},
			check: func(t *testing.T, r MentalResult) {
				if !r.Success || r.Contest != nil || r.Cost != 2 {
					t.Errorf("%+v", r)
				}
			},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := dice.NewScripted(c.dice)
			res, err := Mental(c.att, c.def, c.in, r)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := r.Finish(); err != nil {
				t.Fatalf("dice: %v", err)
			}
			c.check(t, res)
		})
	}
}

// ApplyMental spends the attacker's points and drains the target; a pool
// drained to 0 leaves it at 0 stamina, unconscious (p. 69).
func TestApplyMental(t *testing.T) {
	att := mentalHero("mx", 14, 10, []hero.Power{psychicPower()}, psi(15))
	def := mentalHero("nefario", 12, 15, nil, psi(4))
	res, err := Mental(att, def, MentalInput{Power: "psychic-drain", Points: 3, Drain: "psi"}, dice.NewScripted([]int{10, 5}))
	if err != nil {
		t.Fatal(err)
	}
	// 10 + 14 + 3 = 27 against 5 + 12 = 17: won by 10, the 4 go.
	ApplyMental(&res, att, def)
	if att.FindPool("psi").Current != 12 || def.FindPool("psi").Current != 0 || def.Stamina.Current != 0 || !def.Condition.Unconscious {
		t.Errorf("attacker psi %d, defender psi %d stamina %d %+v", att.FindPool("psi").Current, def.FindPool("psi").Current, def.Stamina.Current, def.Condition)
	}
}

func TestDeviceWill(t *testing.T) {
	for ranks, want := range map[int]int{0: 10, 1: 10, 2: 12, 4: 16} {
		if got := DeviceWill(ranks); got != want {
			t.Errorf("DeviceWill(%d) = %d, want %d", ranks, got, want)
		}
	}
}

// Energy Reflect (p. 56), hand-worked: a fire blast of 2d6 H / 3d6 S at
// SC 3 on AC F needs 9; d20 15 hits; the reflect parry is automatic and
// stops it whole (no damage dice rolled). The return shot is SC 2 with the
// same dice, from a file with no pool: AC F at SC 2 needs 10, d20 18 hits;
// 3+4 = 7 H, 1+2+3 = 6 S; an energy blast's dividers count 2 lower.
func TestReflectedAttack(t *testing.T) {
	blaster := withAttack(mk("nefario", rulebook.ACF), hero.Attack{Slug: "blast", Name: "blast", StrikeClass: 3, DamageType: "energy-blast",
		Health: "2d6", Stamina: "3d6", Ranged: true, Range: 40, Panels: 2, Power: "energy-blast"})
	blaster.Powers = []hero.Power{{Slug: "energy-blast", Rank: 1, Flavours: []hero.Flavour{{Slug: "fire", Table: "energy-type"}}}}
	mirror := mk("mirror", rulebook.ACF)
	mirror.Powers = []hero.Power{{Slug: "energy-reflect", Rank: 1, Flavours: []hero.Flavour{{Slug: "fire", Table: "energy-type"}}}}
	mirror.Combat.Parries = []hero.Parry{{Slug: "energy-reflect", ParryType: "energy-blast", Automatic: true}}
	res := resolve(t, blaster, mirror, Request{Attack: "blast", Reaction: Reaction{Kind: ReactionParry, Parry: "energy-reflect"}}, Options{}, 15)
	if res.Outcome != OutcomeParried || res.Reaction.Reflect == nil || res.After.Health != 40 {
		t.Fatalf("outcome %s, reflect %+v, health %d", res.Outcome, res.Reaction.Reflect, res.After.Health)
	}
	a, err := ReflectedAttack(res.Reaction)
	if err != nil || a.StrikeClass != 2 || a.Health != "2d6" || a.Stamina != "3d6" || a.DamageType != "energy-blast" {
		t.Fatalf("%+v %v", a, err)
	}
	shooter := *mirror
	shooter.Combat.Attacks = []hero.Attack{a}
	back := resolve(t, &shooter, blaster, Request{Attack: a.Slug, Reflected: true}, Options{}, 18, 3, 4, 1, 2, 3)
	if back.Outcome != OutcomeHit || back.After.Health != 33 || back.After.Stamina != 34 || back.PoolSpent != nil {
		t.Errorf("outcome %s, after %+v, pool %+v", back.Outcome, back.After, back.PoolSpent)
	}
	// A missed or ordinary parry has nothing to send back.
	if _, err := ReflectedAttack(ReactionResult{Kind: ReactionParry, Success: true}); err == nil {
		t.Error("an ordinary parry reflected")
	}
}

// The molecular layer (p. 58): one step toward A, never past it.
func TestImprovedArmourClass(t *testing.T) {
	cases := []struct{ in, want rulebook.ArmourClass }{{'F', 'E'}, {'L', 'K'}, {'B', 'A'}, {'A', 'A'}}
	for _, c := range cases {
		if got := ImprovedArmourClass(c.in, 1); got != c.want {
			t.Errorf("%c -> %c, want %c", c.in, got, c.want)
		}
	}
}

// Environmental Control (pp. 57-58), hand-worked: the electrical arc and
// temperature roll no to-hit die; the arc's 1d6 3 H and 1d6 4 S against
// H/2 S/2 are 2 H (rounded up) and 2 S; temperature's 2d6 3+4 = 7 S
// ignore the S/2 divider.
func TestNoToHitAndTemperature(t *testing.T) {
	arc := hero.Attack{Slug: "electric-arc", Name: "arc", StrikeClass: 2, DamageType: "electric-arc", Health: "1d6", Stamina: "1d6", Ranged: true, Range: 20, Panels: 2, NoToHit: true}
	heat := hero.Attack{Slug: "temperature", Name: "heat", StrikeClass: 2, DamageType: "temperature", Stamina: "2d6", Ranged: true, Range: 20, Panels: 2, NoToHit: true}
	att := withAttack(withAttack(mk("sparks", rulebook.ACF), arc), heat)
	def := mk("target", rulebook.ACF)
	def.Combat.Dividers = hero.Dividers{Health: 2, Stamina: 2}
	res := resolve(t, att, def, Request{Attack: "electric-arc"}, Options{}, 3, 4)
	if res.Outcome != OutcomeHit || res.ToHit.Rolled || res.Applied.Health != 2 || res.Applied.Stamina != 2 {
		t.Errorf("arc: %s rolled %v, %d H %d S", res.Outcome, res.ToHit.Rolled, res.Applied.Health, res.Applied.Stamina)
	}
	res = resolve(t, att, def, Request{Attack: "temperature"}, Options{}, 3, 4)
	if res.Applied.Stamina != 7 {
		t.Errorf("temperature: %d S, want 7 (S dividers do not help)", res.Applied.Stamina)
	}
}

// Temperature is prevented only by the matching immunity (p. 58): fire's
// against heat, cold's against cold. An attracted magnetic missile needs
// no to-hit roll (p. 58). Worked by hand: 2d6 faces 3, 4 = 7 stamina.
func TestTemperatureImmunityAndAttracted(t *testing.T) {
	heat := hero.Attack{Slug: "temperature", Name: "heat", StrikeClass: 2, DamageType: "temperature", Stamina: "2d6", Ranged: true, Range: 20, Panels: 2, NoToHit: true}
	missile := hero.Attack{Slug: "magnetic-missile", Name: "missile", StrikeClass: 2, DamageType: "magnetic-missile", Stamina: "2d6", Ranged: true, Range: 20, Panels: 2}
	att := withAttack(withAttack(mk("weather", rulebook.ACF), heat), missile)
	fireproof := mk("fireproof", rulebook.ACF)
	fireproof.Combat.Immunities = []string{"fire"}
	// Heat on a fire-immune target: no damage, no dice.
	res := resolve(t, att, fireproof, Request{Attack: "temperature"}, Options{})
	if res.Outcome != OutcomeImmune || res.Applied.Stamina != 0 {
		t.Errorf("heat on fire immunity: %s, %d S; want immune", res.Outcome, res.Applied.Stamina)
	}
	// Cold on the same target: 7 stamina.
	res = resolve(t, att, fireproof, Request{Attack: "temperature", Situation: Situation{Cold: true}}, Options{}, 3, 4)
	if res.Outcome != OutcomeHit || res.Applied.Stamina != 7 {
		t.Errorf("cold on fire immunity: %s, %d S; want hit, 7", res.Outcome, res.Applied.Stamina)
	}
	coldproof := mk("coldproof", rulebook.ACF)
	coldproof.Combat.Immunities = []string{"cold"}
	res = resolve(t, att, coldproof, Request{Attack: "temperature", Situation: Situation{Cold: true}}, Options{})
	if res.Outcome != OutcomeImmune {
		t.Errorf("cold on cold immunity: %s; want immune", res.Outcome)
	}
	// Attracted: no to-hit roll, only the two damage dice.
	res = resolve(t, att, mk("target", rulebook.ACF), Request{Attack: "magnetic-missile", Situation: Situation{Attracted: true, RangeMetres: 20}}, Options{}, 3, 4)
	if res.ToHit.Rolled || !res.ToHit.Hit || res.Applied.Stamina != 7 {
		t.Errorf("attracted: rolled %v hit %v %d S; want no roll, hit, 7", res.ToHit.Rolled, res.ToHit.Hit, res.Applied.Stamina)
	}
	for _, tc := range []struct {
		name  string
		req   Request
		field string
	}{
		{"cold arc", Request{Attack: "magnetic-missile", Situation: Situation{Cold: true}}, "cold"},
		{"attracted heat", Request{Attack: "temperature", Situation: Situation{Attracted: true}}, "attracted"},
		{"attracted out of range", Request{Attack: "magnetic-missile", Situation: Situation{Attracted: true, RangeMetres: 21}}, "attracted"},
		{"gale extra without gale", Request{Attack: "magnetic-missile", Situation: Situation{GaleExtra: 1}}, "gale-extra"},
	} {
		_, err := Resolve(att, mk("target", rulebook.ACF), tc.req, dice.NewScripted(nil), Options{})
		var re *RequestError
		if !errors.As(err, &re) || re.Field != tc.field {
			t.Errorf("%s: %v, want a refusal naming %s", tc.name, err, tc.field)
		}
	}
}

// Elasticity (p. 55), by hand: rank 1 reaches 6 m; rank 2 is free to
// 20 m, then 1 stamina per 5 m or part: 21 m 1, 25 m 1, 26 m 2, 100 m 16.
func TestStretchCost(t *testing.T) {
	for _, tc := range []struct {
		rank, metres, want int
		bad                bool
	}{
		{1, 6, 0, false}, {1, 7, 0, true}, {2, 20, 0, false}, {2, 21, 1, false},
		{2, 25, 1, false}, {2, 26, 2, false}, {2, 100, 16, false}, {0, 5, 0, true}, {2, 0, 0, true},
	} {
		got, steps, err := StretchCost(tc.rank, tc.metres)
		if (err != nil) != tc.bad || got != tc.want || (err == nil && len(steps) == 0) {
			t.Errorf("rank %d, %d m: %d, %v; want %d (refused %v)", tc.rank, tc.metres, got, err, tc.want, tc.bad)
		}
	}
}

// ImposedOf turns each lasting result into the hero file's state; a
// Restraint escaped at once (free or by Teleport/Phasing) and a failed
// contest leave none; SetImposed replaces a state of the same name.
func TestImposedOf(t *testing.T) {
	for _, tc := range []struct {
		res  MentalResult
		want hero.ImposedState
		ok   bool
	}{
		{MentalResult{Attacker: "Psyche", Kind: MentalPsychic, State: StateMindControl}, hero.ImposedState{Name: "mind-control", Power: "psychic-ability", Source: "Psyche"}, true},
		{MentalResult{Attacker: "Zara", Kind: MentalDevice, State: StateHypnotised}, hero.ImposedState{Name: "hypnotised", Power: "cybernetics", Source: "Zara"}, true},
		{MentalResult{Attacker: "Psyche", Kind: MentalPsychic, State: StateDrained, DrainPool: "energy"}, hero.ImposedState{Name: "drained", Power: "psychic-ability", Source: "Psyche", Pool: "energy"}, true},
		{MentalResult{Attacker: "Zara", Kind: MentalMagic, Power: "restraint", Restraint: &Restraint{Strength: 50, Chance: 72}}, hero.ImposedState{Name: "bound", Power: "magic", Source: "Zara", Strength: 50, EscapeChance: 72}, true},
		{MentalResult{Attacker: "Zara", Kind: MentalMagic, Power: "restraint", Restraint: &Restraint{Strength: 10, Chance: 120, Free: true}}, hero.ImposedState{}, false},
		{MentalResult{Attacker: "Psyche", Kind: MentalPsychic, Power: "mind-control"}, hero.ImposedState{}, false},
	} {
		got, ok := ImposedOf(&tc.res)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%+v: %+v %v, want %+v %v", tc.res, got, ok, tc.want, tc.ok)
		}
	}
	h := mk("target", rulebook.ACF)
	SetImposed(h, hero.ImposedState{Name: "bound", Strength: 50, EscapeChance: 72})
	SetImposed(h, hero.ImposedState{Name: "hypnotised"})
	SetImposed(h, hero.ImposedState{Name: "bound", Strength: 100, EscapeChance: 12})
	if len(h.ImposedStates) != 2 || h.ImposedStates[0].Strength != 100 || h.ImposedStates[0].EscapeChance != 12 {
		t.Errorf("%+v", h.ImposedStates)
	}
}
