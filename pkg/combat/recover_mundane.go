package combat

import (
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// recoverMundane is a mundane character's recovery after a fight
// (civilians, combatants and animals, pp. 38, 49-50). The book keeps no
// health or stamina for them ("rather than keeping track of health and
// stamina totals", p. 38): one strike with a super power or two without
// knock them unconscious or kill them. What is left of recovery (p. 38):
//
//   - killed: "if you are dead then you do not recover at all" (refused by
//     the caller, as for anyone dead);
//   - an hour or more of rest is read as a hero's is (Recover): hundreds
//     of pages of stamina recovery bring back everything a knockout took,
//     so a mundane character knocked out comes round, and the strikes it
//     took (Mundane.Hits, its only damage) no longer count;
//   - minutes: the book's per-page recovery is stamina's, 1d6 a page (a
//     d20 ≤ endurance while unconscious), and a mundane character has no
//     stamina to count it on: nothing changes before the hour (as in a
//     fight, where it recovers nothing at the end of a page);
//   - first aid heals "1d6 points of health" and CPR saves from death's
//     door (health exactly 0): with no health track there is neither, and
//     both are refused.
//
// Nothing is rolled.
func recoverMundane(h *hero.Hero, in RecoverInput) (*RecoverResult, error) {
	switch {
	case in.FirstAid:
		return nil, reqErr("first-aid", "%s is a mundane character: no health track for first aid's 1d6 (p. 38); a knocked-out one comes round with an hour's rest (--hours)", h.Name)
	case in.CPR:
		return nil, reqErr("cpr", "%s is a mundane character: no health track, so no death's door to be saved from (p. 38)", h.Name)
	case in.HeroPoints != 0:
		return nil, reqErr("hero-points", "%s is a mundane character: no health dice to re-roll (p. 38)", h.Name)
	}
	res := &RecoverResult{Hero: h.Name, Input: in, Rolls: []HealthRoll{}, Before: stateOf(h)}
	st := &res.Steps
	c := &h.Condition
	if in.Minutes > 0 {
		st.Add("mundane", "p. 38", "%d minute(s): a mundane character has no health or stamina to recover page by page; a knockout lasts until an hour's rest", in.Minutes)
	} else {
		hits := 0
		if h.Mundane != nil {
			hits = h.Mundane.Hits
			h.Mundane.Hits = 0
		}
		if c.TakenOut || c.Unconscious {
			c.TakenOut, c.Unconscious, res.CameRound = false, false, true
			st.Add("mundane", "p. 38", "an hour's rest brings back all a knockout took (stamina a page, a d20 ≤ endurance a page while unconscious): it comes round")
		}
		if hits > 0 {
			st.Add("mundane", "pp. 38, 49", "the %d strike(s) it took no longer count: two strikes without a super power take it out again", hits)
		}
		if c.Prone && !c.Unconscious {
			c.Prone = false
			st.Add("prone", "p. 37", "no longer prone: getting up takes a panel, and the rest is an hour")
		}
		if len(res.Steps) == 0 {
			st.Add("mundane", "p. 38", "a mundane character keeps no health or stamina: nothing to recover")
		}
	}
	res.After = stateOf(h)
	res.Dice = []dice.Rolled{}
	return res, nil
}
