package fight

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/render"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// NewCmdReport builds `spandex fight report`.
func NewCmdReport(f *cmdutil.Factory, runF func(*ViewOptions) error) *cobra.Command {
	opts := &ViewOptions{Env: f.PageEnv(cmdutil.FormatText)}
	if runF == nil {
		runF = runReport
	}
	cmd := &cobra.Command{
		Use:   "report [FILE]",
		Short: "The whole fight from its log, page by page, with health and stamina charts",
		Long: `Read a whole fight back from its encounter log: page by page, the page's
initiative, who acted and with how many panels, every event with its dice
and each ruling's steps with the book's pages, the changes of condition,
and every combatant's health and stamina at the start and at the end of
each page (as the log records them: attacks and end-of-page recovery; the
page being played shows the current values). An event taken back by
` + "`fight undo`" + ` is listed, marked "[undone by N]" (struck through in HTML,
"undone_by" in JSON), and counts for nothing: not in who acted, the
conditions or health and stamina.

Output: text on a terminal, JSON when piped (-o json: the report with the
events in full). -o html writes one self-contained HTML page (no scripts,
nothing loaded from the network) with a small chart of each combatant's
health and stamina over the pages; it is never chosen automatically, and
-o html on a terminal still writes HTML. Rolls no dice.`,
		Example: `  spandex fight report bank.json
  spandex fight report -o html bank.json > bank.html
  spandex fight report -o json bank.json | jq '.combatants[] | {id, pages}'`,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs, opts.File.readOnly("report")),
	}
	opts.File.addFlag(cmd)
	_ = cmd.Flags().MarkHidden("in-place")
	cmdutil.AllowHTML(cmd)
	return cmd
}

// runReport prints the fight's report.
func runReport(opts *ViewOptions) error {
	e, err := load(opts.Env, opts.File)
	if err != nil {
		return err
	}
	r := e.Report()
	out := opts.Env.IO.Out
	switch opts.Env.Format {
	case cmdutil.FormatJSON, cmdutil.FormatJSONL:
		return cmdutil.WriteJSON(out, opts.Env.Format, r)
	case cmdutil.FormatHTML:
		return render.FightReport(out, &r)
	}
	return writeReportText(out, &r)
}

// writeReportText writes the report as text no wider than 80 columns.
func writeReportText(w io.Writer, r *encounter.Report) error {
	p := &textWriter{w: w}
	name := r.Name
	if name == "" {
		name = "Fight"
	}
	state := fmt.Sprintf("page %d, %s", r.Page, r.Phase)
	if r.Over {
		state = "over"
	}
	p.line(0, "%s: %s; %s: %s standing", name, strings.Join(r.Sides, " against "), state, orNobody(r.Standing))
	surprise := false
	for _, pg := range r.Pages {
		for _, ev := range pg.Events {
			if ev.Kind == encounter.KindSurprise || ev.Phase == encounter.PhaseSurprise {
				surprise = true
			}
		}
	}
	for _, pg := range r.Pages {
		p.line(0, "")
		p.line(0, "%s", strings.ToUpper(render.PageTitle(pg.Page, surprise)))
		if pg.Initiative != nil {
			p.line(2, "initiative: %s", render.InitiativeText(pg.Initiative, r.Sides))
		}
		p.line(2, "acted: %s", render.ActedText(pg.Acted))
		if len(pg.Conditions) > 0 {
			p.line(2, "conditions: %s", strings.Join(pg.Conditions, "; "))
		}
		for _, ev := range pg.Events {
			if ev.UndoneBy != 0 {
				// Terminals strike through unreliably: the mark is
				// words, as in fight log.
				p.line(2, "%d. [undone by %d] %s: %s", ev.Seq, ev.UndoneBy, ev.Phase, ev.Summary)
				continue
			}
			p.line(2, "%d. %s: %s", ev.Seq, ev.Phase, ev.Summary)
			if len(ev.Dice) > 0 {
				p.line(6, "dice: %s", render.DiceText(ev.Dice))
			}
			for i, st := range ev.Steps {
				t := fmt.Sprintf("%d) %s: %s", i+1, st.Rule, st.Text)
				if ref := render.StepRef(st.Table, st.Row); ref != "" {
					t += " [" + ref + "]"
				}
				if st.Page != "" {
					t += " (" + st.Page + ")"
				}
				p.line(6, "%s", t)
			}
		}
	}
	p.line(0, "")
	p.line(0, "HEALTH / STAMINA: at the start, then at the end of each page")
	for _, c := range r.Combatants {
		if c.Mundane {
			p.line(2, "%s (%s): mundane, now %s", c.ID, c.Side, c.Condition)
			continue
		}
		hs := []string{strconv.Itoa(c.Start.Health)}
		ss := []string{strconv.Itoa(c.Start.Stamina)}
		for _, pv := range c.Pages {
			hs = append(hs, strconv.Itoa(pv.Health))
			ss = append(ss, strconv.Itoa(pv.Stamina))
		}
		p.line(2, "%s (%s), now %s", c.ID, c.Side, c.Condition)
		p.line(6, "health of %d: %s", c.HealthMax, strings.Join(hs, " "))
		if c.StaminaMax > 0 {
			p.line(6, "stamina of %d: %s", c.StaminaMax, strings.Join(ss, " "))
		}
	}
	return p.err
}

// textWriter writes lines wrapped at 80 columns, continuation lines
// indented two more than the line.
type textWriter struct {
	w   io.Writer
	err error
}

const reportWidth = 80

func (p *textWriter) line(indent int, format string, args ...any) {
	if p.err != nil {
		return
	}
	pad := strings.Repeat(" ", indent)
	// The fight's strings come from a file: nothing in them reaches the
	// terminal as a control sequence.
	words := strings.Fields(termtext.Escape(fmt.Sprintf(format, args...)))
	if len(words) == 0 {
		_, p.err = io.WriteString(p.w, "\n")
		return
	}
	var b strings.Builder
	cur := pad
	for _, word := range words {
		if len([]rune(cur))+1+len([]rune(word)) > reportWidth && strings.TrimSpace(cur) != "" {
			b.WriteString(cur + "\n")
			cur = pad + "  "
		}
		if strings.TrimSpace(cur) != "" {
			cur += " "
		}
		cur += word
	}
	b.WriteString(cur + "\n")
	_, p.err = io.WriteString(p.w, b.String())
}
