package fight

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// ReactOptions are the inputs of `spandex fight react`.
type ReactOptions struct {
	*cmdutil.Env
	File        File
	Actor       string
	Against     string
	Reaction    string
	Panels      int
	Extra       int
	StrikeClass int
	Note        string
}

// NewCmdReact builds `spandex fight react`.
func NewCmdReact(f *cmdutil.Factory, runF func(*ReactOptions) error) *cobra.Command {
	opts := &ReactOptions{Env: f.Env(cmdutil.FormatText)}
	cmd := &cobra.Command{
		Use:   "react [FILE] --actor ID --reaction NAME --panels N",
		Short: "Book a reaction the GM resolved elsewhere: owed, or free against strike class 0-1",
		Long: `Book the panels of a reaction taken out of turn when the attack itself was
resolved elsewhere (` + "`spandex attack`" + `, ` + "`spandex psychic --resist`" + `, a ruling at the
table). Attacks made with ` + "`fight act --attack`" + ` book their reactions themselves.

The reaction's --panels (parry and dodge: the attack's time; block 1;
brace 0; judo throw 2; active resistance 2) are owed and paid back from the
combatant's next panels, blocking its other actions until repaid (p. 31),
unless it is one of a hero's or villain's four free reactions a page
against strike class 0-1 (--strike-class). --extra panels are never free
(picking up the blocking object, the extra panel of a +P dodge).

Rolls no dice.`,
		Example: `  spandex fight react -i bank.json --actor nefario --against guardian --reaction parry --panels 1 --strike-class 2
  spandex fight react -i bank.json --actor guardian --reaction dodge --panels 1 --strike-class 1`,
		RunE: cmdutil.RunE(opts, runF, ReactRun, opts.File.fromArgs, opts.checkFlags),
	}
	opts.File.addFlag(cmd)
	fl := cmd.Flags()
	fl.StringVar(&opts.Actor, "actor", "", "the combatant reacting")
	fl.StringVar(&opts.Against, "against", "", "the attacker")
	fl.StringVar(&opts.Reaction, "reaction", "", "parry, block, dodge, brace, judo-throw, resist, ...")
	fl.IntVar(&opts.Panels, "panels", 0, "the reaction's panels (0-2)")
	fl.IntVar(&opts.Extra, "extra", 0, "extra panels that are never free (0-2)")
	fl.IntVar(&opts.StrikeClass, "strike-class", 0, "strike class of the attack reacted to")
	fl.StringVar(&opts.Note, "note", "", "what happened, for the log")
	return cmd
}

// checkFlags checks what only the command knows: which flags were given.
func (opts *ReactOptions) checkFlags(cmd *cobra.Command, _ []string) error {
	if opts.Actor == "" || opts.Reaction == "" {
		return cmdutil.Inputf("give --actor ID and --reaction NAME")
	}
	if !cmd.Flags().Changed("strike-class") {
		return cmdutil.Inputf("--strike-class: give the strike class of the attack reacted to (0-1 may make the reaction free)")
	}
	return nil
}

// ReactRun books the reaction.
func ReactRun(opts *ReactOptions) error {
	return change(opts.Env, opts.File, func(e *encounter.Encounter) error {
		return ruleErr(e.React(encounter.Reaction{Actor: opts.Actor, Against: opts.Against, Reaction: opts.Reaction,
			Panels: opts.Panels, Extra: opts.Extra, StrikeClass: opts.StrikeClass, Note: opts.Note}))
	})
}

// EffectOptions are the inputs of `spandex fight effect`.
type EffectOptions struct {
	*cmdutil.Env
	File   File
	On     string
	Add    string
	End    string
	Source string
	Pages  int
}

