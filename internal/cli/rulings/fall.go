package rulings

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

// FallOptions are the inputs of `spandex fall`.
type FallOptions struct {
	*cmdutil.Env
	// Odds is --odds: the exact odds instead of a roll.
	Odds bool
	combat.FallInput
	HDivider, SDivider int
	// Storeys is --storeys: the height in storeys (3 m each), instead of
	// --metres.
	Storeys int
	// Target is the hero who falls, when one is given (FILE or -i).
	Target cmdutil.HeroTarget
}

// FallOutput is what `spandex fall` prints.
type FallOutput struct {
	combat.FallResult
	Rolled
}

// NewCmdFall builds `spandex fall`.
func NewCmdFall(f *cmdutil.Factory, runF func(*FallOptions) error) *cobra.Command {
	opts := &FallOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runFall
	}
	cmd := &cobra.Command{
		Use:   "fall --metres N|--storeys N [--jump] [--h-divider N --s-divider N | -i FILE | FILE|-]",
		Short: "Falling damage (p. 43)",
		Long: `Roll falling damage (p. 43): 1d6 health and 1d6 stamina per full five metres
fallen, at most 20d6 of each; jumping rather than falling counts 5 m less.
--storeys N gives the height in storeys, 3 m each (the book measures falls
in metres only; docs/rules-notes.md).
The faller's H and S dividers are doubled (--soft N multiplies them again
for a soft landing, at the GM's discretion). Acrobatics next to a surface
(--acrobatics) avoids all damage; grabbing the edge as a reaction
(--edge-grab) avoids the fall.

With a hero file (FILE, - for stdin, or -i FILE) the fall happens to that
hero: its own dividers (combat.dividers) are doubled, the damage comes off
its health and stamina (stamina past minus endurance is taken as health; a
robot takes no stamina damage, p. 49) and its condition follows (pp.
37-38). A "fall" event with the ruling is appended to its log; the hero
goes to stdout, or with -i the file is rewritten and the ruling printed. A
combatant in a fight falls with "spandex fight fall".

Hero points (p. 14), with a hero file: --hero-points N makes the GM re-roll
the damage N times (a roll that directly affects the hero) and keeps the
least damage taken (health + stamina after the doubled dividers); the
points come off the file with the fall, every result logged.

A stream of heroes (JSON Lines, one hero a line, as gen npc -n writes; as
FILE or on stdin, not -i) is a batch: each hero falls in turn, in one
process, each updated hero written as one JSON line on stdout and its
ruling on stderr. A bad hero stops the batch with one line naming it,
"stdin#N (line L): message", exit 2, and nothing on stdout.

Dice: the health d6s, then the stamina d6s; then again health and stamina
for each hero point. In a batch, all of the first hero's dice, then the
second's, and so on; one --seed drives the whole batch.`,
		Example: `  spandex fall --metres 23 --jump
  spandex fall --metres 100 --h-divider 3 --s-divider 2 --seed 9
  spandex fall --metres 30 -i guardian.json --explain
  spandex fall --metres 12 heroes.jsonl --seed 4 > fallen.jsonl
  spandex fall --storeys 4 --dice 3,4,5,6`,
		Args: cobra.MaximumNArgs(1),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.Target.FromArgs, cmdutil.FallHeight(&opts.Metres, &opts.Storeys), multiplierIfGiven("soft")),
	}
	opts.Target.AddInPlaceFlag(cmd)
	opts.Target.Stream = true
	fl := cmd.Flags()
	fl.BoolVar(&opts.Odds, "odds", false, oddsHelp)
	cmdutil.AddFallHeight(fl, &opts.Metres, &opts.Storeys)
	fl.BoolVar(&opts.Jump, "jump", false, "a deliberate jump: counts 5 m less")
	fl.IntVar(&opts.HDivider, "h-divider", 0, "the faller's H divider (doubled)")
	fl.IntVar(&opts.SDivider, "s-divider", 0, "the faller's S divider (doubled)")
	fl.IntVar(&opts.Soft, "soft", 0, "a soft landing: multiply the dividers again by N")
	fl.BoolVar(&opts.Acrobatics, "acrobatics", false, "acrobatics next to a surface: no damage")
	fl.BoolVar(&opts.EdgeGrab, "edge-grab", false, "grabbed the edge as a reaction: no fall")
	fl.IntVar(&opts.HeroPoints, "hero-points", 0, "with a hero file: spend N hero points re-rolling the damage, keeping the least (p. 14)")
	return cmd
}

