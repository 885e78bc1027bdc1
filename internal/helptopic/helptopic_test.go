package helptopic

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/config"
)

// TestEveryVariableDocumented scans the Go sources of every package
// linked into the spandex binary (go list -deps) for SPANDEX_* names: each
// must be in the ENVIRONMENT section. Development-only packages (the docs
// generator, the browser test driver) are not part of the binary.
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
	list, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.Dir}}{{end}}", "github.com/codename-spandex/spandex/cmd/spandex").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`SPANDEX_[A-Z0-9_]*[A-Z0-9](_\*)?`)
	found, dirs := 0, 0
	for _, dir := range strings.Fields(string(list)) {
		if !strings.HasPrefix(dir, root+string(filepath.Separator)) {
			continue // a dependency
		}
		dirs++
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range re.FindAllString(string(b), -1) {
				found++
				if strings.HasSuffix(name, "_*") || strings.HasPrefix(name, "SPANDEX_TEST_") {
					continue // a family (SPANDEX_RULES_*), or a hook for the test scripts
				}
				if !documented[name] {
					t.Errorf("%s uses %s, which `spandex help environment` does not document", path, name)
				}
			}
		}
	}
	if dirs < 5 || found == 0 {
		t.Fatalf("scanned %d packages, %d SPANDEX_ names: is the scan looking in the right place?", dirs, found)
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
	if len(documented) != 5 || !documented["130"] || !documented["143"] {
		t.Errorf("documented statuses %v, want 0, 1, 2, 130, 143", documented)
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
