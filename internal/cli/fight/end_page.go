package fight

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// NewCmdEndPage builds `spandex fight end-page`.
func NewCmdEndPage(f *cmdutil.Factory, runF func(*PageOptions) error) *cobra.Command {
	opts := &PageOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runEndPage
	}
	cmd := &cobra.Command{
		Use:   "end-page [FILE]",
		Short: "End the page: recovery, ongoing effects, pools; on to the next page",
		Long: `End the current page (pp. 30, 38-39, 43, 51-78):

  1. panels nobody took are given up; they first pay back panels owed;
     then, in file order, anyone out of the fight but alive who has
     Regeneration rests: 1d6 health per double-panel of its panels a page
     (resting takes no panels, p. 74); then anyone dying at death's door
     counts the page and dies at the end of its 139th (five minutes at
     2.16 s a page) unless given CPR (fight act --aid ID, p. 38);
  2. stamina recovery, in file order: the conscious recover 1d6 plus the
     Endurance Table bonus; the unconscious roll a d20 and recover only on
     a roll at or under their endurance; Fast Recovery recovers twice; the
     dead, mundane characters, robots and anyone knocked out by a
     finishing move do not recover stamina;
  3. ongoing effects: Impervious ends after WIL pages (and cannot be used
     for 5 more), effects whose keeper is out of the fight end, Mind
     Control and Bestow Gift charge their psi and magic points; in a
     fight made with --escape-rolls page, everyone bound by Snare or
     Restraint (not out of the fight) rolls a d100 and breaks free at or
     under its escape chance (by default the bound try on their turn,
     fight act --break-free, pp. 64, 73);
  4. on every fifth page energy, magic, psi and fluid pools refill;
  5. a held panel becomes the next page's saved panel (p. 30); the next
     page waits for initiative.

Hero points (p. 14): --hero-points ID=N lets the combatant spend up to N
points on its own rolls, in the order rolled, each only while the roll is
not good enough: the unconscious d20 while over its endurance, the
recovery d6 while it shows 3 or less, the escape d100 while over the
escape chance. The better result is kept; points not needed stay in its
pool; every result is logged.

--dice order: each resting regenerator's d6s, in file order; then for
each combatant in file order that recovers stamina, per
recovery (two with Fast Recovery): the d20 if unconscious, then the d6 if
it recovers; then, under --escape-rolls page, a d100 for each bound
combatant in file order whose escape chance is 1% or more. A hero point's re-roll comes straight after
the roll it re-rolls.`,
		Example: `  spandex fight end-page -i bank.json --dice 4,2
  spandex fight end-page -i bank.json --seed 9
  spandex fight end-page -i bank.json --hero-points guardian=2 --seed 9`,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs),
	}
	opts.File.addFlag(cmd)
	opts.addHeroPoints(cmd, "its recovery and escape rolls")
	return cmd
}

// runEndPage ends the page.
func runEndPage(opts *PageOptions) error {
	return opts.rollSpending(func(e *encounter.Encounter, ctx encounter.Ctx) error {
		return e.EndPage(ctx)
	})
}
