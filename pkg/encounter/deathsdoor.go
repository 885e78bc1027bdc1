package encounter

// Death's door and resting in a fight (pp. 29, 38, 63, 74): the clock
// that kills the dying after five minutes, the aid that saves them, and
// Regeneration for those with no panels to spend on it.

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// ActAid is CPR or similar emergency aid given to a combatant at death's
// door (p. 38).
const ActAid = "aid"

// Aid is CPR or similar emergency aid given by Actor to Target, a
// combatant at death's door (p. 38): a double-panel (the book gives no
// panels; a big action takes two, p. 29). The target is stabilised: it
// no longer dies, and stays at health 0.
type Aid struct{ Actor, Target, Note string }

func (a Aid) record() ActionRecord {
	return ActionRecord{Actor: a.Actor, Kind: ActAid, Target: a.Target, Note: a.Note}
}

// Aid performs an Aid action on the actor's turn (p. 38).
func (e *Encounter) Aid(ctx Ctx, a Aid) error {
	c, err := e.turnOf(a.Actor)
	if err != nil {
		return err
	}
	t := e.Find(a.Target)
	switch {
	case a.Target == "":
		return refusal.Errorf("aid: name the combatant at death's door")
	case t == nil:
		return e.unknown(a.Target)
	case t.ID == c.ID:
		return refusal.Errorf("%s cannot give itself CPR", c.ID)
	}
	if err := e.canSpend(c, rulebook.DoublePanel); err != nil {
		return err
	}
	var steps ruling.Steps
	steps.Add("panels", "pp. 29, 38", "a double-panel: CPR or similar emergency aid")
	if err := combat.Stabilise(&t.Hero, &steps); err != nil {
		if re, ok := err.(*combat.RequestError); ok {
			return refusal.Errorf("aid: %s", re.Msg)
		}
		return err
	}
	if err := e.spend(c, rulebook.DoublePanel); err != nil {
		return err
	}
	ev := Event{Kind: KindAction, Actor: c.ID, Target: t.ID, Panels: rulebook.DoublePanel,
		Summary: fmt.Sprintf("%s gives %s CPR after %d page(s) at death's door: stabilised, it no longer dies (p. 38)", c.ID, t.ID, t.Hero.Condition.DeathsDoorPages),
		Steps:   steps, Details: mustJSON(a.record())}
	if a.Note != "" {
		ev.Summary += ": " + a.Note
	}
	e.appendEvent(ev)
	e.endAction(c)
	return nil
}

// restAndDie is the end of page's clocks for bodies (pp. 38, 63, 74), in
// file order: a combatant out of the fight but alive (battered, unconscious,
// at death's door or knocked out) who has Regeneration, or Bestow Gift's
// regeneration, rests through the page it cannot act in: 1d6 health for
// each double-panel of its panels a page (two for a hero's four) while
// below its maximum; then a combatant still dying at death's door counts
// the page, and dies at the end of its 139th (five minutes, p. 38).
//
// Dice: each resting regenerator's d6s, in file order.
func (e *Encounter) restAndDie(ctx Ctx) error {
	for i := range e.Combatants {
		c := &e.Combatants[i]
		h := &c.Hero
		if !c.Out() || c.Gone != "" || h.Condition.Dead || h.Condition.TakenOut || h.IsMundane() {
			continue
		}
		if !combat.Regenerates(h) && !hasGift(c, combat.GiftRegeneration) {
			continue
		}
		doubles := max(h.Combat.PanelsPerPage, rulebook.DoublePanel) / rulebook.DoublePanel
		rec := e.recorder(ctx.Roller)
		var steps ruling.Steps
		before, rolled, why := h.Health.Current, 0, c.Why()
		for n := 0; n < doubles && h.Health.Current < h.Health.Max; n++ {
			if _, err := regenerate(rec, c, &steps); err != nil {
				return err
			}
			rolled++
		}
		if rolled == 0 {
			continue
		}
		e.record(func() Event {
			var seed *uint64
			if len(rec.Rolls()) > 0 {
				seed = ctx.Seed
			}
			steps = append(ruling.Steps{{Rule: "regeneration", Page: "p. 74",
				Text: fmt.Sprintf("out of the fight (%s) but resting: resting takes no panels, so each double-panel of its %d a page is a rest", why, h.Combat.PanelsPerPage)}}, steps...)
			return Event{Kind: KindRegeneration, Actor: c.ID, Seed: seed, Dice: rec.Rolls(), Steps: steps,
				Summary: fmt.Sprintf("%s rests and regenerates %d health (%d → %d of %d, p. 74)", c.ID, h.Health.Current-before, before, h.Health.Current, h.Health.Max)}
		})
	}
	for i := range e.Combatants {
		c := &e.Combatants[i]
		if c.Gone != "" {
			continue
		}
		var steps ruling.Steps
		counted, died := combat.PassDeathsDoor(&c.Hero, 1, &steps)
		if !counted {
			continue
		}
		e.record(func() Event {
			if died {
				return Event{Kind: KindDeath, Actor: c.ID, Steps: steps,
					Summary: fmt.Sprintf("%s dies at death's door: five minutes (%d pages) without CPR or similar emergency aid (p. 38)", c.ID, rulebook.DeathsDoorPages)}
			}
			return Event{Kind: KindDeathsDoor, Actor: c.ID, Steps: steps,
				Summary: fmt.Sprintf("%s is dying at death's door: %d of %d pages without aid (p. 38)", c.ID, c.Hero.Condition.DeathsDoorPages, rulebook.DeathsDoorPages)}
		})
	}
	return nil
}
