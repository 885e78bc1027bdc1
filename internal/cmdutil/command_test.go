package cmdutil

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/pkg/ruling"
)

type testOpts struct {
	steps []string
	ran   string
}

func TestRunE(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name    string
		prepare func(o *testOpts) []Prepare
		wantRan string
		wantErr error
		steps   string
	}{
		{name: "run", wantRan: "run"},
		{name: "steps in order, then run", wantRan: "run", steps: "a,b", prepare: func(o *testOpts) []Prepare {
			return []Prepare{
				func(*cobra.Command, []string) error { o.steps = append(o.steps, "a"); return nil },
				func(*cobra.Command, []string) error { o.steps = append(o.steps, "b"); return nil },
			}
		}},
		{name: "a failing step stops everything", wantErr: boom, steps: "a", prepare: func(o *testOpts) []Prepare {
			return []Prepare{
				func(*cobra.Command, []string) error { o.steps = append(o.steps, "a"); return boom },
				func(*cobra.Command, []string) error { o.steps = append(o.steps, "b"); return nil },
			}
		}},
		{name: "steps see the arguments", wantRan: "run", steps: "x y", prepare: func(o *testOpts) []Prepare {
			return []Prepare{func(_ *cobra.Command, args []string) error {
				o.steps = append(o.steps, strings.Join(args, " "))
				return nil
			}}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := &testOpts{}
			run := func() error { o.ran = "run"; return nil }
			var prep []Prepare
			if tc.prepare != nil {
				prep = tc.prepare(o)
			}
			err := RunE(nil, run, prep...)(&cobra.Command{}, []string{"x", "y"})
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("error %v, want %v", err, tc.wantErr)
			}
			if o.ran != tc.wantRan || strings.Join(o.steps, ",") != tc.steps {
				t.Errorf("ran %q after steps %q; want %q after %q", o.ran, o.steps, tc.wantRan, tc.steps)
			}
		})
	}
}

func TestEnvBindFormat(t *testing.T) {
	tests := []struct {
		output string
		tty    bool
		want   Format
		err    string
	}{
		{output: "", tty: false, want: FormatJSON},
		{output: "", tty: true, want: FormatTable},
		{output: "text", want: FormatText},
		{output: "jsonl", tty: true, want: FormatJSONL},
		{output: "yaml", err: `-o/--output: "yaml" is not one of`},
	}
	for _, tc := range tests {
		e := newTestEnv(t)
		e.f.Globals.Output = tc.output
		e.ios.SetStdoutTTY(tc.tty)
		en := e.f.Env(FormatTable)
		err := en.Bind()
		ft := en.Format
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) || ExitCode(err) != ExitUsage {
				t.Errorf("-o %q: error %v, want an input error with %q", tc.output, err, tc.err)
			}
			continue
		}
		if err != nil || ft != tc.want {
			t.Errorf("-o %q tty %v: %q, %v; want %q", tc.output, tc.tty, ft, err, tc.want)
		}
	}
}

func TestOneHeroFile(t *testing.T) {
	check := OneHeroFile("profile refresh")
	for _, args := range [][]string{nil, {"a.json"}} {
		if err := check(nil, args); err != nil {
			t.Errorf("%q: %v", args, err)
		}
	}
	err := check(nil, []string{"a.json", "b.json"})
	if err == nil || err.Error() != "profile refresh: give one hero file" || ExitCode(err) != ExitUsage {
		t.Errorf("two files: %v", err)
	}
}

func TestHeroTargetFlagsAndArgs(t *testing.T) {
	var tg HeroTarget
	cmd := &cobra.Command{Use: "x", RunE: func(*cobra.Command, []string) error { return nil }}
	tg.AddInPlaceFlag(cmd)
	cmd.SetArgs([]string{"-i", "h.json"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if tg.InPlace != "h.json" {
		t.Errorf("-i bound to %q", tg.InPlace)
	}
	if err := tg.FromArgs(nil, nil); err != nil || tg.File != "" {
		t.Errorf("no argument: %q, %v", tg.File, err)
	}
	if err := tg.FromArgs(nil, []string{"f.json"}); err != nil || tg.File != "f.json" {
		t.Errorf("one argument: %q, %v", tg.File, err)
	}
}

func TestReportSeedExplainWarn(t *testing.T) {
	var b bytes.Buffer
	ReportSeed(&b, nil)
	seed := uint64(7)
	ReportSeed(&b, &seed)
	if b.String() != "seed 7 (replay with --seed 7)\n" {
		t.Errorf("ReportSeed wrote %q", b.String())
	}

	var steps ruling.Steps
	steps.Add("rule", "p. 1", "a step")
	b.Reset()
	if err := Explain(&b, false, steps); err != nil || b.Len() != 0 {
		t.Errorf("explain off wrote %q, %v", b.String(), err)
	}
	if err := Explain(&b, true, steps); err != nil || !strings.Contains(b.String(), "a step") {
		t.Errorf("explain on wrote %q, %v", b.String(), err)
	}

	e := newTestEnv(t)
	if err := e.env(t, FormatText).ExplainSteps(steps); err != nil || e.errOut.Len() != 0 {
		t.Errorf("ExplainSteps without --explain wrote %q, %v", e.errOut, err)
	}
	e.f.Globals.Explain = true
	if err := e.env(t, FormatText).ExplainSteps(steps); err != nil || !strings.Contains(e.errOut.String(), "a step") {
		t.Errorf("ExplainSteps with --explain wrote %q, %v", e.errOut, err)
	}

	b.Reset()
	Warn(&b, []string{"one", "two"})
	if b.String() != "warning: one\nwarning: two\n" {
		t.Errorf("Warn wrote %q", b.String())
	}
}

func TestEnvBindExplainAndInputFiles(t *testing.T) {
	e := newTestEnv(t)
	e.f.Globals.Explain = true
	if en := e.env(t, FormatText); !en.Explain {
		t.Errorf("Bind: --explain not copied")
	}
	var files []string
	if err := InputFiles(&files)(nil, nil); err != nil || strings.Join(files, ",") != "-" {
		t.Errorf("no arguments: %q, %v", files, err)
	}
	if err := InputFiles(&files)(nil, []string{"a.json", "-", "b.json"}); err != nil || strings.Join(files, ",") != "a.json,-,b.json" {
		t.Errorf("arguments: %q, %v", files, err)
	}
}
