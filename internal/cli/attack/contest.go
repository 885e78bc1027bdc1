package attack

import (
	"fmt"
	"io"
	"math"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/undo"
)

// ContestOptions are the inputs of `spandex contest`.
type ContestOptions struct {
	*cmdutil.Env
	AttackerFile   string
	DefenderFile   string
	InPlace        string
	UpdateAttacker bool
	ResultOnly     bool
	MassKg         float64
	// Cancelling another's spell (--power cancel): the spell and the
	// caster's file (p. 62).
	Spell      string
	CasterFile string
	// HeroPoints are --hero-points specs (p. 14).
	HeroPoints []string
	// Object: Telekinesis moves an object, not the defender (p. 69).
	Object bool
	combat.MentalInput
}

// ContestReport is what `spandex contest` prints for JSON output.
type ContestReport struct {
	combat.MentalResult
	Seed *uint64 `json:"seed"`
}

// NewCmdContest builds `spandex contest`.
func NewCmdContest(f *cmdutil.Factory, runF func(*ContestOptions) error) *cobra.Command {
	opts := &ContestOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runContest
	}
	cmd := &cobra.Command{
		Use:   "contest --attacker FILE --power NAME [flags] < DEFENDER > DEFENDER",
		Short: "A psychic power, spell or mind-control device between two hero files",
		Long: `Use a psychic power, a spell or the mind-control device of the attacker's
file on the defender's file (pp. 43, 53, 63-64, 67-69), by the same rules
as ` + "`fight act --power ... --effect NAME`" + ` (pkg/combat's Mental).

A contest is 1d20 + will each side, the defender adding its Confidence
Table will bonus (p. 24) and, with --resist (a double-panel reaction),
1d6; ties go to the attacker. Points are spent win or lose; a speciality
costs half (rounded up). --power is one of:

  mind-control         10 psi: control, the target at half panels (p. 68)
  hypnotism            10 MP: control after 1d6 double-panels of
                       establishing (p. 63)
  mind-control-device  the Cybernetics implant: the device's will 10, +2
                       for each extra rank; no points (p. 53)
  psychic-drain        --spend N (1-10) psi, +N on the roll; the
                       defender's --drain POOL (default its fullest)
                       loses the margin; at 0 its stamina drops to 0
                       (pp. 68-69)
  telekinesis          the defender (a psychic attack) at its own mass
                       (the file's mass_kg, else 120 kg; or --mass KG),
                       or --object with --mass KG and no defender (no
                       attack); 1 psi per 10 kg, at most 10 paid (200 kg
                       as a speciality, half cost, p. 67); --distance M
                       within 20 m; speed will / 3 m a panel (p. 69)
  restraint            --spend N (1-10) MP: bound, strength 10 N, the
                       escape chance and panels lost (p. 64); no roll
  empathy, telepathy   --how read|change / read|send, 3/5 or 2 psi; a
                       contest unless --willing (pp. 67, 69)
  transmutation        no defender (objects only): 6 psi, --modifiers
                       LIST, chance (10 + modifiers) x will % (p. 69)
  cancel               --spell hypnotism|restraint --caster FILE: cancel
                       the caster's spell on the defender's file: the
                       points casting it costs (10; strength / 10), half
                       for the attacker's speciality, win or lose, and a
                       magic attack against the caster's file; on a
                       success the hypnotised or bound state leaves the
                       defender's imposed_states (p. 62)

The defender is read from stdin (or --defender FILE, or -i FILE to rewrite
it in place atomically); the updated defender (a "contest" event in its
log: the ruling, its pool drained or its stamina lost) goes to stdout;
--result prints only the ruling. --update-attacker also rewrites the
attacker's file: its points spent and the same event. States that last
(mind-control, hypnotised, drained, bound with its strength and escape
chance) go on the defender's "imposed_states"; a fight started with the
file keeps them on the combatant and ` + "`fight hero`" + ` writes them back.

Hero points (p. 14), --hero-points [attacker:|defender:]ROLL=N
(repeatable; no spender: the attacker): "contest=N" re-rolls the
spender's own d20 N times, keeping the higher; "opponent-contest=N" makes
the other side re-roll its d20 N times, keeping the lower (a roll that
directly affects the spender). On one d20 its owner's re-rolls come
first, then the other side's against the result that stands. The points
come off the files with the contest (the attacker's needs
--update-attacker; the defender's file is written), every result logged
in the event's contest.hero_points. --attacker-hero-points N and
--defender-hero-points N are short for attacker:contest=N and
defender:contest=N.

--dice order: the attacker's 1d20, its own hero point re-rolls, the
defender's re-rolls of it (defender:opponent-contest); the defender's
1d20, its own re-rolls, the attacker's re-rolls of it
(attacker:opponent-contest); the resist 1d6; then Hypnotism's or
the device's 1d6 double-panels on a success.
Transmutation rolls its d100, then on a success that is not permanent
its 2d6 pages (p. 69); Restraint rolls nothing; cancel the attacker's
1d20, the caster's 1d20, the resist 1d6.`,
		Example: `  spandex contest --attacker psyche.json --power psychic-drain --spend 4 --drain energy -i nefario.json --update-attacker --dice 12,6
  spandex contest --attacker zara.json --power hypnotism --resist --result --explain < nefario.json
  spandex contest --attacker psyche.json --power psychic-drain --spend 4 -i nefario.json --update-attacker --hero-points contest=1 --hero-points defender:opponent-contest=1 --dice 4,17,6,9
  spandex contest --attacker psyche.json --power transmutation --modifiers van-sized,shape-or-material,temporary --dice 30,3,4
  spandex contest --attacker psyche.json --power telekinesis --object --mass 45 --distance 12`,
		Args: cobra.NoArgs,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }),
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.AttackerFile, "attacker", "", "the attacker's hero file (required)")
	fl.StringVar(&opts.DefenderFile, "defender", "", "the defender's hero file (default stdin)")
	fl.StringVarP(&opts.InPlace, "in-place", "i", "", "read the defender from FILE and rewrite it in place")
	fl.BoolVar(&opts.UpdateAttacker, "update-attacker", false, "also rewrite the attacker's file (points spent)")
	fl.BoolVar(&opts.ResultOnly, "result", false, "print only the ruling, not the updated defender")
	fl.StringVar((*string)(&opts.Power), "power", "", "the psychic power, spell or device (required): "+combat.MentalPowerSlugs()+", or cancel")
	fl.IntVar(&opts.Points, "spend", 0, "points: psychic-drain (psi, +1 each) or restraint (MP, strength 10 each), 1-10")
	fl.Float64Var(&opts.MassKg, "mass", 0, "telekinesis: the mass moved in kg (default the defender's own)")
	fl.BoolVar(&opts.Object, "object", false, "telekinesis: move an object of --mass KG, not a defender (no psychic attack, p. 69)")
	fl.IntVar(&opts.Metres, "distance", 0, "telekinesis: metres to what it moves (at most 20, p. 69)")
	fl.StringVar(&opts.Drain, "drain", "", "psychic-drain: the defender's pool drained (energy, magic, psi or fluid)")
	fl.StringSliceVar(&opts.Modifiers, "modifiers", nil, "transmutation: the difficulty modifiers (spandex tables transmutation)")
	fl.StringVar(&opts.Mode, "how", "", "empathy: read|change; telepathy: read|send")
	fl.BoolVar(&opts.Resist, "resist", false, "the defender actively resists: +1d6 (a double-panel)")
	fl.BoolVar(&opts.Willing, "willing", false, "empathy, telepathy: the defender is willing (no contest)")
	fl.StringVar(&opts.Spell, "spell", "", "cancel: the spell to cancel, hypnotism or restraint (p. 62)")
	fl.StringVar(&opts.CasterFile, "caster", "", "cancel: the caster's hero file (read only)")
	fl.IntVar(&opts.AttackerHeroPoints, "attacker-hero-points", 0, "spend N of the attacker's hero points re-rolling its d20, keeping the higher (p. 14); needs --update-attacker")
	fl.IntVar(&opts.DefenderHeroPoints, "defender-hero-points", 0, "spend N of the defender's hero points re-rolling its d20, keeping the higher (p. 14)")
	fl.StringArrayVar(&opts.HeroPoints, "hero-points", nil, "[attacker:|defender:]contest=N (own d20, higher kept) or opponent-contest=N (the other side's d20, lower kept), p. 14; repeatable")
	return cmd
}