// NewCmdEffect builds `spandex fight effect`.
func NewCmdEffect(f *cmdutil.Factory, runF func(*EffectOptions) error) *cobra.Command {
	opts := &EffectOptions{Env: f.Env(cmdutil.FormatText)}
	cmd := &cobra.Command{
		Use:   "effect [FILE] --on ID (--add NAME | --end NAME)",
		Short: "Start or end an ongoing power effect without spending panels",
		Long: `Put an ongoing power effect on a combatant, or end one, when it was set up
outside a turn (a mind control the GM resolved with ` + "`spandex psychic`" + `, an
effect carried over from before the fight). ` + "`fight act --power SLUG --effect NAME`" + `
does the same as part of a turn, spending its panels.

Effects the fight clock knows, with the book's numbers:
  mass, gravity   each use doubles the multiplier: ×2 half panels per page,
                  ×4 and ×8 immobilised with a will roll (1d20, 1d20+10) or
                  0 stamina, ×16 blacks out (pp. 54, 57)
  denser          Density Control (Self): half panels per page (p. 54)
  impervious      no movement; ends after WIL pages, then 5 pages before it
                  can be used again (p. 61)
  mind-control    half panels; 1 psi a page from the controller (--source);
                  broken by 20 stamina damage or a knockout (p. 68)
  gale, fog       1 panel a page to keep up (p. 78)
  summoning       2 panels a page instructing the creature (p. 65)
  bestow-gift     5 magic points and a panel a page (p. 62)
Any other NAME is recorded without rules effects (--pages N ends it after N
pages).

--dice order: mass or gravity at ×4 rolls 1d20 and at ×8 1d20+10 for the
holder's will; nothing else rolls.`,
		Example: `  spandex fight effect -i f.json --on goon-2 --add mind-control --source mentalist
  spandex fight effect -i f.json --on brick --add mass --source shrinker --dice 7
  spandex fight effect -i f.json --on brick --end mass`,
		RunE: cmdutil.RunE(opts, runF, EffectRun, opts.File.fromArgs, opts.checkFlags),
	}
	opts.File.addFlag(cmd)
	fl := cmd.Flags()
	fl.StringVar(&opts.On, "on", "", "the combatant the effect is on")
	fl.StringVar(&opts.Add, "add", "", "start the effect NAME")
	fl.StringVar(&opts.End, "end", "", "end the effect NAME")
	fl.StringVar(&opts.Source, "source", "", "the combatant keeping it up (default: the holder)")
	fl.IntVar(&opts.Pages, "pages", 0, "end it after N pages")
	return cmd
}

// checkFlags checks that one effect is added or ended on someone.
func (opts *EffectOptions) checkFlags(*cobra.Command, []string) error {
	if opts.On == "" || (opts.Add == "") == (opts.End == "") {
		return cmdutil.Inputf("give --on ID and one of --add NAME or --end NAME")
	}
	return nil
}

