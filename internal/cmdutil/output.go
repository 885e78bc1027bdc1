package cmdutil

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
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
)

// ParseFormat checks a -o value.
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimSpace(s))); f {
	case FormatAuto, FormatJSON, FormatJSONL, FormatTable, FormatText:
		return f, nil
	}
	return "", Inputf("-o/--output: %q is not one of auto, json, jsonl, table, text", s)
}

// Format resolves the output format: -o beats the config/env default, and
// auto means human output (human) on a terminal and JSON when piped.
func (f *Factory) Format(human Format) (Format, error) {
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

// Table renders rows with tablewriter in the project's house style.
func Table(w io.Writer, header []string, rows [][]string) error {
	t := tablewriter.NewTable(w,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{
			Symbols: tw.NewSymbols(tw.StyleLight),
		})),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapNormal),
	)
	if len(header) > 0 {
		h := make([]any, len(header))
		for i, s := range header {
			h[i] = s
		}
		t.Header(h...)
	}
	for _, r := range rows {
		if err := t.Append(r); err != nil {
			return err
		}
	}
	return t.Render()
}