// runFall rolls the fall.
func runFall(opts *FallOptions) error {
	if opts.Odds && (opts.Target.InPlace != "" || opts.Target.File != "") {
		return cmdutil.Inputf("--odds: rolls nothing and changes no file: leave out the hero file and give its dividers (--h-divider, --s-divider)")
	}
	if opts.Odds {
		return rulingOdds(opts.Env, "fall", func() error {
			o := *opts
			o.Odds = false
			return runFall(&o)
		})
	}
	if err := checkRange("h-divider", opts.HDivider, 0, 100); err != nil {
		return err
	}
	if err := checkRange("s-divider", opts.SDivider, 0, 100); err != nil {
		return err
	}
	if opts.Target.InPlace != "" || opts.Target.File != "" {
		return runFallOn(opts)
	}
	if opts.HeroPoints != 0 {
		return cmdutil.Inputf("--hero-points: give the hero who falls (FILE or -i FILE): the points come off it")
	}
	opts.Dividers = rulebook.Dividers{Health: opts.HDivider, Stamina: opts.SDivider}
	// Nothing is rolled when the fall is avoided.
	var rl roller
	var r dice.Roller = noDice{}
	if !opts.Acrobatics && !opts.EdgeGrab {
		var err error
		if rl, err = newRoller(opts.Env); err != nil {
			return err
		}
		r = rl
	}
	res, err := combat.Fall(opts.FallInput, r)
	if err != nil {
		return ruleErr(err)
	}
	out := FallOutput{FallResult: res, Rolled: Rolled{Dice: []dice.Rolled{}}}
	if rl.Recorder != nil {
		if err := rl.finish(&out.Rolled); err != nil {
			return err
		}
	}
	var lines []string
	if res.Avoided != "" {
		out.Steps.Add("fall", "p. 43", "%s", res.Avoided)
		lines = []string{"fall: " + res.Avoided}
	} else {
		out.Steps.Add("fall", "p. 43", "%d m fallen%s: %d effective, %dd6 health and %dd6 stamina (1d6 each per full 5 m, at most 20d6)",
			res.Metres, yes(opts.Jump, " (jumped: 5 m less)", ""), res.EffectiveMetres, res.DiceEach, res.DiceEach)
		out.Steps.Add("dividers", "p. 43", "dividers doubled for a fall: %s; rolled %d H, %d S, taken %d H, %d S", res.Dividers, res.HealthRoll, res.StaminaRoll, res.Health, res.Stamina)
		lines = []string{
			fmt.Sprintf("fall: %d m (%d effective): %dd6 health and %dd6 stamina", res.Metres, res.EffectiveMetres, res.DiceEach, res.DiceEach),
			fmt.Sprintf("rolled: %d H, %d S", res.HealthRoll, res.StaminaRoll),
			fmt.Sprintf("taken: %d H, %d S (dividers doubled: %s)", res.Health, res.Stamina, res.Dividers),
		}
	}
	return emit(opts.Env, out.Seed, out, lines, out.Steps)
}

// noDice is a roller for rulings that roll nothing.
type noDice struct{}

func (noDice) Roll(sides int, purpose string) (int, error) {
	return 0, fmt.Errorf("no dice are rolled here (asked for a d%d for %s)", sides, purpose)
}

// runFallOn makes the hero in the file fall.
func runFallOn(opts *FallOptions) error {
	if opts.HDivider != 0 || opts.SDivider != 0 {
		return cmdutil.Inputf("--h-divider/--s-divider: the hero file's own dividers are used")
	}
	return opts.Target.Change(opts.Env, func(h *hero.Hero) (cmdutil.HeroChange, error) {
		var r dice.Roller = noDice{}
		var seed *uint64
		if !opts.Acrobatics && !opts.EdgeGrab {
			rl, err := newRoller(opts.Env)
			if err != nil {
				return cmdutil.HeroChange{}, err
			}
			r, seed = rl, rl.seed()
		}
		fa, err := combat.FallOn(h, opts.FallInput, r)
		var re *combat.RequestError
		if errors.As(err, &re) && re.Field == "hero" {
			return cmdutil.HeroChange{}, cmdutil.Inputf("%s", re.Msg)
		}
		if err != nil {
			return cmdutil.HeroChange{}, ruleErr(err)
		}
		if len(fa.Dice) == 0 {
			seed = nil
		}
		return cmdutil.HeroChange{Kind: "fall", Summary: fa.Summary(), Seed: seed, Details: fa, Steps: fa.Steps,
			Text: func(w io.Writer) error {
				_, err := fmt.Fprintln(w, fa.Summary())
				return err
			}}, nil
	})
}
