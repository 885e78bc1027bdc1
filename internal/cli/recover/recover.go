// Package recovercmd implements `spandex recover`: a hero's recovery
// after a fight (p. 38). The rules are pkg/combat's.
package recovercmd

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Options are the inputs of `spandex recover`.
type Options struct {
	*cmdutil.Env
	Target cmdutil.HeroTarget
	combat.RecoverInput
	// ControllerFile is the file of the character who hypnotised the
	// hero (Hypnotism or the Mind Control Device): each hour it repeats
	// the attack (pp. 53, 63); Resist makes the hero resist it (+1d6).
	ControllerFile string
	Resist         bool
}

// Report is a recovery and, with --controller, the hourly repeat attacks.
type Report struct {
	*combat.RecoverResult
	Control *combat.RenewalResult `json:"control,omitempty"`
}

// NewCmdRecover builds `spandex recover`.
func NewCmdRecover(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runRecover
	}
	cmd := &cobra.Command{
		Use:   "recover [-i FILE | FILE|-] (--minutes N | --hours N | --days N [--hospital] | --first-aid) [--cpr]",
		Short: "Recovery after a fight: minutes, hours of rest, days in hospital, first aid, CPR (p. 38)",
		Long: `Let time pass for a hurt hero after the fight (p. 38):

  --minutes N      N minutes (1-59) of rest, 28 pages a minute (a page is
                   2.16 seconds, from Flight's speeds, pp. 29, 58-59): no
                   health (it comes back by the hour); the stamina page by
                   page, 1d6 a page, or only on a d20 at or under
                   endurance while unconscious (twice with Fast Recovery).
  --hours N        N hours of rest: 1d6 health an hour while not battered
                   (twice an hour with Fast Recovery, p. 73); a battered
                   hero heals only in hospital. An hour is hundreds of
                   pages, so the stamina (1d6 a page, or a d20 at or under
                   endurance a page while unconscious) is back to its
                   maximum, but only if an hour is left after a finishing
                   move's knockout: its hours count down first, and
                   stamina starts to recover only when it is over (p. 43).
  --days N         N days: a battered hero in hospital (--hospital) heals
                   1d6 health a day, one not in hospital nothing; a hero
                   who is not battered heals by the hour (24 a day).
  --first-aid      first aid from a trained professional: 1d6 health at
                   once while alive, and the end of a finishing move's
                   knockout (p. 43). Not in the middle of a fight.
                   --hero-points N re-rolls the 1d6 N times and keeps the
                   higher (p. 14); the points come off the hero with it.
  --cpr            CPR or similar emergency aid, at once, before any time
                   passes, for a hero at death's door (health exactly 0):
                   it is stabilised and no longer dies; health stays 0.

Death's door (p. 38): a hero at health exactly 0 dies in five minutes (139
pages, counting those already spent at death's door in a fight) unless
given CPR or similar emergency aid: --minutes 5, --hours or --days without
--cpr kill it (a "recover" event says so). First aid is such aid too.
Regeneration (Super Health, p. 74) rests a double-panel at a time, 1d6
health each, battered or not and from the first page, so it saves its
owner from death's door; its dice come first.

Hypnotism and the Mind Control Device (pp. 53, 63): --controller FILE
names the character whose Hypnotism or device left the hero "hypnotised"
(its imposed state, from spandex contest). Each whole hour of --hours or
--days the controller repeats the attack: 1d20 + its will (the device's
10, +2 an extra rank) against the hero's 1d20 + will + Confidence Table
bonus, ties to the controller; --resist adds the hero's 1d6. Hypnotism's 10
magic points must fit the caster's pool (it refills every 5 pages, so its
file is not changed). The first repeat that fails ends the control (the
hero remembers it) and no more are rolled; the ruling and each roll go in
the same "recover" event.

Hero points (p. 14) with --hours or --days: --hero-points N is at most N
points, spent one at a time on each health roll whose d6 shows 3 or less
(under the die's average), the higher kept, until they run out; the rest
stay in the pool. Every re-roll is logged with the roll it re-rolls.

The Endurance Table bonus goes on every roll (p. 9); health never goes
above its maximum. The dead do not recover at all (p. 38).

Mundane characters (pp. 38, 49-50) keep no health or stamina: --hours or
--days bring a knocked-out one round and its strikes taken no longer
count; --minutes change nothing; --first-aid and --cpr are refused (no
health track). Robots are refused: no stamina (p. 49) and, unlike
androids, no self repair (p. 50). Neither rolls anything.

A "recover" event with every roll is appended to the hero's log; the hero
goes to stdout, or with -i the file is rewritten and the ruling printed.

A stream of heroes (JSON Lines, one hero a line, as gen npc -n writes; as
FILE or on stdin, not -i) is a batch: the same recovery for each hero in
turn, in one process, each updated hero written as one JSON line on stdout
and its ruling on stderr. A bad hero stops the batch with one line naming
it, "stdin#N (line L): message", exit 2, and nothing on stdout.

--dice order: Regeneration's 1d6 per double-panel of rest while health is
below its maximum (with --minutes, --hours or --days); then first aid's
1d6 (then one 1d6 per hero point); or one 1d6 per hour (two with Fast
Recovery) or per hospital day, in time order, rolled only while health is
below its maximum, each hero point's re-roll straight after the roll it
re-rolls; or with --minutes, page by page while stamina is below its
maximum: the d20 while unconscious, then the stamina die if it is at or
under endurance (twice a page with Fast Recovery). CPR rolls nothing.
Then, with --controller, each hour's repeat attack in turn until one
fails: the controller's d20, the hero's d20, the resist 1d6. In a batch, all of the first hero's
dice, then the second's, and so on; one --seed drives the whole batch.`,
		Example: `  spandex recover -i guardian.json --hours 8
  spandex recover -i guardian.json --minutes 3 --seed 2 --explain
  spandex recover -i guardian.json --days 3 --hospital --explain
  spandex recover -i guardian.json --first-aid --dice 4
  spandex recover heroes.jsonl --hours 2 --seed 5 > rested.jsonl
  spandex recover -i nefario.json --hours 2 --controller zara.json --seed 3`,
		Args: cmdutil.OneHeroFile("recover"),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.Target.FromArgs),
	}
	opts.Target.AddInPlaceFlag(cmd)
	opts.Target.Stream = true
	fl := cmd.Flags()
	fl.IntVar(&opts.Minutes, "minutes", 0, "minutes of rest, 1-59 (28 pages a minute)")
	fl.BoolVar(&opts.CPR, "cpr", false, "CPR or similar emergency aid for a hero at death's door: stabilised (p. 38)")
	fl.IntVar(&opts.Hours, "hours", 0, "hours of rest")
	fl.IntVar(&opts.Days, "days", 0, "days (with --hospital: in hospital)")
	fl.BoolVar(&opts.Hospital, "hospital", false, "the days are spent in hospital")
	fl.StringVar(&opts.ControllerFile, "controller", "", "the `FILE` of whoever hypnotised the hero: its hourly repeat attack (pp. 53, 63)")
	fl.BoolVar(&opts.Resist, "resist", false, "with --controller: the hero resists each repeat attack, +1d6 (p. 43)")
	fl.BoolVar(&opts.FirstAid, "first-aid", false, "first aid from a trained professional")
	fl.IntVar(&opts.HeroPoints, "hero-points", 0, "spend hero points re-rolling health dice, keeping the higher (p. 14): --first-aid N re-rolls; --hours/--days at most N, on rolls of 3 or less")
	return cmd
}

