package combat

// Bestow Gift (Magic, pp. 62-63): its gifts put on and taken off a hero,
// and the regeneration gift's rest.

import (
	"fmt"
	"slices"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// The gifts of Bestow Gift (p. 63).
const (
	GiftInvisibility = "invisibility"
	GiftSpeed        = "speed"
	GiftStrength     = "strength"
	GiftCombat       = "combat-prowess"
	GiftFlight       = "flight"
	GiftRegeneration = "regeneration"
	giftSource       = "gift"
	giftAbility      = "bestow gift (strength)"
)

// Gift is one gift: the power (and rank) it gives, or the strength dice.
type Gift struct {
	Slug    string           `json:"slug"`
	Power   rulebook.PowerID `json:"power"`
	Rank    int              `json:"rank"`
	Flavour string           `json:"flavour"`
	Text    string           `json:"text"`
}

var gifts = []Gift{
	{GiftInvisibility, rulebook.PowerInvisibility, 1, "", "the Invisibility power"},
	{GiftSpeed, rulebook.PowerSuperSpeed, 1, "", "Super Speed rank 1 (twice the movement, +3 dodge)"},
	{GiftStrength, "", 0, "", "+1d6+6 strength"},
	{GiftCombat, rulebook.PowerMartialArts, 2, "oriental", "Oriental Martial Arts rank 2"},
	{GiftFlight, rulebook.PowerFlight, 1, "", "Flight rank 1"},
	{GiftRegeneration, "", 0, "", "1d6 health per double-panel of rest"},
}

// GiftSlugs lists the gifts for help texts and errors.
func GiftSlugs() string { return naming.List(gifts, giftSlug) }

// FindGift looks a gift up by slug.
func FindGift(slug string) (Gift, bool) { return naming.Find(gifts, slug, giftSlug) }

func giftSlug(g *Gift) string { return g.Slug }

// GiftChange is what a gift did to a hero: the power added (none when it
// already had it at that rank or better), the strength added, the
// movement added.
type GiftChange struct {
	Gift       string `json:"gift"`
	PowerAdded bool   `json:"power_added"`
	Strength   int    `json:"strength"`
	Movement   int    `json:"movement"`
	// Steps go in the log event, not in the effect.
	Steps ruling.Steps `json:"-"`
}

// Bestow puts a gift on h (p. 63): a power it gains (kept with source
// "gift"), +1d6+6 strength (the damage bonus, dividers and thresholds
// follow), Super Speed's doubled movement; regeneration is a rest the
// fight allows (RegenerateRest).
//
// Dice: the strength gift's 1d6.
func Bestow(h *hero.Hero, slug string, r dice.Roller) (GiftChange, error) {
	g, ok := FindGift(slug)
	if !ok {
		return GiftChange{}, reqErr("gift", "unknown gift %q (%s, p. 63)", slug, GiftSlugs())
	}
	ch := GiftChange{Gift: g.Slug}
	switch {
	case g.Slug == GiftStrength:
		v, err := r.Roll(6, "bestowed strength")
		if err != nil {
			return ch, err
		}
		if v < 1 || v > 6 {
			return ch, errRoller(6, v, "bestowed strength")
		}
		ch.Strength = v + 6
		h.Abilities.Final.Strength += ch.Strength
		h.Abilities.Modifiers = append(h.Abilities.Modifiers, hero.AbilityModifier{Ability: "strength", Amount: ch.Strength, Source: giftAbility, Dice: "1d6+6"})
		ch.Steps.Add("gift", "p. 63", "strength 1d6+6: %d+6 = +%d, now %d", v, ch.Strength, h.Abilities.Final.Strength)
		ch.Steps = append(ch.Steps, resize(h)...)
	case g.Power != "":
		if h.PowerRank(g.Power) >= g.Rank {
			ch.Steps.Add("gift", "p. 63", "%s: already held at rank %d, nothing added", g.Text, h.PowerRank(g.Power))
			break
		}
		if old := h.FindPower(g.Power); old != nil {
			return ch, reqErr("gift", "%s already has %s at rank %d: the gift's rank %d would replace it", h.Name, g.Power, old.Rank, g.Rank)
		}
		p := hero.Power{Slug: rulebook.PowerID(string(g.Power)), Name: g.Text, Rank: g.Rank, Source: giftSource, Notes: "Bestow Gift (p. 63)"}
		if g.Flavour != "" {
			p.Flavours = []hero.Flavour{{Slug: g.Flavour, Name: "Oriental", Table: "martial-arts", Rank: g.Rank}}
		}
		h.Powers = append(h.Powers, p)
		ch.PowerAdded = true
		ch.Steps.Add("gift", "p. 63", "gains %s while the spell lasts", g.Text)
		if g.Slug == GiftSpeed {
			ch.Movement = h.Combat.Movement
			h.Combat.Movement += ch.Movement
			ch.Steps.Add("gift", "p. 75", "Super Speed rank 1: movement ×2, %d m a panel", h.Combat.Movement)
		}
	default:
		ch.Steps.Add("gift", "p. 63", "regenerates 1d6 health per double-panel of rest")
	}
	return ch, nil
}

// Unbestow takes a gift off h when the spell ends: the strength and
// movement it added, the power it added.
func Unbestow(h *hero.Hero, ch GiftChange) ruling.Steps {
	var steps ruling.Steps
	if ch.Strength != 0 {
		h.Abilities.Final.Strength -= ch.Strength
		if i := slices.IndexFunc(h.Abilities.Modifiers, func(m hero.AbilityModifier) bool { return m.Source == giftAbility }); i >= 0 {
			h.Abilities.Modifiers = slices.Delete(h.Abilities.Modifiers, i, i+1)
		}
		steps.Add("gift", "p. 63", "the strength gift ends: strength %d", h.Abilities.Final.Strength)
		steps = append(steps, resize(h)...)
	}
	if ch.Movement != 0 {
		h.Combat.Movement -= ch.Movement
	}
	if ch.PowerAdded {
		g, _ := FindGift(ch.Gift)
		h.Powers = slices.DeleteFunc(h.Powers, func(p hero.Power) bool { return p.ID() == g.Power && p.Source == giftSource })
		steps.Add("gift", "p. 63", "the %s gift ends: %s is gone", ch.Gift, g.Text)
	}
	return steps
}

// RegenerateRest is Regeneration's double-panel of rest, from Super
// Health (p. 73) or Bestow Gift's regeneration gift (p. 63).
//
// Dice: one d6.
func RegenerateRest(h *hero.Hero, gifted bool, r dice.Roller) (int, int, ruling.Steps, error) {
	if !gifted {
		return Regenerate(h, r)
	}
	return regenerate(h, r, "p. 63")
}

// GiftText names a gift for summaries.
func GiftText(slug string) string {
	g, _ := FindGift(slug)
	return fmt.Sprintf("%s (%s)", g.Slug, g.Text)
}