// EffectRun adds or ends the effect.
func EffectRun(opts *EffectOptions) error {
	return change(opts.Env, opts.File, func(e *encounter.Encounter) error {
		if opts.End != "" {
			return ruleErr(e.EndEffect(opts.On, opts.End, "ended by the GM"))
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
		return ruleErr(e.AddEffect(ctx, opts.On, ef))
	})
}

// LuckOptions are the inputs of `spandex fight luck`.
type LuckOptions struct {
	*cmdutil.Env
	File   File
	Actor  string
	Chance int
	What   string
}

// NewCmdLuck builds `spandex fight luck`.
func NewCmdLuck(f *cmdutil.Factory, runF func(*LuckOptions) error) *cobra.Command {
	opts := &LuckOptions{Env: f.Env(cmdutil.FormatText)}
	cmd := &cobra.Command{
		Use:   "luck [FILE] --actor ID",
		Short: "Roll a combatant's luck to avoid something bad: once a page",
		Long: `Roll d100 against a combatant's luck chance (the Luck power's "chance"
value, or --chance) to avoid something bad about to happen: a roll at or
under the chance avoids it (p. 62). Luck works once a page; it takes no
panels.

--dice order: one d100.`,
		Example: `  spandex fight luck -i f.json --actor lucky --what "the bomb goes off"`,
		RunE:    cmdutil.RunE(opts, runF, LuckRun, opts.File.fromArgs, requireActor(&opts.Actor)),
	}
	opts.File.addFlag(cmd)
	cmd.Flags().StringVar(&opts.Actor, "actor", "", "the combatant trying its luck")
	cmd.Flags().IntVar(&opts.Chance, "chance", 0, "luck chance (default: the Luck power's chance value)")
	cmd.Flags().StringVar(&opts.What, "what", "", "what is being avoided, for the log")
	return cmd
}

// requireActor is the prepare step of a verb that needs --actor.
func requireActor(actor *string) cmdutil.Prepare {
	return func(*cobra.Command, []string) error {
		if *actor == "" {
			return cmdutil.Inputf("give --actor ID")
		}
		return nil
	}
}

// LuckRun rolls luck.
func LuckRun(opts *LuckOptions) error {
	return roll(opts.Env, opts.File, func(e *encounter.Encounter, ctx encounter.Ctx) error {
		_, err := e.Luck(ctx, opts.Actor, opts.Chance, opts.What)
		return ruleErr(err)
	})
}

// HeroOptions are the inputs of `spandex fight hero`.
type HeroOptions struct {
	*cmdutil.Env
	File string
	ID   string
}

// NewCmdHero builds `spandex fight hero`.
func NewCmdHero(f *cmdutil.Factory, runF func(*HeroOptions) error) *cobra.Command {
	opts := &HeroOptions{Env: f.Env(cmdutil.FormatJSON)}
	cmd := &cobra.Command{
		Use:   "hero FILE ID",
		Short: "Print a combatant's hero file as the fight has left it",
		Long: `Print one combatant's hero file, with the health, stamina, condition,
pools and log the fight has given it, so it can be saved back after the
fight. Rolls no dice.`,
		Example: `  spandex fight hero bank.json guardian > guardian.json`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 2 {
				return cmdutil.Inputf("give the encounter FILE and a combatant ID")
			}
			return nil
		},
		RunE: cmdutil.RunE(opts, runF, HeroRun, func(_ *cobra.Command, args []string) error {
			opts.File, opts.ID = args[0], args[1]
			return nil
		}),
	}
	return cmd
}

// HeroRun prints the combatant's hero.
func HeroRun(opts *HeroOptions) error {
	e, err := load(opts.Env, File{Path: opts.File})
	if err != nil {
		return err
	}
	c := e.Find(opts.ID)
	if c == nil {
		ids := make([]string, len(e.Combatants))
		for i, c := range e.Combatants {
			ids[i] = c.ID
		}
		return cmdutil.Input(&encounter.UnknownError{ID: opts.ID, Known: ids})
	}
	data, err := hero.Encode(&c.Hero)
	if err != nil {
		return err
	}
	_, err = opts.Env.IO.Out.Write(data)
	return err
}

// LeaveOptions are the inputs of `spandex fight leave`.
type LeaveOptions struct {
	*cmdutil.Env
	File  File
	Actor string
	Why   string
}

// NewCmdLeave builds `spandex fight leave`.
func NewCmdLeave(f *cmdutil.Factory, runF func(*LeaveOptions) error) *cobra.Command {
	opts := &LeaveOptions{Env: f.Env(cmdutil.FormatText)}
	cmd := &cobra.Command{
		Use:   "leave [FILE] --actor ID [--why TEXT]",
		Short: "Take a combatant out of the fight for good: fled, reabsorbed, dismissed",
		Long: `Take a combatant out of the fight for good: a villain who escapes, a
duplicate reabsorbed (p. 54), a summoned creature dismissed (p. 65). It
takes no panels, no longer acts, and no longer counts as standing; effects
it keeps up end at the end of the page. Rolls no dice.`,
		Example: `  spandex fight leave -i bank.json --actor nefario --why "flies out through the skylight"`,
		RunE:    cmdutil.RunE(opts, runF, LeaveRun, opts.File.fromArgs, requireActor(&opts.Actor)),
	}
	opts.File.addFlag(cmd)
	cmd.Flags().StringVar(&opts.Actor, "actor", "", "the combatant leaving")
	cmd.Flags().StringVar(&opts.Why, "why", "", "why, for the log")
	return cmd
}

// LeaveRun takes the combatant out.
func LeaveRun(opts *LeaveOptions) error {
	return change(opts.Env, opts.File, func(e *encounter.Encounter) error {
		return ruleErr(e.Leave(opts.Actor, opts.Why))
	})
}
