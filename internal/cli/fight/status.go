package fight

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// NewCmdStatus builds `spandex fight status`.
func NewCmdStatus(f *cmdutil.Factory, runF func(*ViewOptions) error) *cobra.Command {
	opts := &ViewOptions{Env: f.Env(cmdutil.FormatTable), getenv: f.Getenv}
	if runF == nil {
		runF = runStatus
	}
	cmd := &cobra.Command{
		Use:   "status [FILE]",
		Short: "Everyone's health, stamina, condition, panels left and owed",
		Long: `Show the fight at a glance: page, phase, initiative, whose turn it is, which
sides are still standing, and for every combatant health, stamina (or hits
for mundane characters), condition, panels per page, used, left, saved,
held, owed, free reactions used, ongoing effects and pools, and every
object or wall damaged by fight act --smash with the health it has left
(p. 39).

Every combatant has "out" (true while it is out of the fight: dead, at
death's door, taken out, unconscious, knocked out, battered or gone) and
"out_reason" (that word, or "left"; "" while it fights); every side has
its standing count. The encounter file carries the same "out" and
"out_reason", so a script lists who is out with
jq '.combatants[] | select(.out) | .id'.

Output: on a terminal, each side with its standing count and one row per
combatant, in 80 columns; JSON when piped; -o text prints one line per
combatant for scripts: "ID SIDE CONDITION HEALTH STAMINA PER_PAGE USED LEFT
SAVED OWED FREE" (current health and stamina; "-" for mundane characters,
whose hits are in the JSON), each followed by one indented line per
ongoing effect or lasting state, "  ID effect: TEXT" (wrapped at 80
columns), "  ID form: NAME" for a hero in a specific form of Shapechange
(p. 70) and "  ID vehicle: NAME HEALTH/MAX[, aboard]" for a hero with a
vehicle (p. 77). In JSON each effect is the encounter file's typed record (name,
power, source, since, multiplier, escape_chance, health, max_pages ...)
with its board "text". Rolls no dice.

--watch prints the board again each time FILE changes (fight act -i in
another window, say) until Ctrl-C: on a terminal it clears the screen and
redraws; on a pipe it writes one compact JSON document per change, one a
line (JSON Lines; -o text: the text lines, then an empty line). A file
that cannot be read for a while keeps the last board, with a notice (on
stderr when piped).`,
		Example: `  spandex fight status bank.json
  spandex fight status bank.json -o json | jq -r '.combatants[] | select(.out) | .id'
  spandex fight status bank.json --watch`,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs, opts.File.readOnly("status"), func(cmd *cobra.Command, _ []string) error {
			opts.ctx = cmd.Context()
			return nil
		}),
	}
	opts.File.addFlag(cmd)
	cmd.Flags().BoolVar(&opts.Watch, "watch", false, "print the board again on each change of FILE, until Ctrl-C")
	_ = cmd.Flags().MarkHidden("in-place")
	return cmd
}

// vehicleText is a vehicle on the board: "Custom vehicle 9/14, aboard".
func vehicleText(v *hero.Vehicle) string {
	t := fmt.Sprintf("%s %d/%d", v.Name, v.Current, v.Health)
	if v.Aboard {
		t += ", aboard"
	}
	return t
}

// runStatus prints the board.
func runStatus(opts *ViewOptions) error {
	if opts.Watch {
		return watchStatus(opts)
	}
	e, err := load(opts.Env, opts.File)
	if err != nil {
		return err
	}
	return printStatus(opts.Env, opts.Env.IO.Out, e.Status())
}

