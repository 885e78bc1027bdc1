// Command gendocs writes docs/cli.md and the man pages in docs/man from
// spandex's cobra command tree, so the reference can never drift from the
// code. With -check it only verifies that the files are current (CI).
//
//	go run ./internal/cmd/gendocs [-check]
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"time"

	"github.com/invopop/jsonschema"
	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"

	"github.com/codename-spandex/spandex/internal/cli"
	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

func main() {
	check := flag.Bool("check", false, "verify the generated files are current instead of writing them")
	dir := flag.String("dir", "docs", "docs directory")
	flag.Parse()
	files, err := generate()
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	stale := 0
	for _, n := range names {
		path := filepath.Join(*dir, n)
		if *check {
			old, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(old, files[n]) {
				fmt.Fprintf(os.Stderr, "gendocs: %s is out of date; run `go run ./internal/cmd/gendocs`\n", path)
				stale++
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "gendocs:", err)
			os.Exit(1)
		}
		if err := os.WriteFile(path, files[n], 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gendocs:", err)
			os.Exit(1)
		}
	}
	if *check {
		// Man pages no longer generated are stale too.
		existing, _ := filepath.Glob(filepath.Join(*dir, "man", "*.1"))
		for _, p := range existing {
			rel, _ := filepath.Rel(*dir, p)
			if _, ok := files[rel]; !ok {
				fmt.Fprintf(os.Stderr, "gendocs: %s is no longer generated; run `go run ./internal/cmd/gendocs`\n", p)
				stale++
			}
		}
		if stale > 0 {
			os.Exit(1)
		}
	}
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

	schema, err := heroSchema()
	if err != nil {
		return nil, err
	}
	files["hero.schema.json"] = schema

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

// heroSchema reflects the JSON Schema of the hero file from pkg/hero's types.
func heroSchema() ([]byte, error) {
	r := &jsonschema.Reflector{
		Anonymous:                  true,
		RequiredFromJSONSchemaTags: true,
		Mapper: func(t reflect.Type) *jsonschema.Schema {
			switch t {
			case reflect.TypeOf(rulebook.ArmourClass(0)):
				return &jsonschema.Schema{Type: "string", Pattern: "^[A-L]$", Description: "Armour class A-L (p. 32)"}
			case reflect.TypeOf(rulebook.StrikeClass(0)):
				return &jsonschema.Schema{Type: "integer", Minimum: json.Number("0"), Maximum: json.Number("5"), Description: "Strike class 0-5 (p. 31)"}
			case reflect.TypeOf(json.RawMessage(nil)):
				return &jsonschema.Schema{Description: "the verb's full, typed record"}
			}
			return nil
		},
	}
	if err := r.AddGoComments("github.com/codename-spandex/spandex", "./pkg/hero", jsonschema.WithFullComment()); err != nil {
		return nil, err
	}
	s := r.Reflect(&hero.Hero{})
	s.ID = "https://github.com/codename-spandex/spandex/docs/hero.schema.json"
	s.Title = "spandex hero file, schema version 1"
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func anchor(c *cobra.Command) string {
	return strings.ReplaceAll(c.CommandPath(), " ", "-")
}
