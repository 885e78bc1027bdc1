package downtime

import (
	"os"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
)

func testFactory(t *testing.T) (*cmdutil.Factory, func() string) {
	t.Helper()
	ios, _, out, _ := iostreams.Test()
	dir := t.TempDir()
	f := &cmdutil.Factory{IOStreams: ios, Getenv: func(k string) string {
		if k == "XDG_CONFIG_HOME" || k == "HOME" {
			return dir
		}
		return ""
	}}
	return f, func() string {
		if err := ios.Out.Commit(); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
}

// TestSpendFlags: flags reach SpendOptions, --side repeats, --points is
// required.
func TestSpendFlags(t *testing.T) {
	f, _ := testFactory(t)
	var got *SpendOptions
	cmd := NewCmdSpend(f, func(o *SpendOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"-i", "g.json", "--points", "7", "--goal", "public_relations", "--fit", "average", "--side", "backing=1", "--side", "methods=1", "--activity", "patrol", "--simpler"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.Target.InPlace != "g.json" || got.Points != 7 || got.Goal != "public_relations" || got.Fit != "average" ||
		strings.Join(got.Sides, ",") != "backing=1,methods=1" || got.Activity != "patrol" || !got.Simpler {
		t.Errorf("%+v", got)
	}
	cmd = NewCmdSpend(f, func(*SpendOptions) error { t.Fatal("ran without --points"); return nil })
	cmd.SetArgs([]string{"-i", "g.json", "--goal", "methods"})
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	if err := cmd.Execute(); err == nil || cmdutil.ExitCode(err) != cmdutil.ExitUsage {
		t.Errorf("missing --points: %v", err)
	}
}

func TestBuyAndDeviceFlags(t *testing.T) {
	f, _ := testFactory(t)
	var b *BuyOptions
	cmd := NewCmdBuy(f, func(o *BuyOptions) error { b = o; return nil })
	cmd.SetArgs([]string{"power:sidekick", "hero.json", "--android"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if b.Goal != "power:sidekick" || b.Target.File != "hero.json" || !b.Android {
		t.Errorf("%+v", b)
	}
	var d *DeviceOptions
	dc := NewCmdDevice(f, func(o *DeviceOptions) error { d = o; return nil })
	dc.SetArgs([]string{"-i", "h.json", "--name", "tracer", "--complexity", "2", "--components", "hard-to-find", "--known-design", "--functions", "3", "--robot"})
	if err := dc.Execute(); err != nil {
		t.Fatal(err)
	}
	if d.Name != "tracer" || d.Complexity != "2" || d.Components != "hard-to-find" || !d.KnownDesign || d.Functions != 3 || !d.Robot {
		t.Errorf("%+v", d)
	}
}

// guardian is the repository's Guardian with a week started: 7 points.
func guardian(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile("../../../testdata/heroes/guardian.json")
	if err != nil {
		t.Fatal(err)
	}
	return []byte(strings.Replace(string(data), `"points": 0, "week": 0`, `"points": 7, "week": 1`, 1))
}

// TestSpendRunInPlace runs a spend against the Guardian in a fake file
// system and checks the file and the report.
func TestSpendRunInPlace(t *testing.T) {
	te := cmdutil.NewTestEnv(cmdutil.FormatJSONL)
	te.Files["g.json"] = guardian(t)
	opts := &SpendOptions{Env: te.Env, Points: 7, Goal: "public_relations", Fit: "average", Sides: []string{"backing=1"}}
	opts.Target.InPlace = "g.json"
	if err := runSpend(opts); err != nil {
		t.Fatal(err)
	}
	out, err := te.Stdout()
	if err != nil || !strings.Contains(out, `"credits":[{"goal":"public_relations","xp":21,"upkeep":0,"accrued":21,"lost":0,"experience":21,"ready":false}`) {
		t.Errorf("report: %s %v", out, err)
	}
	h, err := te.ReadHero("g.json")
	if err != nil {
		t.Fatal(err)
	}
	if h.Downtime.Points != 0 || h.Downtime.Experience["public_relations"] != 21 || h.Log[len(h.Log)-1].Kind != EventKind {
		t.Errorf("hero: %+v", h.Downtime)
	}
}

// Refused requests are input errors and leave the file as it was.
func TestRunRefusalsWriteNothing(t *testing.T) {
	tests := []struct {
		name string
		run  func(env *cmdutil.Env) error
		want string
	}{
		{"spend more than left", func(env *cmdutil.Env) error {
			o := &SpendOptions{Env: env, Points: 8, Goal: "methods", Fit: "average"}
			o.Target.InPlace = "g.json"
			return runSpend(o)
		}, "8"},
		{"buy without experience", func(env *cmdutil.Env) error {
			o := &BuyOptions{Env: env, Goal: "public_relations"}
			o.Target.InPlace = "g.json"
			return runBuy(o)
		}, "public_relations"},
		{"buy an unknown goal", func(env *cmdutil.Env) error {
			o := &BuyOptions{Env: env, Goal: "flying-carpet"}
			o.Target.InPlace = "g.json"
			return runBuy(o)
		}, "downtime buy"},
		{"a missing file", func(env *cmdutil.Env) error {
			o := &WeekOptions{Env: env}
			o.Target.InPlace = "nobody.json"
			return runWeek(o)
		}, "nobody.json: no such file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			te := cmdutil.NewTestEnv(cmdutil.FormatJSON)
			before := guardian(t)
			te.Files["g.json"] = before
			err := tc.run(te.Env)
			if err == nil || cmdutil.ExitCode(err) != cmdutil.ExitUsage || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want an input error naming %q", err, tc.want)
			}
			if string(te.Files["g.json"]) != string(before) || len(te.Files) != 1 {
				t.Errorf("files changed: %v", te.Paths())
			}
		})
	}
}

// TestWeekRun: a new week of the Guardian (confidence 31-45: 7 points),
// with the 7 unspent points of week 1 lost.
func TestWeekRun(t *testing.T) {
	te := cmdutil.NewTestEnv(cmdutil.FormatText)
	te.Files["g.json"] = guardian(t)
	o := &WeekOptions{Env: te.Env}
	o.Target.InPlace = "g.json"
	if err := runWeek(o); err != nil {
		t.Fatal(err)
	}
	h, err := te.ReadHero("g.json")
	if err != nil {
		t.Fatal(err)
	}
	if h.Downtime.Week != 2 || h.Downtime.Points != 7 {
		t.Errorf("week %d, points %d; want week 2, 7 points", h.Downtime.Week, h.Downtime.Points)
	}
	out, _ := te.Stdout()
	if !strings.Contains(out, "week 2 begins with 7 downtime points") || !strings.Contains(out, "7 unspent points from week 1 lost") {
		t.Errorf("report: %q", out)
	}
	if te.Rolled {
		t.Error("a new week rolled dice")
	}
}

// TestStatusRun prints the status from stdin-less fake files, as JSON.
func TestStatusRun(t *testing.T) {
	te := cmdutil.NewTestEnv(cmdutil.FormatJSON)
	te.Files["g.json"] = guardian(t)
	if err := runStatus(&StatusOptions{Env: te.Env, File: "g.json"}); err != nil {
		t.Fatal(err)
	}
	out, _ := te.Stdout()
	for _, want := range []string{`"name": "The Guardian"`, `"week": 1`, `"points": 7`, `"points_per_week": 7`} {
		if !strings.Contains(out, want) {
			t.Errorf("status lacks %s:\n%s", want, out)
		}
	}
}

func TestNoDice(t *testing.T) {
	_, err := noDice{}.Roll(10, "Super Strength rank 1 strength (1d10+10)")
	if err == nil || !strings.Contains(err.Error(), "hero derive") {
		t.Errorf("%v", err)
	}
}
