package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hostileName sets the terminal's title (OSC 0, ended by BEL) and clears
// the screen (CSI 2J) when printed raw.
const hostileName = "\x1b]0;pwned\x07\x1b[2J"

// hostileShown is how every human view prints it: as %q would, without
// the quotes.
const hostileShown = `\x1b]0;pwned\a\x1b[2J`

// writeHostileHero writes the Guardian renamed hostileName to dir/name.
func writeHostileHero(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "heroes", "guardian.json"))
	if err != nil {
		t.Fatal(err)
	}
	var h map[string]any
	if err := json.Unmarshal(data, &h); err != nil {
		t.Fatal(err)
	}
	h["name"] = hostileName
	data, err = json.MarshalIndent(h, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A hero or fight named with terminal control sequences is shown
// escaped by every human view: the terminal never receives ESC or BEL.
// JSON carries the name as it is (JSON escapes controls itself).
func TestHumanViewsEscapeControlSequences(t *testing.T) {
	dir := t.TempDir()
	h := writeHostileHero(t, dir, "h.json")
	week := writeHostileHero(t, dir, "week.json")
	nefario, err := filepath.Abs(filepath.Join("..", "..", "testdata", "heroes", "nefario.json"))
	if err != nil {
		t.Fatal(err)
	}
	code, fight, stderr := run("", "fight", "new", "--name", hostileName, "--side", "heroes="+h, "--side", "villains="+nefario, "-o", "json")
	if code != 0 {
		t.Fatalf("fight new: exit %d: %s", code, stderr)
	}
	fightFile := filepath.Join(dir, "fight.json")
	if err := os.WriteFile(fightFile, []byte(fight), 0o644); err != nil {
		t.Fatal(err)
	}
	// An event whose summary holds the name: what the GM's character did.
	for _, args := range [][]string{
		{"fight", "initiative", "-i", fightFile, "--dice", "8,3", "-o", "json"},
		{"fight", "act", "-i", fightFile, "--do", "shouts " + hostileName, "--panels", "1", "-o", "json"},
	} {
		if code, _, stderr := run("", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	views := [][]string{
		{"sheet", h, "-o", "text"},
		{"sheet", h, "-o", "table"},
		{"profile", h, "-o", "text"},
		{"profile", h, "-o", "table"},
		{"hero", "check", h, "-o", "text"},
		{"downtime", "week", "-i", week, "-o", "text"},
		{"fight", "report", fightFile, "-o", "text"},
		{"fight", "status", fightFile, "-o", "text"},
		{"fight", "status", fightFile, "-o", "table"},
		{"fight", "log", fightFile, "-o", "text"},
	}
	for _, args := range views {
		t.Run(strings.Join(args[:len(args)-2], " ")+" -o "+args[len(args)-1], func(t *testing.T) {
			code, out, stderr := run("", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if i := strings.IndexAny(out, "\x1b\x07"); i >= 0 {
				t.Errorf("a control character reached the terminal: %q", out[max(0, i-20):min(len(out), i+20)])
			}
			// fight status -o text names combatants by id only.
			if args[1] != "status" || args[len(args)-1] != "text" {
				if !strings.Contains(out, hostileShown) {
					t.Errorf("the name is not shown escaped as %s:\n%s", hostileShown, out)
				}
			}
		})
	}
	for _, args := range [][]string{{"sheet", h, "-o", "json"}, {"hero", "check", h, "-o", "json"}} {
		code, out, stderr := run("", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		var v struct{ Name string }
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if v.Name != hostileName || !strings.Contains(out, `"\u001b]0;pwned\u0007\u001b[2J"`) {
			t.Errorf("%v: the JSON name is %q:\n%s", args, v.Name, out)
		}
	}
}
