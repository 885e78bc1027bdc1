package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestReadme runs what README.md tells a user to type, in order, as one
// journey from a directory holding the repository's test heroes under
// testdata/heroes (as in a clone): every line of its sh blocks after the
// install and completion ones (the tour, real dice), each through the
// script command sh (spandex and jq in-process), and every `$ ` line of
// a console block, whose next line must be exactly what it prints on
// stderr. A README line that fails, or a refusal it quotes that has
// changed, is a defect.
func TestReadme(t *testing.T) {
	if testing.Short() {
		t.Skip("a journey of forty commands (the every-example checks cover each verb): not with -short")
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	tour := strings.Index(text, "\n## A 60-second tour")
	if tour < 0 {
		t.Fatal(`README.md has no "## A 60-second tour"`)
	}
	blocks := regexp.MustCompile("(?ms)^```(sh|console)\n(.*?)^```$").FindAllStringSubmatch(text[tour:], -1)

	var script strings.Builder
	fmt.Fprintln(&script, "# The README's commands, from a directory holding the test heroes under testdata/heroes.")
	heroes := regexp.MustCompile(`testdata/heroes/([a-z0-9-]+\.jsonl?)`).FindAllStringSubmatch(text[tour:], -1)
	seen := map[string]bool{}
	fmt.Fprintln(&script, "mkdir testdata/heroes")
	for _, h := range heroes {
		if !seen[h[1]] {
			seen[h[1]] = true
			fmt.Fprintf(&script, "cp heroes/%s testdata/heroes/%s\n", h[1], h[1])
		}
	}
	lines := 0
	var archive strings.Builder // the expected stderr of the console lines
	for _, b := range blocks {
		body := strings.Split(strings.TrimRight(b[2], "\n"), "\n")
		for i, line := range body {
			if j := strings.Index(line, "   #"); j >= 0 {
				line = line[:j]
			}
			line = strings.TrimSpace(line)
			switch {
			case line == "":
			case b[1] == "sh":
				lines++
				fmt.Fprintf(&script, "# %s\n%s\n", line, shellLine(line))
			case strings.HasPrefix(line, "$ "):
				lines++
				cmd := strings.TrimPrefix(line, "$ ")
				fmt.Fprintf(&script, "# %s\n! %s\n", cmd, shellLine(cmd))
				if i+1 < len(body) {
					fmt.Fprintf(&script, "cmp stderr readme-stderr-%d\n", lines)
					fmt.Fprintf(&archive, "-- readme-stderr-%d --\n%s\n", lines, body[i+1])
				}
			}
		}
	}
	if lines < 30 {
		t.Fatalf("found only %d commands in README.md's tour and after", lines)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "readme.txtar"), []byte(script.String()+archive.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Parallel() // beside TestScripts and TestExamples (see TestScripts)
	testscript.Run(t, testscript.Params{
		Dir:   dir,
		Setup: setupScript(dir, heroesDir),
		Cmds:  scriptCmds(nil),
	})
}
