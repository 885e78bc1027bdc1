package encounter

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
)

// A fall in the bank fight (p. 43): The Guardian (H/6 S/6, so H/12 S/12
// falling; health 35, stamina 36) falls 30 m: 6d6 each, all 6s, 36 at /12
// = 3 H and 3 S. No panels are spent; both logs get the event.
func TestFallOnCombatant(t *testing.T) {
	e := newBank(t)
	before := len(e.Log)
	fa, err := e.Fall(gm(6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6), "guardian", combat.FallInput{Metres: 30})
	must(t, err)
	g := e.Find("guardian")
	if g.Hero.Health.Current != 32 || g.Hero.Stamina.Current != 33 || fa.Taken.Health != 3 || fa.Taken.Stamina != 3 {
		t.Fatalf("H %d S %d, taken %+v", g.Hero.Health.Current, g.Hero.Stamina.Current, fa.Taken)
	}
	if len(e.Log) != before+1 || e.Log[len(e.Log)-1].Kind != "fall" || g.Panels.Used != 0 {
		t.Fatalf("log %+v, panels %+v", e.Log[len(e.Log)-1], g.Panels)
	}
	if n := len(g.Hero.Log); n == 0 || g.Hero.Log[n-1].Kind != "fall" {
		t.Fatal("no fall event in the hero's log")
	}
	// A goon is mundane: the GM rules it; nothing changes.
	_, err = e.Fall(gm(), "goon-1", combat.FallInput{Metres: 30})
	mustFail(t, err, "mundane")
	mustFail(t, func() error { _, err := e.Fall(gm(), "nobody", combat.FallInput{Metres: 5}); return err }(), "nobody")
}
