// Package rulings implements the one-off combat rulings: `spandex tohit`,
// `dodge`, `parry`, `knockback`, `damage`, `fall`, `throw` and `psychic`.
// They take plain numbers (no hero files) and print a small JSON object, or
// text on a terminal. The rules are pkg/combat's.
package rulings

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// required is the prepare step of a verb whose flags must be given: the
// first one missing is an input error.
func required(flags ...string) cmdutil.Prepare {
	return func(cmd *cobra.Command, _ []string) error {
		for _, fl := range flags {
			if !cmd.Flags().Changed(fl) {
				return cmdutil.Inputf("--%s: required", fl)
			}
		}
		return nil
	}
}

// multiplierIfGiven refuses an explicit value below 2 for a multiplier flag
// whose zero value means "none", so `--soft 0` is not silently ignored.
func multiplierIfGiven(flags ...string) cmdutil.Prepare {
	return func(cmd *cobra.Command, _ []string) error {
		for _, fl := range flags {
			if !cmd.Flags().Changed(fl) {
				continue
			}
			if v, err := cmd.Flags().GetInt(fl); err == nil && v < 2 {
				return cmdutil.Inputf("--%s: %d does not multiply anything (give 2 or more, or leave it out)", fl, v)
			}
		}
		return nil
	}
}

// Rolled ends the JSON of a ruling that rolls dice: every die with its
// purpose, the seed (none with the GM's --dice) and the ruling's steps.
type Rolled struct {
	Dice  []dice.Rolled `json:"dice"`
	Seed  *uint64       `json:"seed,omitempty"`
	Steps ruling.Steps  `json:"steps"`
}

// roller is a ruling's dice: the command's roller, recorded.
type roller struct {
	env *cmdutil.Env
	rs  *cmdutil.RollerState
	*dice.Recorder
}

// newRoller starts the ruling's recorded dice.
func newRoller(env *cmdutil.Env) (roller, error) {
	if sess := oddsSession(env); sess != nil {
		return roller{env: env, Recorder: dice.NewRecorder(sess.r)}, nil
	}
	rs, err := env.Roller()
	if err != nil {
		return roller{}, err
	}
	return roller{env: env, rs: rs, Recorder: dice.NewRecorder(rs.Roller)}, nil
}

// seed is the seed to report, or nil (the GM's dice, or no roller).
func (r roller) seed() *uint64 {
	if r.rs == nil {
		return nil
	}
	return r.rs.SeedPtr()
}

// finish checks that every --dice value was used (before anything is
// printed), then records the dice and the seed in out.
func (r roller) finish(out *Rolled) error {
	if err := r.finishDice(); err != nil {
		return err
	}
	out.Dice, out.Seed = r.Rolls(), r.seed()
	return nil
}

// Commands returns every ruling verb, in help order.
func Commands(f *cmdutil.Factory) []*cobra.Command {
	return []*cobra.Command{
		NewCmdToHit(f, nil), NewCmdDodge(f, nil), NewCmdParry(f, nil), NewCmdKnockback(f, nil),
		NewCmdDamage(f, nil), NewCmdFall(f, nil), NewCmdThrow(f, nil), NewCmdPsychic(f, nil),
	}
}

// emit writes a ruling: JSON (with the seed and steps), or the text lines
// on a terminal. --explain prints the steps on stderr, and human output
// the seed of seeded dice.
func emit(b *cmdutil.Env, seed *uint64, v any, lines []string, steps ruling.Steps) error {
	if sess := oddsSession(b); sess != nil {
		observe(v, sess.o)
		return nil
	}
	if err := b.ExplainSteps(steps); err != nil {
		return err
	}
	b.ReportSeed(seed)
	switch b.Format {
	case cmdutil.FormatJSON, cmdutil.FormatJSONL:
		return cmdutil.WriteJSON(b.IO.Out, b.Format, v)
	case cmdutil.FormatTable:
		rows := make([][]string, 0, len(lines))
		for _, l := range lines {
			k, val, ok := strings.Cut(l, ": ")
			if !ok {
				k, val = l, ""
			}
			rows = append(rows, []string{k, val})
		}
		return cmdutil.Table(b.IO.Out, []string{"Ruling", ""}, rows)
	default:
		return b.Folded(b.IO.Out, "    ", func(w io.Writer) error {
			for _, l := range lines {
				if _, err := fmt.Fprintln(w, l); err != nil {
					return err
				}
			}
			return nil
		})
	}
}

// finishDice checks leftover --dice before anything is printed, when
// the ruling rolled (a ruling that rolled nothing leaves the check of an
// unused --dice to the command runner).
func (r roller) finishDice() error {
	if r.rs == nil {
		return nil
	}
	return r.env.FinishDice()
}

// ruleErr names the flag behind a request the rules refuse
// (combat.RequestError); any other error passes through as it is
// (cmdutil.ExitCode classifies it).
func ruleErr(err error) error {
	var re *combat.RequestError
	if errors.As(err, &re) {
		return cmdutil.Inputf("--%s: %s", re.Field, re.Msg)
	}
	return err
}

