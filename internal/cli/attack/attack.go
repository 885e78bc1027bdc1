// Package attack implements `spandex attack`: one physical attack resolved
// by the book (pkg/combat) between two hero files.
package attack

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cli/attackflags"
	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// Options are the inputs of `spandex attack`.
type Options struct {
	*cmdutil.Env
	AttackerFile string
	DefenderFile string
	InPlace      string
	// UpdateAttacker rewrites the attacker's file too (pools spent, judo
	// throw damage).
	UpdateAttacker bool
	ResultOnly     bool
	// Odds is --odds: print the exact odds instead of resolving.
	Odds bool

	// Flags are the attack flags shared with fight act.
	attackflags.Flags
	// FreeUsed is --free-used: free reactions the defender has already
	// used this page.
	FreeUsed int
}

// NewCmdAttack builds the command. runF replaces runAttack in tests.
func NewCmdAttack(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runAttack
	}
	cmd := &cobra.Command{
		Use:   "attack --attacker FILE --with ATTACK [flags] < DEFENDER > DEFENDER",
		Short: "Resolve one physical attack by the book and update the defender's file",
		Long: `Resolve one attack by the rulebook's Physical Attack Detailed Steps (App. p.
82): to-hit (p. 33), the defender's reaction (pp. 33-36), damage (p. 36),
knockback (pp. 36-37), dividers and immunities, and the condition (pp. 37-38).

The defender is read from stdin (or --defender FILE, or -i FILE to rewrite
it in place atomically); the attacker from --attacker FILE. --with names one
of the attacker's combat.attacks. The updated defender, with the whole ruling
appended to its log as an "attack" event, is written to stdout; --result
prints only the event. --update-attacker also rewrites the attacker's file
(pool dice spent, judo throw damage).

Reactions (--reaction): none, parry[:NAME] (one of the defender's
combat.parries), block:OBJECT (an Object Table example, or its health as a
number; add --pick-up if it is not in hand), dodge (not at armour class A-C
or K-L; --extra-panel takes the +P result's extra panel to avoid the attack
entirely), brace (Super Strength only), judo (the Martial Arts judo throw
option; melee attacks only), resist (psychic/magic attacks), grab (against
--mode throw). A hero or villain's first four reactions a page against SC 0-1
attacks are free: --free-used N says how many are gone.

Modes (--mode): strike (default), grab (a second grab grapples), crush (hurt
a grappled target), escape (the defender wriggles free with --reaction dodge
or forces free with --reaction parry), throw (a grabbed defender; --mass KG,
default an average hero), finishing-move (an unconscious or stunned target,
knocked out 1d6 hours).

Objects as weapons (pp. 36, 39-41): --object NAME (an Object Table example:
chair, desk, fridge ...) or --object-mass KG instead of --with. Any
character strong enough may swing it (its Lift strength: blunt one-handed
1d6-6 H / 2d6 S under 5 kg, blunt two-handed 1d6 H / 2d6+6 S and a
double-panel from 5 kg) or throw it with --thrown (its Throw strength: 2 m
per point of strength over the Throw score, 1 m at exactly it, half with
--awkward; blunt thrown 1d6 H / 2d6+3 S). The damage bonus adds to every
swing and to a throw of an object over 1 kg; mass adds nothing. A throw's
distance is its maximum range for --range METRES. The strike class is the
attacker's unarmed one (SC 2 for costumed characters, p. 31). The dice are
an attack's.

The lasting states in either file's "states" list (set with ` + "`hero state`" + `)
act as in a fight: the defender shrunk (-3, knockback threshold -10),
invisible (-4), camouflaged (-2), phased (p. 66), denser or lighter; the
attacker shrunk or lighter (minimum damage), denser (+10 melee), phased
(only its phase-strike). An attacker with Enhanced Hearing takes half the
penalties for a target it cannot see (p. 74).

--dice values are used in this order:
  1. to-hit: 1d20 (a psionic blast: the attacker's 1d20, then the defender's)
  2. reaction dice: parry 1d20 then its virtual damage (health expression,
     then stamina expression); dodge 1d6; judo: grab 1d20, judo 1d6, then
     for "Dam" 1d3 health and 2d6 stamina; resist 1d6; a grab's virtual
     damage 1d6 after a successful parry
  3. damage dice: the health expression, then the stamina expression, then
     whirlwind 1d6 (every die of a formula is rolled even when the result
     cannot be positive, e.g. the 1d6 of 1d6-6)
  4. one 1d6 per obstruction the knockback reaches, nearest first
  5. the prone check: 1d20 (none without knockback, or with gymnastics)
A finishing move rolls only 1d6. Nothing is rolled after a miss, a complete
dodge, a judo throw, or against a complete immunity (no damage dice).
Hero point re-rolls come straight after the roll they re-roll: the to-hit
1d20 then one 1d20 per point; the parry 1d20, dodge 1d6 or judo throw 1d6
then one die per point; the damage's health and stamina expressions, then
both again per point (before whirlwind); the roll's owner's re-rolls
before the other side's. A psionic blast's contest: the attacker's 1d20,
its own re-rolls, the defender's opponent-contest re-rolls; the
defender's 1d20, its own re-rolls, the attacker's opponent-contest
re-rolls; the resist 1d6.

Hero points (p. 14), --hero-points [attacker:|defender:]ROLL=N: N points
re-roll the to-hit, reaction or damage roll N times and keep the result
most favourable to the spender (ties keep the earlier). Without a spender
the roll's own side spends (attacker: to-hit, damage; defender: its
reaction); "defender:to-hit=1" makes the attacker re-roll a to-hit that
directly affects the defender, "attacker:reaction=1" the defender's
reaction. More favourable: a higher to-hit d20 and more health + stamina
damage for the attacker, a higher reaction die for the defender; the other
side keeps the lower. The points come off the spender's file in the same
write as the ruling (the defender's -i, the attacker's --update-attacker,
which an attacker's spend needs); every result and the one kept are in the
log's hero_points. A miss spends no points on the damage that is never
rolled. Both sides may spend on one roll: its owner's re-rolls come
first, then the other side's against the result that stands. A psionic
blast's will contest (p. 43) takes "contest=N" (the spender's own d20,
the higher kept) and "opponent-contest=N" (the other side's d20, the
lower kept), e.g. defender:opponent-contest=1.

A stream of defenders (JSON Lines, one hero a line, as gen npc -n writes;
from stdin or --defender, not -i) is a batch: the same attack against each
defender in turn, in one process, writing one result a line as soon as it
is known: the updated defender (JSON Lines), or with --result its event
(JSON Lines, or the summary line as text). The dice are consumed in stream
order: all of the first defender's dice (in the order above), then the
second's, and so on; one --seed drives the whole batch. Memory stays flat
however long the stream. A bad defender stops the batch with one line
naming it, "stdin#N (line L): $.path: message", exit 2 (results before it
may already be on stdout: they stream in blocks of 64 KiB). --update-attacker
and --odds take one defender.

--odds rolls nothing and changes no file: it runs the same ruling once per
distinct dice outcome and prints the exact probability of each outcome,
reaction result, health and stamina damage after dividers (with means),
knockback distance, prone, and the defender's condition after the attack
(stunned, unconscious, out): bar pictures on a terminal, an outcome that
applies only sometimes (knockback and prone, only on a hit) labelled with
its share of outcomes and its chance when it applies; JSON when piped
(probabilities as numbers, exact fractions as num/den; "total" is the
share), one tab-separated line each with -o text piped.`,
		Example: `  spandex attack --attacker guardian.json --with fist --reaction parry:staff --obstruction wood < nefario.json > nefario2.json
  spandex attack --attacker nefario.json --with staff-blast --behind --reaction brace -i guardian.json
  spandex attack --attacker guardian.json --with fist --result --explain < nefario.json
  spandex attack --attacker nefario.json --with staff-blast --power-dice health=5,stamina=5 -i guardian.json --update-attacker
  spandex attack --attacker nefario.json --with staff-blast --hero-points defender:damage=1 -i guardian.json
  spandex attack --attacker guardian.json --object fridge --thrown --range 30 < nefario.json
  spandex gen npc combatant -n 20 --seed 3 -o jsonl | spandex attack --attacker guardian.json --with fist --result --seed 1 -o jsonl`,
		Args: cobra.NoArgs,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }),
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.AttackerFile, "attacker", "", "the attacker's hero file (required)")
	fl.StringVar(&opts.DefenderFile, "defender", "", "the defender's hero file (default stdin)")
	fl.StringVarP(&opts.InPlace, "in-place", "i", "", "read the defender from FILE and rewrite it in place")
	fl.BoolVar(&opts.UpdateAttacker, "update-attacker", false, "also rewrite the attacker's file (pool spent, judo throw damage)")
	fl.BoolVar(&opts.ResultOnly, "result", false, "print only the event (the ruling), not the updated defender")
	fl.BoolVar(&opts.Odds, "odds", false, "print the exact odds of every outcome instead of resolving (no dice rolled)")
	fl.IntVar(&opts.FreeUsed, "free-used", 0, "free reactions the defender has already used this page (4 against SC 0-1)")
	opts.Flags.Bind(fl, attackflags.Attack)
	return cmd
}

