package fight

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
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
	if runF == nil {
		runF = runReact
	}
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
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs, opts.checkFlags),
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

// runReact books the reaction.
func runReact(opts *ReactOptions) error {
	return change(opts.Env, opts.File, func(e *encounter.Encounter) error {
		return e.React(encounter.Reaction{Actor: opts.Actor, Against: opts.Against, Reaction: opts.Reaction,
			Panels: opts.Panels, Extra: opts.Extra, StrikeClass: opts.StrikeClass, Note: opts.Note})
	})
}
