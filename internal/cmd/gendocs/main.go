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
	return stale, nil
}

func newRoot() *cobra.Command {
	ios, _, _, _ := iostreams.Test()
	f := &cmdutil.Factory{IOStreams: ios, Version: "dev", Getenv: func(string) string { return "" }}
	root := cli.NewCmdRoot(f)
	root.DisableAutoGenTag = true
	return root
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
		md.WriteString("- [" + c.CommandPath() + "](#" + anchor(c) + ")\n")
	}
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
		files[filepath.Join("man", strings.ReplaceAll(c.CommandPath(), " ", "-")+".1")] = b.Bytes()
	}
	return files, nil
}

func anchor(c *cobra.Command) string {
	return strings.ReplaceAll(c.CommandPath(), " ", "-")
}