// runAttack resolves the attack and writes the results.
func runAttack(opts *Options) error {
	if opts.AttackerFile == "" {
		return cmdutil.Inputf("--attacker: required (the attacker's hero file)")
	}
	if opts.InPlace != "" && opts.DefenderFile != "" {
		return cmdutil.Inputf("--in-place and --defender cannot be used together")
	}
	req, err := opts.Request(attackflags.Attack)
	if err != nil {
		return err
	}
	req.FreeReactionsUsed = opts.FreeUsed
	for _, sp := range req.HeroPoints {
		if sp.Who == combat.RoleAttacker && !opts.UpdateAttacker && !opts.Odds {
			return cmdutil.Inputf("--hero-points: the attacker's hero points come off its file: add --update-attacker")
		}
	}
	if opts.InPlace == "" && !opts.ResultOnly && !opts.Odds {
		// The attacked defender would go whole to a terminal.
		if err := opts.WholeFile("the attacked defender's hero file", cmdutil.HintInPlace+", or --result for the ruling only"); err != nil {
			return err
		}
	}
	defPath := opts.DefenderFile
	if opts.InPlace != "" {
		defPath = opts.InPlace
	}
	if defPath != "" && samePath(opts.Env, defPath, opts.AttackerFile) {
		return cmdutil.Inputf("--attacker and the defender are the same file %s", opts.AttackerFile)
	}
	if opts.UpdateAttacker && opts.AttackerFile == "-" {
		return cmdutil.Inputf("--update-attacker: the attacker must be a file")
	}
	attacker, err := opts.ReadHero(opts.AttackerFile)
	if err != nil {
		return err
	}
	var defender *hero.Hero
	if opts.InPlace != "" {
		if defender, err = opts.ReadHero(defPath); err != nil {
			return err
		}
	} else {
		// stdin or --defender: one hero, or a stream of them (batch).
		d, err := opts.OpenHeroStream(defPath)
		if err != nil {
			return err
		}
		defer d.Close()
		if d.Stream() {
			return runBatch(opts, attacker, d, req)
		}
		defender = d.First()
	}
	rules, err := opts.Rules()
	if err != nil {
		return err
	}
	// The files' lasting states (grown, shrunk, phased...) act on the
	// attack by the same rule as in a fight.
	stateSteps, err := combat.ApplyStates(&req, attacker, attacker.States, defender.States)
	if err != nil {
		return ruleErr(err)
	}
	if opts.Odds {
		if opts.DiceGiven || opts.SeedGiven {
			return cmdutil.Inputf("--odds: rolls no dice; leave out --dice and --seed")
		}
		return runOdds(opts, attacker, defender, req, rules)
	}
	rs, err := opts.Roller()
	if err != nil {
		return err
	}
	res, err := combat.Resolve(attacker, defender, req, rs.Roller, rules)
	if err != nil {
		return ruleErr(err)
	}
	// Every --dice value must be used before anything is written.
	if err := opts.FinishDice(); err != nil {
		return err
	}
	seed := rs.SeedPtr()
	// Each file's event records what the attack changed (hero undo).
	defBefore, err := hero.Snapshot(defender)
	if err != nil {
		return cmdutil.Internal(err)
	}
	atkBefore, err := hero.Snapshot(attacker)
	if err != nil {
		return cmdutil.Internal(err)
	}
	nDef, nAtk := len(defender.Log), len(attacker.Log)
	if err := res.Apply(defender, seed); err != nil {
		return err
	}
	if err := defender.RecordChange(defBefore, nDef); err != nil {
		return cmdutil.Internal(err)
	}
	if err := opts.ExplainSteps(append(stateSteps, res.Steps...)); err != nil {
		return err
	}
	opts.ReportSeed(seed)
	var attackerChanged bool
	if opts.UpdateAttacker {
		attackerChanged, err = res.ApplyAttacker(attacker, seed)
		if err != nil {
			return err
		}
		if err := attacker.RecordChange(atkBefore, nAtk); err != nil {
			return cmdutil.Internal(err)
		}
	}
	// Write the files: defender (stdout or in place), then attacker.
	if opts.InPlace != "" {
		if err := opts.WriteHero(defender, opts.InPlace); err != nil {
			return err
		}
	}
	if attackerChanged {
		if err := opts.WriteHero(attacker, opts.AttackerFile); err != nil {
			return err
		}
	}
	ev := defender.Log[len(defender.Log)-1]
	switch {
	case opts.ResultOnly:
		return writeEvent(opts, ev, res)
	case opts.InPlace != "":
		if opts.IO.IsStdoutTTY() {
			return writeSummary(opts, res)
		}
		return nil
	default:
		return opts.WriteHero(defender, "")
	}
}