// runContest resolves the contest and writes the files.
func runContest(opts *ContestOptions) error {
	if opts.AttackerFile == "" {
		return cmdutil.Inputf("--attacker: required (the attacker's hero file)")
	}
	if opts.Power == "" {
		return cmdutil.Inputf("--power: required (%s)", combat.MentalPowerSlugs())
	}
	if opts.InPlace != "" && opts.DefenderFile != "" {
		return cmdutil.Inputf("--in-place and --defender cannot be used together")
	}
	if opts.UpdateAttacker && opts.AttackerFile == "-" {
		return cmdutil.Inputf("--update-attacker: the attacker must be a file")
	}
	if opts.MassKg < 0 || opts.MassKg > 1e6 {
		return cmdutil.Inputf("--mass: %g kg is outside 0-1000000", opts.MassKg)
	}
	opts.MentalInput.MassKg = int(math.Ceil(opts.MassKg))
	for _, hp := range []struct {
		flag string
		n    int
	}{{"attacker-hero-points", opts.AttackerHeroPoints}, {"defender-hero-points", opts.DefenderHeroPoints}} {
		if hp.n < 0 || hp.n > heropoints.MaxPoints {
			return cmdutil.Inputf("--%s %d: outside 0-%d", hp.flag, hp.n, heropoints.MaxPoints)
		}
	}
	hp, err := combat.ParseContestHeroPoints(opts.HeroPoints)
	if err != nil {
		return cmdutil.Inputf("--hero-points: %v", err)
	}
	if hp.Attacker > 0 && opts.AttackerHeroPoints > 0 {
		return cmdutil.Inputf("--hero-points: attacker:contest and --attacker-hero-points are the same spend; give one")
	}
	if hp.Defender > 0 && opts.DefenderHeroPoints > 0 {
		return cmdutil.Inputf("--hero-points: defender:contest and --defender-hero-points are the same spend; give one")
	}
	opts.AttackerHeroPoints += hp.Attacker
	opts.DefenderHeroPoints += hp.Defender
	opts.AttackerOpponentHeroPoints, opts.DefenderOpponentHeroPoints = hp.AttackerOpponent, hp.DefenderOpponent
	if opts.AttackerHeroPoints+opts.AttackerOpponentHeroPoints > 0 && !opts.UpdateAttacker {
		flag := "--attacker-hero-points"
		if len(opts.HeroPoints) > 0 {
			flag = "--hero-points"
		}
		return cmdutil.Inputf("%s: the points come off the attacker's file: add --update-attacker", flag)
	}
	if opts.DefenderHeroPoints+opts.DefenderOpponentHeroPoints > 0 && opts.ResultOnly {
		flag := "--defender-hero-points"
		if len(opts.HeroPoints) > 0 {
			flag = "--hero-points"
		}
		return cmdutil.Inputf("%s: the points come off the defender's file, which --result does not write", flag)
	}
	if opts.Power == "cancel" {
		return runCancel(opts)
	}
	if opts.Spell != "" || opts.CasterFile != "" {
		return cmdutil.Inputf("--spell and --caster go with --power cancel")
	}
	p, ok := combat.FindMentalPower(opts.Power)
	if !ok {
		return cmdutil.Inputf("--power: unknown %q (%s)", opts.Power, combat.MentalPowerSlugs())
	}
	opts.Power = p.Slug
	objectOnly := p.Slug == rulebook.PsiTransmutation || opts.Object
	defPath := opts.DefenderFile
	if opts.InPlace != "" {
		defPath = opts.InPlace
	}
	if opts.Object && p.Slug != rulebook.PsiTelekinesis {
		return cmdutil.Inputf("--object: goes with --power telekinesis (an object moved, p. 69)")
	}
	if opts.Metres != 0 && p.Slug != rulebook.PsiTelekinesis {
		return cmdutil.Inputf("--distance: goes with --power telekinesis (its 20 m, p. 69)")
	}
	if opts.Object && (defPath != "" || opts.ResultOnly) {
		return cmdutil.Inputf("--object: telekinesis moves the object, not a defender's file (p. 69); give no defender")
	}
	if objectOnly && (defPath != "" || opts.ResultOnly) {
		return cmdutil.Inputf("--power transmutation: works on objects, not on a defender's file (p. 69); give no defender")
	}
	if !objectOnly && opts.InPlace == "" && !opts.ResultOnly {
		// The defender would go whole to a terminal.
		if err := opts.WholeFile("the defender's hero file", cmdutil.HintInPlace+", or --result for the ruling only"); err != nil {
			return err
		}
	}
	if defPath != "" && samePath(opts.Env, defPath, opts.AttackerFile) {
		return cmdutil.Inputf("--attacker and the defender are the same file %s", opts.AttackerFile)
	}
	attacker, err := opts.ReadHero(opts.AttackerFile)
	if err != nil {
		return err
	}
	var defender *hero.Hero
	if !objectOnly {
		if defender, err = opts.ReadHero(defPath); err != nil {
			return err
		}
	}
	rs, err := opts.Roller()
	if err != nil {
		return err
	}
	res, err := combat.Mental(attacker, defender, opts.MentalInput, rs.Roller)
	if err != nil {
		if re, ok := err.(*combat.RequestError); ok && len(opts.HeroPoints) > 0 && (re.Field == "attacker-hero-points" || re.Field == "defender-hero-points") {
			return cmdutil.Inputf("--hero-points: %s", re.Msg)
		}
		return contestErr(err)
	}
	if err := opts.FinishDice(); err != nil {
		return err
	}
	seed := rs.SeedPtr()
	if res.Contest == nil && res.Roll == 0 {
		seed = nil // nothing rolled
	}
	// Each file's event records what the contest changed (hero undo).
	atkBefore, err := hero.Snapshot(attacker)
	if err != nil {
		return cmdutil.Internal(err)
	}
	var defBefore *undo.Snapshot
	if defender != nil {
		if defBefore, err = hero.Snapshot(defender); err != nil {
			return cmdutil.Internal(err)
		}
	}
	nAtk := len(attacker.Log)
	combat.ApplyMental(&res, attacker, defender)
	if st, ok := combat.ImposedOf(&res); ok && defender != nil {
		combat.SetImposed(defender, st)
	}
	if err := opts.ExplainSteps(res.Steps); err != nil {
		return err
	}
	opts.ReportSeed(seed)
	summary := res.Summary()
	if defender != nil {
		n := len(defender.Log)
		if err := defender.AppendEvent("contest", summary, seed, res); err != nil {
			return err
		}
		if err := defender.RecordChange(defBefore, n); err != nil {
			return cmdutil.Internal(err)
		}
		if err := defender.Validate(); err != nil {
			return cmdutil.Internal(fmt.Errorf("the changed defender is invalid (a bug): %w", err))
		}
	}
	if opts.UpdateAttacker {
		if err := writeAttacker(opts, attacker, atkBefore, nAtk, summary, seed, res); err != nil {
			return err
		}
	}
	report := ContestReport{MentalResult: res, Seed: seed}
	switch {
	case defender == nil || opts.ResultOnly:
		return writeContest(opts, report)
	case opts.InPlace != "":
		if err := opts.WriteHero(defender, opts.InPlace); err != nil {
			return err
		}
		return writeContest(opts, report)
	default:
		if err := opts.WriteHero(defender, ""); err != nil {
			return err
		}
		if !opts.Format.IsJSON() {
			return writeLine(opts.Env, opts.IO.ErrOut, summary)
		}
		return nil
	}
}

