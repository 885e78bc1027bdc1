package helptopic

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/config"
)

// TestEveryVariableDocumented scans the program's Go sources for SPANDEX_*
// names: each must be in the ENVIRONMENT section.
func TestEveryVariableDocumented(t *testing.T) {
	documented := map[string]bool{}
	for _, e := range Environment().Entries {
		documented[e.Name] = true
	}
	for _, k := range config.Keys {
		if !documented[k.Env()] {
			t.Errorf("config key %s: %s not documented", k.Name, k.Env())
		}
	}
	re := regexp.MustCompile(`SPANDEX_[A-Z0-9_]*[A-Z0-9](_\*)?`)
	found := 0
	for _, root := range []string{"../../cmd", "../../internal", "../../pkg"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, name := range re.FindAllString(string(b), -1) {
				found++
				if strings.HasSuffix(name, "_*") {
					continue // a family: SPANDEX_RULES_*
				}
				if !documented[name] {
					t.Errorf("%s uses %s, which `spandex help environment` does not document", path, name)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if found == 0 {
		t.Fatal("no SPANDEX_ names found: is the scan looking in the right place?")
	}
}

func TestEveryExitStatusDocumented(t *testing.T) {
	documented := map[string]bool{}
	for _, e := range ExitStatus().Entries {
		documented[e.Name] = true
	}
	for _, err := range []error{nil, errors.New("disk full"), cmdutil.Inputf("--seed: bad"), cmdutil.ErrSilent} {
		if code := cmdutil.ExitCode(err); !documented[strconv.Itoa(code)] {
			t.Errorf("ExitCode(%v) = %d, not documented", err, code)
		}
	}
	if len(documented) != 3 {
		t.Errorf("documented statuses %v, want 0, 1, 2", documented)
	}
}

func TestRenderings(t *testing.T) {
	for _, s := range Topics() {
		text := Text(s, 80)
		for i, line := range strings.Split(text, "\n") {
			if len([]rune(line)) > 80 {
				t.Errorf("%s line %d is %d columns: %q", s.Topic, i+1, len([]rune(line)), line)
			}
		}
		for _, e := range s.Entries {
			if !strings.Contains(text, e.Name) {
				t.Errorf("%s: text lacks %s", s.Topic, e.Name)
			}
		}
	}
	if env := Text(Environment(), 80); !strings.Contains(env, "CONFIG FILE") || !strings.Contains(env, "$XDG_CONFIG_HOME/spandex/config.yaml") {
		t.Errorf("environment topic lacks the config file locations:\n%s", env)
	}
	md, roff := Markdown(), Roff()
	for _, s := range Sections() {
		if !strings.Contains(roff, ".SH "+s.Title+"\n") {
			t.Errorf("roff lacks .SH %s", s.Title)
		}
		for _, e := range s.Entries {
			if !strings.Contains(md, "- `"+e.Name+"`: ") {
				t.Errorf("markdown lacks %s", e.Name)
			}
			if !strings.Contains(roff, `\fB`+roffEscape(e.Name)+`\fR`) {
				t.Errorf("roff lacks %s", e.Name)
			}
		}
	}
}

func TestRoffEscape(t *testing.T) {
	for in, want := range map[string]string{
		"--dice 3,5":       `\-\-dice 3,5`,
		".hidden":          `\&.hidden`,
		`a\b`:              `a\eb`,
		"`spandex config`": "spandex config",
	} {
		if got := roffEscape(in); got != want {
			t.Errorf("roffEscape(%q) = %q, want %q", in, got, want)
		}
	}
}
