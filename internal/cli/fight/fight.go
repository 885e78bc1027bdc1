// Package fight implements `spandex fight`: the fight clock. An encounter
// file holds the sides, every combatant's hero values, the page, the
// page's initiative, each combatant's panels used, saved and owed, and the
// whole fight's log; the subcommands move it along a page at a time. The
// rules live in pkg/encounter (and pkg/combat for attacks); this package
// only reads flags and files and prints.
package fight

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/heropoints"
)

// NewCmdFight builds `spandex fight` and its subcommands.
func NewCmdFight(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "fight <command>",
		Short: "Run a whole fight: encounters, initiative, pages and panels",
		Long: `Run a fight page by page (rulebook pp. 29-31, 38-39, 43): an encounter file
holds the sides, every combatant's hero values, the page being played, the
page's initiative, each combatant's panels used, saved and owed, and the
append-only log of the whole fight (docs/fight.md).

  fight new        start an encounter from hero files and files of NPCs
  fight initiative roll the page's initiative (d10 per side, ties re-rolled)
  fight next       who acts now, with how many panels
  fight act        the current combatant acts: move, attack, power, ...
  fight react      book a reaction the GM resolved elsewhere
  fight end-page   recovery, effects, pools; on to the next page
  fight status     everyone's health, stamina, condition and panels
  fight serve      a read-only page of the fight for the players' phones
  fight auto       play the mooks' turns (or a whole fight) by a plain policy
  fight effect     start or end an ongoing power effect
  fight luck       roll luck, once a page
  fight fall       a combatant falls: damage, dividers doubled
  fight hero       print a combatant's hero file as the fight left it
  fight leave      a combatant leaves the fight for good
  fight join       reinforcements join a running fight
  fight adjust     the GM adjusts health, stamina, conditions, panels, side
  fight report     the whole fight from its log (text, JSON or an HTML page)
  fight log        the log, one event a line
  fight undo       take back the last change (or every change after an event)

Mutating verbs read the encounter from FILE or stdin and write it to
stdout, or rewrite it in place with -i FILE (atomically) and print only the
new events: text on a terminal, JSON when piped. Without -i on a terminal
they refuse (exit 2) rather than print the whole file and change nothing;
-o json prints it there.`,
		Example: `  spandex fight new --side heroes=guardian.json,police.jsonl --side villains=nefario.json,goons.jsonl > bank.json
  spandex fight initiative -i bank.json --dice 8,3
  spandex fight next bank.json
  spandex fight act -i bank.json --actor guardian --attack nefario --with fist --reaction parry:staff
  spandex fight end-page -i bank.json
  spandex fight status bank.json
  jq '.log[] | select(.kind=="attack")' bank.json`,
	}
	cmd.AddCommand(NewCmdNew(f, nil))
	cmd.AddCommand(NewCmdInitiative(f, nil))
	cmd.AddCommand(NewCmdNext(f, nil))
	cmd.AddCommand(NewCmdAct(f, nil))
	cmd.AddCommand(NewCmdReact(f, nil))
	cmd.AddCommand(NewCmdEndPage(f, nil))
	cmd.AddCommand(NewCmdStatus(f, nil))
	cmd.AddCommand(NewCmdServe(f, nil))
	cmd.AddCommand(NewCmdEffect(f, nil))
	cmd.AddCommand(NewCmdLuck(f, nil))
	cmd.AddCommand(NewCmdDangerSense(f, nil))
	cmd.AddCommand(NewCmdNotice(f, nil))
	cmd.AddCommand(NewCmdFall(f, nil))
	cmd.AddCommand(NewCmdHero(f, nil))
	cmd.AddCommand(NewCmdAuto(f, nil))
	cmd.AddCommand(NewCmdLeave(f, nil))
	cmd.AddCommand(NewCmdAdjust(f, nil))
	cmd.AddCommand(NewCmdJoin(f, nil))
	cmd.AddCommand(NewCmdReport(f, nil))
	cmd.AddCommand(NewCmdLog(f, nil))
	cmd.AddCommand(NewCmdUndo(f, nil))
	cmd.AddCommand(NewCmdSim(f, nil))
	cmd.AddCommand(NewCmdBalance(f, nil))
	return cmd
}

// File is how a verb finds its encounter: FILE (positional), -i FILE (in
// place) or stdin.
type File struct {
	// Path is the positional FILE ("" or "-" for stdin).
	Path string
	// InPlace is -i FILE.
	InPlace string
}

