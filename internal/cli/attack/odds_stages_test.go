package attack

import (
	"testing"

	"github.com/codename-spandex/spandex/internal/cli/attackflags"
	"github.com/codename-spandex/spandex/internal/oddscheck"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// TestOddsStepByStepAreTheWholeRuling: AttackOdds walks the ruling step
// by step (combat.Stages under odds.WalkStages, going back to the damage
// dice or to what follows them rather than to the to-hit roll); its odds
// are exactly those of a walk that runs the whole Resolve for every dice
// outcome, table by table, fraction by fraction, with the same runs: for
// attacks that end at every step (misses, dodges, parries, a block, a
// force wall, knockback through a wall, hero point re-rolls of the
// damage and of the reaction).
func TestOddsStepByStepAreTheWholeRuling(t *testing.T) {
	for _, c := range []struct {
		name, attacker, defender, with, reaction string
		obstructions, heroPoints                 []string
		situation                                func(*combat.Situation)
	}{
		{name: "fist", attacker: "nefario", defender: "guardian", with: "fist", reaction: "none"},
		{name: "staff blast", attacker: "nefario", defender: "guardian", with: "staff-blast", reaction: "none"},
		{name: "fist, dodge", attacker: "guardian", defender: "nefario", with: "fist", reaction: "dodge"},
		{name: "fist, parry, wooden wall", attacker: "guardian", defender: "nefario", with: "fist", reaction: "parry:staff", obstructions: []string{"wood"}},
		{name: "fist, block", attacker: "guardian", defender: "nefario", with: "fist", reaction: "block:chair"},
		{name: "fist, force wall", attacker: "guardian", defender: "nefario", with: "fist", reaction: "none",
			situation: func(s *combat.Situation) { s.ForceBarrier, s.ForceBarrierWall = 8, true }},
		{name: "staff blast, whirlwind, two walls", attacker: "nefario", defender: "guardian", with: "staff-blast", reaction: "none", obstructions: []string{"wood", "brick@3"},
			situation: func(s *combat.Situation) { s.Whirlwind = true }},
		{name: "fist, hero points", attacker: "guardian", defender: "nefario", with: "fist", reaction: "dodge", heroPoints: []string{"to-hit=1", "damage=1"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			opts, te := newOpts(t)
			a, _ := te.ReadHero(c.attacker)
			d, _ := te.ReadHero(c.defender)
			if c.heroPoints != nil {
				a.HeroPoints = hero.Points{Max: 2, Current: 2}
			}
			opts.With, opts.Reaction, opts.Obstructions, opts.HeroPoints = c.with, c.reaction, c.obstructions, c.heroPoints
			if c.situation != nil {
				c.situation(&opts.Situation)
			}
			req, err := opts.Request(attackflags.Attack)
			if err != nil {
				t.Fatal(err)
			}
			rules, _ := opts.Rules()
			stepped, err := AttackOdds(a, d, req, rules)
			if err != nil {
				t.Fatal(err)
			}
			whole, want := wholeRulingOdds(t, a, d, req, rules, nil)
			if err := oddscheck.Compare(stepped, want); err != nil {
				t.Error(err)
			}
			if stepped.Runs != whole.Runs {
				t.Errorf("%d runs step by step, %d whole", stepped.Runs, whole.Runs)
			}
			if len(stepped.Tables) != len(whole.Tables) {
				t.Errorf("%d tables step by step, %d whole", len(stepped.Tables), len(whole.Tables))
			}
			t.Logf("%d runs, %d tables", stepped.Runs, len(stepped.Tables))
		})
	}
}