// writeEvent prints the event: JSON, or the summary and steps as text.
func writeEvent(opts *Options, ev hero.Event, res *combat.Result) error {
	switch opts.Format {
	case cmdutil.FormatJSON, cmdutil.FormatJSONL:
		return cmdutil.WriteJSON(opts.IO.Out, opts.Format, ev)
	case cmdutil.FormatTable:
		rows := make([][]string, 0, len(res.Steps))
		for i, st := range res.Steps {
			ref := st.Table
			if st.Row != "" {
				ref += ", " + st.Row
			}
			rows = append(rows, []string{fmt.Sprint(i + 1), st.Rule, st.Text, ref, st.Page})
		}
		if err := writeSummary(opts, res); err != nil {
			return err
		}
		return cmdutil.Table(opts.IO.Out, []string{"#", "Step", "Ruling", "Table", "Page"}, rows)
	default:
		if err := writeSummary(opts, res); err != nil {
			return err
		}
		return opts.Folded(opts.IO.Out, cmdutil.StepIndent, res.Steps.Write)
	}
}

// writeSummary prints the ruling's one-line summary, folded on a terminal.
func writeSummary(opts *Options, res *combat.Result) error {
	return writeLine(opts.Env, opts.IO.Out, res.Summary())
}

// ruleErr names the flag behind a request the rules refuse
// (combat.RequestError); any other error (a --dice problem, a broken
// invariant) passes through as it is (cmdutil.ExitCode classifies it).
func ruleErr(err error) error {
	var re *combat.RequestError
	if errors.As(err, &re) {
		return cmdutil.Inputf("%s: %s", flagFor(re.Field), re.Msg)
	}
	return err
}

// flagFor names the flag behind a request field.
func flagFor(field string) string {
	switch field {
	case "with", "reaction", "split", "power-dice", "obstruction", "cover", "range-fifths", "range", "analyse",
		"accuracy-penalty", "aim", "free-used", "mass", "movement", "extra-panel", "catch", "defender-mass", "hero-points",
		"cold", "attracted", "gale-extra":
		return "--" + field
	case "object":
		return "--reaction"
	case "object-weapon":
		return "--object"
	case "crush", "escape", "throw", "finishing", "mode":
		return "--mode " + field
	case "defender":
		return "defender"
	case "attacker":
		return "--attacker"
	}
	if strings.HasPrefix(field, "rules.") {
		return "config " + field
	}
	return field
}

func samePath(e *cmdutil.Env, a, b string) bool {
	if a == "-" || b == "-" {
		return false
	}
	aa, err1 := filepath.Abs(e.Path(a))
	bb, err2 := filepath.Abs(e.Path(b))
	return err1 == nil && err2 == nil && aa == bb
}
