package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// scriptFiles returns every end-to-end script, parsed.
func scriptFiles(t *testing.T) map[string]*txtar.Archive {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "script", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no scripts in testdata/script")
	}
	out := map[string]*txtar.Archive{}
	for _, p := range paths {
		a, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(p)] = a
	}
	return out
}

// scriptCommands returns the command lines of a script's comment (the
// script itself), with their line numbers, blank lines and comments left
// out.
func scriptCommands(a *txtar.Archive) (lines []string, numbers []int) {
	for i, l := range strings.Split(string(a.Comment), "\n") {
		s := strings.TrimSpace(l)
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		lines = append(lines, s)
		numbers = append(numbers, i+1)
	}
	return lines, numbers
}

// TestScriptsRunSpandexInProcess keeps the scripts on the in-process
// spandex command: "exec spandex" would start a process per call (the
// suite's time, when every script did), and a "stdin FILE" before the
// in-process command would be lost (it feeds the next exec).
func TestScriptsRunSpandexInProcess(t *testing.T) {
	for name, a := range scriptFiles(t) {
		lines, numbers := scriptCommands(a)
		for i, l := range lines {
			if execsSpandex(l) {
				t.Errorf("%s:%d: %q starts a process: write \"spandex ...\" (in-process; stdin as \"spandex ... < FILE\"); a journey that needs a real process runs it from a shell (exec sh -c) or in files_test.go", name, numbers[i], l)
			}
			if f := strings.Fields(l); len(f) == 2 && f[0] == "stdin" && i+1 < len(lines) && runsInProcess(lines[i+1]) != "" {
				t.Errorf("%s:%d: \"stdin %s\" feeds only exec: write \"%s ... < %s\"", name, numbers[i], f[1], runsInProcess(lines[i+1]), f[1])
			}
		}
	}
}

// TestScriptsRunJQInProcess keeps the scripts on the in-process jq
// command (jqCmd): "exec jq" starts a process that compiles jq's
// builtins before it reads anything, most of its time.
func TestScriptsRunJQInProcess(t *testing.T) {
	for name, a := range scriptFiles(t) {
		lines, numbers := scriptCommands(a)
		for i, l := range lines {
			if f := commandWords(l); len(f) >= 2 && f[0] == "exec" && f[1] == "jq" {
				t.Errorf("%s:%d: %q starts a process: write \"jq ...\" (in-process; stdin as \"jq ... < FILE\"; into a file: then \"cp stdout FILE\")", name, numbers[i], l)
			}
		}
	}
}

// runsInProcess returns the in-process command (spandex or jq) a script
// line runs, or "".
func runsInProcess(line string) string {
	if f := commandWords(line); len(f) > 0 && (f[0] == "spandex" || f[0] == "jq") {
		return f[0]
	}
	return ""
}

// commandWords returns the words of a script line after its "!" and
// conditions.
func commandWords(line string) []string {
	f := strings.Fields(line)
	for len(f) > 0 && (f[0] == "!" || strings.HasPrefix(f[0], "[")) {
		f = f[1:]
	}
	return f
}
