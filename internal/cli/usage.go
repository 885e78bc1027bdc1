package cli

import (
	"io"
	"strings"

	"github.com/mattn/go-runewidth"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/codename-spandex/spandex/internal/cmdutil"
)

// setHelp gives root (and so every command under it) the folding help
// and usage: cobra's default help and usage, which cobra writes as Go
// functions (defaultHelpFunc, defaultUsageFunc) equivalent to its
// templates, with every line that can be wider than the terminal folded:
// the description (foldText), the usage line (foldUse), each command's
// short description (commandLine), the examples (foldExamples) and the
// flags (flagLines). Continuation lines of a command or flag description
// start at its description column, so the column lines up on every line.
// TestHelpIsCobras checks that it is cobra's where nothing needs folding,
// TestTerminalWidth every command's help at 80 columns, TestHelpAligned
// the columns.
//
// Functions rather than cobra's templates (SetUsageTemplate): the
// template engine reaches methods by name through reflection, which makes
// the linker keep every exported method of every type that is ever an
// interface value, 3,750 functions and 3 MB that every start-up pays for
// (docs/benchmarks.md, "Start-up").
func setHelp(root *cobra.Command) {
	root.SetUsageFunc(writeUsage)
	root.SetHelpFunc(writeHelp)
}

// writeHelp is cobra's help (its defaultHelpFunc) with the description
// folded: the long description, or else the short one, then the usage.
func writeHelp(c *cobra.Command, _ []string) {
	var b strings.Builder
	text := c.Long
	if text == "" {
		text = c.Short
	}
	if text != "" {
		b.WriteString(foldText(text))
		b.WriteString("\n\n")
	}
	if c.Runnable() || c.HasSubCommands() {
		b.WriteString(c.UsageString())
	}
	if _, err := io.WriteString(c.OutOrStdout(), b.String()); err != nil {
		c.PrintErrln(err)
	}
}

// writeUsage is cobra's usage (its defaultUsageFunc) with the usage line,
// the examples, the commands' lines and the flags folded.
func writeUsage(c *cobra.Command) error {
	// Cobra merges the parents' persistent flags into c's before its
	// usage; InheritedFlags does so (UseLine's "[flags]" counts them).
	c.InheritedFlags()
	var b strings.Builder
	b.WriteString("Usage:")
	if c.Runnable() {
		b.WriteString("\n" + foldUse(c.UseLine()))
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\n  " + c.CommandPath() + " [command]")
	}
	if len(c.Aliases) > 0 {
		b.WriteString("\n\nAliases:\n  " + c.NameAndAliases())
	}
	if c.HasExample() {
		b.WriteString("\n\nExamples:\n" + foldExamples(c.Example))
	}
	if c.HasAvailableSubCommands() {
		// Each group's commands, then those in none; without groups
		// every command is in none (cobra refuses an undefined group).
		commands := func(title, group string) {
			b.WriteString("\n\n" + title)
			for _, sub := range c.Commands() {
				if sub.GroupID == group && (sub.IsAvailableCommand() || sub.Name() == "help") {
					b.WriteString("\n" + commandLine(sub))
				}
			}
		}
		if len(c.Groups()) == 0 {
			commands("Available Commands:", "")
		} else {
			for _, g := range c.Groups() {
				commands(g.Title, g.ID)
			}
			if !c.AllChildCommandsHaveGroup() {
				commands("Additional Commands:", "")
			}
		}
	}
	if c.HasAvailableLocalFlags() {
		b.WriteString("\n\nFlags:\n" + flagLines(c.LocalFlags()))
	}
	if c.HasAvailableInheritedFlags() {
		b.WriteString("\n\nGlobal Flags:\n" + flagLines(c.InheritedFlags()))
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\n\nUse \"" + c.CommandPath() + " [command] --help\" for more information about a command.")
	}
	b.WriteString("\n")
	_, err := io.WriteString(c.OutOrStderr(), b.String())
	if err != nil {
		c.PrintErrln(err)
	}
	return err
}

// foldUse is the usage line, indented two spaces, its continuations six.
func foldUse(use string) string {
	return hang("  ", use, 6)
}

// commandLine lists sub under its parent: the name padded to the widest
// sibling's (cobra's NamePadding), then the short description, folded
// with its continuations under the description's first column.
func commandLine(sub *cobra.Command) string {
	name := "  " + sub.Name() + strings.Repeat(" ", max(sub.NamePadding()-runewidth.StringWidth(sub.Name()), 0)) + " "
	return hang(name, sub.Short, runewidth.StringWidth(name))
}

// flagLines is pflag's listing of fs, unwrapped (every description starts
// at one column, continuation lines of a multi-line usage too), each line
// folded with its continuations at that column.
func flagLines(fs *pflag.FlagSet) string {
	text := strings.TrimRight(fs.FlagUsagesWrapped(0), " \n")
	lines := strings.Split(text, "\n")
	col := 0
	for _, l := range lines {
		if c := flagDescColumn(l); c > 0 {
			col = c
			break
		}
	}
	for i, l := range lines {
		l = strings.TrimRight(l, " ")
		if col == 0 || len(l) <= col {
			lines[i] = l
			continue
		}
		lines[i] = hang(l[:col], l[col:], col)
	}
	return strings.Join(lines, "\n")
}

