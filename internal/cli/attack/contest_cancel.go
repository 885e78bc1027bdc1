package attack

import (
	"fmt"
	"slices"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
)

// CancelReport is what `spandex contest --power cancel` prints for JSON
// output.
type CancelReport struct {
	combat.CancelResult
	Seed *uint64 `json:"seed"`
}

// runCancel is `contest --power cancel --spell NAME --caster FILE`: the
// attacker cancels the caster's spell on the defender's file (p. 62): the
// points casting it costs (the attacker's speciality half), win or lose,
// and a magic attack against the caster's file; on a success the state
// the spell left (hypnotised, bound) leaves the defender's
// imposed_states. The caster's file is read, not written.
func runCancel(opts *ContestOptions) error {
	if opts.Spell == "" {
		return cmdutil.Inputf("--spell: name the spell to cancel (hypnotism or restraint on a hero file)")
	}
	if opts.CasterFile == "" {
		return cmdutil.Inputf("--caster: the caster's hero file (the magic attack is against it)")
	}
	if opts.DefenderHeroPoints > 0 {
		return cmdutil.Inputf("--defender-hero-points: the contest is against the caster, whose file is not written")
	}
	if opts.InPlace != "" && opts.DefenderFile != "" {
		return cmdutil.Inputf("--in-place and --defender cannot be used together")
	}
	if opts.AttackerHeroPoints < 0 || opts.AttackerHeroPoints > heropoints.MaxPoints {
		return cmdutil.Inputf("--attacker-hero-points %d: outside 0-%d", opts.AttackerHeroPoints, heropoints.MaxPoints)
	}
	if opts.AttackerHeroPoints > 0 && !opts.UpdateAttacker {
		return cmdutil.Inputf("--attacker-hero-points: the points come off the attacker's file: add --update-attacker")
	}
	if opts.InPlace == "" && !opts.ResultOnly {
		// The target would go whole to a terminal.
		if err := opts.WholeFile("the target's hero file", cmdutil.HintInPlace+", or --result for the ruling only"); err != nil {
			return err
		}
	}
	defPath := opts.DefenderFile
	if opts.InPlace != "" {
		defPath = opts.InPlace
	}
	attacker, err := opts.ReadHero(opts.AttackerFile)
	if err != nil {
		return err
	}
	caster, err := opts.ReadHero(opts.CasterFile)
	if err != nil {
		return err
	}
	target, err := opts.ReadHero(defPath)
	if err != nil {
		return err
	}
	i, points := combat.CancelOnFile(target, opts.Spell, caster.Name)
	if i < 0 {
		return cmdutil.Inputf("--spell: %s has no %s from %s in its imposed_states", target.Name, opts.Spell, caster.Name)
	}
	rs, err := opts.Roller()
	if err != nil {
		return err
	}
	res, err := combat.CancelSpell(attacker, caster, combat.CancelInput{Spell: opts.Spell, Points: points, Resist: opts.Resist,
		AttackerHeroPoints: opts.AttackerHeroPoints}, rs.Roller)
	if err != nil {
		return contestErr(err)
	}
	if err := opts.FinishDice(); err != nil {
		return err
	}
	seed := rs.SeedPtr()
	if err := opts.ExplainSteps(res.Steps); err != nil {
		return err
	}
	opts.ReportSeed(seed)
	summary := res.Summary()
	defBefore, err := hero.Snapshot(target)
	if err != nil {
		return cmdutil.Internal(err)
	}
	n := len(target.Log)
	if res.Success {
		target.ImposedStates = slices.Delete(target.ImposedStates, i, i+1)
	}
	if err := target.AppendEvent("contest", summary, seed, res); err != nil {
		return err
	}
	if err := target.RecordChange(defBefore, n); err != nil {
		return cmdutil.Internal(err)
	}
	if opts.UpdateAttacker {
		atkBefore, err := hero.Snapshot(attacker)
		if err != nil {
			return cmdutil.Internal(err)
		}
		nAtk := len(attacker.Log)
		if p := attacker.FindPool("magic"); p != nil {
			p.Current -= res.Cost
		}
		for _, hp := range res.Contest.HeroPoints {
			if hp.Role == combat.RoleAttacker {
				heropoints.Spend(attacker, hp.Points)
			}
		}
		if err := writeAttacker(opts, attacker, atkBefore, nAtk, summary, seed, res); err != nil {
			return err
		}
	}
	report := CancelReport{CancelResult: res, Seed: seed}
	switch {
	case opts.ResultOnly:
	case opts.InPlace != "":
		if err := opts.WriteHero(target, opts.InPlace); err != nil {
			return err
		}
	default:
		if err := opts.WriteHero(target, ""); err != nil {
			return err
		}
		if !opts.Format.IsJSON() {
			return writeLine(opts.Env, opts.IO.ErrOut, summary)
		}
		return nil
	}
	if opts.Format.IsJSON() {
		return cmdutil.WriteJSON(opts.IO.Out, opts.Format, report)
	}
	_, err = fmt.Fprintln(opts.IO.Out, summary)
	return err
}
