// Package tables implements `spandex tables`.
package tables

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Options are the inputs of `spandex tables`.
type Options struct {
	*cmdutil.Env
	Name string
}

// NewCmdTables builds the command. runF replaces runTables in tests.
func NewCmdTables(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{Env: f.Env(cmdutil.FormatTable)}
	if runF == nil {
		runF = runTables
	}
	cmd := &cobra.Command{
		Use:   "tables [NAME]",
		Short: "List the rulebook's tables, or print one",
		Long: `Without NAME, list every rulebook table with its name, title and page.
With NAME (or a unique prefix of it), print that table: a table on a
terminal, JSON with -o json (name, title, page, columns, rows, notes; a cell
that is a number, such as 13 or +2, is a JSON number, the rest text).`,
		Example: `  spandex tables
  spandex tables to-hit
  spandex tables dodging -o json | jq '.rows[0]'`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 1 {
				return cmdutil.Inputf("tables: give at most one table name")
			}
			return nil
		},
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			var names []string
			for _, t := range rulebook.Tables() {
				names = append(names, t.Name+"\t"+t.Title)
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, func(_ *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Name = args[0]
			}
			return nil
		}),
	}
	return cmd
}

type summary struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	Page  string `json:"page"`
}

// runTables lists the tables or prints one.
func runTables(opts *Options) error {
	out := opts.IO.Out
	if opts.Name == "" {
		all := rulebook.Tables()
		list := make([]summary, len(all))
		rows := make([][]string, len(all))
		for i, t := range all {
			list[i] = summary{t.Name, t.Title, t.Page}
			rows[i] = []string{t.Name, t.Title, t.Page}
		}
		switch opts.Format {
		case cmdutil.FormatJSON:
			return cmdutil.WriteJSON(out, opts.Format, list)
		case cmdutil.FormatJSONL:
			for _, s := range list {
				if err := cmdutil.WriteJSON(out, opts.Format, s); err != nil {
					return err
				}
			}
			return nil
		case cmdutil.FormatText:
			for _, s := range list {
				fmt.Fprintln(out, s.Name)
			}
			return nil
		}
		return cmdutil.Table(out, []string{"Name", "Title", "Page"}, rows)
	}
	t, ok := rulebook.LookupTable(opts.Name)
	if !ok {
		if c := rulebook.TableCandidates(opts.Name); len(c) > 1 {
			return cmdutil.Inputf("tables: %q is ambiguous: %s (give the full name)", opts.Name, strings.Join(c, ", "))
		}
		return cmdutil.Inputf("tables: no table named %q (run `spandex tables` for the list)", opts.Name)
	}
	switch opts.Format {
	case cmdutil.FormatJSON, cmdutil.FormatJSONL:
		return cmdutil.WriteJSON(out, opts.Format, t)
	case cmdutil.FormatText:
		fmt.Fprintf(out, "%s (%s)\n", t.Title, t.Page)
		fmt.Fprintln(out, strings.Join(t.Columns, "\t"))
		for _, r := range t.Rows {
			fmt.Fprintln(out, strings.Join(r, "\t"))
		}
		for _, n := range t.Notes {
			fmt.Fprint(out, wrapNote(n, 80))
		}
		return nil
	}
	fmt.Fprintf(out, "%s (%s)\n", t.Title, t.Page)
	if err := cmdutil.SplitTable(out, t.Columns, t.Rows); err != nil {
		return err
	}
	for _, n := range t.Notes {
		fmt.Fprint(out, wrapNote(n, 80))
	}
	return nil
}

// wrapNote formats a table note as a bullet wrapped to width columns, with
// continuation lines indented under the text.
func wrapNote(note string, width int) string {
	var b strings.Builder
	line := "*"
	for _, w := range strings.Fields(note) {
		if len([]rune(line))+1+len([]rune(w)) > width && line != "*" && line != " " {
			b.WriteString(line + "\n")
			line = " "
		}
		line += " " + w
	}
	b.WriteString(line + "\n")
	return b.String()
}
