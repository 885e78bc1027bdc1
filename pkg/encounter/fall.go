package encounter

import (
	"errors"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// Fall applies a fall to a combatant (p. 43) with pkg/combat's ruling,
// the same as `spandex fall` on a hero file: its dividers doubled, the
// damage on its tracks, its condition. A fall is not an action: it
// costs no panels and can happen to anyone at any time (thrown off a
// roof, a floor giving way). A combatant stunned or knocked out by it has
// its panels cut at once. The hero's log gets a "fall" event and the
// encounter's log a "fall" event with the ruling.
//
// Dice: the health d6s, then the stamina d6s.
func (e *Encounter) Fall(ctx Ctx, id string, in combat.FallInput) (*combat.FallApplied, error) {
	c := e.Find(id)
	if c == nil {
		return nil, e.unknown(id)
	}
	// Falling still hurts the unconscious; the dead and the gone are past it.
	if st := c.OutState(); st == "dead" || st == "gone" {
		return nil, refusal.Errorf("%s is %s", id, st)
	}
	h := c.Hero
	fa, err := combat.FallOn(&h, in, ctx.Roller)
	var re *combat.RequestError
	if errors.As(err, &re) && re.Field == "hero" {
		return nil, refusal.New(re.Msg)
	}
	if err != nil {
		return nil, err
	}
	seed := ctx.Seed
	if len(fa.Dice) == 0 {
		seed = nil
	}
	if err := h.AppendEvent("fall", fa.Summary(), seed, fa); err != nil {
		return nil, err
	}
	c.Hero = h
	ev := Event{Kind: KindFall, Actor: id, Summary: fa.Summary(), Seed: seed, Dice: fa.Dice, Steps: fa.Steps, Details: mustJSON(fa)}
	e.appendEvent(ev)
	e.refreshAll()
	return fa, nil
}
