package profile

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// guardianProfile is The Guardian's starting profile (pp. 20-27).
func guardianHero() *hero.Hero {
	h := &hero.Hero{Schema: 1, Name: "The Guardian", Kind: hero.KindHero}
	h.Resources = hero.Resources{Material: 4, Financial: 5}
	h.Profile = hero.Profile{
		Backing: 3, Heroism: 3, Identification: 2, PublicRelations: 3, Competence: 1,
		Methods: 3, PowerUse: 1, Contacts: 10,
		Conscience: 3, SocialCircle: 3,
	}
	return h
}

func TestRecomputeGuardian(t *testing.T) {
	h := guardianHero()
	Recompute(h)
	p := h.Profile
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"popularity", p.Popularity, 36},
		{"approachability", p.Approachability, 3},
		{"fame", p.Fame, 4},
		{"investigation", p.Investigation, 63},
		{"public_response", p.PublicResponse, 2},
		{"success_rate", p.SuccessRate, 0},
		{"security", p.Security, 5},
		{"confidence", p.Confidence, 39},
		{"points_per_week", h.Downtime.PointsPerWeek, 7},
		{"hero_points.max", h.HeroPoints.Max, 0},
		{"will_bonus", p.WillBonus, 0},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.name, c.got, c.want)
		}
	}
	if CanIncreaseResources(h) {
		t.Error("confidence 39 must not allow raising resources (p. 26)")
	}
}
