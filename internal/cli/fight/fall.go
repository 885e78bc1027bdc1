package fight

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// FallOptions are the inputs of `spandex fight fall`.
type FallOptions struct {
	*cmdutil.Env
	File  File
	Actor string
	combat.FallInput
	// Storeys is --storeys: the height in storeys (3 m each).
	Storeys int
}

// NewCmdFall builds `spandex fight fall`.
func NewCmdFall(f *cmdutil.Factory, runF func(*FallOptions) error) *cobra.Command {
	opts := &FallOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runFall
	}
	cmd := &cobra.Command{
		Use:   "fall [FILE] --actor ID --metres N|--storeys N [--jump] [--soft N]",
		Short: "A combatant falls: damage on its tracks, dividers doubled (p. 43)",
		Long: `A combatant falls (thrown off a roof, a floor giving way): 1d6 health and
1d6 stamina per full five metres (--storeys N: 3 m a storey, a reading,
docs/rules-notes.md), at most 20d6 of each; a jump counts 5 m less; the combatant's own H and S dividers are doubled (--soft N multiplies
them again for a soft landing); --acrobatics next to a surface avoids all
damage and --edge-grab the fall (p. 43). The damage comes off its health
and stamina exactly as with "spandex fall FILE" (stamina past minus
endurance is health; a robot takes no stamina damage, p. 49), and its
condition follows (pp. 37-38); a combatant stunned or knocked out has its
panels cut at once. A fall costs no panels. Mundane characters have no
tracks: the GM rules their fall.

--hero-points N: the combatant makes the GM re-roll the damage N times and
keeps the least damage taken (health + stamina after dividers, p. 14); the
points come off the combatant in the same write.

--dice order: the health d6s, then the stamina d6s; then again health and
stamina for each hero point.`,
		Example: `  spandex fight fall -i bank.json --actor nefario --metres 20`,
		RunE:    cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs, requireActor(&opts.Actor), cmdutil.FallHeight(&opts.Metres, &opts.Storeys)),
	}
	opts.File.addFlag(cmd)
	fl := cmd.Flags()
	fl.StringVar(&opts.Actor, "actor", "", "the combatant who falls")
	cmdutil.AddFallHeight(fl, &opts.Metres, &opts.Storeys)
	fl.BoolVar(&opts.Jump, "jump", false, "a deliberate jump: counts 5 m less")
	fl.IntVar(&opts.Soft, "soft", 0, "a soft landing: multiply the dividers again by N")
	fl.BoolVar(&opts.Acrobatics, "acrobatics", false, "acrobatics next to a surface: no damage")
	fl.BoolVar(&opts.EdgeGrab, "edge-grab", false, "grabbed the edge as a reaction: no fall")
	fl.IntVar(&opts.HeroPoints, "hero-points", 0, "spend N of the combatant's hero points re-rolling the damage, keeping the least (p. 14)")
	return cmd
}

// runFall applies the fall.
func runFall(opts *FallOptions) error {
	if opts.Soft == 1 || opts.Soft < 0 {
		return cmdutil.Inputf("--soft: %d does not multiply anything (give 2 or more, or leave it out)", opts.Soft)
	}
	return roll(opts.Env, opts.File, func(e *encounter.Encounter, ctx encounter.Ctx) error {
		_, err := e.Fall(ctx, opts.Actor, opts.FallInput)
		return err
	})
}
