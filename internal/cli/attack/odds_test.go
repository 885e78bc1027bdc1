package attack

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/codename-spandex/spandex/internal/oddscheck"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/odds"
)

// TestOddsAgreeWithBruteForce feeds every sequence of die faces to the
// real verb as --dice, counts the outcomes it prints, and checks the
// exact odds of --odds against them, fraction by fraction.
func TestOddsAgreeWithBruteForce(t *testing.T) {
	cases := []struct {
		name, attacker, defender, with, reaction string
		// slow: seconds of brute force; not with -short.
		slow bool
	}{
		{"nefario punches the guardian", "nefario", "guardian", "fist", "none", false},
		{"the guardian punches a dodging nefario", "guardian", "nefario", "fist", "dodge", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.slow && testing.Short() {
				t.Skip("seconds of brute force: not with -short")
			}
			opts, te := newOpts(t)
			opts.AttackerFile, opts.DefenderFile = c.attacker, c.defender
			opts.With, opts.Reaction, opts.Odds = c.with, c.reaction, true
			if err := runAttack(opts); err != nil {
				t.Fatal(err)
			}
			var got struct {
				Runs   int          `json:"runs"`
				Tables []odds.Table `json:"tables"`
			}
			outJSON, _ := te.Stdout()
			if err := json.Unmarshal([]byte(outJSON), &got); err != nil || got.Runs == 0 {
				t.Fatalf("--odds printed %s (%v)", te.Out, err)
			}
			// The engine's odds, exact, for the comparison.
			a, _ := te.ReadHero(c.attacker)
			d, _ := te.ReadHero(c.defender)
			req, err := opts.Request(0)
			if err != nil {
				t.Fatal(err)
			}
			rules, _ := opts.Rules()
			od, err := AttackOdds(a, d, req, rules)
			if err != nil {
				t.Fatal(err)
			}
			if len(od.Tables) != len(got.Tables) {
				t.Fatalf("--odds printed %d tables, the engine has %d", len(got.Tables), len(od.Tables))
			}
			// Brute force: the ruling the verb runs (combat.Resolve), fed
			// every ordered sequence of faces as the GM's --dice.
			brute, runs, err := oddscheck.BruteForce(2_000_000, func(vals []int, o *odds.Observer) error {
				res, err := combat.Resolve(a, d, req, dice.NewScripted(vals), rules)
				if err != nil {
					return err
				}
				if len(res.Dice) != len(vals) {
					return errors.New("--dice has values left over")
				}
				ObserveAttack(res, o)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if err := oddscheck.Compare(od, brute); err != nil {
				t.Error(err)
			}
			t.Logf("%d odds runs, %d brute-force runs", od.Runs, runs)
		})
	}
}
