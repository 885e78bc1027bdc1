package combat

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// mk builds a minimal costumed character for tests (not a full hero file).
func mk(name string, ac rulebook.ArmourClass) *hero.Hero {
	return &hero.Hero{
		Schema: hero.SchemaVersion, Name: name, Kind: hero.KindHero,
		Abilities: hero.AbilitySet{Final: hero.Abilities{Strength: 12, Agility: 12, Will: 10, Endurance: 10}},
		Combat:    hero.Combat{ArmourClass: ac, KnockbackThreshold: 20, PanelsPerPage: 4},
		Health:    hero.Health{Max: 40, Current: 40, Battered: 4},
		Stamina:   hero.Stamina{Max: 40, Current: 40, Dazed: 8, Stunned: 4},
	}
}

// withAttack adds an attack and returns the hero.
func withAttack(h *hero.Hero, a hero.Attack) *hero.Hero {
	if a.Panels == 0 {
		a.Panels = 1
	}
	h.Combat.Attacks = append(h.Combat.Attacks, a)
	return h
}

// flat is an attack doing fixed damage (no damage dice).
func flat(slug string, sc rulebook.StrikeClass, health, stamina string) hero.Attack {
	return hero.Attack{Slug: slug, Name: slug, StrikeClass: sc, DamageType: "unarmed", Health: health, Stamina: stamina, Panels: 1}
}

func power(slug string, rank int, flavours ...string) hero.Power {
	p := hero.Power{Slug: rulebook.PowerID(slug), Name: slug, Rank: rank}
	for _, f := range flavours {
		p.Flavours = append(p.Flavours, hero.Flavour{Slug: f})
	}
	return p
}

// resolve runs Resolve with scripted dice and checks every die was used.
func resolve(t *testing.T, att, def *hero.Hero, req Request, opt Options, vals ...int) *Result {
	t.Helper()
	r := dice.NewScripted(vals)
	res, err := Resolve(att, def, req, r, opt)
	if err != nil {
		t.Fatalf("Resolve: %v", err)
	}
	if err := r.Finish(); err != nil {
		t.Fatalf("dice %v: %v", vals, err)
	}
	return res
}

func resolveErr(t *testing.T, att, def *hero.Hero, req Request, vals ...int) error {
	t.Helper()
	_, err := Resolve(att, def, req, dice.NewScripted(vals), Options{})
	if err == nil {
		t.Fatalf("Resolve %+v: no error", req)
	}
	return err
}

var scs = []rulebook.StrikeClass{0, 1, 2, 3, 4, 5}

// attackOfType is an attack counting as a Parrying Table row, doing 5 H
// and 10 S with no dice.
func attackOfType(row string) hero.Attack {
	return hero.Attack{Slug: "x", Name: "x", StrikeClass: 2, DamageType: "unarmed", ParryAs: row, Health: "5", Stamina: "10", Panels: 1}
}

// psionicBlaster is "Psi": will 14, Psychic Ability rank 1 with its
// psionic blast (p. 43), the attacker of the will-contest tests.
func psionicBlaster() *hero.Hero {
	att := mk("Psi", rulebook.ACF)
	att.Abilities.Final.Will = 14
	att.Powers = []hero.Power{power("psychic-ability", 1, "psionic-blast")}
	att = withAttack(att, hero.Attack{Slug: "psionic-blast", Name: "Psionic blast", StrikeClass: 2, DamageType: "psionic-blast",
		Health: "1d6", Stamina: "1d6", Ranged: true, Range: 20, Panels: 2, IgnoresDividers: true, Mental: true})
	return att
}
