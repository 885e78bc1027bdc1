package cmdutil

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter"
	"github.com/spf13/cobra"
)

// Format is a resolved output format.
type Format string

// The output formats. FormatAuto is resolved by ResolveFormat.
const (
	FormatAuto  Format = "auto"
	FormatJSON  Format = "json"
	FormatJSONL Format = "jsonl"
	FormatTable Format = "table"
	FormatText  Format = "text"
	// FormatHTML is a self-contained HTML document. Only verbs whose
	// output is a page (sheet, fight report) accept it, through
	// FormatOrHTML; it is never chosen automatically.
	FormatHTML Format = "html"
)

// ParseFormat checks a -o value.
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimSpace(s))); f {
	case FormatAuto, FormatJSON, FormatJSONL, FormatTable, FormatText, FormatHTML:
		return f, nil
	}
	return "", Inputf("-o/--output: %q is not one of auto, json, jsonl, table, text, html", s)
}

// annotationHTML marks a command that can write -o html.
const annotationHTML = "spandex.output.html"

// errHTML is the refusal of -o html by a verb whose output is not a page.
func errHTML() error {
	return Inputf("-o/--output: html is only for sheet and fight report; use json, jsonl, table or text here")
}

// AllowHTML marks cmd as one that writes -o html (see FormatOrHTML).
func AllowHTML(cmd *cobra.Command) {
	if cmd.Annotations == nil {
		cmd.Annotations = map[string]string{}
	}
	cmd.Annotations[annotationHTML] = "yes"
}

// CheckHTML refuses -o html for a command not marked with AllowHTML, so
// even a verb that never resolves its output format refuses it.
func CheckHTML(cmd *cobra.Command, output string) error {
	if ft, err := ParseFormat(output); err == nil && ft == FormatHTML && cmd.Annotations[annotationHTML] != "yes" {
		return errHTML()
	}
	return nil
}

// Format resolves the output format: -o beats the config/env default, and
// auto means human output (human) on a terminal and JSON when piped.
// -o html is refused: this verb's output is not a page (see FormatOrHTML).
func (f *Factory) Format(human Format) (Format, error) {
	ft, err := f.FormatOrHTML(human)
	if err == nil && ft == FormatHTML {
		return "", errHTML()
	}
	return ft, err
}

// FormatOrHTML is Format for the verbs that can write an HTML page: -o
// html is accepted, on a terminal too, but never chosen automatically (the
// configuration's output cannot be html).
func (f *Factory) FormatOrHTML(human Format) (Format, error) {
	val := f.Globals.Output
	if val == "" {
		cfg, err := f.Config()
		if err != nil {
			return "", err
		}
		val = cfg.Output
	}
	ft, err := ParseFormat(val)
	if err != nil {
		return "", err
	}
	if ft == FormatAuto {
		if f.IOStreams.IsStdoutTTY() {
			return human, nil
		}
		return FormatJSON, nil
	}
	return ft, nil
}

// formatNamed reports whether the output format is named (-o, or the
// configured output) rather than auto; a configuration that does not
// read counts as auto (Format reports its error).
func (f *Factory) formatNamed() bool {
	val := f.Globals.Output
	if val == "" {
		cfg, err := f.Config()
		if err != nil {
			return false
		}
		val = cfg.Output
	}
	ft, err := ParseFormat(val)
	return err == nil && ft != FormatAuto
}

// IsJSON reports whether the format is JSON or JSON Lines.
func (ft Format) IsJSON() bool { return ft == FormatJSON || ft == FormatJSONL }

