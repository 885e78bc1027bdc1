package combat

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Hand-worked from the rule text: an average super hero weighs what the
// Throw 16 row holds (120 kg, p. 43); Larger (stockier) weighs 50% more
// at rank 1 and another 50% of normal size a rank (p. 61); grown is
// twice the height (×8, p. 60), denser and Density Control (Other)'s
// doublings (p. 54).
func TestMassNow(t *testing.T) {
	stockier := func(rank int) *hero.Hero {
		return &hero.Hero{Name: "Brick", Powers: []hero.Power{{Slug: rulebook.PowerLarger, Rank: rank,
			Flavours: []hero.Flavour{{Slug: "stockier", Name: "Stockier"}}}}}
	}
	taller := &hero.Hero{Name: "Stilts", Powers: []hero.Power{{Slug: rulebook.PowerLarger, Rank: 2,
		Flavours: []hero.Flavour{{Slug: "taller", Name: "Taller"}}}}}
	cases := []struct {
		name       string
		h          *hero.Hero
		states     []string
		multiplier int
		own, now   float64
	}{
		{"no file: an average super hero (p. 43)", nil, nil, 0, 120, 120},
		{"no mass_kg (p. 43)", &hero.Hero{Name: "X"}, nil, 0, 120, 120},
		{"mass_kg 75", &hero.Hero{Name: "X", MassKg: 75}, nil, 1, 75, 75},
		{"stockier rank 1: 120 + 60 (p. 61)", stockier(1), nil, 0, 180, 180},
		{"stockier rank 2: 120 + 60 + 60 (p. 61)", stockier(2), nil, 0, 240, 240},
		{"taller: no weight given (p. 61)", taller, nil, 0, 120, 120},
		{"mass_kg wins over stockier", &hero.Hero{Name: "X", MassKg: 150, Powers: stockier(1).Powers}, nil, 0, 150, 150},
		{"grown 90 kg: ×8 (p. 60)", &hero.Hero{Name: "X", MassKg: 90}, []string{StateGrown}, 0, 90, 720},
		{"denser 90 kg: ×2 (p. 54)", &hero.Hero{Name: "X", MassKg: 90}, []string{StateDenser}, 0, 90, 180},
		{"lighter: no figure (p. 54)", &hero.Hero{Name: "X", MassKg: 90}, []string{StateLighter}, 0, 90, 90},
		{"×4 by Density Control (Other) (p. 54)", &hero.Hero{Name: "X", MassKg: 90}, nil, 4, 90, 360},
		{"grown and ×16", &hero.Hero{Name: "X", MassKg: 100}, []string{StateGrown}, 16, 100, 12800},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := MassNow(tc.h, tc.states, tc.multiplier)
			if m.OwnKg != tc.own || m.Kg != tc.now {
				t.Fatalf("own %v now %v, want %v and %v (%v)", m.OwnKg, m.Kg, tc.own, tc.now, m.Steps)
			}
			if len(m.Steps) == 0 || m.Steps[0].Page == "" {
				t.Fatalf("no steps with a page: %v", m.Steps)
			}
		})
	}
}

// Teleport, p. 76: "for each multiple of your own mass (round down) that
// you take with you ... the amount of stamina that you lose is doubled".
// A 60 kg teleporter at rank 2 taking a 120 kg passenger 10 m: 1 per 2 m
// is 5 stamina; 120 kg is 2 multiples of 60, so ×4 = 20 stamina, half
// as much health, 10, and the passenger loses 10 stamina. Counted at
// 120 kg (the old constant) it was 1 multiple: 10 stamina, 5 health.
func TestTeleportOwnMass(t *testing.T) {
	light := &hero.Hero{Name: "Blink", MassKg: 60}
	own := WholeKg(MassNow(light, nil, 0).Kg)
	passenger := WholeKg(MassNow(nil, nil, 0).Kg)
	got, err := TeleportWith(TeleportInput{Rank: 2, Metres: 10, OwnKg: own, CarriedKg: passenger, Passengers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got.Multiple != 2 || got.Stamina != 20 || got.Health != 10 || got.PassengerStamina != 10 {
		t.Fatalf("multiple %d stamina %d health %d passenger %d, want 2, 20, 10, 10", got.Multiple, got.Stamina, got.Health, got.PassengerStamina)
	}
	old, _ := TeleportWith(TeleportInput{Rank: 2, Metres: 10, OwnKg: DefaultPersonMassKg, CarriedKg: passenger, Passengers: 1})
	if old.Stamina == got.Stamina {
		t.Fatal("the teleporter's own mass changed nothing")
	}
}

// Throwing a person, p. 43: "the attacker must be strong enough to throw
// something with the mass of the defender". A grown 90 kg defender weighs
// 720 kg: the Object Table's 446kg-1,000kg row, Throw 26 (p. 39), so
// strength 45 throws it 45 - 26 = 19 m; at 120 kg (Throw 16) it was 29 m.
func TestThrowPersonOwnMass(t *testing.T) {
	def := &hero.Hero{Name: "X", MassKg: 90}
	m := MassNow(def, []string{StateGrown}, 0)
	got, err := ThrowPerson(45, m.Kg)
	if err != nil {
		t.Fatal(err)
	}
	if got.ThrowScore != 26 || got.Metres != 19 {
		t.Fatalf("throw score %d, %d m; want 26, 19 m", got.ThrowScore, got.Metres)
	}
}

// Telekinesis, p. 69: "1 psi point per 10 kg of weight"; a person is the
// target at its own mass unless one is given, an object has no target
// and no psychic attack; "within 20 metres".
func TestTelekinesisLoad(t *testing.T) {
	light := &hero.Hero{Name: "Wisp", MassKg: 45}
	var res MentalResult
	in, err := telekinesisLoad(&res, light, MentalInput{Power: rulebook.PsiTelekinesis, Metres: 20})
	if err != nil || in.MassKg != 45 || res.Object {
		t.Fatalf("person: %v, %d kg, object %v; want 45 kg, a person", err, in.MassKg, res.Object)
	}
	res = MentalResult{}
	if _, err := telekinesisLoad(&res, nil, MentalInput{Power: rulebook.PsiTelekinesis, MassKg: 30, Metres: 12}); err != nil || !res.Object {
		t.Fatalf("object: %v, object %v", err, res.Object)
	}
	if _, err := telekinesisLoad(&MentalResult{}, nil, MentalInput{Power: rulebook.PsiTelekinesis, MassKg: 30, Metres: 21}); err == nil {
		t.Fatal("21 m: want a refusal beyond 20 m")
	}
	if _, err := telekinesisLoad(&MentalResult{}, nil, MentalInput{Power: rulebook.PsiTelekinesis}); err == nil {
		t.Fatal("an object with no mass: want a refusal")
	}
}
