package render

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

type stepView struct {
	N    int
	Rule string
	Text string
	Ref  string
	Page string
}

type eventView struct {
	Seq     int
	Phase   string
	Kind    string
	Summary string
	Dice    string
	Steps   []stepView
	// UndoneBy is the undo event that took it back (0: it stands).
	UndoneBy int
}

type pageView struct {
	Title      string
	Initiative string
	Acted      string
	Conditions []string
	Events     []eventView
}

// chartView is one combatant's health and stamina over the pages, drawn
// as an inline SVG.
type chartView struct {
	ID, Name, Side, Kind, Condition string
	Mundane                         bool
	W, H                            int
	Left, Right, Top, Bottom        int
	HealthPts, StaminaPts           string
	HealthMax, StaminaMax           int
	Ticks                           []tick
	Lines                           []hline
	Summary                         string
}

type tick struct {
	X    float64
	Text string
}

type hline struct {
	Y     float64
	Label string
	Class string
}

type reportView struct {
	Name   string
	Status string
	Charts []chartView
	Pages  []pageView
}

// InitiativeText says how a page's initiative went: the rolls of every
// round (ties re-rolled) and the winner's advance panels (p. 30).
func InitiativeText(ini *encounter.Initiative, sides []string) string {
	if ini == nil {
		return ""
	}
	var rounds []string
	for _, roll := range ini.Rolls {
		var parts []string
		for i, v := range roll {
			name := "side " + strconv.Itoa(i+1)
			if i < len(sides) {
				name = sides[i]
			}
			parts = append(parts, fmt.Sprintf("%s %d", name, v))
		}
		rounds = append(rounds, strings.Join(parts, " vs "))
	}
	return fmt.Sprintf("%s: %s win by %d, %d advance %s (p. 30)", strings.Join(rounds, "; tie, re-rolled: "), ini.Winner, ini.Difference, ini.Advance, plural(ini.Advance, "panel"))
}

func plural(n int, s string) string {
	if n == 1 {
		return s
	}
	return s + "s"
}

// DiceText lists dice as "d20 14 (to-hit), d6 3 (damage)".
func DiceText(ds []dice.Rolled) string {
	var parts []string
	for _, d := range ds {
		t := fmt.Sprintf("d%d %d", d.Sides, d.Value)
		if d.Purpose != "" {
			t += " (" + d.Purpose + ")"
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, ", ")
}

// ActedText lists who acted: "guardian 4 panels, nefario 3 panels".
func ActedText(acted []encounter.Acted) string {
	var parts []string
	for _, a := range acted {
		parts = append(parts, fmt.Sprintf("%s %d %s", a.ID, a.Panels, plural(a.Panels, "panel")))
	}
	if len(parts) == 0 {
		return "nobody"
	}
	return strings.Join(parts, ", ")
}

// PageTitle names a page of the fight.
func PageTitle(p int, surprise bool) string {
	if p == 0 {
		if surprise {
			return "Surprise round"
		}
		return "Before the first page"
	}
	return "Page " + strconv.Itoa(p)
}

// StepRef is a step's table and row, "" when it has none.
func StepRef(table, row string) string {
	if table == "" {
		return ""
	}
	if row != "" {
		return table + ", " + row
	}
	return table
}

func newChart(c *encounter.CombatantTimeline) chartView {
	v := chartView{ID: c.ID, Name: c.Name, Side: c.Side, Kind: c.Kind, Condition: c.Condition, Mundane: c.Mundane,
		W: 300, H: 120, Left: 30, Right: 8, Top: 8, Bottom: 20, HealthMax: c.HealthMax, StaminaMax: c.StaminaMax}
	last := c.Start
	if n := len(c.Pages); n > 0 {
		last = c.Pages[n-1].Vitals
	}
	if c.Mundane {
		v.Summary = "mundane (p. 38): " + c.Condition
		return v
	}
	v.Summary = fmt.Sprintf("health %d → %d of %d, stamina %d → %d of %d", c.Start.Health, last.Health, c.HealthMax, c.Start.Stamina, last.Stamina, c.StaminaMax)
	top := max(c.HealthMax, c.StaminaMax, c.Start.Health, c.Start.Stamina, 1)
	for _, p := range c.Pages {
		top = max(top, p.Health, p.Stamina)
	}
	n := len(c.Pages) + 1 // the start, then each page's end
	plotW := float64(v.W - v.Left - v.Right)
	plotH := float64(v.H - v.Top - v.Bottom)
	x := func(i int) float64 {
		if n == 1 {
			return float64(v.Left)
		}
		return float64(v.Left) + plotW*float64(i)/float64(n-1)
	}
	y := func(val int) float64 {
		val = max(val, 0)
		return float64(v.Top) + plotH*(1-float64(val)/float64(top))
	}
	pts := func(get func(encounter.Vitals) int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "%.1f,%.1f", x(0), y(get(c.Start)))
		for i, p := range c.Pages {
			fmt.Fprintf(&b, " %.1f,%.1f", x(i+1), y(get(p.Vitals)))
		}
		return b.String()
	}
	v.HealthPts = pts(func(s encounter.Vitals) int { return s.Health })
	if c.StaminaMax > 0 {
		v.StaminaPts = pts(func(s encounter.Vitals) int { return s.Stamina })
	}
	v.Ticks = append(v.Ticks, tick{X: x(0), Text: "start"})
	step := max(1, (len(c.Pages)+7)/8)
	for i, p := range c.Pages {
		if i%step == 0 || i == len(c.Pages)-1 {
			v.Ticks = append(v.Ticks, tick{X: x(i + 1), Text: strconv.Itoa(p.Page)})
		}
	}
	v.Lines = append(v.Lines, hline{Y: y(top), Label: strconv.Itoa(top), Class: "axis"}, hline{Y: y(0), Label: "0", Class: "axis"})
	if c.Battered > 0 {
		v.Lines = append(v.Lines, hline{Y: y(c.Battered), Label: "B " + strconv.Itoa(c.Battered), Class: "thr-h"})
	}
	if c.Dazed > 0 && c.StaminaMax > 0 {
		v.Lines = append(v.Lines, hline{Y: y(c.Dazed), Label: "D " + strconv.Itoa(c.Dazed), Class: "thr-s"})
	}
	return v
}

