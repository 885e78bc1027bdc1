package cmdutil

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/odds"
)

// BarRow is one outcome of a bar picture: its label, its probability,
// for numeric outcomes the probability of it or more, and for an outcome
// that applies only sometimes its probability when it applies.
type BarRow struct {
	Label   string
	P       float64
	AtLeast float64
	Given   float64
}

// barWidth is the longest bar, in cells: with the label and two
// percentages a picture stays within 80 columns.
const barWidth = 30

// Bars writes the shared bar picture of a distribution (roll --odds and
// every ruling's --odds): a table of outcome, chance, optionally "this or
// more", and a bar scaled to the likeliest outcome.
func Bars(w io.Writer, what string, cumulative bool, rows []BarRow) error {
	return bars(w, what, cumulative, false, rows)
}

// bars is Bars with, when given is set, a "When it applies" column (each
// row's Given), "this or more" then being "that or more" when it applies
// (the caller's AtLeast), and a shorter bar to stay within 80 columns.
func bars(w io.Writer, what string, cumulative, given bool, rows []BarRow) error {
	maxP := 0.0
	for _, r := range rows {
		maxP = math.Max(maxP, r.P)
	}
	header := []string{what, "Chance"}
	width := barWidth
	if given {
		header = append(header, "When it applies")
		width = barWidth * 2 / 3
	}
	switch {
	case cumulative && given:
		header = append(header, "That or more")
	case cumulative:
		header = append(header, "This or more")
	}
	header = append(header, "")
	out := make([][]string, 0, len(rows))
	for _, r := range rows {
		row := []string{r.Label, Pct(r.P)}
		if given {
			row = append(row, Pct(r.Given))
		}
		if cumulative {
			row = append(row, Pct(r.AtLeast))
		}
		bar := ""
		if maxP > 0 {
			bar = strings.Repeat("█", int(math.Round(r.P/maxP*float64(width))))
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
// with -o text piped ("TABLE<TAB>OUTCOME<TAB>PROBABILITY"), or, on a
// terminal (text or table), a bar picture per table as roll --odds draws
// them, a table that applies only sometimes labelled with its share and
// each outcome's chance when it applies.
func (e *Env) WriteOdds(ruling string, od *odds.Odds) error {
	switch e.Format {
	case FormatJSON, FormatJSONL:
		return e.WriteJSON(OddsJSON{Ruling: ruling, Runs: od.Runs, Tables: od.Tables})
	case FormatText:
		if e.IO.IsStdoutTTY() {
			break // a person reads it: the bars below, as roll --odds
		}
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
		// A table that applies only sometimes (a knockback only on a
		// hit): its chances are of all outcomes, so each is shown beside
		// its chance when it applies, and the mean and "that or more"
		// are of the times it applies.
		cond := t.Total < 1-1e-12 && t.Total > 0
		if cond {
			head += fmt.Sprintf(", in %s of outcomes", Pct(t.Total))
		}
		if t.Mean != nil {
			if cond {
				head += fmt.Sprintf(": when it applies, mean %.4g", *t.Mean/t.Total)
			} else {
				head += fmt.Sprintf(": mean %.4g", *t.Mean)
			}
		}
		if _, err := fmt.Fprintln(e.IO.Out, head); err != nil {
			return err
		}
		rows := make([]BarRow, len(t.Outcomes))
		for j, o := range t.Outcomes {
			rows[j] = BarRow{Label: o.Label, P: o.Probability, AtLeast: o.AtLeast}
			if cond {
				rows[j].Given = o.Probability / t.Total
				rows[j].AtLeast = o.AtLeast / t.Total
			}
		}
		if err := bars(e.IO.Out, "Outcome", t.Numeric, cond, rows); err != nil {
			return err
		}
	}
	return nil
}
