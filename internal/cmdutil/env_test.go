package cmdutil

import (
	"errors"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/config"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
)

func TestEnvRules(t *testing.T) {
	te := NewTestEnv(FormatJSON)
	te.Cfg = &config.Config{Rules: config.Rules{DodgeStacking: "best", WallReduction: "prose", JudoColumn: "strike-class", CarryOverDowntime: true}}
	got, err := te.Rules()
	want := combat.Options{DodgeStacking: "best", WallReduction: "prose", JudoColumn: "strike-class"}
	if err != nil || got != want {
		t.Fatalf("Rules() = %+v, %v; want %+v", got, err, want)
	}
}

func TestEnvDerive(t *testing.T) {
	te := NewTestEnv(FormatJSON)
	te.Cfg = &config.Config{Rules: config.Rules{DodgeStacking: "best", WallReduction: "prose"}}
	got, err := te.Derive()
	if err != nil || got.DodgeStacking != "best" || got.Choose != nil || got.Quiet {
		t.Fatalf("Derive() = %+v, %v; want only DodgeStacking best", got, err)
	}
}

func TestEnvReportSeed(t *testing.T) {
	seed := uint64(42)
	tests := []struct {
		ft   Format
		seed *uint64
		want string
	}{
		{FormatText, &seed, "seed 42 (replay with --seed 42)\n"},
		{FormatTable, &seed, "seed 42 (replay with --seed 42)\n"},
		{FormatJSON, &seed, ""},
		{FormatJSONL, &seed, ""},
		{FormatText, nil, ""},
	}
	for _, tc := range tests {
		te := NewTestEnv(tc.ft)
		te.ReportSeed(tc.seed)
		if got := te.ErrOut.String(); got != tc.want {
			t.Errorf("%s, seed %v: stderr %q, want %q", tc.ft, tc.seed, got, tc.want)
		}
	}
	// A seed the command line gave (--seed 42) needs no replay hint.
	te := NewTestEnv(FormatText)
	te.SeedGiven = true
	te.ReportSeed(&seed)
	if got := te.ErrOut.String(); got != "" {
		t.Errorf("--seed given: stderr %q, want nothing", got)
	}
}

func TestEnvFakeFiles(t *testing.T) {
	te := NewTestEnv(FormatJSON)
	if _, err := te.ReadHero("nobody.json"); err == nil || err.Error() != "nobody.json: no such file" || ExitCode(err) != ExitUsage {
		t.Fatalf("missing file: %v", err)
	}
	h := &hero.Hero{}
	if err := te.WriteHero(h, "x.json"); err != nil {
		t.Fatal(err)
	}
	if len(te.Files["x.json"]) == 0 {
		t.Fatal("WriteHero wrote nothing in the fake file system")
	}
	if out, _ := te.Stdout(); out != "" {
		t.Errorf("WriteHero in place wrote stdout %q", out)
	}
}

func TestEnvFinishDice(t *testing.T) {
	te := NewTestEnv(FormatJSON, 3, 4)
	if err := te.FinishDice(); err == nil || !strings.Contains(err.Error(), "rolls no dice") {
		t.Errorf("unrolled --dice: %v", err)
	}
	rs, err := te.Roller()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rs.Roller.Roll(6, "test"); err != nil {
		t.Fatal(err)
	}
	var ie *InputError
	if err := te.FinishDice(); !errors.As(err, &ie) || !strings.Contains(err.Error(), "left over") {
		t.Errorf("a die left over: %v", err)
	}
	if _, err := rs.Roller.Roll(6, "test"); err != nil {
		t.Fatal(err)
	}
	if err := te.FinishDice(); err != nil {
		t.Errorf("every die used: %v", err)
	}
}

// RunE binds an embedded Env from the global flags before the run function.
func TestRunEBindsEnv(t *testing.T) {
	e := newTestEnv(t)
	e.f.Globals.Output, e.f.Globals.Explain, e.f.Globals.DiceSet = "table", true, true
	type opts struct{ *Env }
	o := &opts{Env: e.f.Env(FormatText)}
	var seen opts
	run := func() error { seen = *o; return nil }
	if err := RunE(o.Env, run)(nil, nil); err != nil {
		t.Fatal(err)
	}
	if seen.Format != FormatTable || !seen.Explain || !seen.DiceGiven || seen.SeedGiven {
		t.Errorf("bound env: format %s explain %v dice %v seed %v", seen.Format, seen.Explain, seen.DiceGiven, seen.SeedGiven)
	}
}
