package fight

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// NewCmdInitiative builds `spandex fight initiative`.
func NewCmdInitiative(f *cmdutil.Factory, runF func(*PageOptions) error) *cobra.Command {
	opts := &PageOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runInitiative
	}
	cmd := &cobra.Command{
		Use:   "initiative [FILE]",
		Short: "Roll the page's initiative: d10 per side, ties re-rolled",
		Long: `Roll initiative for the page (p. 30) and start it.

Each side rolls a d10; while the highest roll is tied, every side rolls
again. The winners take the Initiative Table's advance panels first
(difference 1-2: 1 panel, 3-4: 2, 5-6: 3, 7-9: 4), each capped by its own
panels per page; then the losers take all their panels; then the winners
take the rest. Within a phase, Super Speed acts first on its side, then
highest agility. A panel saved from the last page joins the first turn.

Starting the page works out everyone's panels per page afresh (stunned 2,
mundane 2, sidekicks by rank, halved by Density Control, Gravity or Mind
Control, none while out of the fight) and charges the panels of powers
kept up each page (Weather Control, Summoning, Bestow Gift).

In the surprise round (page 0) this ends the round and starts page 1.

Hero points (p. 14): --hero-points ID=N lets the combatant spend up to N
points re-rolling its side's first d10, one at a time and only while
another side rolled higher (a tie is re-rolled anyway); the higher face is
kept and the points come off its hero in the fight, every face logged.

--dice order: one d10 per side, in the order the sides were given to
fight new; then each spending combatant's re-rolls (file order); after a
tie, another d10 per side, and so on.`,
		Example: `  spandex fight initiative -i bank.json --dice 8,3
  spandex fight initiative -i bank.json --dice 4,4,9,2   # a tie, then 9 vs 2
  spandex fight initiative -i bank.json --seed 12
  spandex fight initiative -i bank.json --hero-points guardian=1 --dice 3,8,9`,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs),
	}
	opts.File.addFlag(cmd)
	opts.addHeroPoints(cmd, "its side's d10 while behind")
	return cmd
}

// runInitiative rolls initiative.
func runInitiative(opts *PageOptions) error {
	return opts.rollSpending(func(e *encounter.Encounter, ctx encounter.Ctx) error {
		return e.RollInitiative(ctx)
	})
}
