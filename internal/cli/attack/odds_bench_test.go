package attack

import (
	"testing"

	"github.com/codename-spandex/spandex/internal/cli/attackflags"
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
