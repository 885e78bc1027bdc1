package cmdutil

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/odds"
)

// BarRow is one outcome of a bar picture: its label, its probability and,
// for numeric outcomes, the probability of it or more.
type BarRow struct {
	Label   string
	P       float64
	AtLeast float64
}

// barWidth is the longest bar, in cells: with the label and two
// percentages a picture stays within 80 columns.
const barWidth = 30

// Bars writes the shared bar picture of a distribution (roll --odds and
// every ruling's --odds): a table of outcome, chance, optionally "this or
// more", and a bar scaled to the likeliest outcome.
func Bars(w io.Writer, what string, cumulative bool, rows []BarRow) error {
	maxP := 0.0
	for _, r := range rows {
		maxP = math.Max(maxP, r.P)
	}
	header := []string{what, "Chance"}
	if cumulative {
		header = append(header, "This or more")
	}
	header = append(header, "")
	out := make([][]string, 0, len(rows))
	for _, r := range rows {
		row := []string{r.Label, Pct(r.P)}
		if cumulative {
			row = append(row, Pct(r.AtLeast))
		}
		bar := ""
		if maxP > 0 {
			bar = strings.Repeat("█", int(math.Round(r.P/maxP*barWidth)))
		}
		out = append(out, append(row, bar))
	}
	return Table(w, header, out)
}

// Pct formats a probability as a percentage with two decimals.
func Pct(p float64) string {
	if p < 0 {
		p = 0
	}
	return strconv.FormatFloat(p*100, 'f', 2, 64) + "%"
}

// OddsJSON is the JSON of a ruling's --odds.
type OddsJSON struct {
	Ruling string       `json:"ruling"`
	Runs   int          `json:"runs"`
	Tables []odds.Table `json:"tables"`
}

// WriteOdds writes the exact odds of a ruling: JSON, one line per outcome
// with -o text ("TABLE<TAB>OUTCOME<TAB>PROBABILITY"), or a bar picture
// per table on a terminal.
func (e *Env) WriteOdds(ruling string, od *odds.Odds) error {
	switch e.Format {
	case FormatJSON, FormatJSONL:
		return e.WriteJSON(OddsJSON{Ruling: ruling, Runs: od.Runs, Tables: od.Tables})
	case FormatText:
		for _, t := range od.Tables {
			for _, o := range t.Outcomes {
				if _, err := fmt.Fprintf(e.IO.Out, "%s\t%s\t%.6f\n", t.Name, o.Label, o.Probability); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for i, t := range od.Tables {
		if i > 0 {
			fmt.Fprintln(e.IO.Out)
		}
		head := t.Name
		if t.Mean != nil {
			head += fmt.Sprintf(": mean %.4g", *t.Mean)
		}
		if t.Total < 1-1e-12 {
			head += fmt.Sprintf(" (when it applies: %s of outcomes)", Pct(t.Total))
		}
		if _, err := fmt.Fprintln(e.IO.Out, head); err != nil {
			return err
		}
		rows := make([]BarRow, len(t.Outcomes))
		for j, o := range t.Outcomes {
			rows[j] = BarRow{Label: o.Label, P: o.Probability, AtLeast: o.AtLeast}
		}
		if err := Bars(e.IO.Out, "Outcome", t.Numeric, rows); err != nil {
			return err
		}
	}
	return nil
}