func newReportView(r *encounter.Report) *reportView {
	v := &reportView{Name: r.Name}
	if v.Name == "" {
		v.Name = "Fight"
	}
	state := fmt.Sprintf("page %d, %s", r.Page, r.Phase)
	if r.Over {
		state = "over"
	}
	v.Status = fmt.Sprintf("%s; %s: %s standing", strings.Join(r.Sides, " against "), state, orNone(r.Standing))
	for i := range r.Combatants {
		v.Charts = append(v.Charts, newChart(&r.Combatants[i]))
	}
	surprise := false
	for _, p := range r.Pages {
		for _, ev := range p.Events {
			if ev.Kind == encounter.KindSurprise || ev.Phase == encounter.PhaseSurprise {
				surprise = true
			}
		}
	}
	for _, p := range r.Pages {
		pv := pageView{Title: PageTitle(p.Page, surprise), Initiative: InitiativeText(p.Initiative, r.Sides), Acted: ActedText(p.Acted), Conditions: p.Conditions}
		for _, ev := range p.Events {
			ev2 := eventView{Seq: ev.Seq, Phase: string(ev.Phase), Kind: ev.Kind, Summary: ev.Summary, Dice: DiceText(ev.Dice), UndoneBy: ev.UndoneBy}
			for i, st := range ev.Steps {
				ev2.Steps = append(ev2.Steps, stepView{N: i + 1, Rule: st.Rule, Text: st.Text, Ref: StepRef(st.Table, st.Row), Page: st.Page})
			}
			pv.Events = append(pv.Events, ev2)
		}
		v.Pages = append(v.Pages, pv)
	}
	return v
}

func orNone(ss []string) string {
	if len(ss) == 0 {
		return "nobody"
	}
	return strings.Join(ss, ", ")
}

// FightReport writes one HTML document: the fight page by page, with a
// chart of each combatant's health and stamina.
func FightReport(w io.Writer, r *encounter.Report) error {
	v := newReportView(r)
	return write(w, document(v.Name+" · fight report", "report", reportNode(v)))
}
