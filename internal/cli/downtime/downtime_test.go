package downtime

import (
	"os"
	"path/filepath"
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

// TestSpendRunInPlace runs a spend against a copy of the Guardian and
// checks the file and the report.
func TestSpendRunInPlace(t *testing.T) {
	data, err := os.ReadFile("../../../testdata/heroes/guardian.json")
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.Replace(string(data), `"points": 0, "week": 0`, `"points": 7, "week": 1`, 1))
	path := filepath.Join(t.TempDir(), "g.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, out := testFactory(t)
	opts := &SpendOptions{F: f, Points: 7, Goal: "public_relations", Fit: "average", Sides: []string{"backing=1"}, Format: cmdutil.FormatJSONL}
	opts.Target.InPlace = path
	if err := SpendRun(opts); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out(), `"credits":[{"goal":"public_relations","xp":21,"accrued":21,"experience":21}`) {
		t.Errorf("report: %s", out())
	}
	h, err := f.ReadHero(path)
	if err != nil {
		t.Fatal(err)
	}
	if h.Downtime.Points != 0 || h.Downtime.Experience["public_relations"] != 21 || h.Log[len(h.Log)-1].Kind != EventKind {
		t.Errorf("hero: %+v", h.Downtime)
	}
}

func TestNoDice(t *testing.T) {
	_, err := noDice{}.Roll(10, "Super Strength rank 1 strength (1d10+10)")
	if err == nil || !strings.Contains(err.Error(), "hero derive") {
		t.Errorf("%v", err)
	}
}
