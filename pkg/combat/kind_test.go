package combat

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// TestKindOf: an attack's kind comes from its source (pp. 59, 63, 68).
func TestKindOf(t *testing.T) {
	bolt := flat("bolt", 3, "6", "0")
	bolt.DamageType, bolt.Power = "eldritch-bolt", "magic"
	blast := psionicBlaster().Combat.Attacks[0]
	eb := hero.Attack{Slug: "energy-blast", DamageType: "energy-blast", Power: "energy-blast"}
	heat := hero.Attack{Slug: "heat", DamageType: "temperature", Power: "environmental-control"}
	for _, tc := range []struct {
		a    hero.Attack
		want AttackKind
	}{
		{flat("fist", 2, "1", "1"), KindPhysical},
		{bolt, KindMagic},
		{blast, KindPsychic},
		{eb, KindEnergy},
		{heat, KindEnergy},
	} {
		if got := KindOf(mk("A", 'F'), &tc.a); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.a.Slug, got, tc.want)
		}
	}
}

// personalForcefield is "D" with a personal forcefield of 10 (p. 59).
func personalForcefield() *hero.Hero {
	def := mk("D", 'F')
	ff := power("forcefield", 1, "personal-forcefield")
	ff.Values = map[string]int{"personal-forcefield": 10}
	def.Powers = []hero.Power{ff}
	return def
}

// TestForcefieldStopsPhysicalAndEnergyOnly: "Forcefields protect you from
// physical and energy attacks, but do not stop magic or psychic attacks"
// (p. 59). By hand, against a personal forcefield of 10: a fist of 6 H
// 10 S loses 10 (0 H 6 S); an eldritch bolt of 6 H loses nothing (6 H,
// where the old reading soaked it to 0); a psionic blast (will 14 + 10
// against will 10 + 5, it succeeds) of 1d6 3 H, 1d6 4 S loses nothing
// (the old reading soaked all 7).
func TestForcefieldStopsPhysicalAndEnergyOnly(t *testing.T) {
	att := psionicBlaster()
	withAttack(att, flat("fist", 2, "6", "10"))
	bolt := flat("bolt", 3, "6", "0")
	bolt.DamageType, bolt.Power = "eldritch-bolt", "magic"
	withAttack(att, bolt)
	for _, tc := range []struct {
		with      string
		dice      []int
		absorbers int
		h, s      int
	}{
		{"fist", []int{20}, 1, 0, 6},
		{"bolt", []int{20}, 0, 6, 0},
		{"psionic-blast", []int{10, 5, 3, 4}, 0, 3, 4},
	} {
		res := resolve(t, att, personalForcefield(), Request{Attack: tc.with}, Options{}, tc.dice...)
		ap := res.Applied
		if len(ap.Absorbers) != tc.absorbers || ap.Health != tc.h || ap.Stamina != tc.s {
			t.Errorf("%s: %+v", tc.with, ap)
		}
	}
	// The whirlwind reduces physical and energy attacks in the same words
	// (p. 78): no whirlwind die is rolled for the psionic blast.
	res := resolve(t, att, mk("D", 'F'), Request{Attack: "psionic-blast", Situation: Situation{Whirlwind: true}}, Options{}, 10, 5, 3, 4)
	if len(res.Applied.Absorbers) != 0 || res.Applied.Health != 3 {
		t.Errorf("whirlwind against a psionic blast: %+v", res.Applied)
	}
	// A force shield (a barrier) lets the psionic blast and the bolt
	// through as well.
	for _, with := range []string{"bolt", "psionic-blast"} {
		dice := []int{20}
		if with == "psionic-blast" {
			dice = []int{10, 5, 3, 4}
		}
		res := resolve(t, att, mk("D", 'F'), Request{Attack: with, Situation: Situation{ForceBarrier: 12}}, Options{}, dice...)
		if res.Barrier != nil || res.Applied.Health == 0 {
			t.Errorf("%s through a force shield: %+v %+v", with, res.Barrier, res.Applied)
		}
	}
}

// TestImperviousIsPhysicalOnly: Impervious stops "all physical damage"
// (p. 61); the psionic blast is a mental attack (p. 68) and still hurts
// (3 H 4 S by hand), where the old reading said "immune". A fist is
// still stopped whole.
func TestImperviousIsPhysicalOnly(t *testing.T) {
	att := psionicBlaster()
	withAttack(att, flat("fist", 2, "6", "10"))
	sit := Situation{Impervious: true}
	res := resolve(t, att, mk("D", 'F'), Request{Attack: "psionic-blast", Situation: sit}, Options{}, 10, 5, 3, 4)
	if res.Outcome == OutcomeImmune || res.Applied.Health != 3 || res.Applied.Stamina != 4 {
		t.Errorf("psionic blast on the impervious: %s %+v", res.Outcome, res.Applied)
	}
	res = resolve(t, att, mk("D", 'F'), Request{Attack: "fist", Situation: sit}, Options{}, 20)
	if res.Outcome != OutcomeImmune {
		t.Errorf("fist on the impervious: %s", res.Outcome)
	}
}
