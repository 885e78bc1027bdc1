package loader

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/codename-spandex/spandex/internal/config"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestLoadDefaults(t *testing.T) {
	c, err := Load("", "", env(map[string]string{"HOME": t.TempDir()}))
	if err != nil {
		t.Fatal(err)
	}
	d := config.Defaults()
	if c.Output != d.Output || c.Seed != nil || c.Rules != d.Rules || c.File != "" {
		t.Errorf("Load with nothing set = %+v, want defaults %+v", c, d)
	}
}

func TestLoadFileAndEnv(t *testing.T) {
	dir := t.TempDir()
	cfgDir := filepath.Join(dir, "spandex")
	if err := os.MkdirAll(cfgDir, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(cfgDir, "config.yaml")
	if err := os.WriteFile(file, []byte("output: text\nseed: 12\nrules:\n  dodge_stacking: best\n  simpler_experience: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load("", "", env(map[string]string{"XDG_CONFIG_HOME": dir}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Output != "text" || c.Seed == nil || *c.Seed != 12 || c.Rules.DodgeStacking != "best" || !c.Rules.SimplerExperience || c.File != file {
		t.Errorf("from file: %+v", c)
	}
	// The environment beats the file.
	c, err = Load("", "", env(map[string]string{"XDG_CONFIG_HOME": dir, "SPANDEX_OUTPUT": "json", "SPANDEX_SEED": "3", "SPANDEX_RULES_WALL_REDUCTION": "prose"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Output != "json" || *c.Seed != 3 || c.Rules.WallReduction != "prose" || c.Rules.DodgeStacking != "best" {
		t.Errorf("env over file: %+v", c)
	}
	// A seed is a decimal number, a leading zero and all.
	for seed, want := range map[string]uint64{"08": 8, " 010": 10} {
		c, err = Load("", "", env(map[string]string{"XDG_CONFIG_HOME": dir, "SPANDEX_SEED": seed}))
		if err != nil || c.Seed == nil || *c.Seed != want {
			t.Errorf("SPANDEX_SEED=%q: %v, %+v, want %d", seed, err, c, want)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("output: [unclosed\n"), 0o644)
	tests := []struct {
		name string
		path string
		env  map[string]string
		want string
	}{
		{"explicit missing", filepath.Join(dir, "nope.yaml"), nil, "nope.yaml"},
		{"bad yaml", bad, nil, "bad.yaml"},
		{"bad output", "", map[string]string{"SPANDEX_OUTPUT": "yaml"}, `output: "yaml"`},
		{"bad seed", "", map[string]string{"SPANDEX_SEED": "abc"}, "seed"},
		{"bad rule", "", map[string]string{"SPANDEX_RULES_JUDO_COLUMN": "x"}, "rules.judo_column"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := map[string]string{"HOME": dir}
			for k, v := range tt.env {
				m[k] = v
			}
			_, err := Load("", tt.path, env(m))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want mention of %q", err, tt.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("multi-line error: %q", err)
			}
		})
	}
}

func TestUnknownKeysRefused(t *testing.T) {
	tests := []struct {
		name string
		file string
		want string
	}{
		{"misspelt seed", "output: json\n\n\n\nsed: 5\n", `:5: unknown key "sed" (did you mean "seed"?)`},
		{"misspelt output", "outptu: json\n", `:1: unknown key "outptu" (did you mean "output"?)`},
		{"misspelt rule", "rules:\n  dodge_stackin: best\n", `:2: unknown key "rules.dodge_stackin" (did you mean "rules.dodge_stacking"?)`},
		{"rule at top level", "seed: 1\njudo_column: rank\n", `:2: unknown key "judo_column" (did you mean "rules.judo_column"?)`},
		{"wrong section", "rule:\n  judo_column: rank\n", `:1: unknown key "rule" (did you mean "rules"?)`},
		{"section as a value", "rules: best\n", `:1: rules: want a mapping of its keys`},
		{"list as a value", "output: [json]\n", `:1: output: want a single value`},
		{"not a mapping", "- output\n", `:1: the file must be a mapping`},
		{"bad value names its line", "seed: 1\noutput: yaml\n", `config.yaml:2: output: "yaml" is not one of auto, json, jsonl, table, text`},
		{"bad bool", "rules:\n  carry_over_downtime: maybe\n", `config.yaml:2: rules.carry_over_downtime: "maybe" is not one of true, false`},
		{"bad seed", "seed: -3\n", `config.yaml:1: seed: "-3" is not a whole number`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "config.yaml")
			if err := os.WriteFile(file, []byte(tt.file), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Load("", file, env(nil))
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), file) {
				t.Fatalf("err = %v, want %q and the file name", err, tt.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("multi-line error: %q", err)
			}
		})
	}
}

func TestSources(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(file, []byte("# defaults\nseed: 12\nrules:\n  judo_column: strike-class\n  dodge_stacking: best\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load("", file, env(map[string]string{"SPANDEX_RULES_DODGE_STACKING": "add"}))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"output":                    "default",
		"seed":                      "config file " + file + ":2",
		"rules.judo_column":         "config file " + file + ":4",
		"rules.dodge_stacking":      "env SPANDEX_RULES_DODGE_STACKING",
		"rules.wall_reduction":      "default",
		"rules.carry_over_downtime": "default",
	}
	for k, w := range want {
		if got := c.Sources[k].String(); got != w {
			t.Errorf("source of %s = %q, want %q", k, got, w)
		}
	}
	if c.Rules.JudoColumn != "strike-class" || c.Rules.DodgeStacking != "add" || *c.Seed != 12 {
		t.Errorf("values: %+v", c)
	}
	if len(c.Sources) != len(config.Keys) {
		t.Errorf("%d sources for %d keys", len(c.Sources), len(config.Keys))
	}
}

func TestEmptyFileIsFine(t *testing.T) {
	file := filepath.Join(t.TempDir(), "config.yaml")
	os.WriteFile(file, []byte("# nothing yet\n"), 0o644)
	c, err := Load("", file, env(nil))
	if err != nil || c.Output != "auto" {
		t.Fatalf("empty file: %+v, %v", c, err)
	}
}

// TestLoadNothingSetMatchesViper checks the shortcut taken when there is
// no config file and no SPANDEX_* variable gives exactly what reading an
// empty config file through viper gives.
func TestLoadNothingSetMatchesViper(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.yaml")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	noEnv := func(k string) string {
		if k == "XDG_CONFIG_HOME" {
			return filepath.Join(dir, "absent")
		}
		return ""
	}
	fast, err := Load("", "", noEnv)
	if err != nil {
		t.Fatal(err)
	}
	slow, err := Load("", empty, noEnv)
	if err != nil {
		t.Fatal(err)
	}
	if slow.File != empty {
		t.Errorf("viper path: File %q, want %q", slow.File, empty)
	}
	slow.File = ""
	if !reflect.DeepEqual(fast, slow) || !reflect.DeepEqual(fast, config.Defaults()) {
		t.Errorf("nothing set: %+v, viper on an empty file: %+v, defaults: %+v", fast, slow, config.Defaults())
	}
	// One variable set still goes through viper.
	withEnv := func(k string) string {
		if k == "SPANDEX_RULES_JUDO_COLUMN" {
			return "strike-class"
		}
		return noEnv(k)
	}
	c, err := Load("", "", withEnv)
	if err != nil || c.Rules.JudoColumn != "strike-class" {
		t.Errorf("SPANDEX_RULES_JUDO_COLUMN: %+v, %v", c, err)
	}
}

// TestFileLimits: the config file is read only when it is a regular file
// of at most MaxFileSize bytes holding one YAML document; anything else is
// refused, a named pipe without blocking on it.
func TestFileLimits(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	big := bytes.Repeat([]byte("# a comment line, not a setting\n"), MaxFileSize/32+1)
	tests := []struct {
		name, path, want string
	}{
		{"absent", filepath.Join(dir, "nope.yaml"), "nope.yaml: file does not exist"},
		{"a directory", dir, "not a regular file (a directory)"},
		{"a named pipe", fifo, "not a regular file (a named pipe)"},
		{"a device", os.DevNull, "not a regular file (a device)"},
		{"over the limit", write("big.yaml", big), "over the 1048576"},
		{"two documents", write("two.yaml", []byte("seed: 1\n---\nseed: 2\n")), "two.yaml:2: a second YAML document"},
	}
	for _, tt := range tests {
		done := make(chan error, 1)
		go func() { _, err := Load("", tt.path, env(nil)); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), tt.want) || !refusal.Is(err) {
				t.Errorf("%s: err = %v (refusal %v), want a refusal mentioning %q", tt.name, err, refusal.Is(err), tt.want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: Load blocked", tt.name)
		}
	}
	// At the limit exactly, and a single document with its own "---".
	limit := append(bytes.Repeat([]byte("#"), MaxFileSize-len("\nseed: 4\n")), "\nseed: 4\n"...)
	for _, p := range []string{write("limit.yaml", limit), write("one.yaml", []byte("---\nseed: 4\n"))} {
		c, err := Load("", p, env(nil))
		if err != nil || c.Seed == nil || *c.Seed != 4 {
			t.Errorf("%s: %v, %+v", filepath.Base(p), err, c)
		}
	}
}

// TestCheckEnv: a SPANDEX_* variable within two edits of one spandex
// reads is refused with the name it is near; known names and names far
// from all are accepted.

// TestOnlyTheRootLinksViper: viper is the root command's (it hands Load
// to the Factory); a verb's package, cmdutil and config see only the
// types, so each verb's test binary links less (docs/testing.md).
func TestOnlyTheRootLinksViper(t *testing.T) {
	const module = "github.com/codename-spandex/spandex/"
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Deps \" \"}}", module+"...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	allowed := map[string]bool{"cmd/spandex": true, "internal/cli": true, "internal/cmd/gendocs": true, "internal/config/loader": true}
	for line := range strings.Lines(string(out)) {
		pkg, deps, _ := strings.Cut(strings.TrimSpace(line), " ")
		if slices.Contains(strings.Fields(deps), "github.com/spf13/viper") && !allowed[strings.TrimPrefix(pkg, module)] {
			t.Errorf("%s links viper: take the config's types from internal/config, and leave loading to the root", pkg)
		}
	}
}
