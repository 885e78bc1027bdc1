package combat

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Death's door (p. 38): "If your health has been reduced to exactly zero,
// you are at death's door. You are unconscious and will die in five
// minutes or less unless given CPR or similar emergency aid."
//
// spandex reads the five minutes as the most, 139 pages of 2.16 seconds
// (rulebook.DeathsDoorPages), counting the page the character fell as the
// first. CPR or similar emergency aid (anyone's, a double-panel in a
// fight) stabilises: the clock stops and the character stays at health 0,
// unconscious and battered, healing as the battered do (in hospital, or
// first aid's 1d6). First aid from a trained professional (p. 38) is such
// aid and heals its 1d6 as well. Anything that lifts health above 0
// (Regeneration's rest, p. 74) ends death's door and its clock.

// AtDeathsDoor reports whether h is dying at death's door: alive, a
// living (not mundane, not robot) character at health exactly 0 and not
// stabilised.
func AtDeathsDoor(h *hero.Hero) bool {
	c := h.Condition
	return c.DeathsDoor && !c.Dead && !c.Stabilised && h.Health.Current == 0 &&
		!h.IsMundane() && h.Kind != hero.KindRobot
}

// PassDeathsDoor lets pages pass for h at death's door without aid (p.
// 38): they are added to its count, and at rulebook.DeathsDoorPages it
// dies. It does nothing (false, false) unless AtDeathsDoor(h); counted
// says the clock ran.
func PassDeathsDoor(h *hero.Hero, pages int, st *ruling.Steps) (counted, died bool) {
	if !AtDeathsDoor(h) || pages <= 0 {
		return false, false
	}
	c := &h.Condition
	c.DeathsDoorPages += pages
	if c.DeathsDoorPages < rulebook.DeathsDoorPages {
		if st != nil {
			st.Add("death's door", "p. 38", "%d of %d pages (five minutes at 2.16 s a page) at death's door without aid: %d left",
				c.DeathsDoorPages, rulebook.DeathsDoorPages, rulebook.DeathsDoorPages-c.DeathsDoorPages)
		}
		return true, false
	}
	c.Dead, c.Unconscious = true, true
	c.DeathsDoorPages, c.Stabilised = 0, false
	if st != nil {
		st.Add("death's door", "p. 38", "five minutes (%d pages) at death's door without CPR or similar emergency aid: dead", rulebook.DeathsDoorPages)
	}
	return true, true
}

// Stabilise gives h CPR or similar emergency aid at death's door (p. 38):
// the five-minute clock stops; health stays at 0. It refuses a character
// that is not dying at death's door.
func Stabilise(h *hero.Hero, st *ruling.Steps) error {
	c := h.Condition
	switch {
	case c.Dead:
		return reqErr("cpr", "%s is dead: no aid brings the dead back (p. 38)", h.Name)
	case h.IsMundane() || h.Kind == hero.KindRobot:
		return reqErr("cpr", "%s has no death's door to be saved from: mundane characters and robots (pp. 38, 49)", h.Name)
	case !c.DeathsDoor || h.Health.Current != 0:
		return reqErr("cpr", "%s is not at death's door (health exactly 0, p. 38): CPR saves only the dying", h.Name)
	case c.Stabilised:
		return reqErr("cpr", "%s is already stabilised: death's door no longer counts down (p. 38)", h.Name)
	}
	h.Condition.Stabilised = true
	if st != nil {
		st.Add("death's door", "p. 38", "CPR or similar emergency aid after %d page(s): stabilised, no longer dying; still at health 0, unconscious and battered", c.DeathsDoorPages)
	}
	return nil
}
