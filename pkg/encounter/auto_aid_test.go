package encounter

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// TestAutoAid: the autopilot gives CPR (p. 38) to an ally whose five
// minutes at death's door end with this page, and to no one sooner.
func TestAutoAid(t *testing.T) {
	for _, c := range []struct {
		pages int
		aid   bool
	}{
		{rulebook.DeathsDoorPages - 1, true}, // its 139th page: dies at its end
		{rulebook.DeathsDoorPages - 2, false},
	} {
		psy := loadHero(t, "psyche.json")
		psy.Health.Current = 0
		combat.SetConditions(psy)
		psy.Condition.DeathsDoorPages = c.pages
		e := mustNew(t, Setup{Sides: []string{"heroes", "villains"}, Entries: []Entry{
			{Side: "heroes", Hero: loadHero(t, "guardian.json"), Source: "guardian.json"},
			{Side: "heroes", Hero: psy, Source: "psyche.json"},
			{Side: "villains", Hero: loadHero(t, "nefario.json"), Source: "nefario.json"}}})
		initiative(t, e, 9, 2)
		if _, err := e.Auto(gm(1), AutoOptions{Until: UntilTurn}, combat.Options{}); err != nil {
			t.Fatal(err)
		}
		p := e.Find("psyche")
		if p.Hero.Condition.Stabilised != c.aid {
			t.Errorf("%d pages at death's door: stabilised %v, want %v", c.pages, p.Hero.Condition.Stabilised, c.aid)
		}
		if c.aid && e.Find("guardian").Panels.Used != rulebook.DoublePanel {
			t.Errorf("the aid took %d panels, want a double-panel", e.Find("guardian").Panels.Used)
		}
	}
}
