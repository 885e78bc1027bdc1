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
	"github.com/codename-spandex/spandex/pkg/hero"
)

// Options are the inputs of `spandex recover`.
type Options struct {
	*cmdutil.Env
	Target cmdutil.HeroTarget
	combat.RecoverInput
}

// NewCmdRecover builds `spandex recover`.
func NewCmdRecover(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{Env: f.Env(cmdutil.FormatText)}
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

Hero points (p. 14) with --hours or --days: --hero-points N is at most N
points, spent one at a time on each health roll whose d6 shows 3 or less
(under the die's average), the higher kept, until they run out; the rest
stay in the pool. Every re-roll is logged with the roll it re-rolls.

The Endurance Table bonus goes on every roll (p. 9); health never goes
above its maximum. The dead do not recover at all; mundane characters have
no tracks and robots are repaired, not healed (pp. 38, 49-50). A "recover"
event with every roll is appended to the hero's log; the hero goes to
stdout, or with -i the file is rewritten and the ruling printed.

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
under endurance (twice a page with Fast Recovery). CPR rolls nothing. In a batch, all of the first hero's
dice, then the second's, and so on; one --seed drives the whole batch.`,
		Example: `  spandex recover -i guardian.json --hours 8
  spandex recover -i guardian.json --minutes 3 --seed 2 --explain
  spandex recover -i guardian.json --days 3 --hospital --explain
  spandex recover -i guardian.json --first-aid --dice 4
  spandex recover heroes.jsonl --hours 2 --seed 5 > rested.jsonl`,
		Args: cmdutil.OneHeroFile("recover"),
		RunE: cmdutil.RunE(opts, runF, runRecover, opts.Target.FromArgs),
	}
	opts.Target.AddInPlaceFlag(cmd)
	opts.Target.Stream = true
	fl := cmd.Flags()
	fl.IntVar(&opts.Minutes, "minutes", 0, "minutes of rest, 1-59 (28 pages a minute)")
	fl.BoolVar(&opts.CPR, "cpr", false, "CPR or similar emergency aid for a hero at death's door: stabilised (p. 38)")
	fl.IntVar(&opts.Hours, "hours", 0, "hours of rest")
	fl.IntVar(&opts.Days, "days", 0, "days (with --hospital: in hospital)")
	fl.BoolVar(&opts.Hospital, "hospital", false, "the days are spent in hospital")
	fl.BoolVar(&opts.FirstAid, "first-aid", false, "first aid from a trained professional")
	fl.IntVar(&opts.HeroPoints, "hero-points", 0, "spend hero points re-rolling health dice, keeping the higher (p. 14): --first-aid N re-rolls; --hours/--days at most N, on rolls of 3 or less")
	return cmd
}

// runRecover applies the recovery.
func runRecover(opts *Options) error {
	return opts.Target.Change(opts.Env, func(h *hero.Hero) (cmdutil.HeroChange, error) {
		rs, err := opts.Roller()
		if err != nil {
			return cmdutil.HeroChange{}, err
		}
		res, err := combat.Recover(h, opts.RecoverInput, rs.Roller)
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
		return cmdutil.HeroChange{Kind: "recover", Summary: res.Summary(), Seed: seed, Details: res, Steps: res.Steps,
			Text: func(w io.Writer) error {
				_, err := fmt.Fprintln(w, res.Summary())
				return err
			}}, nil
	})
}
