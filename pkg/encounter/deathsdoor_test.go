package encounter

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Death's door in the bank fight (pp. 29, 38), worked by hand: Nefario
// (health 40) falls to exactly 0 with 137 pages already counted; the end
// of page 1 is his 138th page, alive; the end of page 2 his 139th, dead
// (five minutes at 2.16 s a page). CPR from The Guardian (a double-panel)
// stops the count.
func TestDeathsDoorClock(t *testing.T) {
	dying := func(e *Encounter) *Combatant {
		c := e.Find("nefario")
		c.Hero.Health.Current = 0
		combat.SetConditions(&c.Hero)
		c.Hero.Condition.DeathsDoorPages = 137
		return c
	}
	e := newBank(t)
	n := dying(e)
	initiative(t, e, 8, 3)
	passAll(t, e)
	must(t, e.EndPage(gm(5, 5, 5, 5, 5, 5)))
	if n.Hero.Condition.Dead || n.Hero.Condition.DeathsDoorPages != 138 {
		t.Fatalf("after page 1: %+v", n.Hero.Condition)
	}
	initiative(t, e, 8, 3)
	passAll(t, e)
	must(t, e.EndPage(gm(5, 5, 5, 5, 5, 5)))
	if !n.Hero.Condition.Dead || e.Log[len(e.Log)-2].Kind != "death" {
		t.Fatalf("after page 2: %+v, %s", n.Hero.Condition, e.Log[len(e.Log)-2].Kind)
	}

	// CPR on page 1: stabilised; the two ends of page count nothing.
	e = newBank(t)
	n = dying(e)
	initiative(t, e, 8, 3)
	mustFail(t, e.Do(Ctx{}, Aid{Actor: "guardian", Target: "police-officer-1"}), "no death's door")
	must(t, e.Do(Ctx{}, Aid{Actor: "guardian", Target: "nefario"}))
	if p := panelsOf(t, e, "guardian"); p.Used != rulebook.DoublePanel {
		t.Fatalf("guardian used %d panels, want a double-panel", p.Used)
	}
	passAll(t, e)
	must(t, e.EndPage(gm(5, 5, 5, 5, 5, 5)))
	if n.Hero.Condition.Dead || !n.Hero.Condition.Stabilised || n.Hero.Condition.DeathsDoorPages != 137 {
		t.Fatalf("after CPR: %+v", n.Hero.Condition)
	}
	// The record replays as the same action.
	if a, err := (ActionRecord{Actor: "guardian", Kind: ActAid, Target: "nefario"}).Typed(); err != nil || a != (Aid{Actor: "guardian", Target: "nefario"}) {
		t.Fatalf("typed %v, %v", a, err)
	}
}

// Regeneration while battered (p. 74): Nefario given Regeneration, at 3
// of 40 (battered at 4), has no panels but rests: at the end of the page
// two double-panels (his four panels): 3 + 6 + 2 = 11, back in the fight.
// With a maximum of 5 (battered at 1), 1 + 6 caps at 5 and no second d6
// is rolled. At 39 he is not battered and fights on: no rest, no dice.
func TestRestingRegenerator(t *testing.T) {
	for _, c := range []struct {
		health, max, battered int
		dice                  []int
		want                  int
	}{{3, 40, 4, []int{6, 2}, 11}, {1, 5, 1, []int{6}, 5}, {39, 40, 4, nil, 39}} {
		e := newBank(t)
		n := e.Find("nefario")
		n.Hero.Powers = append(n.Hero.Powers, hero.Power{Slug: rulebook.PowerSuperHealth, Name: "Super Health", Rank: 1,
			Flavours: []hero.Flavour{{Slug: "regeneration", Name: "Regeneration"}}})
		n.Hero.Health.Current, n.Hero.Health.Max, n.Hero.Health.Battered = c.health, c.max, c.battered
		combat.SetConditions(&n.Hero)
		initiative(t, e, 8, 3)
		passAll(t, e)
		// The regeneration d6s come before the stamina recovery dice
		// (everyone else is at full stamina).
		r := gm(c.dice...)
		must(t, e.EndPage(r))
		if err := r.Roller.(interface{ Finish() error }).Finish(); err != nil {
			t.Fatalf("health %d: %v", c.health, err)
		}
		if n.Hero.Health.Current != c.want {
			t.Fatalf("health %d: now %d, want %d", c.health, n.Hero.Health.Current, c.want)
		}
	}
}
