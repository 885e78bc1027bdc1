package attack

import (
	"testing"

	"github.com/codename-spandex/spandex/internal/cli/attackflags"
	"github.com/codename-spandex/spandex/pkg/combat"
)

// BenchmarkAttackOdds is the exact odds of a whole attack (to-hit,
// reaction, damage, knockback, prone check) between the fixture heroes.
func BenchmarkAttackOdds(b *testing.B) {
	for _, c := range []struct{ name, attacker, defender, with, reaction, obstruction string }{
		{"nefario-fist", "nefario", "guardian", "fist", "none", ""},
		{"nefario-staff-blast", "nefario", "guardian", "staff-blast", "none", ""},
		{"guardian-fist-dodge", "guardian", "nefario", "fist", "dodge", ""},
		// Refused before the cut rolls (over 2 million runs).
		{"guardian-fist-parry-wood", "guardian", "nefario", "fist", "parry:staff", "wood"},
	} {
		b.Run(c.name, func(b *testing.B) {
			opts, te := newOpts(&testing.T{})
			a, _ := te.ReadHero(c.attacker)
			d, _ := te.ReadHero(c.defender)
			opts.With, opts.Reaction = c.with, c.reaction
			if c.obstruction != "" {
				opts.Obstructions = []string{c.obstruction}
			}
			req, err := opts.Request(attackflags.Attack)
			if err != nil {
				b.Fatal(err)
			}
			rules, _ := opts.Rules()
			runs := 0
			for b.Loop() {
				od, err := AttackOdds(a, d, req, rules)
				if err != nil {
					b.Fatal(err)
				}
				runs = od.Runs
			}
			b.ReportMetric(float64(runs), "runs")
		})
	}
}

// cycle hands out its faces round and round: a whole attack's dice with
// no allocation, for the floor below.
type cycle struct {
	faces []int
	i     int
}

func (c *cycle) Roll(sides int, _ string) (int, error) {
	v := c.faces[c.i%len(c.faces)]
	c.i++
	return min(v, sides), nil
}

// BenchmarkAttackOddsFloor is one resolve of the worst case of
// BenchmarkAttackOdds (the parried fist through a wooden wall) along its
// longest path: hit, parry succeeds, virtual damage, damage, the wall's
// die, the prone check. The odds' cost is judged as a multiple of it,
// measured in the same run.
func BenchmarkAttackOddsFloor(b *testing.B) {
	opts, te := newOpts(&testing.T{})
	a, _ := te.ReadHero("guardian")
	d, _ := te.ReadHero("nefario")
	opts.With, opts.Reaction, opts.Obstructions = "fist", "parry:staff", []string{"wood"}
	req, err := opts.Request(attackflags.Attack)
	if err != nil {
		b.Fatal(err)
	}
	rules, _ := opts.Rules()
	r := &cycle{faces: []int{8, 16, 3, 1, 1, 4, 2, 5, 4, 4}}
	var res combat.Result
	var rv combat.Resolver
	for b.Loop() {
		r.i = 0
		if err := rv.Resolve(&res, a, d, req, r, rules); err != nil {
			b.Fatal(err)
		}
	}
	if res.Outcome != combat.OutcomeHit || !res.Reaction.Success || res.Knockback == nil || len(res.Dice) != 10 {
		b.Fatalf("not the longest path: %s, %d dice", res.Outcome, len(res.Dice))
	}
}
