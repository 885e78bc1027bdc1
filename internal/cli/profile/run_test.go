package profile

import (
	"os"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
)

func guardianEnv(t *testing.T, ft cmdutil.Format, vals ...int) *cmdutil.TestEnv {
	t.Helper()
	data, err := os.ReadFile("../../../testdata/heroes/guardian.json")
	if err != nil {
		t.Fatal(err)
	}
	te := cmdutil.NewTestEnv(ft, vals...)
	te.Files["g.json"] = data
	return te
}

// The Guardian's popularity is 36 (p. 18: a roll at or under succeeds).
func TestRollRun(t *testing.T) {
	tests := []struct {
		roll     int
		modifier int
		want     string
	}{
		{36, 0, "popularity 36: rolled 36 against 36: success"},
		{37, 0, "popularity 36: rolled 37 against 36: failure"},
		{40, 5, "popularity 36 +5: rolled 40 against 41: success"},
	}
	for _, tc := range tests {
		te := guardianEnv(t, cmdutil.FormatText, tc.roll)
		err := runRoll(&RollOptions{Env: te.Env, Category: "popularity", File: "g.json", Modifier: tc.modifier})
		if err != nil {
			t.Fatal(err)
		}
		out, _ := te.Stdout()
		if !strings.Contains(out, tc.want) {
			t.Errorf("roll %d %+d: %q, want %q", tc.roll, tc.modifier, out, tc.want)
		}
		if te.ErrOut.Len() != 0 {
			t.Errorf("the GM's dice reported a seed: %q", te.ErrOut)
		}
	}
}

func TestRollRunSeedReported(t *testing.T) {
	te := guardianEnv(t, cmdutil.FormatText)
	if err := runRoll(&RollOptions{Env: te.Env, Category: "investigation", File: "g.json"}); err != nil {
		t.Fatal(err)
	}
	if got := te.ErrOut.String(); got != "seed 7 (replay with --seed 7)\n" {
		t.Errorf("stderr %q", got)
	}
}

func TestRollRunRefused(t *testing.T) {
	for _, o := range []*RollOptions{
		{Category: "investigation", Advice: true, File: "g.json"},
		{Category: "luck", File: "g.json"},
		{Category: "popularity", Modifier: 1000, File: "g.json"},
		{Category: "popularity", File: "nobody.json"},
	} {
		te := guardianEnv(t, cmdutil.FormatJSON)
		o.Env = te.Env
		if err := runRoll(o); cmdutil.ExitCode(err) != cmdutil.ExitUsage {
			t.Errorf("%+v: %v, want an input error", o, err)
		}
		if te.Rolled {
			t.Errorf("%+v: rolled dice for a refused request", o)
		}
	}
}

// profile set changes the file in place and logs a "profile" event.
func TestSetRun(t *testing.T) {
	te := guardianEnv(t, cmdutil.FormatJSON)
	o := &SetOptions{Env: te.Env}
	if err := o.fromArgs(nil, []string{"heroism=4"}); err != nil {
		t.Fatal(err)
	}
	o.Target.InPlace = "g.json"
	if err := runSet(o); err != nil {
		t.Fatal(err)
	}
	h, err := te.ReadHero("g.json")
	if err != nil {
		t.Fatal(err)
	}
	if ev := h.Log[len(h.Log)-1]; ev.Kind != EventKind || !strings.Contains(ev.Summary, "heroism") {
		t.Errorf("last event %+v", ev)
	}
	if out, _ := te.Stdout(); !strings.Contains(out, `"heroism"`) {
		t.Errorf("report %s", out)
	}
}

func TestShowRun(t *testing.T) {
	te := guardianEnv(t, cmdutil.FormatJSON)
	if err := runShow(&ShowOptions{Env: te.Env, File: "g.json"}); err != nil {
		t.Fatal(err)
	}
	if out, _ := te.Stdout(); !strings.Contains(out, `"popularity_status"`) {
		t.Errorf("sheet %s", out)
	}
}
