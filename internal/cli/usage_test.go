package cli

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// helpTree is a small command tree with everything cobra's help and usage
// show: a long description, aliases, examples, groups and a command
// outside them, local, persistent and inherited flags, a hidden command.
// Every line is short, so the folds change nothing.
func helpTree(withHelp bool) *cobra.Command {
	root := &cobra.Command{Use: "tool", Short: "A tool", Long: "A tool that does things.\n\nIn two paragraphs."}
	root.PersistentFlags().StringP("output", "o", "auto", "output format")
	root.AddGroup(&cobra.Group{ID: "dice", Title: "Dice:"})
	roll := &cobra.Command{
		Use: "roll EXPR...", Short: "Roll dice", GroupID: "dice", Aliases: []string{"r"},
		Example: "  tool roll 3d6\n  tool roll 2d6+1",
		RunE:    func(*cobra.Command, []string) error { return nil },
	}
	roll.Flags().IntP("repeat", "n", 1, "roll N times")
	fight := &cobra.Command{Use: "fight <command>", Short: "Run a fight"}
	fight.AddCommand(
		&cobra.Command{Use: "next [FILE]", Short: "Who acts now", RunE: func(*cobra.Command, []string) error { return nil }},
		&cobra.Command{Use: "secret", Short: "Hidden", Hidden: true, RunE: func(*cobra.Command, []string) error { return nil }},
	)
	version := &cobra.Command{Use: "version", Short: "Print the version", RunE: func(*cobra.Command, []string) error { return nil }}
	root.AddCommand(roll, fight, version)
	if withHelp {
		setHelp(root)
	}
	return root
}

// setHelp's help and usage are cobra's own, line for line, where nothing
// needs folding: the same sections, in the same order, with the same
// spacing, for the root (groups and a command outside them), a command
// with aliases, examples and flags, a group of commands and a command
// with only inherited flags.
func TestHelpIsCobras(t *testing.T) {
	for _, path := range [][]string{nil, {"roll"}, {"fight"}, {"fight", "next"}, {"version"}} {
		name := strings.Join(append([]string{"tool"}, path...), " ")
		show := func(withHelp bool) (help, usage string) {
			c, _, err := helpTree(withHelp).Find(path)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			c.SetOut(&b)
			c.HelpFunc()(c, nil)
			return b.String(), c.UsageString()
		}
		ownHelp, ownUsage := show(true)
		help, usage := show(false)
		if ownHelp != help {
			t.Errorf("%s --help:\n%s\ncobra's:\n%s", name, ownHelp, help)
		}
		if ownUsage != usage {
			t.Errorf("%s usage:\n%s\ncobra's:\n%s", name, ownUsage, usage)
		}
		if !strings.Contains(ownHelp, "Usage:") {
			t.Errorf("%s --help shows no usage:\n%s", name, ownHelp)
		}
	}
}

// A line wider than the terminal is folded, its continuation under the
// description's column, where cobra's own help would run on.
func TestHelpFoldsLongLines(t *testing.T) {
	root := helpTree(true)
	long := strings.Repeat("word ", 30)
	root.AddCommand(&cobra.Command{Use: "long", Short: long, RunE: func(*cobra.Command, []string) error { return nil }})
	usage := root.UsageString()
	var lines []string
	for l := range strings.Lines(usage) {
		if strings.Contains(l, "word") {
			lines = append(lines, strings.TrimRight(l, "\n"))
		}
	}
	if len(lines) < 2 {
		t.Fatalf("the long description is not folded:\n%s", usage)
	}
	col := strings.Index(lines[0], "word")
	for _, l := range lines {
		if len(l) > terminalColumns {
			t.Errorf("%d columns: %q", len(l), l)
		}
		if l != lines[0] && strings.Index(l, "word") != col {
			t.Errorf("continuation %q does not start at column %d", l, col)
		}
	}
}
