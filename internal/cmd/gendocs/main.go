// Command gendocs writes docs/cli.md and the man pages in docs/man from
// spandex's cobra command tree, so the reference can never drift from the
// code. With -check it only verifies that the files are current (CI).
// It also screenshots the Guardian's HTML character sheet in a headless
// Chromium for the README (docs/sheet-guardian.png; -screenshot=false
// skips it, and it is skipped with a note when there is no browser).
//
//	go run ./internal/cmd/gendocs [-check] [-screenshot=false]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"

	"github.com/codename-spandex/spandex/internal/cli"
	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/helptopic"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/internal/schemagen"
)

func main() {
	check := flag.Bool("check", false, "verify the generated files are current instead of writing them")
	dir := flag.String("dir", "docs", "docs directory")
	shot := flag.Bool("screenshot", true, "also regenerate docs/"+SheetScreenshot+" (needs Chromium; skipped with a note when there is none)")
	flag.Parse()
	if *check {
		stale, err := Stale(*dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gendocs:", err)
			os.Exit(1)
		}
		for _, p := range stale {
			fmt.Fprintf(os.Stderr, "gendocs: %s is out of date; run `go run ./internal/cmd/gendocs`\n", p)
		}
		if len(stale) > 0 {
			os.Exit(1)
		}
		return
	}
	if err := write(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
	if *shot {
		if err := screenshot(*dir); err != nil {
			fmt.Fprintln(os.Stderr, "gendocs: screenshot:", err)
			os.Exit(1)
		}
	}
}

// write regenerates every file under dir and removes man pages of
// commands that no longer exist.
func write(dir string) error {
	files, err := generate()
	if err != nil {
		return err
	}
	for n, b := range files {
		path := filepath.Join(dir, n)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return err
		}
	}
	existing, _ := filepath.Glob(filepath.Join(dir, "man", "*.1"))
	for _, p := range existing {
		rel, _ := filepath.Rel(dir, p)
		if _, ok := files[rel]; !ok {
			if err := os.Remove(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// Stale lists the files under dir that differ from what the code
// generates, including man pages of commands that no longer exist. It
// must run from the module root.
func Stale(dir string) ([]string, error) {
	files, err := generate()
	if err != nil {
		return nil, err
	}
	return stale(dir, files), nil
}

// stale lists the files under dir that differ from files (generated).
func stale(dir string, files map[string][]byte) []string {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var stale []string
	for _, n := range names {
		path := filepath.Join(dir, n)
		old, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(old, files[n]) {
			stale = append(stale, path)
		}
	}
	existing, _ := filepath.Glob(filepath.Join(dir, "man", "*.1"))
	for _, p := range existing {
		rel, _ := filepath.Rel(dir, p)
		if _, ok := files[rel]; !ok {
			stale = append(stale, p)
		}
	}
	return stale
}

func newRoot() *cobra.Command {
	ios, _, _, _ := iostreams.Test()
	f := &cmdutil.Factory{IOStreams: ios, Version: "dev", Getenv: func(string) string { return "" }}
	root := cli.NewCmdRoot(f)
	root.DisableAutoGenTag = true
	// cobra adds `completion` only when a command line runs: add it here
	// so that it gets its reference section and man pages too.
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		// Help topics are rendered once, as sections (helptopic), not
		// as commands.
		if cli.IsHelpTopic(c) {
			c.Hidden = true
		}
	}
	return root
}

// preformat turns the indented blocks of a command's help text (aligned
// flag lists, numbered steps, small tables) into fenced code blocks, so
// Markdown and man keep their lines and columns instead of refilling them
// into one paragraph. A paragraph's lines from its first indented line
// on form the block.
func preformat(long string) string {
	var out []string
	paras := strings.Split(long, "\n\n")
	for _, p := range paras {
		lines := strings.Split(p, "\n")
		i := 0
		for i < len(lines) && !indented(lines[i]) {
			i++
		}
		if i == len(lines) {
			out = append(out, p)
			continue
		}
		var b strings.Builder
		if i > 0 {
			b.WriteString(strings.Join(lines[:i], "\n") + "\n\n")
		}
		b.WriteString("```\n" + strings.Join(dedent(lines[i:]), "\n") + "\n```")
		out = append(out, b.String())
	}
	return strings.Join(out, "\n\n")
}

func indented(line string) bool {
	return strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t")
}

// dedent removes the indentation the lines share.
func dedent(lines []string) []string {
	common := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " "))
		if common < 0 || n < common {
			common = n
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		if len(l) >= common && common > 0 {
			l = l[common:]
		}
		out[i] = strings.TrimRight(l, " ")
	}
	return out
}

// withSections inserts the shared EXIT STATUS, ENVIRONMENT and FILES
// sections into a man page, before SEE ALSO.
func withSections(page []byte) []byte {
	sections := helptopic.Roff()
	s := string(page)
	// .TH turns hyphenation back on (HY): keep flags whole (--no-judo-bonus)
	// and lines ragged-right, as cobra's .nh before .TH meant to.
	if i := strings.Index(s, "\n.TH "); i >= 0 {
		if j := strings.Index(s[i+1:], "\n"); j >= 0 {
			at := i + 1 + j + 1
			s = s[:at] + ".nr HY 0\n.nh\n.ad l\n" + s[at:]
		}
	}
	if i := strings.Index(s, ".SH SEE ALSO"); i >= 0 {
		return []byte(s[:i] + sections + s[i:])
	}
	return []byte(s + "\n" + sections)
}

func generate() (map[string][]byte, error) {
	files := map[string][]byte{}
	root := newRoot()

	var md bytes.Buffer
	md.WriteString("# spandex command reference\n\n")
	md.WriteString("Generated from the command tree by `go run ./internal/cmd/gendocs`; do not edit by hand.\n\n")
	var all []*cobra.Command
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		if !c.IsAvailableCommand() && c != root {
			return
		}
		all = append(all, c)
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(root)
	for _, c := range all {
		c.Long = preformat(c.Long)
	}
	for _, c := range all {
		md.WriteString("- [" + c.CommandPath() + "](#" + anchor(c) + ")\n")
	}
	md.WriteString("- [Exit status](#exit-status), [Environment](#environment), [Files](#files)\n")
	md.WriteString("\n")
	for _, c := range all {
		var b bytes.Buffer
		if err := doc.GenMarkdownCustom(c, &b, func(s string) string {
			s = strings.TrimSuffix(s, ".md")
			return "#" + strings.ReplaceAll(s, "_", "-")
		}); err != nil {
			return nil, err
		}
		// Demote headings by one level so the file has a single title.
		text := strings.ReplaceAll(b.String(), "\n## ", "\n### ")
		text = strings.ReplaceAll(text, "\n### SEE ALSO", "\n#### SEE ALSO")
		if strings.HasPrefix(text, "## ") {
			text = "#" + text
		}
		md.WriteString(text)
		md.WriteString("\n")
	}
	md.WriteString(helptopic.Markdown())
	files["cli.md"] = md.Bytes()

	schemas, err := schemagen.Generate(".")
	if err != nil {
		return nil, err
	}
	for name, b := range schemas {
		files[name] = b
	}

	date := time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)
	for _, c := range all {
		var b bytes.Buffer
		header := &doc.GenManHeader{Title: strings.ToUpper(strings.ReplaceAll(c.CommandPath(), " ", "-")), Section: "1", Source: "spandex", Manual: "spandex manual", Date: &date}
		c.DisableAutoGenTag = true
		if err := doc.GenMan(c, header, &b); err != nil {
			return nil, err
		}
		files[filepath.Join("man", strings.ReplaceAll(c.CommandPath(), " ", "-")+".1")] = withSections(b.Bytes())
	}
	return files, nil
}

func anchor(c *cobra.Command) string {
	return strings.ReplaceAll(c.CommandPath(), " ", "-")
}
