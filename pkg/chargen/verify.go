package chargen

import (
	"errors"
	"fmt"

	"github.com/codename-spandex/spandex/internal/lazy"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// errNeedsRoll stops Verify's Derive at the first die it would roll.
var errNeedsRoll = errors.New("needs a roll")

// noRolls is the roller of Verify: a hero with every rolled value in the
// file needs no dice.
type noRolls struct{}

func (noRolls) Roll(int, string) (int, error) { return 0, errNeedsRoll }

// figure is one derived figure Verify compares, by JSON path: same
// compares it in two heroes without reflection or boxing (a batch
// compares every figure of every hero), get shows it in a message.
type figure struct {
	path string
	same func(a, b *hero.Hero) bool
	get  func(h *hero.Hero) any
}

// fig makes the figure at path read by get.
func fig[T comparable](path string, get func(h *hero.Hero) T) figure {
	return figure{
		path: path,
		same: func(a, b *hero.Hero) bool { return get(a) == get(b) },
		get:  func(h *hero.Hero) any { return get(h) },
	}
}

// figures are the derived figures of a hero file, in the order Verify
// compares them (the order hero derive computes them, pp. 12-16), made
// on first use (not by a package initialiser at every start-up).
var figures = lazy.Value[[]figure]{Make: func() []figure {
	return []figure{
		fig("$.abilities.final.strength", func(h *hero.Hero) int { return h.Abilities.Final.Strength }),
		fig("$.abilities.final.agility", func(h *hero.Hero) int { return h.Abilities.Final.Agility }),
		fig("$.abilities.final.will", func(h *hero.Hero) int { return h.Abilities.Final.Will }),
		fig("$.abilities.final.endurance", func(h *hero.Hero) int { return h.Abilities.Final.Endurance }),
		fig("$.combat.armour_class", func(h *hero.Hero) string { return h.Combat.ArmourClass.String() }),
		fig("$.combat.strike_bonus", func(h *hero.Hero) int { return h.Combat.StrikeBonus }),
		fig("$.combat.dodge_bonus", func(h *hero.Hero) int { return h.Combat.DodgeBonus }),
		fig("$.combat.can_dodge", func(h *hero.Hero) bool { return h.Combat.CanDodge }),
		fig("$.combat.damage_bonus", func(h *hero.Hero) int { return h.Combat.DamageBonus }),
		fig("$.combat.knockback_threshold", func(h *hero.Hero) int { return h.Combat.KnockbackThreshold }),
		fig("$.combat.panels_per_page", func(h *hero.Hero) int { return h.Combat.PanelsPerPage }),
		fig("$.combat.movement", func(h *hero.Hero) int { return h.Combat.Movement }),
		fig("$.combat.dividers.health", func(h *hero.Hero) int { return h.Combat.Dividers.Health }),
		fig("$.combat.dividers.stamina", func(h *hero.Hero) int { return h.Combat.Dividers.Stamina }),
		fig("$.health.max", func(h *hero.Hero) int { return h.Health.Max }),
		fig("$.health.battered", func(h *hero.Hero) int { return h.Health.Battered }),
		fig("$.stamina.max", func(h *hero.Hero) int { return h.Stamina.Max }),
		fig("$.stamina.dazed", func(h *hero.Hero) int { return h.Stamina.Dazed }),
		fig("$.stamina.stunned", func(h *hero.Hero) int { return h.Stamina.Stunned }),
		fig("$.recovery.bonus", func(h *hero.Hero) int { return h.Recovery.Bonus }),
		fig("$.recovery.health", func(h *hero.Hero) string { return h.Recovery.Health }),
		fig("$.recovery.stamina", func(h *hero.Hero) string { return h.Recovery.Stamina }),
	}
}}

// Verifiable reports whether Verify checks a hero of this kind: the
// characters built by the character-creation steps (heroes, villains,
// sidekicks). Supporting-cast NPCs have figures from their own tables.
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
// his health dice): hero derive would roll it, so there is nothing
// fixed to compare against.
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
	b, done := v.g.builder(builder{h: h, r: noRolls{}, quiet: v.opt.Quiet})
	defer done()
	return b.derive(v.opt)
}

func (v *Verifier) verify(h *hero.Hero, prefix string) error {
	if Verifiable(h) {
		c := h.Clone()
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

// compare returns the first figure of h that differs from derived's.
func compare(h, derived *hero.Hero, prefix string) error {
	for _, f := range figures.Get() {
		if !f.same(h, derived) {
			got, want := f.get(h), f.get(derived)
			return &hero.FieldError{Path: prefix + f.path[1:], Msg: fmt.Sprintf("%v but hero derive computes %v", show(got), show(want))}
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
