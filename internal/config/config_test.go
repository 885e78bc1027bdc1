package config

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestLoadDefaults(t *testing.T) {
	c, err := Load("", env(map[string]string{"HOME": t.TempDir()}))
	if err != nil {
		t.Fatal(err)
	}
	d := Defaults()
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
	c, err := Load("", env(map[string]string{"XDG_CONFIG_HOME": dir}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Output != "text" || c.Seed == nil || *c.Seed != 12 || c.Rules.DodgeStacking != "best" || !c.Rules.SimplerExperience || c.File != file {
		t.Errorf("from file: %+v", c)
	}
	// The environment beats the file.
	c, err = Load("", env(map[string]string{"XDG_CONFIG_HOME": dir, "SPANDEX_OUTPUT": "json", "SPANDEX_SEED": "3", "SPANDEX_RULES_WALL_REDUCTION": "prose"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Output != "json" || *c.Seed != 3 || c.Rules.WallReduction != "prose" || c.Rules.DodgeStacking != "best" {
		t.Errorf("env over file: %+v", c)
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
			_, err := Load(tt.path, env(m))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want mention of %q", err, tt.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("multi-line error: %q", err)
			}
		})
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
	fast, err := Load("", noEnv)
	if err != nil {
		t.Fatal(err)
	}
	slow, err := Load(empty, noEnv)
	if err != nil {
		t.Fatal(err)
	}
	if slow.File != empty {
		t.Errorf("viper path: File %q, want %q", slow.File, empty)
	}
	slow.File = ""
	if !reflect.DeepEqual(fast, slow) || !reflect.DeepEqual(fast, Defaults()) {
		t.Errorf("nothing set: %+v, viper on an empty file: %+v, defaults: %+v", fast, slow, Defaults())
	}
	// One variable set still goes through viper.
	withEnv := func(k string) string {
		if k == "SPANDEX_RULES_JUDO_COLUMN" {
			return "strike-class"
		}
		return noEnv(k)
	}
	c, err := Load("", withEnv)
	if err != nil || c.Rules.JudoColumn != "strike-class" {
		t.Errorf("SPANDEX_RULES_JUDO_COLUMN: %+v, %v", c, err)
	}
}