// writeContest prints the ruling: JSON, or its one line.
func writeContest(opts *ContestOptions, r ContestReport) error {
	if opts.Format.IsJSON() {
		return cmdutil.WriteJSON(opts.IO.Out, opts.Format, r)
	}
	return writeLine(opts.Env, opts.IO.Out, r.Summary())
}

// writeLine prints one line of text on w, folded on a terminal.
func writeLine(env *cmdutil.Env, w io.Writer, s string) error {
	return env.Folded(w, "    ", func(w io.Writer) error {
		_, err := fmt.Fprintln(w, s)
		return err
	})
}

// contestErr names the flag behind a refusal.
func contestErr(err error) error {
	if re, ok := err.(*combat.RequestError); ok {
		flag := "--" + re.Field
		switch re.Field {
		case "target":
			flag = "defender"
		case "mode":
			flag = "--how"
		case "pool":
			flag = "--attacker"
		}
		return cmdutil.Inputf("%s: %s", flag, re.Msg)
	}
	return err
}

// writeAttacker logs the contest on the attacker's file with what it
// changed since before, when the log held n events (hero undo), and
// writes the file.
func writeAttacker(opts *ContestOptions, attacker *hero.Hero, before *undo.Snapshot, n int, summary string, seed *uint64, details any) error {
	if err := attacker.AppendEvent("contest", summary, seed, details); err != nil {
		return err
	}
	if err := attacker.RecordChange(before, n); err != nil {
		return cmdutil.Internal(err)
	}
	return opts.WriteHero(attacker, opts.AttackerFile)
}
