package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
	"github.com/rogpeppe/go-internal/testscript"
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
)

// terminalColumns is the width every human view must fit: the classic
// terminal, and what the README promises.
const terminalColumns = 80

// widthCase is one invocation whose terminal output TestTerminalWidth
// measures, after the scene its prelude sets (testscript lines).
type widthCase struct {
	prelude string
	line    string
	// listed: a widthCases entry, measured under -short too; explain:
	// the first case again with --explain.
	listed, explain bool
}

// mnsFight sets up the Men & Supermen fight the mns cases act in.
const mnsFight = "spandex mns new heroes.json thugs.json\ncp stdout f.json\n"

// widthCases are invocations measured beside each command's own examples:
// the views an example does not reach (another -o, --result, every book
// table, --explain); the mns cases use the synthetic charts of
// testdata/mns.
var widthCases = map[string][]widthCase{
	"spandex attack": {
		{line: "spandex attack --attacker guardian.json --with fist --result --seed 3 < nefario.json"},
		{line: "spandex attack --attacker guardian.json --with fist --result -o table --seed 3 < nefario.json"},
		{line: "spandex attack --attacker guardian.json --with fist --odds < nefario.json"},
	},
	"spandex tohit": {
		{line: "spandex tohit --strike-class 1 --armour-class F --strike-bonus -2 --dice 2"},
	},
	"spandex profile": {
		{line: "spandex profile guardian.json -o table"},
	},
	"spandex fight status": {
		{prelude: newBank + "spandex fight initiative -i bank.json --dice 8,3\n", line: "spandex fight status bank.json -o table"},
	},
	"spandex fight hero": {{prelude: newBank, line: "spandex fight hero bank.json guardian"}},
	"spandex fight sim merge": {{
		prelude: newBank + "spandex fight sim bank.json -n 40 --seed 1 --shard 1/2 -o json\ncp stdout shard1.json\nspandex fight sim bank.json -n 40 --seed 1 --shard 2/2 -o json\ncp stdout shard2.json\n",
		line:    "spandex fight sim merge shard1.json shard2.json",
	}},
	"spandex version":      {{line: "spandex version"}},
	"spandex mns new":      {{line: "spandex mns new heroes.json thugs.json -o text"}},
	"spandex mns next":     {{prelude: mnsFight, line: "spandex mns next f.json"}, {prelude: mnsFight, line: "spandex mns next f.json -o table"}},
	"spandex mns status":   {{prelude: mnsFight, line: "spandex mns status f.json"}},
	"spandex mns surprise": {{prelude: mnsFight, line: "spandex mns surprise -i f.json --on lariat --segments 8 --reduce 5"}},
	"spandex mns act": {
		{prelude: mnsFight, line: "spandex mns act -i f.json --actor lariat --attack gunman --weapon fist --charts charts.json --dice 2,2 --explain"},
		{prelude: mnsFight, line: "spandex mns act -i f.json --actor gunman --move --time 3"},
	},
	"spandex mns damage":    {{prelude: mnsFight, line: "spandex mns damage -i f.json --on lariat --amount 15 --no-ignore --charts charts.json --explain"}},
	"spandex mns end-round": {{prelude: mnsFight, line: "spandex mns end-round -i f.json"}},
	"spandex mns range": {
		{line: "spandex mns range --distance 17 --weapon handgun --charts charts.json --explain"},
		{line: "spandex mns range --distance 98 --short 4 --set 3 --max 80 --range-bonus 13"},
	},
	"spandex mns charts check": {{line: "spandex mns charts check charts.json"}},
}

