package cli

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
)

// usage80 is cobra's default usage text (its defaultUsageFunc, a Go
// function rather than a template, so start-up parses nothing) folded
// into an 80-column terminal: the usage line, each command's short
// description (continuations under the description) and the flag
// descriptions (pflag's FlagUsagesWrapped) and the examples (foldExample).
// TestTerminalWidth checks every command's help at 80 columns.
func usage80(c *cobra.Command) error {
	w := c.OutOrStderr()
	fmt.Fprint(w, "Usage:")
	if c.Runnable() {
		fmt.Fprint(w, "\n"+cmdutil.Wrap("  "+c.UseLine(), cmdutil.TextWidth, "      "))
	}
	if c.HasAvailableSubCommands() {
		fmt.Fprintf(w, "\n  %s [command]", c.CommandPath())
	}
	if len(c.Aliases) > 0 {
		fmt.Fprintf(w, "\n\nAliases:\n  %s", c.NameAndAliases())
	}
	if c.HasExample() {
		fmt.Fprintf(w, "\n\nExamples:\n%s", foldExamples(c.Example))
	}
	if c.HasAvailableSubCommands() {
		cmds := c.Commands()
		listed := func(sub *cobra.Command) bool { return sub.IsAvailableCommand() || sub.Name() == "help" }
		if len(c.Groups()) == 0 {
			fmt.Fprint(w, "\n\nAvailable Commands:")
			for _, sub := range cmds {
				if listed(sub) {
					commandLine(w, sub)
				}
			}
		} else {
			for _, group := range c.Groups() {
				fmt.Fprintf(w, "\n\n%s", group.Title)
				for _, sub := range cmds {
					if sub.GroupID == group.ID && listed(sub) {
						commandLine(w, sub)
					}
				}
			}
			if !c.AllChildCommandsHaveGroup() {
				fmt.Fprint(w, "\n\nAdditional Commands:")
				for _, sub := range cmds {
					if sub.GroupID == "" && listed(sub) {
						commandLine(w, sub)
					}
				}
			}
		}
	}
	if c.HasAvailableLocalFlags() {
		fmt.Fprint(w, "\n\nFlags:\n"+foldText(strings.TrimRight(c.LocalFlags().FlagUsagesWrapped(cmdutil.TextWidth), " \n")))
	}
	if c.HasAvailableInheritedFlags() {
		fmt.Fprint(w, "\n\nGlobal Flags:\n"+foldText(strings.TrimRight(c.InheritedFlags().FlagUsagesWrapped(cmdutil.TextWidth), " \n")))
	}
	if c.HasAvailableSubCommands() {
		fmt.Fprintf(w, "\n\nUse \"%s [command] --help\" for more information about a command.", c.CommandPath())
	}
	fmt.Fprintln(w)
	return nil
}

// help80 is cobra's default help (the long description, or the short
// one, then the usage) with the description folded into 80 columns
// (foldText).
func help80(c *cobra.Command, _ []string) {
	w := c.OutOrStdout()
	text := c.Long
	if text == "" {
		text = c.Short
	}
	if text = strings.TrimRight(text, " \t\n"); text != "" {
		fmt.Fprintln(w, foldText(text))
		fmt.Fprintln(w)
	}
	if c.Runnable() || c.HasSubCommands() {
		fmt.Fprint(w, c.UsageString())
	}
}

// foldText folds each line of text wider than the terminal at spaces, or
// after a "|" inside a long list of choices (a|b|c), continuing at the
// line's own indentation (one that hangs under a flag's description
// keeps it: pflag aligns the continuation lines it made the same way).
func foldText(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = foldLine(l)
	}
	return strings.Join(lines, "\n")
}

func foldLine(l string) string {
	const width = cmdutil.TextWidth
	if utf8.RuneCountInString(l) <= width {
		return l
	}
	lead := strings.Repeat(" ", len(l)-len(strings.TrimLeft(l, " ")))
	if strings.HasPrefix(strings.TrimLeft(l, " "), "-") {
		// A flag line: continue under its description, past the two
		// spaces after the flag's name and type.
		if i := strings.Index(strings.TrimLeft(l, " "), "   "); i >= 0 {
			rest := strings.TrimLeft(l, " ")[i:]
			lead += strings.Repeat(" ", i+len(rest)-len(strings.TrimLeft(rest, " ")))
		}
	}
	var out []string
	rs := []rune(l)
	for len(rs) > width {
		cut, skip := -1, 0
		for i := width; i > len(lead); i-- {
			if rs[i] == ' ' {
				cut, skip = i, 1
				break
			}
			if rs[i-1] == '|' {
				cut = i
				break
			}
		}
		if cut < 0 {
			break // one word wider than the line: left whole
		}
		out = append(out, strings.TrimRight(string(rs[:cut]), " "))
		rs = []rune(lead + strings.TrimLeft(string(rs[cut+skip:]), " "))
	}
	return strings.Join(append(out, string(rs)), "\n")
}

// commandLine lists sub under its parent: the padded name, then the short
// description folded under itself.
func commandLine(w io.Writer, sub *cobra.Command) {
	name := fmt.Sprintf("  %-*s ", sub.NamePadding(), sub.Name())
	fmt.Fprint(w, "\n"+cmdutil.Wrap(name+sub.Short, cmdutil.TextWidth, strings.Repeat(" ", len(name))))
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
