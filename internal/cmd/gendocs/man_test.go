package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestManPagesRender renders every generated man page with `man -l` and
// checks that groff has nothing to warn about, that the shared EXIT
// STATUS, ENVIRONMENT and FILES sections are there, and that indented
// lists keep their lines. CI installs man-db (.ci/run); without it the
// test is skipped unless SPANDEX_REQUIRE_MAN is set.
//
// The pages go through one man pipeline (preconv, tbl, nroff, col) as one
// document, each page opening with its own .TH, and the output is cut at
// each page's header line: a pipeline per page costs 80 times the
// processes for the same text (each page's footer, the same .TH fields,
// is drawn only at the end of the document). When the whole document
// warns or a page is missing from it, each page is rendered on its own to
// name the one at fault.
func TestManPagesRender(t *testing.T) {
	if testing.Short() {
		t.Skip("every man page through man(1): not with -short (TestGeneratedDocsAreCurrent checks the pages are current)")
	}
	if _, err := exec.LookPath("man"); err != nil {
		if os.Getenv("SPANDEX_REQUIRE_MAN") != "" {
			t.Fatal("man is not installed (apt-get install man-db)")
		}
		t.Skip("man is not installed (apt-get install man-db)")
	}
	files := generatedFiles(t)
	dir := t.TempDir()
	var names []string
	var all bytes.Buffer
	for name, b := range files {
		if !strings.HasPrefix(name, "man"+string(filepath.Separator)) {
			continue
		}
		names = append(names, filepath.Base(name))
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(name)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		all.Write(files[filepath.Join("man", n)])
	}
	if len(names) < 40 {
		t.Errorf("only %d man pages generated", len(names))
	}

	texts, problem := renderManDocument(t, all.Bytes(), names)
	if problem != "" {
		t.Errorf("the pages as one document: %s", problem)
		for _, n := range names {
			renderMan(t, filepath.Join(dir, n))
		}
		if texts == nil {
			t.FailNow()
		}
	}
	for _, name := range names {
		text := texts[name]
		for _, want := range []string{"NAME", "SYNOPSIS", "EXIT STATUS", "ENVIRONMENT", "FILES", "SPANDEX_SEED", "config.yaml"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: rendered page lacks %q", name, want)
			}
		}
	}

	// fight act's action list: each action keeps its line, with its
	// description beside it, and continuation lines stay under it.
	act := texts["spandex-fight-act.1"]
	for _, line := range []string{
		"--move M          move up to your movement speed (halved when dazed): 1 panel;",
		"                  not while stunned, immobilised, impervious, bound or",
		"--hold            end this turn holding an unused panel into the next page",
	} {
		if !strings.Contains(act, line) {
			t.Errorf("spandex-fight-act.1: the action list lost the line %q:\n%s", line, act)
		}
	}
	if strings.Contains(act, "‐") {
		t.Errorf("spandex-fight-act.1: words are hyphenated across lines")
	}
}

// manHeader is a rendered page's first line: its title and section at
// both ends ("SPANDEX-FIGHT-ACT(1)   spandex manual   SPANDEX-FIGHT-ACT(1)").
var manHeader = regexp.MustCompile(`(?m)^([A-Z0-9-]+)\(1\).*?([A-Z0-9-]+)\(1\)$`)

// renderManDocument renders pages, the man pages named (in order) one
// after another, with one `man -l -`, and cuts the text at each page's
// header. The problem is man's complaint, groff's warnings, or a page
// that does not open where the next one should; texts is nil when the
// text could not be cut.
func renderManDocument(t *testing.T, pages []byte, names []string) (texts map[string]string, problem string) {
	t.Helper()
	out, errOut, err := man(pages, "-")
	if err != nil {
		return nil, err.Error() + ": " + errOut
	}
	var starts []int
	for _, m := range manHeader.FindAllStringSubmatchIndex(out, -1) {
		if out[m[2]:m[3]] == out[m[4]:m[5]] {
			starts = append(starts, m[0])
		}
	}
	if len(starts) != len(names) {
		return nil, fmt.Sprintf("rendered %d page headers for %d pages", len(starts), len(names))
	}
	texts = map[string]string{}
	for i, n := range names {
		end := len(out)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		text := out[starts[i]:end]
		if title := strings.ToUpper(strings.TrimSuffix(n, ".1")) + "(1)"; !strings.HasPrefix(text, title) {
			return nil, fmt.Sprintf("page %d opens %q, want %s", i+1, strings.SplitN(text, "\n", 2)[0], title)
		}
		texts[n] = text
	}
	if errOut != "" {
		return texts, "man warns: " + errOut
	}
	return texts, ""
}

// man runs `man --warnings -l FILE` (FILE "-": stdin) at 80 columns.
func man(stdin []byte, file string) (out, errOut string, err error) {
	cmd := exec.Command("man", "--warnings", "-l", file)
	cmd.Env = append(os.Environ(), "MANWIDTH=80", "MANPAGER=cat", "PAGER=cat", "LANG=C.UTF-8")
	var o, e bytes.Buffer
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	return o.String(), e.String(), err
}

// renderMan renders one page with its own `man -l` and reports groff's
// warnings about it.
func renderMan(t *testing.T, path string) string {
	t.Helper()
	out, errOut, err := man(nil, path)
	if err != nil {
		t.Fatalf("man -l %s: %v: %s", filepath.Base(path), err, errOut)
	}
	if errOut != "" {
		t.Errorf("man -l %s warns: %s", filepath.Base(path), errOut)
	}
	return out
}
