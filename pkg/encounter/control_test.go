package encounter

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
)

// TestAutopilotFollowsControl: a controlled combatant "acts as you
// direct" (p. 68): it fights for its controller's side and is not the
// autopilot's target for that side (the old autopilot had the goons
// attack the Guardian their boss controlled, and the Guardian fight on
// for the heroes). Hypnosis (p. 63) works the same way.
func TestAutopilotFollowsControl(t *testing.T) {
	for _, name := range []string{"mind-control", EffectHypnotised} {
		e := newBank(t)
		g := e.Find("guardian")
		g.Effects = append(g.Effects, Effect{Name: name, Source: "nefario"})
		initiative(t, e, 9, 2)
		goon, police := e.Find("goon-1"), (*Combatant)(nil)
		for i := range e.Combatants {
			if c := &e.Combatants[i]; c.Side == "heroes" && c != g {
				police = c
				break
			}
		}
		if got := e.FightsFor(g); got != "villains" {
			t.Errorf("%s: the Guardian fights for %q", name, got)
		}
		if e.FightsFor(goon) != "villains" || e.FightsFor(police) != "heroes" {
			t.Errorf("%s: the others changed sides", name)
		}
		if e.autoEnemy(goon, g) || !e.autoEnemy(g, police) || e.autoEnemy(g, goon) || !e.autoEnemy(police, g) {
			t.Errorf("%s: enemies: goon→guardian %v, guardian→police %v, guardian→goon %v, police→guardian %v",
				name, e.autoEnemy(goon, g), e.autoEnemy(g, police), e.autoEnemy(g, goon), e.autoEnemy(police, g))
		}
		// The villains' turn: goon-1 attacks someone, not the Guardian.
		v := newBank(t)
		v.Find("guardian").Effects = append(v.Find("guardian").Effects, Effect{Name: name, Source: "nefario"})
		initiative(t, v, 2, 9)
		if ch, ok := FocusChoice(v, v.Find("goon-1"), combat.Options{}); !ok || ch.Target.ID == "guardian" || ch.Target.Side != "heroes" {
			t.Errorf("%s: the focus policy has goon-1 attack %+v", name, ch.Target)
		}
		if ch, ok := FocusChoice(e, g, combat.Options{}); !ok || ch.Target.Side != "heroes" {
			t.Errorf("%s: the focus policy has the controlled Guardian attack %+v", name, ch.Target)
		}
	}
	// A loop of control ends.
	e := newBank(t)
	g, n := e.Find("guardian"), e.Find("nefario")
	g.Effects = append(g.Effects, Effect{Name: "mind-control", Source: "nefario"})
	n.Effects = append(n.Effects, Effect{Name: "mind-control", Source: "guardian"})
	_ = e.FightsFor(g)
}
