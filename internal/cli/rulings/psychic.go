package rulings

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// PsychicOptions are the inputs of `spandex psychic`.
type PsychicOptions struct {
	*cmdutil.Env
	// Odds is --odds: the exact odds instead of a roll.
	Odds bool
	combat.PsychicInput
	Confidence int
	// DeviceRank is --device-rank: the attacker is a mind-control device
	// implant of that rank (p. 53).
	DeviceRank int
	// Drain is --drain N: Psychic Drain with N psi (pp. 68-69).
	Drain int
	// HeroPoints are --hero-points specs (p. 14).
	HeroPoints []string
}

// PsychicOutput is what `spandex psychic` prints.
type PsychicOutput struct {
	combat.PsychicResult
	// Drained is what Psychic Drain takes from the target's pool: the
	// margin on a success (0 without --drain).
	Drained int `json:"drained"`
	Rolled
}

// NewCmdPsychic builds `spandex psychic`.
func NewCmdPsychic(f *cmdutil.Factory, runF func(*PsychicOptions) error) *cobra.Command {
	opts := &PsychicOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runPsychic
	}
	cmd := &cobra.Command{
		Use:   "psychic --attacker-will N --defender-will N [--resist]",
		Short: "A psychic or magic attack: will against will (p. 43)",
		Long: `Resolve a psychic or magic attack (p. 43): the attacker rolls 1d20 + will,
the defender 1d20 + will; the attack succeeds if the attacker's total is at
least the defender's. It cannot be dodged, parried or blocked, but the
defender may actively resist (--resist, a double-panel reaction) for +1d6.
A defender's high confidence adds the Confidence Table's will bonus (give
--confidence N, or --will-bonus N) (p. 24). --attacker-bonus adds to the
attacker's roll. --drain N is Psychic Drain with N psi (1-10): +N on the
attacker's roll, and the target's pool loses one point per point of the
margin (pp. 68-69). --device-rank N is the Cybernetics mind-control device
at implant rank N attacking with its own "Will": 10, +2 for each extra
rank (p. 53), in place of --attacker-will. For two hero files (the pools
and the states) use ` + "`spandex contest`" + `; in a fight ` + "`fight act`" + `.

Hero points (p. 14), --hero-points [attacker:|defender:]ROLL=N
(repeatable; no spender: the attacker): "contest=N" re-rolls the
spender's own d20 N times, keeping the higher; "opponent-contest=N" makes
the other side re-roll its d20 N times, keeping the lower (the opponent's
roll directly affects the spender). On one d20 its owner's re-rolls come
first, then the other side's against the result that stands. No pool is
checked here (no files); ` + "`spandex contest`" + ` takes the points off hero files.

--dice order: the attacker's 1d20, then its own hero point re-rolls
(attacker:contest), then the defender's re-rolls of it
(defender:opponent-contest); the defender's 1d20, then its own re-rolls
(defender:contest), then the attacker's re-rolls of it
(attacker:opponent-contest); then the resist 1d6.`,
		Example: `  spandex psychic --attacker-will 14 --defender-will 11 --resist
  spandex psychic --attacker-will 10 --defender-will 10 --confidence 70 --dice 12,9
  spandex psychic --attacker-will 14 --drain 5 --defender-will 12 --dice 11,8
  spandex psychic --device-rank 3 --defender-will 12
  spandex psychic --attacker-will 12 --defender-will 10 --hero-points contest=1 --hero-points defender:opponent-contest=1 --dice 4,17,6,11 --explain`,
		Args: cobra.NoArgs,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, required("defender-will"), func(cmd *cobra.Command, _ []string) error {
			if cmd.Flags().Changed("confidence") && cmd.Flags().Changed("will-bonus") {
				return cmdutil.Inputf("--will-bonus: give it or --confidence, not both")
			}
			dev, will := cmd.Flags().Changed("device-rank"), cmd.Flags().Changed("attacker-will")
			switch {
			case dev && will:
				return cmdutil.Inputf("--device-rank: the device attacks with its own will; give it or --attacker-will, not both")
			case !dev && !will:
				return cmdutil.Inputf("--attacker-will: required")
			}
			if cmd.Flags().Changed("drain") && cmd.Flags().Changed("attacker-bonus") {
				return cmdutil.Inputf("--drain: gives the attacker's bonus itself (+1 per psi); leave out --attacker-bonus")
			}
			return nil
		}),
	}
	fl := cmd.Flags()
	fl.BoolVar(&opts.Odds, "odds", false, oddsHelp)
	fl.IntVar(&opts.AttackerWill, "attacker-will", 0, "the attacker's will (required)")
	fl.IntVar(&opts.DefenderWill, "defender-will", 0, "the defender's will (required)")
	fl.IntVar(&opts.AttackerBonus, "attacker-bonus", 0, "a bonus on the attacker's roll")
	fl.BoolVar(&opts.Resist, "resist", false, "the defender actively resists: +1d6 (a double-panel)")
	fl.IntVar(&opts.WillBonus, "will-bonus", 0, "the defender's will bonus against mental attacks")
	fl.IntVar(&opts.Confidence, "confidence", 0, "the defender's confidence: looks up the will bonus")
	fl.IntVar(&opts.DeviceRank, "device-rank", 0, "the attacker is a mind-control device implant of this rank: will 10, +2 a rank after the first")
	fl.IntVar(&opts.Drain, "drain", 0, "Psychic Drain with N psi (1-10): +N on the roll, the margin drained")
	fl.StringArrayVar(&opts.HeroPoints, "hero-points", nil, "[attacker:|defender:]contest=N (own d20, higher kept) or opponent-contest=N (the other side's d20, lower kept), p. 14; repeatable")
	return cmd
}

