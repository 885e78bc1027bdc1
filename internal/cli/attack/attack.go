// Package attack implements `spandex attack`: one physical attack resolved
// by the book (pkg/combat) between two hero files.
package attack

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// Options are the inputs of `spandex attack`.
type Options struct {
	IO           *iostreams.IOStreams
	AttackerFile string
	DefenderFile string
	InPlace      string
	// UpdateAttacker rewrites the attacker's file too (pools spent, judo
	// throw damage).
	UpdateAttacker bool
	ResultOnly     bool
	Explain        bool
	Format         cmdutil.Format

	Request combat.Request
	Rules   combat.Options

	// Raw flag values, parsed in Run.
	Mode        string
	Reaction    string
	PickUp      bool
	ExtraPanel  bool
	Catch       bool
	NoJudoBonus bool
	Split       string
	PowerDice   string
	Obstruction []string
	Modifier    []string
	Movement    string
	Special     bool

	ReadHero  func(string) (*hero.Hero, error)
	WriteHero func(*hero.Hero, string) error
	Roller    func() (*cmdutil.RollerState, error)
	Config    func() (combat.Options, error)
}

// NewCmdAttack builds the command. runF replaces Run in tests.
func NewCmdAttack(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, ReadHero: f.ReadHero, WriteHero: f.WriteHero, Roller: f.Roller}
	opts.Config = func() (combat.Options, error) {
		cfg, err := f.Config()
		if err != nil {
			return combat.Options{}, err
		}
		return combat.Options{DodgeStacking: cfg.Rules.DodgeStacking, WallReduction: cfg.Rules.WallReduction, JudoColumn: cfg.Rules.JudoColumn}, nil
	}
	sit := &opts.Request.Situation
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
dodge, a judo throw, or against a complete immunity (no damage dice).`,
		Example: `  spandex attack --attacker guardian.json --with fist --reaction parry:staff --obstruction wood < nefario.json > nefario2.json
  spandex attack --attacker nefario.json --with staff-blast --behind --reaction brace -i guardian.json
  spandex attack --attacker guardian.json --with fist --result --explain < nefario.json
  spandex attack --attacker nefario.json --with staff-blast --power-dice health=5,stamina=5 -i guardian.json --update-attacker`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Explain = f.Globals.Explain
			human := cmdutil.FormatText
			ft, err := f.Format(human)
			if err != nil {
				return err
			}
			opts.Format = ft
			if runF != nil {
				return runF(opts)
			}
			return Run(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.AttackerFile, "attacker", "", "the attacker's hero file (required)")
	fl.StringVar(&opts.DefenderFile, "defender", "", "the defender's hero file (default stdin)")
	fl.StringVarP(&opts.InPlace, "in-place", "i", "", "read the defender from FILE and rewrite it in place")
	fl.BoolVar(&opts.UpdateAttacker, "update-attacker", false, "also rewrite the attacker's file (pool spent, judo throw damage)")
	fl.BoolVar(&opts.ResultOnly, "result", false, "print only the event (the ruling), not the updated defender")
	fl.StringVar(&opts.Request.Attack, "with", "", "the attack: one of the attacker's combat.attacks slugs")
	fl.StringVar(&opts.Mode, "mode", "strike", "strike|grab|crush|escape|throw|finishing-move")
	fl.StringVar(&opts.Reaction, "reaction", "none", "none|parry[:NAME]|block:OBJECT|dodge|brace|judo|resist|grab")
	fl.BoolVar(&opts.PickUp, "pick-up", false, "block: the object is picked up as part of the reaction (+1 panel, never free)")
	fl.BoolVar(&opts.ExtraPanel, "extra-panel", false, "dodge: on +P spend an extra panel (never free) to avoid the attack entirely")
	fl.BoolVar(&opts.Catch, "catch", false, "parry: catch a thrown object bare-handed")
	fl.BoolVar(&opts.NoJudoBonus, "no-judo-bonus", false, "judo: do not add the defender's damage bonus to the throw's damage")
	fl.StringVar(&opts.Split, "split", "", "put N of the damage bonus on health, the rest on stamina: health=N (default all on stamina)")
	fl.StringVar(&opts.PowerDice, "power-dice", "", "split-dice power attacks: health=N,stamina=M d6s (energy blast, eldritch bolt, psionic blast, snare ball, phasing strike)")
	fl.StringArrayVar(&opts.Obstruction, "obstruction", nil, "something in the knockback's path: MATERIAL[@METRES] (Wall Strength Table) or DAMAGE[@METRES]; repeatable")
	fl.StringArrayVar(&opts.Modifier, "modifier", nil, "another to-hit modifier the GM rules: NAME=N; repeatable")
	fl.StringVar(&opts.Movement, "movement", "", "attack after moving 4 m+ with a power: acrobatics, super-leap, gymnastics, retractable-glider, magnetism, super-speed, growth, shrinking, flight")
	fl.BoolVar(&opts.Special, "special", false, "with --movement: the flying kick, charge or slam (1d6 H / 2d6+6 S) instead of the damage bonus")
	fl.IntVar(&opts.Request.FreeReactionsUsed, "free-used", 0, "free reactions the defender has already used this page (4 against SC 0-1)")
	fl.BoolVar(&opts.Request.Kill, "kill", false, "a mundane defender taken out is killed rather than knocked unconscious")
	fl.Float64Var(&opts.Request.MassKg, "mass", 0, "throw: the defender's mass in kg (default an average hero, 120 kg)")

	fl.BoolVar(&sit.Behind, "behind", false, "attacker behind the target (+2)")
	fl.BoolVar(&sit.Above, "above", false, "attacker above the target (+1; not with --behind)")
	fl.BoolVar(&sit.Unaware, "unaware", false, "target unaware of the attack (+2)")
	fl.BoolVar(&sit.Grappled, "grappled", false, "target grappled or restrained (+4)")
	fl.IntVar(&sit.Cover, "cover", 0, "target behind cover: penalty 0-10")
	fl.BoolVar(&sit.Fog, "fog", false, "target obscured by fog or smoke (-3)")
	fl.IntVar(&sit.RangeFifths, "range-fifths", 0, "fifths of the attack's maximum range to the target (-1 each)")
	fl.BoolVar(&sit.Invisible, "invisible", false, "target invisible (-4)")
	fl.BoolVar(&sit.Shrunk, "shrunk", false, "target shrunk (-3, knockback threshold -10)")
	fl.BoolVar(&sit.Camouflaged, "camouflaged", false, "target camouflaged and moving (-2)")
	fl.BoolVar(&sit.StealthDark, "stealth-dark", false, "target using stealth in the dark (-2)")
	fl.BoolVar(&sit.Dimensional, "dimensional", false, "inside a dimensional control area (-4 to hit and to parry)")
	fl.BoolVar(&sit.Gale, "gale", false, "in or shooting into a gale or fog from weather control (-2)")
	fl.IntVar(&sit.AnalysePanels, "analyse", 0, "extra panels spent analysing with a brain implant (+1 each per implant rank, at most +5)")
	fl.IntVar(&sit.AccuracyPenalty, "accuracy-penalty", 0, "Accuracy rank 1: a penalty taken on the to-hit that the defender's reaction also takes")
	fl.IntVar(&sit.AimPanels, "aim", 0, "Accuracy rank 2: extra panels aiming (+5 damage each, at most +25 in all)")
	fl.BoolVar(&sit.Surprise, "surprise", false, "a complete surprise: the defender cannot react")
	fl.BoolVar(&sit.Phased, "phased", false, "the defender is phased out (Phasing)")
	fl.BoolVar(&sit.Impervious, "impervious", false, "the defender is impervious (immune to physical damage)")
	fl.IntVar(&sit.MysticShield, "mystic-shield", 0, "health left in a mystic shield covering the defender")
	fl.BoolVar(&sit.Whirlwind, "whirlwind", false, "the defender is in a whirlwind (1d6 off each attack)")
	fl.BoolVar(&sit.ForcefieldDown, "forcefield-down", false, "the defender's personal forcefield is off")
	fl.BoolVar(&sit.AttackerShrunk, "attacker-shrunk", false, "the attacker is shrunk: minimum damage")
	fl.BoolVar(&sit.AttackerLighter, "attacker-lighter", false, "the attacker is lighter (density control): minimum melee damage")
	fl.BoolVar(&sit.AttackerDenser, "attacker-denser", false, "the attacker is denser (density control): +10 melee damage")
	fl.BoolVar(&sit.DefenderDenser, "defender-denser", false, "the defender is denser: knockback threshold +5")
	fl.BoolVar(&sit.DefenderLighter, "defender-lighter", false, "the defender is lighter: knockback threshold 10")
	return cmd
}

// parseFlags turns the raw flag values into the request.
func parseFlags(opts *Options) error {
	req := &opts.Request
	switch opts.Mode {
	case "", "strike":
		req.Mode = combat.ModeStrike
	case "grab", "crush", "escape", "throw", "finishing-move":
		req.Mode = combat.Mode(opts.Mode)
	case "finishing", "finish":
		req.Mode = combat.ModeFinishing
	default:
		return cmdutil.Inputf("--mode: %q is not one of strike, grab, crush, escape, throw, finishing-move", opts.Mode)
	}
	rx, err := combat.ParseReaction(opts.Reaction)
	if err != nil {
		return cmdutil.Inputf("--reaction: %v", err)
	}
	rx.Object.PickUp = opts.PickUp
	rx.TakeExtraPanel = opts.ExtraPanel
	rx.Catch = opts.Catch
	rx.NoJudoBonus = opts.NoJudoBonus
	if opts.PickUp && rx.Kind != combat.ReactionBlock {
		return cmdutil.Inputf("--pick-up: only with --reaction block:OBJECT")
	}
	req.Reaction = rx
	if opts.Split != "" {
		sp, err := combat.ParseSplit(opts.Split)
		if err != nil {
			return cmdutil.Inputf("--split: %v", err)
		}
		req.Split = sp
	}
	if opts.PowerDice != "" {
		pd, err := combat.ParsePowerDice(opts.PowerDice)
		if err != nil {
			return cmdutil.Inputf("--power-dice: %v", err)
		}
		req.PowerDice = pd
	}
	req.Obstructions = req.Obstructions[:0]
	for _, s := range opts.Obstruction {
		o, err := combat.ParseObstruction(s)
		if err != nil {
			return cmdutil.Inputf("--obstruction: %v", err)
		}
		req.Obstructions = append(req.Obstructions, o)
	}
	for _, s := range opts.Modifier {
		m, err := combat.ParseModifier(s)
		if err != nil {
			return cmdutil.Inputf("--modifier: %v", err)
		}
		req.Situation.Modifiers = append(req.Situation.Modifiers, m)
	}
	if opts.Movement != "" {
		req.Movement = &combat.Movement{Power: opts.Movement, Special: opts.Special}
	} else if opts.Special {
		return cmdutil.Inputf("--special: only with --movement POWER")
	}
	if req.Situation.Behind && req.Situation.Above {
		return cmdutil.Inputf("--above: does not stack with --behind (p. 33); give one")
	}
	return nil
}

// Run resolves the attack and writes the results.
func Run(opts *Options) error {
	if opts.AttackerFile == "" {
		return cmdutil.Inputf("--attacker: required (the attacker's hero file)")
	}
	if opts.InPlace != "" && opts.DefenderFile != "" {
		return cmdutil.Inputf("--in-place and --defender cannot be used together")
	}
	if err := parseFlags(opts); err != nil {
		return err
	}
	defPath := opts.DefenderFile
	if opts.InPlace != "" {
		defPath = opts.InPlace
	}
	if defPath != "" && samePath(defPath, opts.AttackerFile) {
		return cmdutil.Inputf("--attacker and the defender are the same file %s", opts.AttackerFile)
	}
	if opts.UpdateAttacker && opts.AttackerFile == "-" {
		return cmdutil.Inputf("--update-attacker: the attacker must be a file")
	}
	attacker, err := opts.ReadHero(opts.AttackerFile)
	if err != nil {
		return err
	}
	defender, err := opts.ReadHero(defPath)
	if err != nil {
		return err
	}
	rules, err := opts.Config()
	if err != nil {
		return err
	}
	rs, err := opts.Roller()
	if err != nil {
		return err
	}
	res, err := combat.Resolve(attacker, defender, opts.Request, rs.Roller, rules)
	if err != nil {
		return inputOr(err)
	}
	// Every --dice value must be used before anything is written.
	if rs.Scripted != nil {
		if err := rs.Scripted.Finish(); err != nil {
			return cmdutil.Input(err)
		}
	}
	seed := rs.SeedPtr()
	if err := res.Apply(defender, seed); err != nil {
		return err
	}
	if opts.Explain {
		if err := res.Steps.Write(opts.IO.ErrOut); err != nil {
			return err
		}
	}
	if seed != nil && !opts.Format.IsJSON() {
		fmt.Fprintf(opts.IO.ErrOut, "seed %d (replay with --seed %d)\n", *seed, *seed)
	}
	var attackerChanged bool
	if opts.UpdateAttacker {
		attackerChanged, err = res.ApplyAttacker(attacker, seed)
		if err != nil {
			return err
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
			_, err := fmt.Fprintln(opts.IO.Out, res.Summary())
			return err
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
		if _, err := fmt.Fprintln(opts.IO.Out, res.Summary()); err != nil {
			return err
		}
		return cmdutil.Table(opts.IO.Out, []string{"#", "Step", "Ruling", "Table", "Page"}, rows)
	default:
		if _, err := fmt.Fprintln(opts.IO.Out, res.Summary()); err != nil {
			return err
		}
		return res.Steps.Write(opts.IO.Out)
	}
}

// inputOr maps request errors and --dice errors to input errors (exit 2).
func inputOr(err error) error {
	var re *combat.RequestError
	if errors.As(err, &re) {
		return cmdutil.Inputf("%s: %s", flagFor(re.Field), re.Msg)
	}
	return cmdutil.Input(err)
}

// flagFor names the flag behind a request field.
func flagFor(field string) string {
	switch field {
	case "with", "reaction", "split", "power-dice", "obstruction", "cover", "range-fifths", "analyse",
		"accuracy-penalty", "aim", "free-used", "mass", "movement", "extra-panel", "catch":
		return "--" + field
	case "object":
		return "--reaction"
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

func samePath(a, b string) bool {
	if a == "-" || b == "-" {
		return false
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}