// runRecover applies the recovery.
func runRecover(opts *Options) error {
	var controller *hero.Hero
	if opts.ControllerFile != "" {
		if opts.Hours == 0 && opts.Days == 0 {
			return cmdutil.Inputf("--controller: the repeat attack comes once per hour: give --hours N or --days N (pp. 53, 63)")
		}
		c, err := opts.ReadHero(opts.ControllerFile)
		if err != nil {
			return err
		}
		controller = c
	} else if opts.Resist {
		return cmdutil.Inputf("--resist goes with --controller")
	}
	return opts.Target.Change(opts.Env, func(h *hero.Hero) (cmdutil.HeroChange, error) {
		rs, err := opts.Roller()
		if err != nil {
			return cmdutil.HeroChange{}, err
		}
		res, err := combat.Recover(h, opts.RecoverInput, rs.Roller)
		var control *combat.RenewalResult
		if err == nil && controller != nil {
			control, err = renew(controller, h, opts, res, rs.Roller)
		}
		var re *combat.RequestError
		if errors.As(err, &re) {
			if re.Field == "hero" {
				return cmdutil.HeroChange{}, cmdutil.Inputf("%s", re.Msg)
			}
			return cmdutil.HeroChange{}, cmdutil.Inputf("--%s: %s", re.Field, re.Msg)
		}
		if err != nil {
			return cmdutil.HeroChange{}, err
		}
		seed := rs.SeedPtr()
		if len(res.Dice) == 0 {
			seed = nil
		}
		rep := Report{RecoverResult: res, Control: control}
		summary := res.Summary() + controlSummary(rep.Control)
		return cmdutil.HeroChange{Kind: "recover", Summary: summary, Seed: seed, Details: rep, Steps: res.Steps,
			Text: func(w io.Writer) error {
				_, err := fmt.Fprintln(w, summary)
				return err
			}}, nil
	})
}

// renew makes the controller's hourly repeat attacks on h once the hours
// have passed (pp. 53, 63), adding their dice and steps to res. A hero
// that died is controlled no more: nothing is rolled.
func renew(controller, h *hero.Hero, opts *Options, res *combat.RecoverResult, r dice.Roller) (*combat.RenewalResult, error) {
	if res.Died {
		return nil, nil
	}
	hours := opts.Hours + opts.Days*rulebook.HoursPerDay
	rec := dice.NewRecorder(r)
	ren, found, err := combat.RenewControl(controller, h, hours, opts.Resist, rec)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, cmdutil.Inputf("--controller: %s is not hypnotised by %s (no such imposed state, pp. 53, 63)", h.Name, controller.Name)
	}
	res.Dice = append(res.Dice, rec.Rolls()...)
	res.Steps = append(res.Steps, ren.Steps...)
	return &ren, nil
}

// controlSummary is the repeat attacks in a few words for the summary.
func controlSummary(c *combat.RenewalResult) string {
	if c == nil {
		return ""
	}
	if c.Ended {
		return fmt.Sprintf("; %s's %s ends at hour %d (%s)", c.Controller, c.Power, c.EndedHour, c.Why)
	}
	return fmt.Sprintf("; %s's %s holds through %d repeat attack(s)", c.Controller, c.Power, len(c.Renewals))
}
