package combat

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// TestSpecialityCost: a speciality costs half, rounded up (pp. 62, 67).
func TestSpecialityCost(t *testing.T) {
	for _, tc := range []struct {
		points int
		spec   bool
		want   int
	}{{10, false, 10}, {10, true, 5}, {9, true, 5}, {20, true, 10}, {21, true, 11}, {1, true, 1}} {
		if got := SpecialityCost(tc.points, tc.spec); got != tc.want {
			t.Errorf("SpecialityCost(%d, %v) = %d, want %d", tc.points, tc.spec, got, tc.want)
		}
	}
}

// TestTelekinesisSpeciality: Telekinesis is 1 psi per 10 kg (p. 69), at
// most 10 psi paid a use (p. 67); as a speciality it costs half (p. 67),
// as an eldritch bolt cast as a speciality does. 200 kg is 20 psi
// counted, 10 paid: allowed (the old answer refused it as "20 psi ...
// more than the 10 a use allows"). 201 kg is 21 counted, 11 paid:
// refused. Without the speciality 101 kg (11 psi) is refused as before.
// The object is unattended (no target): no contest, no dice.
func TestTelekinesisSpeciality(t *testing.T) {
	tk := func(spec bool) *hero.Hero {
		return mentalHero("tk", 14, 10, []hero.Power{psychicPower(hero.Flavour{Slug: "telekinesis", Speciality: spec})}, psi(15))
	}
	target := mentalHero("crate", 1, 1, nil)
	target.Kind = hero.KindMundane
	for _, tc := range []struct {
		spec   bool
		kg     int
		points int
		cost   int
		err    string
	}{
		{true, 200, 20, 10, ""},
		{true, 201, 0, 0, "201 kg is 21 psi at 1 per 10 kg, 11 paid as a speciality, more than the 10 a use allows"},
		{false, 100, 10, 10, ""},
		{false, 101, 0, 0, "101 kg is 11 psi at 1 per 10 kg, more than the 10 a use allows"},
	} {
		res, err := Mental(tk(tc.spec), target, MentalInput{Power: "telekinesis", MassKg: tc.kg}, dice.NewScripted([]int{20, 1}))
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%d kg (speciality %v): %v, want %q", tc.kg, tc.spec, err, tc.err)
			}
		case err != nil:
			t.Errorf("%d kg (speciality %v): %v", tc.kg, tc.spec, err)
		case res.Points != tc.points || res.Cost != tc.cost:
			t.Errorf("%d kg (speciality %v): %d counted, %d paid; want %d, %d", tc.kg, tc.spec, res.Points, res.Cost, tc.points, tc.cost)
		}
	}
}
