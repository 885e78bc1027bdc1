package combat

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// TestSensesSeeTheUnseen: Radar Sense (40 m), Thermal Vision and Life
// Sense (100 m, living beings) "see people using the invisibility or
// camouflage powers" (pp. 74-75): no -4 for invisible, no -2 for
// camouflaged (the old answer was -4 and -2); a shrunk target's -3 is not
// about seeing and stays. Beyond the sense's reach, or a robot before
// Life Sense, the full penalties apply again; Enhanced Hearing as well
// halves them when the other sense does not reach.
func TestSensesSeeTheUnseen(t *testing.T) {
	for _, tc := range []struct {
		name      string
		senses    []string
		metres    int
		robot     bool
		inv, camo int
	}{
		{"radar", []string{"radar-sense"}, 0, false, 0, 0},
		{"radar at 40 m", []string{"radar-sense"}, 40, false, 0, 0},
		{"radar at 41 m", []string{"radar-sense"}, 41, false, -4, -2},
		{"radar at 41 m with hearing", []string{"radar-sense", "enhanced-hearing"}, 41, false, -2, -1},
		{"thermal at 200 m", []string{"thermal-vision"}, 200, false, 0, 0},
		{"life", []string{"life-sense"}, 100, false, 0, 0},
		{"life at 101 m", []string{"life-sense"}, 101, false, -4, -2},
		{"life on a robot", []string{"life-sense"}, 0, true, -4, -2},
		{"radar on a robot", []string{"radar-sense"}, 0, true, 0, 0},
		{"none", nil, 0, false, -4, -2},
	} {
		att := withAttack(mk("bat", rulebook.ACF), flat("fist", 1, "1", "2"))
		att.Combat.Attacks[0].Ranged, att.Combat.Attacks[0].Range = true, 500
		if tc.senses != nil {
			att.Powers = append(att.Powers, power("super-senses", 1, tc.senses...))
		}
		def := mk("ghost", rulebook.ACF)
		if tc.robot {
			def.Kind = hero.KindRobot
		}
		req := Request{Attack: "fist", Situation: Situation{RangeMetres: tc.metres}}
		if _, err := ApplyStates(&req, att, nil, []string{StateInvisible, StateCamouflaged, StateShrunk}); err != nil {
			t.Fatal(err)
		}
		res := resolve(t, att, def, req, Options{}, 1)
		got := map[string]int{}
		for _, m := range res.ToHit.Modifiers {
			got[m.Slug] = m.Value
		}
		if got["invisibility"] != tc.inv || got["camouflage"] != tc.camo || got["shrinking"] != -3 {
			t.Errorf("%s: modifiers %+v", tc.name, res.ToHit.Modifiers)
		}
	}
}