// WriteJSON writes v as one JSON document. With FormatJSON it is indented;
// with FormatJSONL it is compact on one line.
func WriteJSON(w io.Writer, ft Format, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if ft != FormatJSONL {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("encoding JSON: %w", err)
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// Table renders rows with tablewriter in the project's house style: no
// outer border, a rule under the header, columns split by a light bar, long
// cells wrapped so tables fit an 80-column terminal.
//
// tablewriter is pinned at v0.0.5 on purpose: the v1 series allocates a
// large width cache and probes the environment in a package init, which every
// spandex invocation would pay for even when it prints JSON.
func Table(w io.Writer, header []string, rows [][]string) error {
	// Cells wrap at 30 columns, narrower when the table is still wider
	// than the terminal; a table whose words do not fit even then is
	// printed as it is (the width test finds it).
	out, _ := fitTable(header, rows, 6)
	_, err := io.WriteString(w, out)
	return err
}

// fitTable renders a table with cells wrapped at 30 columns, or narrower
// (down to minCol) until it fits TextWidth; ok says whether it does.
func fitTable(header []string, rows [][]string, minCol int) (string, bool) {
	out := renderTable(header, rows, 30)
	for col := 24; col >= minCol && tableWidth(out) > TextWidth; col -= 2 {
		out = renderTable(header, rows, col)
	}
	return out, tableWidth(out) <= TextWidth
}

// SplitTable is Table for a wide book table: when its columns do not fit
// TextWidth with cells wrapped at 12 columns, it is printed as several
// tables, each with the first column (the row labels) and as many of the
// next columns as fit, one blank line between them. No column is dropped.
func SplitTable(w io.Writer, header []string, rows [][]string) error {
	const minCol = 12
	if len(header) < 3 {
		return Table(w, header, rows)
	}
	if out, ok := fitTable(header, rows, minCol); ok {
		_, err := io.WriteString(w, out)
		return err
	}
	pick := func(cols []int) ([]string, [][]string) {
		h := make([]string, len(cols))
		for i, c := range cols {
			h[i] = header[c]
		}
		rs := make([][]string, len(rows))
		for r, row := range rows {
			rs[r] = make([]string, len(cols))
			for i, c := range cols {
				if c < len(row) {
					rs[r][i] = row[c]
				}
			}
		}
		return h, rs
	}
	var parts []string
	part := []int{0}
	flush := func() {
		h, rs := pick(part)
		out, _ := fitTable(h, rs, 6)
		parts = append(parts, out)
	}
	for c := 1; c < len(header); c++ {
		try := append(append([]int(nil), part...), c)
		h, rs := pick(try)
		if _, ok := fitTable(h, rs, minCol); ok || len(part) == 1 {
			part = try
			continue
		}
		flush()
		part = []int{0, c}
	}
	flush()
	_, err := io.WriteString(w, strings.Join(parts, "\n"))
	return err
}

// renderTable is one rendering of Table with cells wrapped at col columns.
func renderTable(header []string, rows [][]string, col int) string {
	var buf bytes.Buffer
	t := tablewriter.NewWriter(&buf)
	t.SetAutoFormatHeaders(false)
	t.SetHeaderAlignment(tablewriter.ALIGN_LEFT)
	t.SetAlignment(tablewriter.ALIGN_LEFT)
	t.SetBorders(tablewriter.Border{Left: false, Right: false, Top: false, Bottom: false})
	t.SetColumnSeparator("│")
	t.SetCenterSeparator("┼")
	t.SetRowSeparator("─")
	t.SetAutoWrapText(true)
	t.SetColWidth(col)
	if len(header) > 0 {
		t.SetHeader(header)
	}
	t.AppendBulk(rows)
	t.Render()
	// Drop the padding tablewriter leaves at the end of each line.
	lines := strings.SplitAfter(buf.String(), "\n")
	var out strings.Builder
	for _, l := range lines {
		out.WriteString(strings.TrimRight(l, " \n"))
		if strings.HasSuffix(l, "\n") {
			out.WriteByte('\n')
		}
	}
	return out.String()
}

// tableWidth is the widest line of a rendered table, in columns.
func tableWidth(s string) int {
	w := 0
	for _, l := range strings.Split(s, "\n") {
		w = max(w, utf8.RuneCountInString(l))
	}
	return w
}