// printStatus prints the board in the command's format.
func printStatus(env *cmdutil.Env, out io.Writer, b encounter.Board) error {
	switch env.Format {
	case cmdutil.FormatJSON, cmdutil.FormatJSONL:
		return cmdutil.WriteJSON(out, env.Format, b)
	case cmdutil.FormatText:
		for _, c := range b.Combatants {
			h, st := strconv.Itoa(c.Health), strconv.Itoa(c.Stamina)
			if c.Kind == hero.KindMundane {
				h, st = "-", "-"
			}
			if _, err := fmt.Fprintf(out, "%s %s %s %s %s %d %d %d %d %d %d\n", termtext.Escape(c.ID), termtext.Escape(c.Side), c.Condition, h, st,
				c.PerPage, c.Used, c.Left, c.Saved, c.Owed, c.FreeReactions); err != nil {
				return err
			}
			for _, ef := range c.Effects {
				if _, err := fmt.Fprintln(out, wrap("  "+c.ID+" effect: "+ef.Text, 80, "    ")); err != nil {
					return err
				}
			}
			if c.Form != "" {
				if _, err := fmt.Fprintln(out, wrap("  "+c.ID+" form: "+c.Form, 80, "    ")); err != nil {
					return err
				}
			}
			if v := c.Vehicle; v != nil {
				if _, err := fmt.Fprintln(out, wrap("  "+c.ID+" vehicle: "+vehicleText(v), 80, "    ")); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return writeBoard(out, b)
}

// writeBoard prints the board for a person, in at most 80 columns: a
// title, then each side with its standing count and one row per
// combatant (the out are marked), with each combatant's effects and pools
// on an indented line under its row.
func writeBoard(w io.Writer, b encounter.Board) error {
	title := fmt.Sprintf("Page %d, %s phase", b.Page, b.Phase)
	if b.Name != "" {
		title = b.Name + ": " + title
	}
	lines := []string{title}
	if b.Initiative != nil {
		ini := b.Initiative
		lines = append(lines, fmt.Sprintf("%s won initiative by %d: %s", ini.Winner, ini.Difference, plural(ini.Advance, "advance panel")))
	}
	switch {
	case b.Over:
		lines = append(lines, overText(b.Winner))
	case b.Current != "":
		lines = append(lines, b.Current+" to act")
	}
	for _, l := range lines {
		if _, err := fmt.Fprintln(w, wrap(l, 80, "")); err != nil {
			return err
		}
	}
	header := []string{"ID", "Health", "Stamina", "Condition", "Out", "Used", "Left", "Owed", "Free"}
	rows := make([][][]string, len(b.Sides))
	notes := make([][]string, len(b.Sides))
	all := [][]string{header}
	for i, sc := range b.Sides {
		for _, c := range b.Combatants {
			if c.Side != sc.Name {
				continue
			}
			hs := fmt.Sprintf("%d/%d", c.Health, c.HealthMax)
			ss := fmt.Sprintf("%d/%d", c.Stamina, c.StaminaMax)
			if c.Kind == hero.KindMundane {
				hs, ss = "-", plural(c.Hits, "hit")
			}
			out := ""
			used := fmt.Sprintf("%d/%d", c.Used, c.PerPage)
			if c.Out {
				// Out, it has no panels a page any more: "2/0" would
				// read as more used than it had.
				out, used = "out", fmt.Sprintf("%d/-", c.Used)
			}
			row := []string{termtext.Escape(c.ID), hs, ss, c.Condition, out,
				used, strconv.Itoa(c.Left), strconv.Itoa(c.Owed), strconv.Itoa(c.FreeReactions)}
			rows[i] = append(rows[i], row)
			all = append(all, row)
			var extra []string
			if c.Form != "" {
				extra = append(extra, "form "+c.Form)
			}
			if c.Vehicle != nil {
				extra = append(extra, "vehicle "+vehicleText(c.Vehicle))
			}
			for _, ef := range c.Effects {
				extra = append(extra, ef.Text)
			}
			for _, p := range c.Pools {
				extra = append(extra, p.String())
			}
			if len(extra) > 0 {
				notes[i] = append(notes[i], c.ID+": "+strings.Join(extra, ", "))
			}
		}
	}
	widths := colWidths(all)
	// Too wide for 80 columns (long ids): the id on a line of its own, the
	// rest of the row indented under it.
	idOwnLine := 2+sum(widths)+2*(len(widths)-1) > 80
	if idOwnLine {
		for i := range rows {
			var split [][]string
			for _, r := range rows[i] {
				split = append(split, []string{r[0]}, append([]string{""}, r[1:]...))
			}
			rows[i] = split
		}
		header = append([]string{""}, header[1:]...)
		widths[0] = 2
	}
	for i, sc := range b.Sides {
		if _, err := fmt.Fprintf(w, "\n%s: %d of %d standing\n", termtext.Escape(sc.Name), sc.Standing, sc.Total); err != nil {
			return err
		}
		if err := columns(w, "  ", widths, append([][]string{header}, rows[i]...)); err != nil {
			return err
		}
		for _, n := range notes[i] {
			if _, err := fmt.Fprintln(w, wrap("  "+n, 80, "    ")); err != nil {
				return err
			}
		}
	}
	if len(b.Objects) > 0 {
		if _, err := fmt.Fprintln(w, "\nObjects and walls damaged (p. 39):"); err != nil {
			return err
		}
		for _, o := range b.Objects {
			state := fmt.Sprintf("%d/%d health left", o.Remaining, o.Health)
			if o.Destroyed {
				state = map[bool]string{true: "holed", false: "destroyed"}[o.Wall]
			}
			if o.Divider >= 2 {
				state += fmt.Sprintf(", H/%d", o.Divider)
			}
			line := fmt.Sprintf("  %s: %s, %s after %s (page %d)", o.ID, o.Name, state, plural(o.Hits, "hit"), o.Page)
			if _, err := fmt.Fprintln(w, wrap(line, 80, "    ")); err != nil {
				return err
			}
		}
	}
	return nil
}

// overText says the fight is over and who won.
func overText(winner string) string {
	if winner == "" {
		return "The fight is over: nobody is left standing."
	}
	return "The fight is over: " + winner + " won."
}

func sum(ns []int) int {
	t := 0
	for _, n := range ns {
		t += n
	}
	return t
}

// colWidths returns each column's widest cell.
func colWidths(rows [][]string) []int {
	var widths []int
	for _, r := range rows {
		for i, cell := range r {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
	}
	return widths
}

// columns prints rows aligned in columns of the given widths, two spaces
// between columns, each line starting with indent.
func columns(w io.Writer, indent string, widths []int, rows [][]string) error {
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(indent)
		for i, cell := range r {
			b.WriteString(cell)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", max(0, widths[i]-utf8.RuneCountInString(cell))+2))
			}
		}
		b.WriteString("\n")
	}
	s := b.String()
	// Trailing spaces of empty last cells.
	lines := strings.Split(s, "\n")
	for i := range lines {
		lines[i] = strings.TrimRight(lines[i], " ")
	}
	_, err := io.WriteString(w, strings.Join(lines, "\n"))
	return err
}

// wrap folds s into lines of at most width columns at spaces; the
// continuation lines start with indent. s holds names and effects from
// the fight's file: nothing in it reaches the terminal as a control
// sequence.
func wrap(s string, width int, indent string) string {
	return cmdutil.Wrap(termtext.Escape(s), width, indent)
}

// orNobody joins side names, or says "nobody".
func orNobody(s []string) string {
	if len(s) == 0 {
		return "nobody"
	}
	return strings.Join(s, ", ")
}