func (fl *File) addFlag(cmd *cobra.Command) {
	cmd.Flags().StringVarP(&fl.InPlace, "in-place", "i", "", "rewrite this encounter file in place (atomically) and print only the new events")
}

func (fl *File) setArgs(args []string) error {
	if len(args) > 1 {
		return cmdutil.Inputf("give at most one encounter FILE")
	}
	if len(args) == 1 {
		fl.Path = args[0]
	}
	if fl.InPlace != "" && fl.Path != "" && fl.Path != fl.InPlace {
		return cmdutil.Inputf("give the encounter either as FILE or with -i, not both")
	}
	return nil
}

// wholeFile refuses, on a terminal, a change without -i: the changed
// encounter would go whole to stdout and the file stay as it was
// (cmdutil.Env.WholeFile).
func (fl *File) wholeFile(env *cmdutil.Env) error {
	if fl.InPlace != "" {
		return nil
	}
	return env.WholeFile("the changed encounter", cmdutil.HintInPlace)
}

// fromArgs is setArgs as a prepare step for cmdutil.RunE.
func (fl *File) fromArgs(_ *cobra.Command, args []string) error { return fl.setArgs(args) }

// source is the path to read.
func (fl *File) source() string {
	if fl.InPlace != "" {
		return fl.InPlace
	}
	return fl.Path
}

// load reads and validates an encounter.
func load(env *cmdutil.Env, fl File) (*encounter.Encounter, error) {
	data, name, err := env.ReadInputLimit(fl.source(), encounter.MaxFileSize)
	if err != nil {
		return nil, err
	}
	e, err := encounter.Decode(data)
	if err != nil {
		return nil, env.WrongKind(data, name, cmdutil.KindEncounter, cmdutil.Inputf("%s: %w", name, err))
	}
	return e, nil
}

// ctx builds the rules' context from the command's dice. Verbs that roll
// nothing never ask for it, so --dice given to them is refused.
func diceCtx(env *cmdutil.Env) (encounter.Ctx, error) {
	rs, err := env.Roller()
	if err != nil {
		return encounter.Ctx{}, err
	}
	return encounter.Ctx{Roller: rs.Roller, Seed: rs.SeedPtr()}, nil
}

// change runs a verb that changes the encounter: it loads it, lets do
// change it, and saves it with the events do appended (see save). When do
// fails nothing is written.
func change(env *cmdutil.Env, fl File, do func(e *encounter.Encounter) error) error {
	if err := fl.wholeFile(env); err != nil {
		return err
	}
	e, err := load(env, fl)
	if err != nil {
		return err
	}
	before := len(e.Log)
	state, err := encounter.Snapshot(e)
	if err != nil {
		return cmdutil.Internal(err)
	}
	if err := do(e); err != nil {
		return err
	}
	// The command's last event records what it changed (fight undo).
	if err := e.RecordChange(state, before); err != nil {
		return cmdutil.Internal(err)
	}
	return save(env, fl, e, before)
}

// save writes the changed encounter: atomically over -i FILE, printing
// the events appended since before, or whole to stdout.
//
// An encounter spandex would not read back (over encounter.MaxFileSize,
// or encounter.MaxEvents events) is refused, exit 2, with nothing
// written.
func save(env *cmdutil.Env, fl File, e *encounter.Encounter, before int) error {
	name := fl.InPlace
	if name == "" {
		name = "stdout"
	}
	data, err := cmdutil.EncodeEncounter(e, name)
	if err != nil {
		return err
	}
	if err := env.FinishDice(); err != nil {
		return err
	}
	events := e.Log[before:]
	explain(env, events)
	reportSeed(env, events)
	if fl.InPlace == "" {
		_, err := env.IO.Out.Write(data)
		return err
	}
	if err := env.WriteFile(fl.InPlace, data); err != nil {
		return err
	}
	return printEvents(env, events)
}

// roll is change for a verb that rolls dice: do also gets the rules'
// context.
func roll(env *cmdutil.Env, fl File, do func(e *encounter.Encounter, ctx encounter.Ctx) error) error {
	return change(env, fl, func(e *encounter.Encounter) error {
		ctx, err := diceCtx(env)
		if err != nil {
			return err
		}
		return do(e, ctx)
	})
}

// printEvents prints events (cmdutil.PrintEvents): one line each for a
// person, "page N, phase: summary".
func printEvents(env *cmdutil.Env, events []encounter.Event) error {
	return cmdutil.PrintEvents(env, events, eventLine)
}

