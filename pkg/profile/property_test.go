package profile

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// genHero draws a hero with any component values, in range or not.
func genHero(t *rapid.T) *hero.Hero {
	h := &hero.Hero{Schema: hero.SchemaVersion, Name: "X", Kind: hero.KindHero}
	h.Combat = hero.Combat{ArmourClass: 'L', PanelsPerPage: 2}
	p := &h.Profile
	in := func(name string) int { return rapid.IntRange(-3, 14).Draw(t, name) }
	p.Backing, p.Heroism, p.Identification, p.PublicRelations, p.Competence = in("backing"), in("heroism"), in("identification"), in("public_relations"), in("competence")
	p.Methods, p.Approachability, p.Fame, p.PowerUse, p.Contacts = in("methods"), in("approachability"), in("fame"), in("power_use"), in("contacts")
	p.Conscience, p.SocialCircle, p.SuccessRate, p.PublicResponse, p.Security = in("conscience"), in("social_circle"), in("success_rate"), in("public_response"), in("security")
	p.IdentityPublic = rapid.Bool().Draw(t, "identity_public")
	p.NonHuman = rapid.Bool().Draw(t, "non_human")
	h.Resources.Financial = rapid.IntRange(1, 10).Draw(t, "financial")
	h.Resources.Material = rapid.IntRange(1, 10).Draw(t, "material")
	n := rapid.IntRange(0, 12).Draw(t, "scenarios")
	for i := 0; i < n; i++ {
		p.Scenarios = append(p.Scenarios, hero.Scenario{Competence: rapid.IntRange(1, 10).Draw(t, "rating"), Success: rapid.Bool().Draw(t, "success")})
	}
	if rapid.Bool().Draw(t, "idle_rich") {
		h.Perks = []hero.Perk{{Slug: "idle-rich", Name: "Idle Rich"}}
	}
	h.HeroPoints.Current = rapid.IntRange(0, 9).Draw(t, "hero_points")
	return h
}

func inRange(t *rapid.T, name string, v, lo, hi int) {
	if v < lo || v > hi {
		t.Fatalf("%s = %d, outside %d-%d", name, v, lo, hi)
	}
}

// TestPropertyRecompute: after Recompute the categories are always three
// times the sum of their measures, every measure is within its range, the
// Confidence Table effects match, the hero validates, and Recompute is
// idempotent.
func TestPropertyRecompute(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		h := genHero(t)
		Recompute(h)
		p := h.Profile
		if p.Popularity != 3*(p.Backing+p.Heroism+p.Identification+p.PublicRelations+p.Competence) {
			t.Fatalf("popularity %d is not 3 x its measures", p.Popularity)
		}
		if p.Investigation != 3*(p.Methods+p.Approachability+p.Fame+p.PowerUse+p.Contacts) {
			t.Fatalf("investigation %d is not 3 x its measures", p.Investigation)
		}
		if p.Confidence != 3*(p.Conscience+p.SocialCircle+p.SuccessRate+p.PublicResponse+p.Security) {
			t.Fatalf("confidence %d is not 3 x its measures", p.Confidence)
		}
		for _, m := range []struct {
			n      string
			v, max int
		}{{"backing", p.Backing, 5}, {"heroism", p.Heroism, 5}, {"identification", p.Identification, 5},
			{"public_relations", p.PublicRelations, 5}, {"competence", p.Competence, 10}, {"methods", p.Methods, 5},
			{"approachability", p.Approachability, 5}, {"fame", p.Fame, 5}, {"power_use", p.PowerUse, 5},
			{"contacts", p.Contacts, 10}, {"conscience", p.Conscience, 5}, {"social_circle", p.SocialCircle, 5},
			{"public_response", p.PublicResponse, 5}, {"security", p.Security, 10}} {
			inRange(t, m.n, m.v, 1, m.max)
		}
		inRange(t, "success_rate", p.SuccessRate, 0, 5)
		inRange(t, "popularity", p.Popularity, 15, 90)
		inRange(t, "investigation", p.Investigation, 15, 90)
		inRange(t, "confidence", p.Confidence, 12, 90)
		inRange(t, "will_bonus", p.WillBonus, 0, 5)
		inRange(t, "hero_points.max", h.HeroPoints.Max, 0, 5)
		inRange(t, "hero_points.current", h.HeroPoints.Current, 0, h.HeroPoints.Max)
		inRange(t, "points_per_week", h.Downtime.PointsPerWeek, 5, 8)
		if p.Confidence <= 30 && h.Downtime.PointsPerWeek > 6 {
			t.Fatalf("confidence %d gives %d points a week", p.Confidence, h.Downtime.PointsPerWeek)
		}
		if err := h.Validate(); err != nil {
			t.Fatalf("recomputed hero invalid: %v", err)
		}
		before := Take(h)
		Recompute(h)
		if cs := Changes(before, Take(h)); len(cs) != 0 {
			t.Fatalf("Recompute is not idempotent: %v", cs)
		}
	})
}

// TestPropertySet: a successful Set leaves a valid hero with every
// assigned measure at its value; a failed one leaves the hero unchanged.
func TestPropertySet(t *testing.T) {
	keys := []string{"backing", "heroism", "identification", "public_relations", "competence", "methods",
		"power_use", "contacts", "conscience", "social_circle", "material_resources", "financial_resources"}
	rapid.Check(t, func(t *rapid.T) {
		h := genHero(t)
		Recompute(h)
		key := rapid.SampledFrom(keys).Draw(t, "key")
		delta := rapid.IntRange(-4, 4).Draw(t, "delta")
		tok := key + "=" + signed(delta)
		a, err := ParseAssignment(tok)
		if err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
		snap := Take(h)
		old := *Score(h, key)
		_, err = Set(h, []Assignment{a})
		if err != nil {
			if cs := Changes(snap, Take(h)); len(cs) != 0 {
				t.Fatalf("failed Set changed %v", cs)
			}
			return
		}
		if got := *Score(h, key); got != old+delta {
			t.Fatalf("%s: %d, want %d", tok, got, old+delta)
		}
		if err := h.Validate(); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	})
}

func signed(n int) string {
	if n >= 0 {
		return "+" + itoa(n)
	}
	return "-" + itoa(-n)
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// FuzzParseAssignment: any token either parses to a known measure with a
// value in range (absolute) or fails with an error; it never panics.
func FuzzParseAssignment(f *testing.F) {
	for _, s := range []string{"heroism=4", "backing=4", "public_relations=+1", "heroism=-1", "fame=3", "identity_public=true",
		"contacts_field=Media", "=", "heroism", "heroism=999999999999999999999", "Public Relations=2", "financial=10", "x=y=z", "heroism=+"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAssignment(s)
		if err != nil {
			return
		}
		m, ok := LookupMeasure(a.Key)
		if !ok {
			t.Fatalf("%q parsed to unknown key %q", s, a.Key)
		}
		switch m.Kind {
		case KindComponent, KindResource:
			if !a.Relative && (a.Int < m.Min || a.Int > m.Max) {
				t.Fatalf("%q: %d outside %d-%d", s, a.Int, m.Min, m.Max)
			}
		case KindDerived, KindCategory:
			t.Fatalf("%q: derived measure %s accepted", s, a.Key)
		}
		h := guardianHero()
		Recompute(h)
		if _, err := Set(h, []Assignment{a}); err == nil {
			if err := h.Validate(); err != nil {
				t.Fatalf("%q: %v", s, err)
			}
		}
	})
}
