package rulings

import (
	"encoding/json"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/oddscheck"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/odds"
)

// decodeAs decodes a verb's JSON output as T.
func decodeAs[T any](data []byte) (any, error) {
	var v T
	err := json.Unmarshal(data, &v)
	return v, err
}

// TestOddsAgreeWithBruteForce runs every ruling verb with --odds, then
// feeds every ordered sequence of die faces to the same verb's run
// function as the GM's --dice, decodes what it printed, and checks the
// odds fraction by fraction against the counts.
func TestOddsAgreeWithBruteForce(t *testing.T) {
	cases := []struct {
		name   string
		run    func(env *cmdutil.Env, odds bool) error
		decode func([]byte) (any, error)
	}{
		{"tohit", func(env *cmdutil.Env, o bool) error {
			return runToHit(&ToHitOptions{Env: env, Odds: o, StrikeClass: "3", ArmourClass: "B", StrikeBonus: 2})
		}, decodeAs[ToHitResult]},
		{"dodge", func(env *cmdutil.Env, o bool) error {
			return runDodge(&DodgeOptions{Env: env, Odds: o, StrikeClass: "2", Bonus: 1, BonusSet: true})
		}, decodeAs[DodgeResult]},
		{"parry", func(env *cmdutil.Env, o bool) error {
			return runParry(&ParryOptions{Env: env, Odds: o, Attack: "unarmed", Parry: "other-melee", VirtualHealth: "1d6", VirtualStam: "2d6+6", DamageBonus: 1})
		}, decodeAs[ParryResult]},
		{"damage", func(env *cmdutil.Env, o bool) error {
			return runDamage(&DamageOptions{Env: env, Odds: o, Type: "unarmed", Health: "1d3", Stamina: "3d6", Bonus: 3, SDivider: 2})
		}, decodeAs[DamageOutput]},
		{"knockback", func(env *cmdutil.Env, o bool) error {
			return runKnockback(&KnockbackOptions{Env: env, Odds: o, Stamina: 30, Threshold: 10, Walls: []string{"wood@2", "brick@4"}, Agility: 12, AgilitySet: true})
		}, decodeAs[KnockbackOutput]},
		{"fall", func(env *cmdutil.Env, o bool) error {
			return runFall(&FallOptions{Env: env, Odds: o, FallInput: combat.FallInput{Metres: 12}})
		}, decodeAs[FallOutput]},
		{"psychic", func(env *cmdutil.Env, o bool) error {
			return runPsychic(&PsychicOptions{Env: env, Odds: o, PsychicInput: combat.PsychicInput{AttackerWill: 12, DefenderWill: 10, Resist: true}})
		}, decodeAs[PsychicOutput]},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			te := cmdutil.NewTestEnv(cmdutil.FormatJSON)
			if err := c.run(te.Env, true); err != nil {
				t.Fatal(err)
			}
			out, _ := te.Stdout()
			var got struct {
				Runs   int          `json:"runs"`
				Tables []odds.Table `json:"tables"`
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil || len(got.Tables) == 0 {
				t.Fatalf("--odds printed %q (%v)", out, err)
			}
			// Rebuild exact fractions from the printed num/den.
			od := &odds.Odds{Runs: got.Runs, Tables: got.Tables}
			brute, runs, err := oddscheck.BruteForce(200_000, func(vals []int, o *odds.Observer) error {
				te := cmdutil.NewTestEnv(cmdutil.FormatJSON, vals...)
				if err := c.run(te.Env, false); err != nil {
					return err
				}
				if err := te.FinishDice(); err != nil {
					return err
				}
				s, _ := te.Stdout()
				v, err := c.decode([]byte(s))
				if err != nil {
					return err
				}
				observe(v, o)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if err := oddscheck.CompareFractions(od, brute); err != nil {
				t.Error(err)
			}
			t.Logf("%d odds runs, %d brute-force runs", got.Runs, runs)
		})
	}
}