// eventLine is an event's line: "page 2, advance: guardian attacks ...".
func eventLine(ev encounter.Event) string {
	// The line already says the page; don't repeat it from the summary.
	summary := strings.TrimPrefix(ev.Summary, fmt.Sprintf("page %d: ", ev.Page))
	return fmt.Sprintf("page %d, %s: %s", ev.Page, ev.Phase, summary)
}

// explain prints each new event's ruling steps on stderr (--explain).
func explain(env *cmdutil.Env, events []encounter.Event) {
	if !env.Explain {
		return
	}
	for _, ev := range events {
		_ = env.Folded(env.IO.ErrOut, "    ", func(w io.Writer) error {
			_, err := fmt.Fprintln(w, ev.Summary)
			return err
		})
		_ = env.ExplainSteps(ev.Steps)
	}
}

// reportSeed puts the seed on stderr for human output when seeded dice
// were rolled (JSON output carries it in the events).
func reportSeed(env *cmdutil.Env, events []encounter.Event) {
	for _, ev := range events {
		if ev.Seed != nil && len(ev.Dice) > 0 {
			env.ReportSeed(ev.Seed)
			return
		}
	}
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// PageOptions are the inputs of `fight initiative` and `fight end-page`.
type PageOptions struct {
	*cmdutil.Env
	File File
	// HeroPoints are --hero-points ID=N (initiative, end-page).
	HeroPoints []string
}

// addHeroPoints adds --hero-points ID=N to a page verb.
func (opts *PageOptions) addHeroPoints(cmd *cobra.Command, what string) {
	cmd.Flags().StringArrayVar(&opts.HeroPoints, "hero-points", nil, "ID=N: the combatant may spend up to N hero points re-rolling "+what+" (p. 14); repeatable")
}

// heroPoints parses --hero-points ID=N into the budget each combatant
// may spend.
func (opts *PageOptions) heroPoints() (map[string]int, error) {
	if len(opts.HeroPoints) == 0 {
		return nil, nil
	}
	m := map[string]int{}
	for _, s := range opts.HeroPoints {
		id, n, ok := strings.Cut(s, "=")
		v, err := strconv.Atoi(n)
		if !ok || id == "" || err != nil || v < 1 || v > heropoints.MaxPoints {
			return nil, cmdutil.Inputf("--hero-points %q: give ID=N, N 1-%d", s, heropoints.MaxPoints)
		}
		if _, dup := m[id]; dup {
			return nil, cmdutil.Inputf("--hero-points: %s is given twice", id)
		}
		m[id] = v
	}
	return m, nil
}

// rollSpending is roll with the --hero-points budget in the dice context,
// checked against the fight before any die.
func (opts *PageOptions) rollSpending(do func(e *encounter.Encounter, ctx encounter.Ctx) error) error {
	points, err := opts.heroPoints()
	if err != nil {
		return err
	}
	return roll(opts.Env, opts.File, func(e *encounter.Encounter, ctx encounter.Ctx) error {
		if err := e.CheckHeroPoints(points); err != nil {
			return err
		}
		ctx.HeroPoints = points
		return do(e, ctx)
	})
}

// ViewOptions are the inputs of `fight next` and `fight status`.
type ViewOptions struct {
	*cmdutil.Env
	File File
	// Watch is fight status --watch: print the board again on each
	// change of FILE (watch.go).
	Watch bool

	getenv func(string) string
	ctx    context.Context
	// watchOut, when set (tests), takes --watch's boards instead of
	// stdout.
	watchOut io.Writer
}

// readOnly is the prepare step of a verb that only reads the encounter:
// -i is refused.
func (fl *File) readOnly(verb string) cmdutil.Prepare {
	return func(*cobra.Command, []string) error {
		if fl.InPlace != "" {
			return cmdutil.Inputf("fight %s only reads the encounter; give it as FILE", verb)
		}
		return nil
	}
}

// requireActor is the prepare step of a verb that needs --actor. It runs
// before the FILE argument is checked, so a combatant given where FILE goes
// (`fight luck -i k.json iron-blade`) is named as the missing --actor.
func requireActor(actor *string) cmdutil.Prepare {
	return func(_ *cobra.Command, args []string) error {
		if *actor != "" {
			return nil
		}
		if len(args) > 0 && !strings.HasSuffix(args[len(args)-1], ".json") {
			a := args[len(args)-1]
			return cmdutil.Inputf("--actor: missing; to name the combatant %s give --actor %s", a, a)
		}
		return cmdutil.Inputf("--actor: missing; give --actor ID (the combatant)")
	}
}
