package fight

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// AutoOptions are the inputs of `spandex fight auto`.
type AutoOptions struct {
	*cmdutil.Env
	File     File
	Sides    []string
	Until    string
	MaxSteps int
	Policy   string
	// HeroPoints is --hero-points spend|keep.
	HeroPoints string
}

// NewCmdAuto builds `spandex fight auto`.
func NewCmdAuto(f *cmdutil.Factory, runF func(*AutoOptions) error) *cobra.Command {
	opts := &AutoOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runAuto
	}
	cmd := &cobra.Command{
		Use:   "auto [FILE] [--sides SIDE,...] [--until over|page|turn] [--policy P]",
		Short: "Play turns by a policy: the mooks' turns, or a whole simulated fight",
		Long: `Play the fight by a policy, with the same rules as the other verbs:
initiative is rolled when a page begins and each page ends when everyone
has acted. By the sensible policy (the default) the combatant whose turn
it is makes, of its attacks that fit in its panels on every enemy
standing, the one that takes its target furthest to going out (a
weakened enemy, a goon one hit from going down), each attack weighed on
the two as their sheets have them, fresh, or a use of its powers worth
more (Mind Control on the most threatening enemy, p. 68; a Regeneration
rest near going out, p. 73); nobody reacts. By --policy
plain it attacks the first enemy still standing (in file order) with the
attack of best expected damage that fits in its panels and that the rules
accept (a pool that cannot pay is skipped), taking no reaction. Either
passes when it has no attack. By --policy focus it makes the attack on
the enemy of best expected effect (each attack against each enemy
weighed, like sensible's, with the reaction that enemy would answer it
with) and reacts when the reaction is worth its panels (docs/fight.md);
fight sim plays with the same policies. It names its
policy when it stops.

--sides plays only those sides: when a combatant of another side is to
act, the autopilot stops and says whose turn it is, so the GM plays the
heroes and lets the thugs act by themselves. --until stops at the end of
the fight (over: one side left standing; the default), the end of the
current page (page), or after one action (turn).

Hero points (p. 14), --hero-points spend (the default) or keep: with
spend, a combatant with a hero point left re-rolls its own to-hit once
when it misses and a re-roll could hit (the higher kept), and a target
with a point left at half its stamina or health or less makes the
attacker re-roll once a to-hit that hits when a re-roll could miss (the
lower kept): one point a roll at most, taken off the combatant with the
ruling, both results in the attack event's hero_points (docs/fight.md).
Points are never refreshed during a fight: they come back at the start of
an adventure (p. 15, spandex profile refresh). keep spends none.

Death's door (p. 38): before anything else, a combatant with a
double-panel left gives CPR (--aid, rolling nothing) to the first ally of
its side whose five minutes at death's door end with this page; sooner,
its panels are the fight's, and the GM gives aid with fight act --aid.

With --seed the whole run is reproducible byte for byte.

--dice order: the dice of each step in the order the steps happen:
initiative (a d10 per side, re-rolled on ties), each attack (pkg/combat's
order: to-hit, then the attacker's hero point re-roll, then the target's,
damage, obstructions, prone; then a phased attacker's
re-phase d100, p. 66), the end of each page (recovery dice in file order,
then a d100 for each bound combatant's escape).`,
		Example: `  spandex fight auto -i bank.json --sides villains --seed 5
  spandex fight auto -i sim.json --seed 42 --until over
  spandex fight auto -i sim.json --seed 42 --policy focus
  spandex fight auto -i sim.json --seed 42 --hero-points keep`,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs),
	}
	opts.File.addFlag(cmd)
	cmd.Flags().StringSliceVar(&opts.Sides, "sides", nil, "play only these sides (default: all)")
	cmd.Flags().StringVar(&opts.Until, "until", encounter.UntilOver, "stop when the fight is over, at the end of the page, or after one turn: over|page|turn")
	cmd.Flags().IntVar(&opts.MaxSteps, "max-steps", encounter.DefaultAutoSteps, fmt.Sprintf("give up after this many steps (1-%d)", encounter.MaxAutoSteps))
	addPolicyFlag(cmd, &opts.Policy)
	addAutoHeroPointsFlag(cmd, &opts.HeroPoints)
	return cmd
}

// runAuto plays the fight.
func runAuto(opts *AutoOptions) error {
	if opts.MaxSteps < 1 || opts.MaxSteps > encounter.MaxAutoSteps {
		return cmdutil.Inputf("--max-steps: %d is outside 1-%d", opts.MaxSteps, encounter.MaxAutoSteps)
	}
	if err := checkAutoHeroPoints(opts.HeroPoints); err != nil {
		return err
	}
	if err := checkPolicy(opts.Policy); err != nil {
		return err
	}
	var why string
	stopped := false
	err := roll(opts.Env, opts.File, func(e *encounter.Encounter, ctx encounter.Ctx) error {
		rules, err := opts.Rules()
		if err != nil {
			return err
		}
		why, err = e.Auto(ctx, encounter.AutoOptions{Sides: opts.Sides, Until: opts.Until, MaxSteps: opts.MaxSteps, Policy: opts.Policy, HeroPoints: opts.HeroPoints}, rules)
		stopped = err == nil
		return err
	})
	// Why it stopped is said even when the encounter could not be saved.
	if stopped && !opts.Env.Format.IsJSON() {
		fmt.Fprintf(opts.Env.IO.ErrOut, "autopilot stopped: %s (policy %s)\n", why, opts.Policy)
	}
	return err
}
