package fight

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// JoinOptions are the inputs of `spandex fight join`.
type JoinOptions struct {
	*cmdutil.Env
	File File
	// Sides are --side NAME=FILE[,FILE...] (ID:FILE names one hero).
	Sides []string
	Now   bool
	Note  string
}

// NewCmdJoin builds `spandex fight join`.
func NewCmdJoin(f *cmdutil.Factory, runF func(*JoinOptions) error) *cobra.Command {
	opts := &JoinOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runJoin
	}
	cmd := &cobra.Command{
		Use:   "join [FILE] --side NAME=FILE[,FILE...] [--now]",
		Short: "Reinforcements join a running fight: hero files or NPC streams",
		Long: `Reinforcements arrive: hero files or JSON Lines streams of NPCs (as
` + "`gen npc`" + ` writes), each --side NAME=FILE[,FILE...] as in ` + "`fight new`" + ` (ID:FILE
gives one hero its id; derived ids are numbered past those in the fight).
Rolls no dice; one "join" event in the log, undone by ` + "`fight undo`" + `.

The book has no rule for late arrivals: initiative is a d10 for each side
at the start of each page (p. 30). Read here (docs/rules-notes.md): an
arrival takes no panels on the page it arrives (as a duplicate acts only
from the next page, p. 54) and from the next page acts in its side's
place, by agility. Before ` + "`fight initiative`" + ` (after ` + "`fight end-page`" + `) it
simply joins the page. --now lets it act this page: its panels now, its
turns in its side's phase. A side new to the fight joins only between
pages, so that its d10 is rolled with the others'.`,
		Example: `  spandex fight join -i bank.json --side heroes=titan.json --note "answers the alarm"
  spandex fight join -i bank.json --side villains=goons.jsonl --now`,
		Args: cobra.MaximumNArgs(1),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs),
	}
	opts.File.addFlag(cmd)
	fl := cmd.Flags()
	fl.StringArrayVar(&opts.Sides, "side", nil, "a side and its arrivals: NAME=FILE[,FILE...] (repeatable)")
	fl.BoolVar(&opts.Now, "now", false, "the arrivals act on this page (default: from the next)")
	fl.StringVar(&opts.Note, "note", "", "what happens, for the log")
	return cmd
}

// runJoin reads the arrivals and brings them into the fight.
func runJoin(opts *JoinOptions) error {
	if len(opts.Sides) == 0 {
		return cmdutil.Inputf("--side: give NAME=FILE[,FILE...] for the arrivals")
	}
	j := encounter.Join{Now: opts.Now, Note: opts.Note}
	for _, sv := range opts.Sides {
		_, entries, err := sideEntries(opts.Env, sv, func(name, file string) error {
			if file == "-" || file == opts.File.source() {
				return cmdutil.Inputf("--side %s: %q: give the arrivals' own files", name, file)
			}
			return nil
		})
		if err != nil {
			return err
		}
		j.Entries = append(j.Entries, entries...)
	}
	return change(opts.Env, opts.File, func(e *encounter.Encounter) error {
		return e.Join(j)
	})
}
