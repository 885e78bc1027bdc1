package fight

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// PageOptions are the inputs of `fight initiative` and `fight end-page`.
type PageOptions struct {
	*cmdutil.Env
	File File
}

// NewCmdInitiative builds `spandex fight initiative`.
func NewCmdInitiative(f *cmdutil.Factory, runF func(*PageOptions) error) *cobra.Command {
	opts := &PageOptions{Env: f.Env(cmdutil.FormatText)}
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

--dice order: one d10 per side, in the order the sides were given to
fight new; after a tie, another d10 per side, and so on.`,
		Example: `  spandex fight initiative -i bank.json --dice 8,3
  spandex fight initiative -i bank.json --dice 4,4,9,2   # a tie, then 9 vs 2
  spandex fight initiative -i bank.json --seed 12`,
		RunE: cmdutil.RunE(opts, runF, InitiativeRun, opts.File.fromArgs),
	}
	opts.File.addFlag(cmd)
	return cmd
}

// InitiativeRun rolls initiative.
func InitiativeRun(opts *PageOptions) error {
	return roll(opts.Env, opts.File, func(e *encounter.Encounter, ctx encounter.Ctx) error {
		return ruleErr(e.RollInitiative(ctx))
	})
}

// NewCmdEndPage builds `spandex fight end-page`.
func NewCmdEndPage(f *cmdutil.Factory, runF func(*PageOptions) error) *cobra.Command {
	opts := &PageOptions{Env: f.Env(cmdutil.FormatText)}
	cmd := &cobra.Command{
		Use:   "end-page [FILE]",
		Short: "End the page: recovery, ongoing effects, pools; on to the next page",
		Long: `End the current page (pp. 30, 38-39, 43, 51-78):

  1. panels nobody took are given up; they first pay back panels owed;
  2. stamina recovery, in file order: the conscious recover 1d6 plus the
     Endurance Table bonus; the unconscious roll a d20 and recover only on
     a roll at or under their endurance; Fast Recovery recovers twice; the
     dead, mundane characters, robots and anyone knocked out by a
     finishing move do not recover stamina;
  3. ongoing effects: Impervious ends after WIL pages (and cannot be used
     for 5 more), effects whose keeper is out of the fight end, Mind
     Control and Bestow Gift charge their psi and magic points;
  4. on every fifth page energy, magic, psi and fluid pools refill;
  5. a held panel becomes the next page's saved panel (p. 30); the next
     page waits for initiative.

--dice order: for each combatant in file order that recovers stamina, per
recovery (two with Fast Recovery): the d20 if unconscious, then the d6 if
it recovers.`,
		Example: `  spandex fight end-page -i bank.json --dice 4,2
  spandex fight end-page -i bank.json --seed 9`,
		RunE: cmdutil.RunE(opts, runF, EndPageRun, opts.File.fromArgs),
	}
	opts.File.addFlag(cmd)
	return cmd
}

// EndPageRun ends the page.
func EndPageRun(opts *PageOptions) error {
	return roll(opts.Env, opts.File, func(e *encounter.Encounter, ctx encounter.Ctx) error {
		return ruleErr(e.EndPage(ctx))
	})
}

// ViewOptions are the inputs of `fight next` and `fight status`.
type ViewOptions struct {
	*cmdutil.Env
	File File
}

// NewCmdNext builds `spandex fight next`.
func NewCmdNext(f *cmdutil.Factory, runF func(*ViewOptions) error) *cobra.Command {
	opts := &ViewOptions{Env: f.Env(cmdutil.FormatTable)}
	cmd := &cobra.Command{
		Use:   "next [FILE]",
		Short: "Who acts now, with how many panels, and who follows",
		Long: `Show whose turn it is in the current phase, with the panels they may take
now (after paying back panels owed for reactions), whether a double-panel
fits, and who follows them in this phase. Between phases it says what to
do: roll initiative, or end the page.

Output: a table on a terminal; JSON when piped ({page, phase, initiative,
actor, queue, hint, standing, over}); -o text prints "ID PANELS" for the
actor, or the hint (for scripts). Rolls no dice.`,
		Example: `  spandex fight next bank.json
  spandex fight next bank.json -o json | jq -r .actor.id`,
		RunE: cmdutil.RunE(opts, runF, NextRun, opts.File.fromArgs, opts.File.readOnly("next")),
	}
	opts.File.addFlag(cmd)
	_ = cmd.Flags().MarkHidden("in-place")
	return cmd
}

// readOnly is the prepare step of a verb that only reads the encounter:
// -i is refused.
func (fl *File) readOnly(verb string) cmdutil.Prepare {
	return func(*cobra.Command, []string) error {
		if fl.InPlace != "" {
			return cmdutil.Inputf("fight %s only reads the encounter; give it as FILE", verb)
		}
		return nil
	}
}

// NextRun prints who acts now.
func NextRun(opts *ViewOptions) error {
	e, err := load(opts.Env, opts.File)
	if err != nil {
		return err
	}
	n := e.NextTurn()
	out := opts.Env.IO.Out
	switch opts.Env.Format {
	case cmdutil.FormatJSON, cmdutil.FormatJSONL:
		return cmdutil.WriteJSON(out, opts.Env.Format, n)
	case cmdutil.FormatText:
		if n.Actor != nil {
			_, err := fmt.Fprintf(out, "%s %d\n", n.Actor.ID, n.Actor.Panels)
			return err
		}
		_, err := fmt.Fprintln(out, n.Hint)
		return err
	}
	fmt.Fprintf(out, "Page %d, %s phase%s\n", n.Page, n.Phase, initiativeText(n.Initiative))
	if n.Actor == nil {
		_, err := fmt.Fprintln(out, n.Hint)
		return err
	}
	rows := [][]string{turnRow("now", *n.Actor)}
	for _, t := range n.Queue {
		rows = append(rows, turnRow("then", t))
	}
	return cmdutil.Table(out, []string{"", "ID", "Name", "Side", "Panels", "Owed", "Double", "Move"}, rows)
}

func turnRow(when string, t encounter.Turn) []string {
	return []string{when, t.ID, t.Name, t.Side, strconv.Itoa(t.Panels), strconv.Itoa(t.Owed), yesNo(t.CanDouble), yesNo(t.CanMove)}
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func initiativeText(ini *encounter.Initiative) string {
	if ini == nil {
		return ""
	}
	return fmt.Sprintf(" (%s won initiative by %d: %s)", ini.Winner, ini.Difference, plural(ini.Advance, "advance panel"))
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// NewCmdStatus builds `spandex fight status`.
func NewCmdStatus(f *cmdutil.Factory, runF func(*ViewOptions) error) *cobra.Command {
	opts := &ViewOptions{Env: f.Env(cmdutil.FormatTable)}
	cmd := &cobra.Command{
		Use:   "status [FILE]",
		Short: "Everyone's health, stamina, condition, panels left and owed",
		Long: `Show the fight at a glance: page, phase, initiative, whose turn it is, which
sides are still standing, and for every combatant health, stamina (or hits
for mundane characters), condition, panels per page, used, left, saved,
held, owed, free reactions used, ongoing effects and pools.

Output: a table on a terminal; JSON when piped; -o text prints one line per
combatant for scripts: "ID SIDE CONDITION HEALTH STAMINA PER_PAGE USED LEFT
SAVED OWED FREE" (current health and stamina; "-" for mundane characters,
whose hits are in the JSON). Rolls no dice.`,
		Example: `  spandex fight status bank.json
  spandex fight status bank.json -o json | jq '.combatants[] | select(.condition != "ok")'`,
		RunE: cmdutil.RunE(opts, runF, StatusRun, opts.File.fromArgs, opts.File.readOnly("status")),
	}
	opts.File.addFlag(cmd)
	_ = cmd.Flags().MarkHidden("in-place")
	return cmd
}

// StatusRun prints the board.
func StatusRun(opts *ViewOptions) error {
	e, err := load(opts.Env, opts.File)
	if err != nil {
		return err
	}
	b := e.Status()
	out := opts.Env.IO.Out
	switch opts.Env.Format {
	case cmdutil.FormatJSON, cmdutil.FormatJSONL:
		return cmdutil.WriteJSON(out, opts.Env.Format, b)
	case cmdutil.FormatText:
		for _, c := range b.Combatants {
			h, st := strconv.Itoa(c.Health), strconv.Itoa(c.Stamina)
			if c.Kind == "mundane" {
				h, st = "-", "-"
			}
			if _, err := fmt.Fprintf(out, "%s %s %s %s %s %d %d %d %d %d %d\n", c.ID, c.Side, c.Condition, h, st,
				c.PerPage, c.Used, c.Left, c.Saved, c.Owed, c.FreeReactions); err != nil {
				return err
			}
		}
		return nil
	}
	title := fmt.Sprintf("Page %d, %s phase%s", b.Page, b.Phase, initiativeText(b.Initiative))
	if b.Name != "" {
		title = b.Name + ": " + title
	}
	if b.Current != "" {
		title += "; " + b.Current + " to act"
	}
	if b.Over {
		title += "; the fight is over: " + orNobody(b.Standing) + " standing"
	}
	fmt.Fprintln(out, title)
	rows := make([][]string, 0, len(b.Combatants))
	for _, c := range b.Combatants {
		hs := fmt.Sprintf("%d/%d", c.Health, c.HealthMax)
		ss := fmt.Sprintf("%d/%d", c.Stamina, c.StaminaMax)
		if c.Kind == "mundane" {
			hs, ss = "-", fmt.Sprintf("%d hit(s)", c.Hits)
		}
		rows = append(rows, []string{c.ID, c.Side, hs, ss, c.Condition,
			fmt.Sprintf("%d/%d", c.Used, c.PerPage), strconv.Itoa(c.Left), strconv.Itoa(c.Saved), strconv.Itoa(c.Owed),
			strconv.Itoa(c.FreeReactions), strings.Join(append(c.Effects, c.Pools...), ", ")})
	}
	return cmdutil.Table(out, []string{"ID", "Side", "Health", "Stamina", "Condition", "Used", "Left", "Saved", "Owed", "Free", "Effects and pools"}, rows)
}

func orNobody(s []string) string {
	if len(s) == 0 {
		return "nobody"
	}
	return strings.Join(s, ", ")
}
