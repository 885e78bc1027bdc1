package encounter

// Invisibility (p. 61): the state and its -4 are pkg/combat's
// (ApplyStates); here is what the fight knows of where an invisible
// combatant is. "Opponents trying to attack you get a -4 penalty to their
// to-hit rolls if they can't see you; and even then they must at least
// have a good idea where you are because someone who can see you has told
// them or because they've seen an attack launched by you." The fight's
// log shows the attacks: an invisible combatant that has attacked since it
// turned invisible is located by everyone; otherwise the attacker needs
// `--located` (told by someone who sees it, as the GM rules), a super
// sense that sees it, or Enhanced Hearing (combat.CheckLocated), and the
// autopilot does not try.

import (
	"encoding/json"
	"slices"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// invisibilityRule is Invisibility's row of powerRules: a use switches
// the invisible state (combat.States), a panel each way.
var invisibilityRule = powerRule{SwitchedOff: "becomes visible again"}

// unlocated reports whether att has no idea where the invisible def is
// as far as the fight's log goes: def is invisible and has launched no
// attack since it turned invisible (p. 61).
func (e *Encounter) unlocated(def *Combatant) bool {
	if !slices.Contains(stateNames(def), combat.StateInvisible) {
		return false
	}
	for i := len(e.Log) - 1; i >= 0; i-- {
		ev := &e.Log[i]
		if ev.Actor != def.ID {
			continue
		}
		switch ev.Kind {
		case KindAttack:
			return false // an attack launched by it was seen
		case KindAction:
			var a ActionRecord
			if json.Unmarshal(ev.Details, &a) == nil && a.Kind == ActPower && a.Power == rulebook.PowerInvisibility {
				return true // it turned invisible after its last attack
			}
		}
	}
	return true // invisible from the start of the fight, no attack since
}

// locates reports whether c may attack o as far as knowing where it is
// goes (p. 61): the autopilot's test, with no --located.
func (e *Encounter) locates(c, o *Combatant) bool {
	if !e.unlocated(o) {
		return true
	}
	sit := combat.Situation{Invisible: true, Unlocated: true}
	return combat.CheckLocated(&c.Hero, &o.Hero, sit) == nil
}