// flagDescColumn is the column a flag line's description starts at: past
// the flag's names and type (single spaces) and the run of two or more
// spaces after them; 0 for a line that is not a flag's first line.
func flagDescColumn(l string) int {
	trimmed := strings.TrimLeft(l, " ")
	if !strings.HasPrefix(trimmed, "-") || len(l)-len(trimmed) > 6 {
		return 0
	}
	gap := strings.Index(l[len(l)-len(trimmed):], "  ")
	if gap < 0 {
		return 0
	}
	start := len(l) - len(trimmed) + gap
	rest := l[start:]
	return start + len(rest) - len(strings.TrimLeft(rest, " "))
}

// foldText folds each line of text wider than the terminal, continuing
// at the line's own indentation, or, for a line listing a flag ("-x ...",
// then three spaces and its description), under its description.
func foldText(text string) string {
	lines := strings.Split(strings.TrimRight(text, " \t\n"), "\n")
	for i, l := range lines {
		if runewidth.StringWidth(l) <= cmdutil.TextWidth {
			continue
		}
		trimmed := strings.TrimLeft(l, " ")
		col := len(l) - len(trimmed)
		if strings.HasPrefix(trimmed, "-") {
			if j := strings.Index(trimmed, "   "); j >= 0 {
				rest := trimmed[j:]
				col += j + len(rest) - len(strings.TrimLeft(rest, " "))
			}
		}
		lines[i] = hang(l[:col], l[col:], col)
	}
	return strings.Join(lines, "\n")
}

// hang writes prefix, then the words of text filled into cmdutil.TextWidth
// columns, every line after the first indented col spaces. A word wider
// than the room breaks after a "|" of a list of choices (a|b|c); a word
// that cannot break is left whole.
func hang(prefix, text string, col int) string {
	const width = cmdutil.TextWidth
	var out []string
	indent := strings.Repeat(" ", col)
	cur, empty := prefix, true
	for _, word := range strings.Fields(text) {
		parts := strings.SplitAfter(word, "|")
		for i, part := range parts {
			if part == "" {
				continue
			}
			sep := " "
			if i > 0 || empty {
				sep = ""
			}
			if !empty && runewidth.StringWidth(cur)+len(sep)+runewidth.StringWidth(part) > width {
				out = append(out, cur)
				cur, sep = indent, ""
			}
			cur += sep + part
			empty = false
		}
	}
	out = append(out, cur)
	for i, l := range out {
		out[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(out, "\n")
}

// foldExamples folds each example line of a command's Example text
// (foldExample).
func foldExamples(ex string) string {
	lines := strings.Split(ex, "\n")
	for i, l := range lines {
		lines[i] = foldExample(l)
	}
	return strings.Join(lines, "\n")
}

// foldExample folds one example command line wider than the terminal
// into shell continuation lines (" \" at the end, continuations indented
// four more spaces), broken only at spaces outside quotes, so what the
// help shows still pastes into a shell as the one command TestExamples
// runs. A trailing "   # comment" moves to a line of its own above it.
func foldExample(line string) string {
	if len(line) <= cmdutil.TextWidth {
		return line
	}
	indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
	cmd, comment := line, ""
	if i := strings.Index(line, "   #"); i >= 0 {
		cmd, comment = strings.TrimRight(line[:i], " "), strings.TrimSpace(line[i:])
	}
	var out []string
	if comment != "" {
		out = append(out, cmdutil.Wrap(indent+comment, cmdutil.TextWidth, indent+"# "))
		if len(cmd) <= cmdutil.TextWidth {
			return strings.Join(append(out, cmd), "\n")
		}
	}
	// The words of cmd, split at spaces outside quotes.
	var words []string
	var quote rune
	start := len(indent)
	for i, r := range cmd {
		switch {
		case i < len(indent):
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == ' ':
			if i > start {
				words = append(words, cmd[start:i])
			}
			start = i + 1
		}
	}
	words = append(words, cmd[start:])
	// A redirection or pipe stays with what follows it, a flag with its
	// value (or with the next flag: harmless).
	for i := 0; i+1 < len(words); i++ {
		w, next := words[i], words[i+1]
		if strings.ContainsAny(w, "<>|") && len(w) <= 2 || strings.HasPrefix(w, "-") && !strings.HasPrefix(next, "-") && !strings.ContainsAny(next, "<>|") {
			words[i] += " " + next
			words = append(words[:i+1], words[i+2:]...)
		}
	}
	cont := indent + "    "
	cur := indent
	for _, wd := range words {
		switch {
		case cur == indent || cur == cont:
			cur += wd
		case len(cur)+1+len(wd)+2 > cmdutil.TextWidth:
			out = append(out, cur+" \\")
			cur = cont + wd
		default:
			cur += " " + wd
		}
	}
	return strings.Join(append(out, cur), "\n")
}
