package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestManPagesRender renders every generated man page with `man -l` and
// checks that groff has nothing to warn about, that the shared EXIT
// STATUS, ENVIRONMENT and FILES sections are there, and that indented
// lists keep their lines. CI installs man-db (.ci/run); without it the
// test is skipped unless SPANDEX_REQUIRE_MAN is set.
func TestManPagesRender(t *testing.T) {
	if _, err := exec.LookPath("man"); err != nil {
		if os.Getenv("SPANDEX_REQUIRE_MAN") != "" {
			t.Fatal("man is not installed (apt-get install man-db)")
		}
		t.Skip("man is not installed (apt-get install man-db)")
	}
	t.Chdir("../../..")
	files, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pages := 0
	for name, b := range files {
		if !strings.HasPrefix(name, "man"+string(filepath.Separator)) {
			continue
		}
		pages++
		path := filepath.Join(dir, filepath.Base(name))
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		text := renderMan(t, path)
		for _, want := range []string{"NAME", "SYNOPSIS", "EXIT STATUS", "ENVIRONMENT", "FILES", "SPANDEX_SEED", "config.yaml"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: rendered page lacks %q", name, want)
			}
		}
	}
	if pages < 40 {
		t.Errorf("only %d man pages generated", pages)
	}

	// fight act's action list: each action keeps its line, with its
	// description beside it, and continuation lines stay under it.
	act := renderMan(t, filepath.Join(dir, "spandex-fight-act.1"))
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

func renderMan(t *testing.T, path string) string {
	t.Helper()
	cmd := exec.Command("man", "--warnings", "-l", path)
	cmd.Env = append(os.Environ(), "MANWIDTH=80", "MANPAGER=cat", "PAGER=cat", "LANG=C.UTF-8")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("man -l %s: %v: %s", filepath.Base(path), err, errOut.String())
	}
	if errOut.Len() > 0 {
		t.Errorf("man -l %s warns: %s", filepath.Base(path), errOut.String())
	}
	return out.String()
}
