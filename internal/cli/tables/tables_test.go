package tables

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// run calls runTables and returns what it committed to stdout.
func run(t *testing.T, name string, format cmdutil.Format) (string, error) {
	t.Helper()
	te := cmdutil.NewTestEnv(format)
	out, errOut := te.Out, te.ErrOut
	err := runTables(&Options{Env: te.Env, Name: name})
	if err == nil {
		te.IO.Out.Commit()
	}
	if errOut.Len() != 0 {
		t.Errorf("stderr = %q, want nothing", errOut)
	}
	return out.String(), err
}

func TestRunList(t *testing.T) {
	all := rulebook.Tables()
	if len(all) == 0 {
		t.Fatal("rulebook.Tables() is empty")
	}
	tests := []struct {
		name   string
		format cmdutil.Format
		check  func(t *testing.T, out string)
	}{
		{"json", cmdutil.FormatJSON, func(t *testing.T, out string) {
			var got []summary
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("not a JSON array: %v\n%s", err, out)
			}
			if len(got) != len(all) {
				t.Fatalf("%d tables listed, want %d", len(got), len(all))
			}
			for i, s := range got {
				if s != (summary{all[i].Name, all[i].Title, all[i].Page}) {
					t.Errorf("entry %d = %+v, want %s/%s/%s", i, s, all[i].Name, all[i].Title, all[i].Page)
				}
			}
		}},
		{"jsonl", cmdutil.FormatJSONL, func(t *testing.T, out string) {
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) != len(all) {
				t.Fatalf("%d lines, want %d", len(lines), len(all))
			}
			if want := `{"name":"to-hit","title":"To-Hit Table","page":"p. 33; App. p. 82"}`; !strings.Contains(out, want+"\n") {
				t.Errorf("no line %s in\n%s", want, out)
			}
			for i, l := range lines {
				var s summary
				if err := json.Unmarshal([]byte(l), &s); err != nil || s.Name != all[i].Name {
					t.Errorf("line %d = %q (%v), want table %s", i, l, err, all[i].Name)
				}
			}
		}},
		{"text", cmdutil.FormatText, func(t *testing.T, out string) {
			want := strings.Join(rulebook.TableNames(), "\n") + "\n"
			if out != want {
				t.Errorf("got\n%s\nwant\n%s", out, want)
			}
		}},
		{"table", cmdutil.FormatTable, func(t *testing.T, out string) {
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			// Header, rule, at least one line per table (long titles
			// wrap to the 80-column test terminal).
			if len(lines) < len(all)+2 {
				t.Fatalf("%d lines, want at least %d:\n%s", len(lines), len(all)+2, out)
			}
			var names []string
			for _, l := range lines[2:] {
				if f := strings.Fields(l); len(f) > 0 && f[0] != "│" {
					names = append(names, f[0])
				}
			}
			if got, want := strings.Join(names, " "), strings.Join(rulebook.TableNames(), " "); got != want {
				t.Errorf("names column\n%s\nwant\n%s", got, want)
			}
			for _, h := range []string{"Name", "Title", "Page"} {
				if !strings.Contains(lines[0], h) {
					t.Errorf("header %q lacks %q", lines[0], h)
				}
			}
			if !strings.Contains(out, "Dodging Table") || !strings.Contains(out, "p. 35; App. p. 83") {
				t.Errorf("no Dodging Table row in\n%s", out)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := run(t, "", tt.format)
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, out)
		})
	}
}

func TestRunOne(t *testing.T) {
	tests := []struct {
		name   string
		arg    string
		format cmdutil.Format
		first  string // the output's first line
	}{
		{"exact name", "to-hit", cmdutil.FormatText, "To-Hit Table (p. 33; App. p. 82)"},
		{"exact name table", "dodging", cmdutil.FormatTable, "Dodging Table (p. 35; App. p. 83)"},
		{"unique prefix", "phys", cmdutil.FormatText, "Physical Damage Table (p. 36; App. p. 82)"},
		{"prefix judo", "judo", cmdutil.FormatText, "Judo Throw Table (p. 36; App. p. 83)"},
		{"title", "To-Hit Table", cmdutil.FormatText, "To-Hit Table (p. 33; App. p. 82)"},
		{"title any case", "dodging table", cmdutil.FormatText, "Dodging Table (p. 35; App. p. 83)"},
		{"json", "judo-throw", cmdutil.FormatJSON, "{"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := run(t, tt.arg, tt.format)
			if err != nil {
				t.Fatal(err)
			}
			if first, _, _ := strings.Cut(out, "\n"); first != tt.first {
				t.Errorf("first line %q, want %q", first, tt.first)
			}
		})
	}
}

func TestRunTextLayout(t *testing.T) {
	out, err := run(t, "to-hit", cmdutil.FormatText)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	// Title, columns, 12 armour classes A-L, 2 notes.
	if len(lines) != 1+1+12+2 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	if lines[1] != "Armour Class\tSC 0\tSC 1\tSC 2\tSC 3\tSC 4\tSC 5" {
		t.Errorf("columns line %q", lines[1])
	}
	if lines[2] != "A\t13\t12\t11\t10\t9\t8" {
		t.Errorf("row A %q", lines[2])
	}
	if !strings.HasPrefix(lines[14], "* ") {
		t.Errorf("notes line %q", lines[14])
	}
}

