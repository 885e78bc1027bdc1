// Package helptopic holds the reference sections every spandex command
// shares: its exit statuses, the environment variables it reads and the
// files it uses. They are written once, here (from cmdutil.ExitStatuses
// and config.Keys), and rendered as `spandex help exit-codes` /
// `spandex help environment` (Text), as sections of docs/cli.md
// (Markdown) and as the EXIT STATUS, ENVIRONMENT and FILES sections of
// every man page (Roff).
package helptopic

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/config"
)

// Entry is one item of a section: an exit status, a variable, a file.
type Entry struct {
	Name string
	Text string
}

// Section is one reference section.
type Section struct {
	// Title is the man page section name: "EXIT STATUS".
	Title string
	// Topic is the `spandex help TOPIC` name ("" when the section is
	// shown only as part of another topic).
	Topic string
	// Short is the topic's one-line summary.
	Short string
	// Intro is a paragraph before the entries.
	Intro   string
	Entries []Entry
}

// Environment variables spandex reads outside the config keys.
const (
	// EnvForceTTY makes spandex treat stdout as a terminal.
	EnvForceTTY = "SPANDEX_FORCE_TTY"
	// EnvProgress says when long batches draw a progress line on stderr.
	EnvProgress = "SPANDEX_PROGRESS"
)

// ExitStatus is the EXIT STATUS section.
func ExitStatus() Section {
	s := Section{
		Title: "EXIT STATUS",
		Topic: "exit-codes",
		Short: "Exit statuses and what each means",
		Intro: "spandex exits with one of these statuses. Errors are a single line on stderr, prefixed \"spandex: \"; stdout only receives a result when the command succeeds, with one exception: a verb reporting on each record of a stream (hero check, sheet, attack against a stream of defenders) writes as it reads and stops at the first bad record with status 2, leaving on stdout every result before it, whole (a JSON array closed).",
	}
	for _, e := range cmdutil.ExitStatuses {
		s.Entries = append(s.Entries, Entry{strconv.Itoa(e.Code), e.Meaning})
	}
	return s
}

// Environment is the ENVIRONMENT section.
func Environment() Section {
	s := Section{
		Title: "ENVIRONMENT",
		Topic: "environment",
		Short: "Environment variables and the config file",
		Intro: "Every config file key has a SPANDEX_* variable, which wins over the file; a flag wins over both. `spandex config` prints the values in force and where each came from.",
	}
	for _, k := range config.Keys {
		text := k.Doc + "."
		if k.Values != nil {
			text += " One of " + strings.Join(k.Values, ", ") + "."
		}
		if k.Default != "" {
			text += " Default " + k.Default + "."
		}
		s.Entries = append(s.Entries, Entry{k.Env(), fmt.Sprintf("Config key %s: %s", k.Name, text)})
	}
	s.Entries = append(s.Entries,
		Entry{EnvForceTTY, "When not empty, treat stdout as a terminal: tables and text instead of JSON (output auto)."},
		Entry{EnvProgress, "When long batches (gen -n, hero check and sheet streams) draw a progress line on stderr: auto (default: when stderr is a terminal and the batch runs for over a second), always, or never. Never on stdout."},
		Entry{"XDG_CONFIG_HOME", "Where the config file is looked for: $XDG_CONFIG_HOME/spandex/config.yaml."},
		Entry{"HOME", "The config file is $HOME/.config/spandex/config.yaml when XDG_CONFIG_HOME is not set."},
	)
	return s
}

// Files is the FILES section.
func Files() Section {
	s := Section{
		Title: "FILES",
		Intro: "The config file is YAML with the config keys named with the variables (output, seed, rules.*); a key it misspells is refused with its line and the nearest valid key. It is looked for in this order; a missing default file is not an error.",
	}
	for i, l := range config.Locations {
		s.Entries = append(s.Entries, Entry{strconv.Itoa(i + 1), l})
	}
	return s
}

// Sections returns every section, in man page order.
func Sections() []Section { return []Section{ExitStatus(), Environment(), Files()} }

// Topics returns the sections shown by `spandex help TOPIC`, each with the
// sections it includes (environment includes the config file locations).
func Topics() []Section {
	out := make([]Section, len(TopicList))
	for i, t := range TopicList {
		out[i] = t.Section()
	}
	return out
}

// TopicList names the help topics and builds each section on demand.
var TopicList = []struct {
	Name    string
	Section func() Section
}{
	{"exit-codes", ExitStatus},
	{"environment", Environment},
}

// Text renders a topic for the terminal, wrapped to width columns.
func Text(s Section, width int) string {
	var b strings.Builder
	b.WriteString(wrap(s.Intro, "", width))
	writeEntries(&b, s, width)
	if s.Topic == "environment" {
		f := Files()
		b.WriteString("\nCONFIG FILE\n\n")
		b.WriteString(wrap(f.Intro, "", width))
		writeEntries(&b, f, width)
	}
	return b.String()
}

// writeEntries writes each entry with a hanging indent: a short name on
// the text's first line, a long one on a line of its own.
func writeEntries(b *strings.Builder, s Section, width int) {
	const indent = "      "
	for _, e := range s.Entries {
		b.WriteString("\n")
		text := wrap(e.Text, indent, width)
		if name := "  " + e.Name; len(name) < len(indent)-1 {
			b.WriteString(name + strings.Repeat(" ", len(indent)-len(name)) + text[len(indent):])
			continue
		}
		b.WriteString("  " + e.Name + "\n" + text)
	}
}

// wrap fills text to width columns, each line starting with indent.
func wrap(text, indent string, width int) string {
	var b strings.Builder
	line := indent
	for _, w := range strings.Fields(text) {
		if len(line) > len(indent) && len(line)+1+len(w) > width {
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			line = indent
		}
		if len(line) > len(indent) {
			line += " "
		}
		line += w
	}
	if len(line) > len(indent) {
		b.WriteString(line + "\n")
	}
	return b.String()
}

// Markdown renders every section for docs/cli.md.
func Markdown() string {
	var b strings.Builder
	for _, s := range Sections() {
		title := strings.ToUpper(s.Title[:1]) + strings.ToLower(s.Title[1:])
		b.WriteString("## " + title + "\n\n")
		b.WriteString(s.Intro + "\n\n")
		if s.Topic != "" {
			b.WriteString("Also `spandex help " + s.Topic + "`.\n\n")
		}
		for _, e := range s.Entries {
			b.WriteString("- `" + e.Name + "`: " + e.Text + "\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Roff renders every section as man page sections.
func Roff() string {
	var b strings.Builder
	for _, s := range Sections() {
		b.WriteString(".SH " + s.Title + "\n")
		b.WriteString(".PP\n" + roffEscape(s.Intro) + "\n")
		for _, e := range s.Entries {
			b.WriteString(".TP\n\\fB" + roffEscape(e.Name) + "\\fR\n" + roffEscape(e.Text) + "\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// roffEscape makes text safe in a roff text line: backslashes, hyphens
// (so they stay ASCII hyphen-minus for copy and paste and search), a
// leading dot or quote, and backquotes (shown as plain quotes).
func roffEscape(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	s = strings.ReplaceAll(s, "-", `\-`)
	s = strings.ReplaceAll(s, "`", "")
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}