// TestTerminalWidth renders every command's terminal output (stdout a
// terminal, as SPANDEX_FORCE_TTY makes it) and asserts that every line of
// stdout and stderr fits 80 columns: each command's --help, each of its
// examples that writes to the terminal (no pipe, no redirection, no -o
// json), the first of them again with --explain, and widthCases. Every
// command that runs must have at least one such case, so a new verb
// without one fails here (a command group only refuses a wrong subcommand:
// its --help is measured). Under go test -short only the --help pages and
// widthCases are run (TestExamples still runs every example); the full
// suite, which CI runs, measures the examples too: they play the
// simulator's thousands of fights a second time.
func TestTerminalWidth(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	root := NewCmdRoot(&cmdutil.Factory{IOStreams: ios, Getenv: func(string) string { return "" }})
	dir := t.TempDir()
	files := append(fixtureFiles(t), mnsFixtures(t)...)
	n, planned := 0, 0
	write := func(name, script string) {
		n++
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%03d_%s.txtar", n, name)), []byte(script+files.For(script)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	measure := func(prelude, line string) string {
		return prelude + "env " + "SPANDEX_FORCE_TTY=1\n" +
			shellLine(line) + "\n" +
			fmt.Sprintf("fits %d stdout\nfits %d stderr\nenv SPANDEX_FORCE_TTY=\n", terminalColumns, terminalColumns)
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden {
			return
		}
		path := c.CommandPath()
		name := strings.ReplaceAll(path, " ", "_")
		args := strings.TrimPrefix(path, "spandex")
		write(name+"_help", "# "+path+" --help\n"+measure("", "spandex"+args+" --help"))
		if c.Runnable() && !IsHelpTopic(c) {
			var cases []widthCase
			for _, wc := range widthCases[path] {
				wc.listed = true
				cases = append(cases, wc)
			}
			for _, ex := range terminalExamples(c) {
				cases = append(cases, widthCase{prelude: prelude(path, ex), line: ex})
			}
			if len(cases) == 0 && !c.HasSubCommands() {
				t.Errorf("%s: no invocation measured at %d columns: give it an example that writes to the terminal or a widthCases entry", path, terminalColumns)
			}
			if len(cases) > 0 && !strings.Contains(cases[0].line, "--explain") {
				wc := cases[0]
				cases = append(cases, widthCase{prelude: wc.prelude, line: wc.line + " --explain", explain: true})
			}
			planned += len(cases)
			for i, wc := range cases {
				if testing.Short() && !wc.listed {
					continue
				}
				if wc.explain {
					write(name+"_explain", "# "+wc.line+"\n"+measure(wc.prelude, wc.line))
					continue
				}
				write(fmt.Sprintf("%s_%d", name, i+1), "# "+wc.line+"\n"+measure(wc.prelude, wc.line))
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	if planned < 150 {
		t.Fatalf("measured only %d invocations", planned)
	}
	// The scripts of TestScripts, TestExamples and TestTerminalWidth
	// run beside each other, once every sequential test is done: one
	// test's last slow scripts do not hold up the next test's.
	t.Parallel()
	testscript.Run(t, testscript.Params{
		Dir:   dir,
		Setup: isolateHome,
		Cmds:  scriptCmds(map[string]func(ts *testscript.TestScript, neg bool, args []string){"fits": fits}),
	})
}

// terminalExamples are c's example lines that write to the terminal: no
// pipe, redirection or command list, and no JSON asked for.
func terminalExamples(c *cobra.Command) []string {
	var out []string
	for _, line := range exampleLines(c.Example) {
		ex := strings.TrimSpace(line)
		if j := strings.Index(ex, "   #"); j >= 0 {
			ex = strings.TrimSpace(ex[:j])
		}
		if ex == "" || strings.ContainsAny(ex, "|<>;&$`") || strings.Contains(ex, "-o json") || strings.Contains(ex, "-o jsonl") || strings.Contains(ex, "-o html") {
			continue
		}
		out = append(out, ex)
	}
	return out
}

// mnsFixtures are the synthetic charts under the name the mns cases use
// (the combatants are exampleFixtures).
func mnsFixtures(t *testing.T) fixtures {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(mnsDir, "synthetic-charts.json"))
	if err != nil {
		t.Fatal(err)
	}
	return fixtures{{Name: "charts.json", Data: data}}
}

// displayWidth is the number of terminal columns s takes: East Asian wide
// runes count two, a tab moves to the next multiple of eight.
func displayWidth(s string) int {
	w := 0
	for _, r := range s {
		if r == '\t' {
			w += 8 - w%8
			continue
		}
		w += runewidth.RuneWidth(r)
	}
	return w
}

// fits is the script command "fits N stdout|stderr": every line of the
// last command's output is at most N display columns.
func fits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: fits N stdout|stderr")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("fits: %v", err)
	}
	text := ts.ReadFile(args[1])
	if isJSON(text) {
		// A hero or encounter file (a verb without -i writes the changed
		// file on stdout, terminal or not): data, not a human view.
		return
	}
	var wide []string
	for _, l := range strings.Split(text, "\n") {
		if w := displayWidth(l); w > n {
			wide = append(wide, fmt.Sprintf("%d: %s", w, l))
		}
	}
	if len(wide) > 0 {
		sort.SliceStable(wide, func(i, j int) bool { return len(wide[i]) > len(wide[j]) })
		ts.Fatalf("%s: %d lines over %d columns:\n%s", args[1], len(wide), n, strings.Join(wide, "\n"))
	}
}

