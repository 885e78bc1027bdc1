package attack

import (
	"math"
	"math/big"
	"testing"

	"github.com/codename-spandex/spandex/internal/cli/attackflags"
	"github.com/codename-spandex/spandex/internal/oddscheck"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/odds"
)

// faceByFace hides the odds engine's dice.CutRoller: every d20 is walked
// face by face, as before the cut existed.
type faceByFace struct{ dice.SumRoller }

// wholeRulingOdds walks the whole Resolve once per dice outcome, its
// roller wrapped by wrap (when not nil), and returns the odds and their
// tables as exact fractions: the reference AttackOdds is compared with.
func wholeRulingOdds(t *testing.T, a, d *hero.Hero, req combat.Request, rules combat.Options, wrap func(dice.Roller) dice.Roller) (*odds.Odds, map[string]map[string]*big.Rat) {
	t.Helper()
	var res combat.Result
	var rv combat.Resolver
	whole, err := odds.Walk(odds.Options{}, func(r dice.Roller, o *odds.Observer) error {
		if wrap != nil {
			r = wrap(r)
		}
		if err := rv.Resolve(&res, a, d, req, r, rules); err != nil {
			return err
		}
		ObserveAttack(&res, o)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	exact := map[string]map[string]*big.Rat{}
	for _, tb := range whole.Tables {
		exact[tb.Name] = map[string]*big.Rat{}
		for _, oc := range tb.Outcomes {
			exact[tb.Name][oc.Label] = oc.Exact()
		}
	}
	return whole, exact
}

// TestOddsCutsAgreeFaceByFace: the odds of whole attacks whose to-hit,
// parry and prone d20s are walked once per side of their cut are exactly
// the odds walked face by face, table by table, fraction by fraction, with
// far fewer runs.
func TestOddsCutsAgreeFaceByFace(t *testing.T) {
	for _, c := range []struct {
		attacker, defender, with, reaction string
		small                              bool
	}{
		{"nefario", "guardian", "staff-blast", "none", false},
		{"guardian", "nefario", "fist", "dodge", false},
		// A parried blow walked face by face is millions of runs: the
		// fist and the staff's virtual damage are cut down to one die.
		{"guardian", "nefario", "fist", "parry:staff", true},
	} {
		t.Run(c.attacker+"-"+c.with+"-"+c.reaction, func(t *testing.T) {
			opts, te := newOpts(t)
			a, _ := te.ReadHero(c.attacker)
			d, _ := te.ReadHero(c.defender)
			if c.small {
				a.Combat.Attacks[0].Health, a.Combat.Attacks[0].Stamina = "", "1d6"
				for i := range d.Combat.Parries {
					d.Combat.Parries[i].Health, d.Combat.Parries[i].Stamina = "", "1d3"
				}
			}
			opts.With, opts.Reaction = c.with, c.reaction
			req, err := opts.Request(attackflags.Attack)
			if err != nil {
				t.Fatal(err)
			}
			rules, _ := opts.Rules()
			cut, err := AttackOdds(a, d, req, rules)
			if err != nil {
				t.Fatal(err)
			}
			faces, want := wholeRulingOdds(t, a, d, req, rules, func(r dice.Roller) dice.Roller { return faceByFace{r.(dice.SumRoller)} })
			if err := oddscheck.Compare(cut, want); err != nil {
				t.Error(err)
			}
			if cut.Runs >= faces.Runs {
				t.Errorf("%d runs with the cut, %d face by face", cut.Runs, faces.Runs)
			}
			t.Logf("%d runs with the cut, %d face by face", cut.Runs, faces.Runs)
		})
	}
}

// TestExpectedDamageIsTheOddsMean: combat.ExpectedDamage, which the
// autopilot weighs its choices by, is the mean of the health and stamina
// tables of --odds added, and its P(out) the odds' "out" yes, for attacks
// with and without a reaction.
func TestExpectedDamageIsTheOddsMean(t *testing.T) {
	for _, c := range []struct{ attacker, defender, with, reaction string }{
		{"nefario", "guardian", "staff-blast", "none"},
		{"guardian", "nefario", "fist", "dodge"},
		{"guardian", "nefario", "fist", "parry:staff"},
		{"guardian", "nefario", "fist", "none"},
	} {
		opts, te := newOpts(t)
		a, _ := te.ReadHero(c.attacker)
		d, _ := te.ReadHero(c.defender)
		opts.With, opts.Reaction = c.with, c.reaction
		req, err := opts.Request(attackflags.Attack)
		if err != nil {
			t.Fatal(err)
		}
		rules, _ := opts.Rules()
		od, err := AttackOdds(a, d, req, rules)
		if err != nil {
			t.Fatal(err)
		}
		ex, err := combat.ExpectedDamage(a, d, req, rules)
		if err != nil {
			t.Fatal(err)
		}
		mean := *od.Table("health").Mean + *od.Table("stamina").Mean
		if math.Abs(ex.Damage-mean) > 1e-9 || math.Abs(ex.Out-od.P("out", "yes")) > 1e-9 {
			t.Errorf("%+v: expected %+v, odds mean %v, P(out) %v", c, ex, mean, od.P("out", "yes"))
		}
	}
}
