package fight

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/hero"
)

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
		RunE: cmdutil.RunE(opts, runF, runStatus, opts.File.fromArgs, opts.File.readOnly("status")),
	}
	opts.File.addFlag(cmd)
	_ = cmd.Flags().MarkHidden("in-place")
	return cmd
}

// runStatus prints the board.
func runStatus(opts *ViewOptions) error {
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
			if c.Kind == hero.KindMundane {
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
		if c.Kind == hero.KindMundane {
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