// isJSON reports whether text is one JSON document or JSON Lines.
func isJSON(text string) bool {
	text = strings.TrimSpace(text)
	if text == "" {
		return false
	}
	if json.Valid([]byte(text)) {
		return true
	}
	for _, l := range strings.Split(text, "\n") {
		if !json.Valid([]byte(l)) {
			return false
		}
	}
	return true
}

func TestDisplayWidth(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{"", 0},
		{"abc", 3},
		{"½ ±", 3},
		{"a\tb", 9},
		{"\t", 8},
		{"漢字", 4},
	} {
		if got := displayWidth(c.in); got != c.want {
			t.Errorf("displayWidth(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

// TestHelpAligned renders every command's help and checks that it fits
// 80 columns and that its description columns line up: in the command
// lists (Available Commands, the groups, Additional Commands) every
// line's description, a folded one's continuations included, starts at
// one column, and so does every flag description within Flags and within
// Global Flags.
func TestHelpAligned(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	root := NewCmdRoot(&cmdutil.Factory{IOStreams: ios, Getenv: func(string) string { return "" }})
	var walk func(c *cobra.Command)
	n := 0
	walk = func(c *cobra.Command) {
		if c.Hidden {
			return
		}
		var buf strings.Builder
		c.SetOut(&buf)
		if err := c.Help(); err != nil {
			t.Fatalf("%s: %v", c.CommandPath(), err)
		}
		c.SetOut(nil)
		n++
		for _, problem := range helpAlignment(buf.String()) {
			t.Errorf("%s --help: %s", c.CommandPath(), problem)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	if n < 60 {
		t.Fatalf("checked the help of only %d commands", n)
	}
}

// helpAlignment lists what is wrong with a help text: a line wider than
// the terminal, a description that starts at another column than the
// others of its list.
func helpAlignment(help string) []string {
	var problems []string
	section, cols := "", map[string]int{}
	check := func(col int, l string) {
		key := section
		if section != "Flags:" && section != "Global Flags:" {
			key = "commands" // every command list shares the padding
		}
		if want, ok := cols[key]; !ok {
			cols[key] = col
		} else if col != want {
			problems = append(problems, fmt.Sprintf("%s: description at column %d, not %d: %q", section, col, want, l))
		}
	}
	usage := false
	for _, l := range strings.Split(help, "\n") {
		if w := displayWidth(l); w > terminalColumns {
			problems = append(problems, fmt.Sprintf("%d columns: %q", w, l))
		}
		switch {
		case l == "Usage:":
			usage, section = true, l
			continue
		case !usage:
			continue // the description above the usage
		case l == "" || strings.HasPrefix(l, "Use \""):
			continue
		case !strings.HasPrefix(l, " "):
			section = l
			continue
		}
		indent := len(l) - len(strings.TrimLeft(l, " "))
		switch section {
		case "Usage:", "Aliases:", "Examples:":
		case "Flags:", "Global Flags:":
			if strings.HasPrefix(l[indent:], "-") && indent <= 6 {
				gap := strings.Index(l[indent:], "  ")
				if gap < 0 {
					continue // a flag without a description
				}
				rest := l[indent+gap:]
				check(indent+gap+len(rest)-len(strings.TrimLeft(rest, " ")), l)
			} else {
				check(indent, l)
			}
		default:
			if indent == 2 {
				name := strings.Fields(l)[0]
				rest := l[2+len(name):]
				if strings.TrimSpace(rest) == "" {
					continue
				}
				check(2+len(name)+len(rest)-len(strings.TrimLeft(rest, " ")), l)
			} else {
				check(indent, l)
			}
		}
	}
	return problems
}

// TestHelpAlignmentCatches: helpAlignment finds a folded description
// whose first line lost its padding, and a flag continuation off its
// column, and nothing in aligned help.
func TestHelpAlignmentCatches(t *testing.T) {
	for _, tt := range []struct {
		name, help string
		bad        bool
	}{
		{"padding lost", "Usage:\n  spandex [command]\n\nCombat:\n  attack Resolve one physical attack\n              file\n  fight       Run a whole fight\n", true},
		{"flag continuation", "Usage:\n  spandex\n\nFlags:\n      --dice string     face values\n                       in order\n  -h, --help            help\n", true},
		{"too wide", "Usage:\n  spandex " + strings.Repeat("x", 80) + "\n", true},
		{"aligned", "Usage:\n  spandex [command]\n\nCombat:\n  attack      Resolve one physical attack\n              file\n  fight       Run a whole fight\n\n" +
			"Flags:\n      --dice string     face values\n                        in order\n  -h, --help            help\n", false},
	} {
		if got := helpAlignment(tt.help); (len(got) > 0) != tt.bad {
			t.Errorf("%s: helpAlignment found %q", tt.name, got)
		}
	}
}
