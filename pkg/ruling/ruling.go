// Package ruling is the shared vocabulary for explaining a ruling step by
// step (--explain): which rule, which table row, which modifiers, which
// page. Every rules package records its steps with it, so the CLI can print
// them uniformly and events in a hero's log carry them.
package ruling

import (
	"fmt"
	"io"
)

// Step is one step of a ruling.
type Step struct {
	// Rule names the step, e.g. "to-hit", "dodge", "knockback".
	Rule string `json:"rule"`
	// Text says what happened, with the numbers.
	Text string `json:"text"`
	// Table and Row name the table row consulted, if any.
	Table string `json:"table,omitempty"`
	Row   string `json:"row,omitempty"`
	// Page is the rulebook page, e.g. "p. 33".
	Page string `json:"page,omitempty"`
}

// Steps is an ordered explanation.
type Steps []Step

// Add appends a step.
func (s *Steps) Add(rule, page, format string, args ...any) {
	*s = append(*s, Step{Rule: rule, Page: page, Text: fmt.Sprintf(format, args...)})
}

// AddRow appends a step that consulted a table row.
func (s *Steps) AddRow(rule, page, table, row, format string, args ...any) {
	*s = append(*s, Step{Rule: rule, Page: page, Table: table, Row: row, Text: fmt.Sprintf(format, args...)})
}

// Write prints the steps as readable lines (for --explain on stderr).
func (s Steps) Write(w io.Writer) error {
	for i, st := range s {
		line := fmt.Sprintf("%2d. %-10s %s", i+1, st.Rule+":", st.Text)
		if st.Table != "" {
			line += " [" + st.Table
			if st.Row != "" {
				line += ", " + st.Row
			}
			line += "]"
		}
		if st.Page != "" {
			line += " (" + st.Page + ")"
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	return nil
}
