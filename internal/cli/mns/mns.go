// Package mns implements `spandex mns`: a segment-clock fight tracker for
// *Men & Supermen*, a second superhero system. An mns encounter file
// holds the clock, every combatant's numbers and state, the ongoing
// effects and the whole fight's log; the subcommands move it along. The
// rules live in pkg/mns; this package only reads flags and files and
// prints. The game's charts are the GM's own (--charts FILE or mns.charts
// in the config); spandex ships none.
//
// Each verb is one file: an Options struct embedding the shared
// cmdutil.Env, NewCmdX(f, runF) and a plain runX function; file.go holds
// what they share (the encounter file, the charts file, the event output).
package mns

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
)

// NewCmdMns builds `spandex mns` and its subcommands.
func NewCmdMns(f *cmdutil.Factory) *cobra.Command {
	var charts string
	cmd := &cobra.Command{
		Use:   "mns <command>",
		Short: "Men & Supermen: a segment-clock fight tracker, with the GM's own charts",
		Long: `Keep the books of a Men & Supermen fight (docs/mns.md). Its fights run on a
clock of segments, not pages: a round is 50 segments, an action lands its
performance time after it starts, and ongoing effects are paid for every
50 segments. spandex keeps the pile of combatants ordered by the segment
each is next due, the payment reminders, surprise and its penalty, the
combat roll's Quality, VP and DP, stun, pushback and ranges.

  mns new          start a fight from combatant files
  mns next         who is due next, on which segment; payments on the way
  mns act          a combatant starts an action: attack, move or other
  mns damage       apply damage: VP, DP, stun, death shots, pushback
  mns surprise     surprise a combatant; reduce it for a penalty
  mns end-round    move the clock to the next payment segment
  mns status       everyone's VP, DP, penalty and action under way
  mns range        range sets, defense bonus, damage penalty, misses
  mns charts check validate a charts file against the worked examples

The game's charts (Sphere, Square, Doubles, Action, Weapons, Misses) are
not in spandex: give your own with --charts FILE or mns.charts in the
config. Without them a rule that needs a chart stops and says which value
to look up, and which flag takes it.

Mutating verbs read the encounter from FILE or stdin and write it to
stdout, or rewrite it in place with -i FILE (atomically) and print only the
new events: text on a terminal, JSON when piped.`,
		Example: `  spandex mns new heroes.json thugs.json > fight.json
  spandex mns next fight.json --charts my-charts.json
  spandex mns act -i fight.json --actor gunman --attack lariat --weapon handgun --range 17 --dice 3,4
  spandex mns damage -i fight.json --on lariat --amount 15
  spandex mns end-round -i fight.json`,
	}
	cmd.PersistentFlags().StringVar(&charts, "charts", "", "the GM's charts file (default: mns.charts in the config)")
	cmd.AddCommand(NewCmdNew(f, nil))
	cmd.AddCommand(NewCmdNext(f, nil))
	cmd.AddCommand(NewCmdAct(f, nil))
	cmd.AddCommand(NewCmdDamage(f, nil))
	cmd.AddCommand(NewCmdSurprise(f, nil))
	cmd.AddCommand(NewCmdEndRound(f, nil))
	cmd.AddCommand(NewCmdStatus(f, nil))
	cmd.AddCommand(NewCmdRange(f, nil))
	cmd.AddCommand(NewCmdCharts(f))
	return cmd
}