// TestRunToHitMatchesBook checks `tables to-hit -o json` against the
// book's To-Hit Table (p. 33; App. p. 82), typed in from the book.
func TestRunToHitMatchesBook(t *testing.T) {
	out, err := run(t, "to-hit", cmdutil.FormatJSON)
	if err != nil {
		t.Fatal(err)
	}
	// Number cells are JSON numbers: the armour class is
	// text, the targets numbers.
	var got struct {
		Name, Title, Page string
		Columns           []string
		Rows              [][]any
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if got.Name != "to-hit" || got.Title != "To-Hit Table" || got.Page != "p. 33; App. p. 82" {
		t.Errorf("name/title/page = %q/%q/%q", got.Name, got.Title, got.Page)
	}
	if c := strings.Join(got.Columns, "|"); c != "Armour Class|SC 0|SC 1|SC 2|SC 3|SC 4|SC 5" {
		t.Errorf("columns = %s", c)
	}
	book := map[string]string{
		"A": "13 12 11 10 9 8",
		"B": "13 12 11 10 9 8",
		"C": "13 12 11 10 9 8",
		"D": "13 12 11 10 9 8",
		"E": "13 12 11 10 9 8",
		"F": "12 11 10 9 8 7",
		"G": "11 10 9 8 7 6",
		"H": "10 9 8 7 6 5",
		"I": "9 8 7 6 5 4",
		"J": "8 7 6 5 4 3",
		"K": "7 6 5 4 3 2",
		"L": "6 5 4 3 2 2",
	}
	if len(got.Rows) != len(book) {
		t.Fatalf("%d rows, want %d", len(got.Rows), len(book))
	}
	for _, cells := range got.Rows {
		row := make([]string, len(cells))
		for i, c := range cells {
			if i > 0 {
				if _, ok := c.(float64); !ok {
					t.Errorf("row %v: cell %d is %T, not a number", cells, i, c)
				}
			}
			row[i] = fmt.Sprint(c)
		}
		want, ok := book[row[0]]
		if !ok {
			t.Errorf("unexpected row %v", row)
			continue
		}
		if g := strings.Join(row[1:], " "); g != want {
			t.Errorf("row %s = %s, want %s", row[0], g, want)
		}
	}
}

func TestRunUnknownName(t *testing.T) {
	for _, name := range []string{"nope", "to-h" /* ambiguous: to-hit, to-hit-modifiers */, "to"} {
		t.Run(name, func(t *testing.T) {
			out, err := run(t, name, cmdutil.FormatJSON)
			if err == nil {
				t.Fatalf("no error; output %s", out)
			}
			if cmdutil.ExitCode(err) != cmdutil.ExitUsage || cmdutil.ExitUsage != 2 {
				t.Errorf("exit status %d, want 2", cmdutil.ExitCode(err))
			}
			if !strings.Contains(err.Error(), `"`+name+`"`) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q should name %q on one line", err, name)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
		})
	}
}

func TestNewCmdTables(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		output string
		want   string
		format cmdutil.Format
		err    string
	}{
		{"list piped", nil, "", "", cmdutil.FormatJSON, ""},
		{"one name", []string{"to-hit"}, "", "to-hit", cmdutil.FormatJSON, ""},
		{"text", []string{"dodging"}, "text", "dodging", cmdutil.FormatText, ""},
		{"two names", []string{"to-hit", "dodging"}, "", "", "", "at most one table name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			f := &cmdutil.Factory{IOStreams: ios, Getenv: func(string) string { return "" }}
			f.Globals.Output = tt.output
			var got *Options
			cmd := NewCmdTables(f, func(o *Options) error { got = o; return nil })
			cmd.SetArgs(tt.args)
			cmd.SetOut(&strings.Builder{})
			cmd.SetErr(&strings.Builder{})
			err := cmd.Execute()
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) || cmdutil.ExitCode(err) != cmdutil.ExitUsage {
					t.Fatalf("err = %v, want an input error with %q", err, tt.err)
				}
				if got != nil {
					t.Error("runF called despite the error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got == nil {
				t.Fatal("runF not called")
			}
			if got.Name != tt.want || got.Format != tt.format || got.IO != ios {
				t.Errorf("options = %+v, want name %q format %q", got, tt.want, tt.format)
			}
		})
	}
}

func TestWrapNote(t *testing.T) {
	got := wrapNote("Roll this number or higher on d20, after modifiers; a very long note that keeps going well past the edge of an eighty column terminal window.", 40)
	want := "* Roll this number or higher on d20,\n  after modifiers; a very long note that\n  keeps going well past the edge of an\n  eighty column terminal window.\n"
	if got != want {
		t.Errorf("wrapNote =\n%q\nwant\n%q", got, want)
	}
	if wrapNote("short", 80) != "* short\n" {
		t.Errorf("short note: %q", wrapNote("short", 80))
	}
}
