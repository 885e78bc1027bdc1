package config

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/refusal"
)

func TestNearestKey(t *testing.T) {
	for in, want := range map[string]string{
		"sed": "seed", "ouput": "output", "rules.wall": "rules.wall_reduction",
		"simpler_experiance": "rules.simpler_experience", "rules.carry_over": "rules.carry_over_downtime",
	} {
		if got := NearestKey(in); got != want {
			t.Errorf("NearestKey(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestGetKnowsEveryKey(t *testing.T) {
	seed := uint64(9)
	c := &Config{Output: "text", Seed: &seed, Rules: Rules{DodgeStacking: "best", WallReduction: "prose", JudoColumn: "rank", CarryOverDowntime: true}}
	want := map[string]any{"output": "text", "seed": uint64(9), "rules.dodge_stacking": "best", "rules.wall_reduction": "prose",
		"rules.judo_column": "rank", "rules.carry_over_downtime": true, "rules.simpler_experience": false, "mns.charts": ""}
	for _, k := range Keys {
		got, ok := c.Get(k.Name)
		if !ok || got != want[k.Name] {
			t.Errorf("Get(%q) = %v, %v; want %v", k.Name, got, ok, want[k.Name])
		}
	}
	if len(want) != len(Keys) {
		t.Errorf("%d keys, test knows %d", len(Keys), len(want))
	}
	if _, ok := c.Get("sed"); ok {
		t.Error(`Get("sed") found a value`)
	}
	c.Seed = nil
	if v, _ := c.Get("seed"); v != nil {
		t.Errorf("unset seed = %v", v)
	}
}

func TestCheckEnv(t *testing.T) {
	tests := []struct {
		environ []string
		want    string // "" for accepted
	}{
		{[]string{"SPANDEX_SEED=1", "SPANDEX_OUTPUT=json", "SPANDEX_FORCE_TTY=1", "PATH=/bin"}, ""},
		{[]string{"SPANDEX_SEEED=3"}, "SPANDEX_SEEED is not a spandex variable (did you mean SPANDEX_SEED?)"},
		{[]string{"SPANDEX_OUTPT=json"}, "(did you mean SPANDEX_OUTPUT?)"},
		{[]string{"SPANDEX_RULES_JUDO_COLUM=rank"}, "(did you mean SPANDEX_RULES_JUDO_COLUMN?)"},
		{[]string{"SPANDEX_FORCE_TTYY=1"}, "(did you mean SPANDEX_FORCE_TTY?)"},
		{[]string{"SPANDEX_REQUIRE_MAN=1", "SPANDEX_SHEET_HEROES=9"}, ""},
		{[]string{"NOT_SPANDEX_SEEED=1"}, ""},
	}
	for _, tt := range tests {
		err := CheckEnv(tt.environ, "SPANDEX_FORCE_TTY")
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%q: %v", tt.environ, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !refusal.Is(err)):
			t.Errorf("%q: err = %v, want a refusal with %q", tt.environ, err, tt.want)
		}
	}
}