func parseSC(s string) (rulebook.StrikeClass, error) {
	if s == "" {
		return 0, cmdutil.Inputf("--strike-class: required (0-5)")
	}
	sc, err := rulebook.ParseStrikeClass(s)
	if err != nil {
		return 0, cmdutil.Inputf("--strike-class: %q is not a strike class 0-5", s)
	}
	return sc, nil
}

func parseAC(s string, required bool) (rulebook.ArmourClass, error) {
	if s == "" {
		if required {
			return 0, cmdutil.Inputf("--armour-class: required (A-L)")
		}
		return 0, nil
	}
	ac, err := rulebook.ParseArmourClass(s)
	if err != nil {
		return 0, cmdutil.Inputf("--armour-class: %q is not an armour class A-L", s)
	}
	return ac, nil
}

func parseMods(ss []string) ([]combat.Modifier, error) {
	var out []combat.Modifier
	for _, s := range ss {
		m, err := combat.ParseModifier(s)
		if err != nil {
			return nil, cmdutil.Inputf("--modifier: %v", err)
		}
		out = append(out, m)
	}
	return out, nil
}

func modsLine(mods []combat.Modifier) string {
	if len(mods) == 0 {
		return "none"
	}
	parts := make([]string, len(mods))
	for i, m := range mods {
		parts[i] = fmt.Sprintf("%+d %s", m.Value, nameOr(m.Text, m.Slug))
	}
	return strings.Join(parts, ", ")
}

func nameOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func sum(mods []combat.Modifier) int {
	n := 0
	for _, m := range mods {
		n += m.Value
	}
	return n
}

func yes(b bool, y, n string) string {
	if b {
		return y
	}
	return n
}

func checkRange(flag string, v, lo, hi int) error {
	if v < lo || v > hi {
		return cmdutil.Inputf("--%s: %d is outside %d-%d", flag, v, lo, hi)
	}
	return nil
}

// defender is the optional hero file of a reaction one-off (dodge,
// parry): FILE (read only) or -i FILE with --hero-points N (the points
// come off it, with a logged event).
type defender struct {
	Target     cmdutil.HeroTarget
	HeroPoints int
}

// add binds -i and --hero-points.
func (d *defender) add(cmd *cobra.Command, roll string) {
	d.Target.AddInPlaceFlag(cmd)
	cmd.Flags().IntVar(&d.HeroPoints, "hero-points", 0, "spend N of the defender's hero points re-rolling the "+roll+", keeping the highest (p. 14); needs -i FILE")
}

// given reports whether a hero file was given.
func (d *defender) given() bool { return d.Target.InPlace != "" || d.Target.File != "" }

// check refuses what does not go together; flagsUsed names the figures
// given by flag that the file replaces ("" none).
func (d *defender) check(odds bool, flagsUsed string) error {
	switch {
	case odds && d.given():
		return cmdutil.Inputf("--odds: rolls nothing and changes no file: leave out the hero file and give its figures by flag")
	case d.HeroPoints < 0 || d.HeroPoints > heropoints.MaxPoints:
		return cmdutil.Inputf("--hero-points %d: outside 0-%d", d.HeroPoints, heropoints.MaxPoints)
	case d.HeroPoints > 0 && d.Target.InPlace == "":
		return cmdutil.Inputf("--hero-points: give the defender as -i FILE: the points come off it")
	case d.Target.InPlace != "" && d.HeroPoints == 0:
		return cmdutil.Inputf("-i: only with --hero-points (a plain roll changes no file; give the hero as FILE)")
	case d.given() && flagsUsed != "":
		return cmdutil.Inputf("%s: the hero file's own figures are used", flagsUsed)
	}
	return d.Target.Check()
}

// run makes the ruling: without a file rule(nil); with FILE rule(h) on
// the hero read; with -i, rule(h) and the points spent in one write, as
// a kind event. rule returns the output, its text lines, steps, seed and
// summary.
func (d *defender) run(env *cmdutil.Env, kind string, rule func(h *hero.Hero) (out any, lines []string, steps ruling.Steps, seed *uint64, summary string, err error)) error {
	if d.Target.InPlace == "" {
		var h *hero.Hero
		if d.Target.File != "" {
			var err error
			if h, err = env.ReadHero(d.Target.File); err != nil {
				return err
			}
		}
		out, lines, steps, seed, _, err := rule(h)
		if err != nil {
			return err
		}
		return emit(env, seed, out, lines, steps)
	}
	return d.Target.Change(env, func(h *hero.Hero) (cmdutil.HeroChange, error) {
		out, lines, steps, seed, summary, err := rule(h)
		if err != nil {
			return cmdutil.HeroChange{}, err
		}
		heropoints.Spend(h, d.HeroPoints)
		return cmdutil.HeroChange{Kind: kind, Summary: summary, Seed: seed, Details: out, Steps: steps,
			Text: func(w io.Writer) error {
				for _, l := range lines {
					if _, err := fmt.Fprintln(w, l); err != nil {
						return err
					}
				}
				return nil
			}}, nil
	})
}
