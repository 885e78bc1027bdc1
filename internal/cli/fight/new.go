package fight

import (
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// NewOptions are the inputs of `spandex fight new`.
type NewOptions struct {
	*cmdutil.Env
	Name string
	// Sides are the --side values: NAME=FILE[,FILE...].
	Sides       []string
	Surprise    string
	Sidekicks   []string
	SavedPanels int
	HalfPanels  string
	EscapeRolls string
}

// NewCmdNew builds `spandex fight new`.
func NewCmdNew(f *cmdutil.Factory, runF func(*NewOptions) error) *cobra.Command {
	opts := &NewOptions{Env: f.Env(cmdutil.FormatJSON)}
	if runF == nil {
		runF = runNew
	}
	cmd := &cobra.Command{
		Use:   "new --side NAME=FILE[,FILE...] --side NAME=FILE[,FILE...]",
		Short: "Start an encounter from hero files and files of NPCs",
		Long: `Start an encounter and write it to stdout.

Each --side names a side and its combatants' files. A file holds one hero
(a hero file) or many (a JSON array or JSON Lines, as gen npc -n writes
them); "-" is stdin.
Combatants get short ids from their names ("The Guardian" → guardian);
names shared by several combatants are numbered (goon-1, goon-2, ...).
Prefix a file with ID: to choose the id yourself (robin:sidekick.json).

--surprise SIDE opens the fight with a surprise round (page 0, p. 29):
that side's combatants take two panels each, and nobody may react to them
except characters with Danger Sense or Animal Senses. Without it the fight
opens on page 1, waiting for initiative.

--sidekick ID=RANK gives a sidekick the panels per page of its master's
Sidekick power rank: 2, 3 or 4 (p. 71).

Rule readings stored in the file: --saved-panels (how many unused panels
a combatant may hold into the next page; 1, p. 30), --half-panels
(halved panels per page round down, with a minimum of 1, or up) and
--escape-rolls (the bound break free by a double-panel per attempt on
their turn, turn, pp. 64, 73; or by a free roll at each end of page, page).

Rolls no dice.`,
		Example: `  spandex fight new --side heroes=guardian.json,police.jsonl --side villains=nefario.json,goons.jsonl > bank.json
  spandex gen npc combatant -n 6 --seed 3 | spandex fight new --side heroes=a.json,b.json --side thugs=- > fight.json
  spandex fight new --side heroes=hawk.json,kid:kid.json --sidekick kid=2 --side villains=boss.json --surprise villains`,
		Args: cobra.NoArgs,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }),
	}
	cmd.Flags().StringArrayVar(&opts.Sides, "side", nil, "a side and its combatants: NAME=FILE[,FILE...] (repeat for each side)")
	cmd.Flags().StringVar(&opts.Name, "name", "", "a name for the fight")
	cmd.Flags().StringVar(&opts.Surprise, "surprise", "", "SIDE takes a surprise round first (p. 29)")
	cmd.Flags().StringArrayVar(&opts.Sidekicks, "sidekick", nil, "ID=RANK: panels per page from the master's Sidekick rank (p. 71)")
	cmd.Flags().IntVar(&opts.SavedPanels, "saved-panels", encounter.DefaultOptions().SavedPanels, "unused panels a combatant may hold into the next page (p. 30)")
	cmd.Flags().StringVar(&opts.HalfPanels, "half-panels", encounter.DefaultOptions().HalfPanels, "round halved panels per page: down (at least 1) or up")
	cmd.Flags().StringVar(&opts.EscapeRolls, "escape-rolls", encounter.DefaultOptions().EscapeRolls, "when the bound try to break free: turn (a double-panel per attempt, pp. 64, 73) or page (a free roll at each end of page)")
	return cmd
}

// runNew builds the encounter and writes it to stdout.
func runNew(opts *NewOptions) error {
	if len(opts.Sides) < 2 {
		return cmdutil.Inputf("--side: a fight needs at least two sides (--side heroes=a.json --side villains=b.json)")
	}
	setup := encounter.Setup{Name: opts.Name, Surprise: opts.Surprise,
		Options: encounter.Options{SavedPanels: opts.SavedPanels, HalfPanels: opts.HalfPanels, EscapeRolls: opts.EscapeRolls}}
	stdinUsed := false
	for _, sv := range opts.Sides {
		name, entries, err := sideEntries(opts.Env, sv, func(name, file string) error {
			if file == "-" || file == "" {
				if stdinUsed {
					return cmdutil.Inputf("--side %s: stdin (-) can be read only once", name)
				}
				stdinUsed = true
			}
			return nil
		})
		if err != nil {
			return err
		}
		setup.Sides = append(setup.Sides, name)
		setup.Entries = append(setup.Entries, entries...)
	}
	if len(opts.Sidekicks) > 0 {
		setup.Sidekicks = map[string]int{}
		for _, s := range opts.Sidekicks {
			id, r, ok := strings.Cut(s, "=")
			rank, err := strconv.Atoi(strings.TrimSpace(r))
			if !ok || err != nil {
				return cmdutil.Inputf("--sidekick %q: give ID=RANK (1-3)", s)
			}
			setup.Sidekicks[strings.TrimSpace(id)] = rank
		}
	}
	e, err := encounter.New(setup)
	if err != nil {
		return cmdutil.Inputf("fight new: %w", err)
	}
	data, err := cmdutil.EncodeEncounter(e, "stdout")
	if err != nil {
		return err
	}
	_, err = opts.Env.IO.Out.Write(data)
	return err
}

// sideEntries reads one --side NAME=FILE[,FILE...] (each FILE may be
// ID:FILE, naming its one hero): the side's name and its heroes, each
// read and checked as a hero file. check vets each file before it is
// read (stdin once, not the fight's own file).
func sideEntries(env *cmdutil.Env, sv string, check func(name, file string) error) (string, []encounter.Entry, error) {
	name, files, ok := strings.Cut(sv, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.TrimSpace(files) == "" {
		return "", nil, cmdutil.Inputf("--side %q: give NAME=FILE[,FILE...]", sv)
	}
	var entries []encounter.Entry
	for _, file := range splitList(files) {
		id := ""
		if before, after, ok := strings.Cut(file, ":"); ok && encounter.ValidID(before) && after != "" {
			id, file = before, after
		}
		if err := check(name, file); err != nil {
			return "", nil, err
		}
		heroes, err := env.ReadHeroes(file, encounter.MaxFileSize)
		if err != nil {
			return "", nil, err
		}
		if id != "" && len(heroes) != 1 {
			return "", nil, cmdutil.Inputf("--side %s: %s:%s holds %d heroes; an id names exactly one", name, id, file, len(heroes))
		}
		for _, h := range heroes {
			entries = append(entries, encounter.Entry{Side: name, ID: id, Hero: h, Source: file})
		}
	}
	return name, entries, nil
}
