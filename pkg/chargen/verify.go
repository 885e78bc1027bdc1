package chargen

import (
	"errors"
	"fmt"
	"sync"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// errNeedsRoll stops Verify's Derive at the first die it would roll.
var errNeedsRoll = errors.New("needs a roll")

// noRolls is the roller of Verify: a hero with every rolled value in the
// file needs no dice.
type noRolls struct{}

func (noRolls) Roll(int, string) (int, error) { return 0, errNeedsRoll }

// figure is one derived figure Verify compares in a value of type S (a
// hero, its combat block, its abilities), by JSON path relative to S:
// same compares it in two values without reflection or boxing (a batch
// compares every figure of every hero), get shows it in a message.
type figure[S any] struct {
	path string
	same func(a, b *S) bool
	get  func(s *S) any
}

// fig makes the figure at path read by get.
func fig[S any, T comparable](path string, get func(s *S) T) figure[S] {
	return figure[S]{
		path: path,
		same: func(a, b *S) bool { return get(a) == get(b) },
		get:  func(s *S) any { return get(s) },
	}
}

// verifyFigures are the derived figures Verify compares, made on first
// use (not by a package initialiser at every start-up): the final
// abilities and combat figures of a hero and of each of its specific
// forms (p. 70), then the hero's health, stamina and recovery.
type verifyFigures struct {
	abilities []figure[hero.Abilities]
	combat    []figure[hero.Combat]
	rest      []figure[hero.Hero]
}

// figures lists them in the order hero derive computes them (pp. 12-16).
var figures = sync.OnceValue(func() verifyFigures {
	return verifyFigures{
		abilities: []figure[hero.Abilities]{
			fig("strength", func(a *hero.Abilities) int { return a.Strength }),
			fig("agility", func(a *hero.Abilities) int { return a.Agility }),
			fig("will", func(a *hero.Abilities) int { return a.Will }),
			fig("endurance", func(a *hero.Abilities) int { return a.Endurance }),
		},
		combat: []figure[hero.Combat]{
			fig("armour_class", func(c *hero.Combat) string { return c.ArmourClass.String() }),
			fig("strike_bonus", func(c *hero.Combat) int { return c.StrikeBonus }),
			fig("dodge_bonus", func(c *hero.Combat) int { return c.DodgeBonus }),
			fig("can_dodge", func(c *hero.Combat) bool { return c.CanDodge }),
			fig("damage_bonus", func(c *hero.Combat) int { return c.DamageBonus }),
			fig("knockback_threshold", func(c *hero.Combat) int { return c.KnockbackThreshold }),
			fig("panels_per_page", func(c *hero.Combat) int { return c.PanelsPerPage }),
			fig("movement", func(c *hero.Combat) int { return c.Movement }),
			fig("dividers.health", func(c *hero.Combat) int { return c.Dividers.Health }),
			fig("dividers.stamina", func(c *hero.Combat) int { return c.Dividers.Stamina }),
		},
		rest: []figure[hero.Hero]{
			fig("health.max", func(h *hero.Hero) int { return h.Health.Max }),
			fig("health.battered", func(h *hero.Hero) int { return h.Health.Battered }),
			fig("stamina.max", func(h *hero.Hero) int { return h.Stamina.Max }),
			fig("stamina.dazed", func(h *hero.Hero) int { return h.Stamina.Dazed }),
			fig("stamina.stunned", func(h *hero.Hero) int { return h.Stamina.Stunned }),
			fig("recovery.bonus", func(h *hero.Hero) int { return h.Recovery.Bonus }),
			fig("recovery.health", func(h *hero.Hero) string { return h.Recovery.Health }),
			fig("recovery.stamina", func(h *hero.Hero) string { return h.Recovery.Stamina }),
		},
	}
})

// Verifiable reports whether Verify checks a hero of this kind: the
// characters built by the character-creation steps (heroes, villains,
// sidekicks), derived by hero derive. A mundane character's figures come
// from its own tables and are checked apart (verifyMundane).
func Verifiable(h *hero.Hero) bool {
	switch h.Kind {
	case hero.KindHero, hero.KindVillain, hero.KindSidekick:
		return true
	}
	return false
}

// Verify cross-checks a valid hero's derived figures against hero
// derive's own computation (Derive on a copy, rolling nothing) and
// returns the first disagreement as a *hero.FieldError naming the field
// and both values, or nil. Embedded sidekicks are verified too. Heroes
// Verifiable refuses are not checked, nor is a hero whose file lacks a
// rolled value (hand-written, such as the book's sample villain without
// his health dice, or a hero given by its final abilities alone, with no
// base scores read off the grid): hero derive would roll it, so there is
// nothing fixed to compare against.
func Verify(h *hero.Hero, opt Options) error {
	return NewVerifier(opt).Verify(h)
}

// Verifier cross-checks the heroes of a batch (hero check on a stream)
// like Verify. It owns a Generator, so the parsed dice expressions and
// power labels that hero derive works from are made once for the whole
// batch rather than once per hero. It is not safe for concurrent use.
type Verifier struct {
	g   Generator
	opt Options
}

// NewVerifier returns a Verifier for a batch derived with opt's rules
// (its dodge-bonus rule; explanation and equipment filling are off).
func NewVerifier(opt Options) *Verifier {
	opt.Quiet = true
	opt.FillEquipment = false
	opt.Choose = nil
	return &Verifier{opt: opt}
}

// Verify cross-checks one hero, like the function Verify.
func (v *Verifier) Verify(h *hero.Hero) error {
	return v.verify(h, "$")
}

// derive is Derive with the Verifier's Generator (its caches).
func (v *Verifier) derive(h *hero.Hero) error {
	b, done := v.g.builder(builder{h: h, r: noRolls{}, quiet: v.opt.Quiet, figuresOnly: true})
	defer done()
	return b.derive(v.opt)
}

func (v *Verifier) verify(h *hero.Hero, prefix string) error {
	if h.Kind == hero.KindMundane {
		if err := verifyMundane(h, prefix); err != nil {
			return err
		}
	}
	if Verifiable(h) && h.Abilities.Base != (hero.Abilities{}) {
		c := h.CloneWithoutLog()
		err := v.derive(c)
		switch {
		case errors.Is(err, errNeedsRoll):
			// Not checkable: see above.
		case err != nil:
			return &hero.FieldError{Path: prefix, Msg: "hero derive refuses it: " + err.Error()}
		default:
			if err := compare(h, c, prefix); err != nil {
				return err
			}
		}
	}
	for i := range h.Powers {
		if sk := h.Powers[i].Sidekick; sk != nil {
			if err := v.verify(sk, fmt.Sprintf("%s.powers[%d].sidekick", prefix, i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// verifyMundane cross-checks what the book fixes of a mundane character
// (a civilian, combatant or animal, pp. 49-50), rolled or hand-written,
// base scores or none: the combat figures its final abilities and armour
// class give (abilityFigures: damage and strike bonuses, dodging,
// dividers). Its health and stamina are not tracked (p. 38); its scores,
// weapon, armour class and movement are the GM's or the dice's, and so
// are its panels (two, but "may get three", p. 29).
func verifyMundane(h *hero.Hero, prefix string) error {
	want := h.Combat
	abilityFigures(&want, h.Abilities.Final)
	for _, f := range figures().combat {
		if !f.same(&h.Combat, &want) {
			return &hero.FieldError{Path: prefix + ".combat." + f.path, Msg: fmt.Sprintf("%v but a mundane character of these final abilities and armour class has %v (pp. 8, 31-32)", show(f.get(&h.Combat)), show(f.get(&want)))}
		}
	}
	return nil
}

// compare returns the first figure of h that differs from derived's:
// the hero's abilities and combat figures, those of each specific form
// (hero derive works each out from the form's own powers, p. 70), then
// health, stamina and recovery.
func compare(h, derived *hero.Hero, prefix string) error {
	f := figures()
	if err := differ(f.abilities, &h.Abilities.Final, &derived.Abilities.Final, prefix+".abilities.final."); err != nil {
		return err
	}
	if err := differ(f.combat, &h.Combat, &derived.Combat, prefix+".combat."); err != nil {
		return err
	}
	if len(h.Forms) != len(derived.Forms) {
		return &hero.FieldError{Path: prefix + ".forms", Msg: fmt.Sprintf("%d forms but hero derive makes %d", len(h.Forms), len(derived.Forms))}
	}
	for i := range h.Forms {
		at := fmt.Sprintf("%s.forms[%d].", prefix, i)
		if err := differ(f.abilities, &h.Forms[i].Abilities, &derived.Forms[i].Abilities, at+"abilities."); err != nil {
			return err
		}
		if err := differ(f.combat, &h.Forms[i].Combat, &derived.Forms[i].Combat, at+"combat."); err != nil {
			return err
		}
	}
	return differ(f.rest, h, derived, prefix+".")
}

// differ returns the first of figs that differs between a and b, named
// at path+its own path.
func differ[S any](figs []figure[S], a, b *S, path string) error {
	for _, f := range figs {
		if !f.same(a, b) {
			return &hero.FieldError{Path: path + f.path, Msg: fmt.Sprintf("%v but hero derive computes %v", show(f.get(a)), show(f.get(b)))}
		}
	}
	return nil
}

func show(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprint(v)
}