// runPsychic resolves the contest.
func runPsychic(opts *PsychicOptions) error {
	if opts.Odds {
		return rulingOdds(opts.Env, "psychic", func() error {
			o := *opts
			o.Odds = false
			return runPsychic(&o)
		})
	}
	if opts.DeviceRank != 0 {
		if err := checkRange("device-rank", opts.DeviceRank, 1, 20); err != nil {
			return err
		}
		opts.AttackerWill = combat.DeviceWill(opts.DeviceRank)
	}
	if opts.Drain != 0 {
		if err := checkRange("drain", opts.Drain, 1, rulebook.PoolCapPerAction); err != nil {
			return err
		}
		opts.AttackerBonus = opts.Drain
	}
	if err := checkRange("attacker-will", opts.AttackerWill, 0, hero.MaxAbility); err != nil {
		return err
	}
	if err := checkRange("defender-will", opts.DefenderWill, 0, hero.MaxAbility); err != nil {
		return err
	}
	if err := checkRange("attacker-bonus", opts.AttackerBonus, -100, 100); err != nil {
		return err
	}
	if err := checkRange("will-bonus", opts.WillBonus, 0, 100); err != nil {
		return err
	}
	// Confidence is 3 x five measures: 12-90 (15-90 in the book, but success
	// rate starts at 0; tables). 0 means not given.
	if opts.Confidence != 0 {
		if err := checkRange("confidence", opts.Confidence, 12, 90); err != nil {
			return err
		}
	}
	if opts.Confidence > 0 {
		opts.WillBonus = rulebook.Confidence(opts.Confidence).WillBonus
	}
	hp, err := combat.ParseContestHeroPoints(opts.HeroPoints)
	if err != nil {
		return cmdutil.Inputf("--hero-points: %v", err)
	}
	opts.AttackerHeroPoints, opts.DefenderHeroPoints = hp.Attacker, hp.Defender
	opts.AttackerOpponentHeroPoints, opts.DefenderOpponentHeroPoints = hp.AttackerOpponent, hp.DefenderOpponent
	r, err := newRoller(opts.Env)
	if err != nil {
		return err
	}
	res, err := combat.Psychic(opts.PsychicInput, r)
	if err != nil {
		return ruleErr(err)
	}
	out := PsychicOutput{PsychicResult: res}
	if opts.Drain > 0 && res.Success {
		out.Drained = res.AttackerTotal - res.DefenderTotal
	}
	if err := r.finish(&out.Rolled); err != nil {
		return err
	}
	att := fmt.Sprintf("1d20 %d + will %d", res.AttackerRoll, res.AttackerWill)
	if opts.DeviceRank > 0 {
		att = fmt.Sprintf("1d20 %d + device will %d", res.AttackerRoll, res.AttackerWill)
		out.Steps.Add("device", "p. 53", "mind-control device rank %d: will 10 + 2 per extra rank = %d", opts.DeviceRank, res.AttackerWill)
	}
	if res.AttackerBonus != 0 {
		att += fmt.Sprintf(" %+d", res.AttackerBonus)
	}
	def := fmt.Sprintf("1d20 %d + will %d", res.DefenderRoll, res.DefenderWill)
	if res.WillBonus != 0 {
		def += fmt.Sprintf(" + %d confidence", res.WillBonus)
	}
	if res.Resist {
		def += fmt.Sprintf(" + 1d6 %d resisting", res.ResistRoll)
	}
	for _, rr := range res.HeroPoints {
		out.Steps.Add("hero-points", "p. 14", "%s", rr.Text())
	}
	outcome := yes(res.Success, "the attack succeeds (ties go to the attacker)", "the defender resists")
	out.Steps.Add("psychic", "p. 43", "attacker %s = %d vs defender %s = %d: %s", att, res.AttackerTotal, def, res.DefenderTotal, outcome)
	lines := []string{
		fmt.Sprintf("attacker: %s = %d", att, res.AttackerTotal),
		fmt.Sprintf("defender: %s = %d", def, res.DefenderTotal),
		"result: " + outcome,
	}
	if opts.Drain > 0 {
		out.Steps.Add("drain", "pp. 68-69", "+%d for %d psi; the target's pool loses %d (the margin)", opts.Drain, opts.Drain, out.Drained)
		lines = append(lines, fmt.Sprintf("drained: %d points from the target's pool (at 0 its stamina drops to 0)", out.Drained))
	}
	return emit(opts.Env, out.Seed, out, lines, out.Steps)
}
