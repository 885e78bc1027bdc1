package cmdutil

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// -o html is a page: FormatOrHTML takes it (on a terminal too), Format
// refuses it naming the flag, and neither ever picks it on its own.
func TestFormatHTML(t *testing.T) {
	tests := []struct {
		output  string
		tty     bool
		orHTML  bool
		want    Format
		wantErr string
	}{
		{output: "html", orHTML: true, want: FormatHTML},
		{output: "HTML", tty: true, orHTML: true, want: FormatHTML},
		{output: "", tty: true, orHTML: true, want: FormatText},
		{output: "", tty: false, orHTML: true, want: FormatJSON},
		{output: "auto", tty: true, orHTML: true, want: FormatText},
		{output: "text", orHTML: true, want: FormatText},
		{output: "html", wantErr: "-o/--output: html is only for sheet and fight report"},
		{output: "html", tty: true, wantErr: "-o/--output: html is only for sheet and fight report"},
		{output: "", tty: true, want: FormatText},
		{output: "htm", orHTML: true, wantErr: `-o/--output: "htm" is not one of auto, json, jsonl, table, text, html`},
	}
	for _, tc := range tests {
		e := newTestEnv(t)
		e.f.Globals.Output = tc.output
		e.ios.SetStdoutTTY(tc.tty)
		get := e.f.Format
		if tc.orHTML {
			get = e.f.FormatOrHTML
		}
		ft, err := get(FormatText)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) || ExitCode(err) != ExitUsage {
				t.Errorf("-o %q (html allowed %v): %q, %v; want an input error with %q", tc.output, tc.orHTML, ft, err, tc.wantErr)
			}
			continue
		}
		if err != nil || ft != tc.want {
			t.Errorf("-o %q tty %v (html allowed %v): %q, %v; want %q", tc.output, tc.tty, tc.orHTML, ft, err, tc.want)
		}
	}
	if f, err := ParseFormat(" html "); f != FormatHTML || err != nil {
		t.Errorf("ParseFormat(html) = %q, %v", f, err)
	}
	if FormatHTML.IsJSON() {
		t.Error("html is not JSON")
	}
}

// Only a command marked with AllowHTML takes -o html, whatever it does
// with its output format.
func TestCheckHTML(t *testing.T) {
	page, other := &cobra.Command{Use: "page"}, &cobra.Command{Use: "other"}
	AllowHTML(page)
	for _, tc := range []struct {
		cmd    *cobra.Command
		output string
		ok     bool
	}{
		{page, "html", true}, {page, "json", true}, {other, "html", false}, {other, " HTML ", false}, {other, "text", true}, {other, "", true},
	} {
		err := CheckHTML(tc.cmd, tc.output)
		if tc.ok != (err == nil) || (err != nil && (ExitCode(err) != ExitUsage || !strings.Contains(err.Error(), "-o/--output: html is only for sheet and fight report"))) {
			t.Errorf("%s -o %q: %v", tc.cmd.Use, tc.output, err)
		}
	}
}

// A PageEnv binds -o html (on a terminal too); a plain Env refuses it.
func TestPageEnv(t *testing.T) {
	for _, tty := range []bool{false, true} {
		e := newTestEnv(t)
		e.f.Globals.Output = "html"
		e.ios.SetStdoutTTY(tty)
		page := e.f.PageEnv(FormatText)
		if err := page.Bind(); err != nil || page.Format != FormatHTML {
			t.Errorf("tty %v: PageEnv bound %q, %v", tty, page.Format, err)
		}
		plain := e.f.Env(FormatText)
		if err := plain.Bind(); err == nil || ExitCode(err) != ExitUsage {
			t.Errorf("tty %v: Env bound -o html: %q, %v", tty, plain.Format, err)
		}
	}
	e := newTestEnv(t)
	e.ios.SetStdoutTTY(true)
	page := e.f.PageEnv(FormatText)
	if err := page.Bind(); err != nil || page.Format != FormatText {
		t.Errorf("no -o on a terminal: %q, %v", page.Format, err)
	}
}
