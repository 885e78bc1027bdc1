package fight

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// EffectOptions are the inputs of `spandex fight effect`.
type EffectOptions struct {
	*cmdutil.Env
	File    File
	On      string
	Add     string
	End     string
	Release string
	Source  string
	Pages   int
}

// NewCmdEffect builds `spandex fight effect`.
func NewCmdEffect(f *cmdutil.Factory, runF func(*EffectOptions) error) *cobra.Command {
	opts := &EffectOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runEffect
	}
	cmd := &cobra.Command{
		Use:   "effect [FILE] --on ID (--add NAME | --end NAME | --release NAME)",
		Short: "Start or end an ongoing power effect without spending panels",
		Long: `Put an ongoing power effect on a combatant, or end one, when it was set up
outside a turn (a mind control the GM resolved with ` + "`spandex psychic`" + `, an
effect carried over from before the fight). ` + "`fight act --power SLUG --effect NAME`" + `
does the same as part of a turn, spending its panels.

Effects the fight clock knows, with the book's numbers:
  mass, gravity   each use doubles the multiplier: ×2 half panels per page,
                  ×4 and ×8 immobilised with a will roll (1d20, 1d20+10) or
                  0 stamina, ×16 blacks out (pp. 54, 57)
  denser          Density Control (Self): half panels per page, +10 melee
                  damage, knockback threshold +5 (p. 54)
  lighter         Density Control (Self): minimum melee damage, knockback
                  threshold 10 (p. 54)
  shrunk, phased, invisible, camouflaged
                  the lasting states (see ` + "`fight act --power`" + `): -3 to hit
                  and minimum damage, p. 70; H/11 S/11, p. 66; -4, p. 61;
                  -2, p. 52 (grown only by ` + "`fight act --power growth`" + `)
  controlled, hypnotised
                  broken by 20 stamina damage or a knockout (pp. 63, 68)
  drained         ends when the holder's pools refill (p. 68)
  impervious      no movement; ends after WIL pages, then 5 pages before it
                  can be used again (p. 61)
  mind-control    half panels; 1 psi a page from the controller (--source);
                  broken by 20 stamina damage or a knockout (p. 68)
  gale, fog       1 panel a page to keep up (p. 78)
  summoning       2 panels a page instructing the creature (p. 65)
  bestow-gift     5 magic points and a panel a page (p. 62)
Any other NAME is recorded without rules effects (--pages N ends it after N
pages).

--release mass|gravity: its maker stops concentrating (no panels). The
mass or gravity falls away at twice the rate it built up (pp. 54, 57),
ending at ×1; ` + "`fight status`" + ` shows it falling. Built by its power's use
(` + "`fight act --power`" + `), a doubling a double-panel of the maker's, it
halves for each panel of the maker's that passes: each one it spends, and
at ` + "`fight end-page`" + ` those of its page left unspent. With a step added
here by hand it has no panels to count: the rate is its doublings over
the pages from the first to now, and each ` + "`fight end-page`" + ` halves it
twice that many times (rounded up). A maker out of the fight lets go the
same way, falling from that end of page. --end ends it at once (the GM's
call).

--dice order: mass or gravity at ×4 rolls 1d20 and at ×8 1d20+10 for the
holder's will; nothing else rolls.`,
		Example: `  spandex fight effect -i bank.json --on goon-2 --add mind-control --source nefario
  spandex fight effect -i bank.json --on guardian --add mass --source nefario --dice 7   # the second use: ×4
  spandex fight effect -i bank.json --on guardian --release mass
  spandex fight effect -i bank.json --on guardian --end mass`,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs, opts.checkFlags),
	}
	opts.File.addFlag(cmd)
	fl := cmd.Flags()
	fl.StringVar(&opts.On, "on", "", "the combatant the effect is on")
	fl.StringVar(&opts.Add, "add", "", "start the effect NAME")
	fl.StringVar(&opts.End, "end", "", "end the effect NAME")
	fl.StringVar(&opts.Release, "release", "", "let go of mass or gravity: it falls away at twice the rate it built up (pp. 54, 57)")
	fl.StringVar(&opts.Source, "source", "", "the combatant keeping it up (default: the holder)")
	fl.IntVar(&opts.Pages, "pages", 0, "end it after N pages")
	return cmd
}

// checkFlags checks that one effect is added or ended on someone.
func (opts *EffectOptions) checkFlags(*cobra.Command, []string) error {
	n := 0
	for _, v := range []string{opts.Add, opts.End, opts.Release} {
		if v != "" {
			n++
		}
	}
	if opts.On == "" || n != 1 {
		return cmdutil.Inputf("give --on ID and one of --add NAME, --end NAME or --release NAME")
	}
	return nil
}

// runEffect adds or ends the effect.
func runEffect(opts *EffectOptions) error {
	return change(opts.Env, opts.File, func(e *encounter.Encounter) error {
		if opts.Release != "" {
			return e.ReleaseEffect(opts.On, opts.Release, "its maker lets go")
		}
		if opts.End != "" {
			return e.EndEffect(opts.On, opts.End, "ended by the GM")
		}
		if opts.Add == combat.StateGrown {
			return cmdutil.Inputf("--add grown: growing changes the scores; use `fight act --power growth`, or start the fight from a grown hero file (`hero state --on grown`, pp. 60-61)")
		}
		ef, ok := encounter.PresetEffect(opts.Add)
		if !ok {
			ef = encounter.Effect{Name: opts.Add}
		}
		if opts.Pages < 0 {
			return cmdutil.Inputf("--pages: %d is negative", opts.Pages)
		}
		if opts.Pages > 0 {
			ef.MaxPages = opts.Pages
		}
		ef.Source = opts.Source
		ctx, err := diceCtx(opts.Env)
		if err != nil {
			return err
		}
		return e.AddEffect(ctx, opts.On, ef)
	})
}
