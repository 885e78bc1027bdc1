package combat

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// goon is a mundane combatant (p. 49): no health or stamina track.
func goon(hits int, out bool) *hero.Hero {
	g := mk("Goon", rulebook.ACI)
	g.Kind = hero.KindMundane
	g.Health, g.Stamina = hero.Health{}, hero.Stamina{}
	g.Mundane = &hero.Mundane{Hits: hits}
	g.Condition.TakenOut, g.Condition.Unconscious, g.Condition.Prone = out, out, out
	return g
}

// TestRecoverMundane works a mundane character's recovery from the rule
// text (pp. 38, 49-50; recoverMundane): an hour's rest brings back what a
// knockout took, minutes nothing; first aid and CPR have no health track
// to work on; the dead and robots do not recover.
func TestRecoverMundane(t *testing.T) {
	for _, c := range []struct {
		name      string
		h         *hero.Hero
		in        RecoverInput
		refused   string // a word of the refusal; "" for none
		cond      string
		hits      int
		cameRound bool
	}{
		{"knocked out, an hour", goon(2, true), RecoverInput{Hours: 1}, "", "ok", 0, true},
		{"knocked out, a day", goon(2, true), RecoverInput{Days: 1}, "", "ok", 0, true},
		{"knocked out, 30 minutes", goon(2, true), RecoverInput{Minutes: 30}, "", "taken_out", 2, false},
		{"one strike, an hour", goon(1, false), RecoverInput{Hours: 1}, "", "ok", 0, false},
		{"first aid", goon(2, true), RecoverInput{FirstAid: true}, "first aid's 1d6", "", 0, false},
		{"CPR", goon(2, true), RecoverInput{CPR: true}, "death's door", "", 0, false},
		{"killed", func() *hero.Hero { g := goon(2, true); g.Condition.Dead = true; return g }(), RecoverInput{Hours: 1}, "dead", "", 0, false},
		{"a robot", robot(), RecoverInput{Hours: 1}, "self repair", "", 0, false},
	} {
		res, err := Recover(c.h, c.in, dice.NewScripted(nil))
		if c.refused != "" {
			if err == nil || !strings.Contains(err.Error(), c.refused) {
				t.Errorf("%s: %v, want a refusal mentioning %q", c.name, err, c.refused)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if res.After.Condition != c.cond || res.After.Hits != c.hits || res.CameRound != c.cameRound || len(res.Dice) != 0 {
			t.Errorf("%s: %s, %d hits, came round %v, dice %v; want %s, %d, %v, none", c.name, res.After.Condition, res.After.Hits, res.CameRound, res.Dice, c.cond, c.hits, c.cameRound)
		}
	}
}
