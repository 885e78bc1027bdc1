package cmdutil

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/config/loader"
	"github.com/codename-spandex/spandex/internal/iostreams"
)

// TestConfigSeedWarns: a seed from the config file or SPANDEX_SEED makes
// every run roll the same dice, so it is warned about on stderr; --seed is
// deliberate and is not.
func TestConfigSeedWarns(t *testing.T) {
	tests := []struct {
		name     string
		env      map[string]string
		flagSeed bool
		warn     string
	}{
		{"env seed warns", map[string]string{"SPANDEX_SEED": "7"}, false, "warning: seed 7 from env SPANDEX_SEED is in force: every run rolls the same dice"},
		{"--seed does not warn", map[string]string{"SPANDEX_SEED": "7"}, true, ""},
		{"no seed, no warning", nil, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, errOut := iostreams.Test()
			home := t.TempDir()
			f := &Factory{IOStreams: ios, LoadConfig: loader.Load, Getenv: func(k string) string {
				if k == "HOME" {
					return home
				}
				return tt.env[k]
			}}
			f.Globals.SeedSet = tt.flagSeed
			f.Globals.Seed = 3
			r, err := f.Roller()
			if err != nil {
				t.Fatal(err)
			}
			if tt.warn == "" {
				if errOut.Len() != 0 {
					t.Errorf("stderr = %q, want nothing", errOut)
				}
				return
			}
			if !strings.Contains(errOut.String(), tt.warn) || strings.Count(errOut.String(), "\n") != 1 {
				t.Errorf("stderr = %q, want one line %q", errOut, tt.warn)
			}
			if r.Seed != 7 {
				t.Errorf("seed %d, want 7", r.Seed)
			}
		})
	}
}
