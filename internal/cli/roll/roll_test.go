package roll

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/pkg/dice"
)

// scripted is a test Env with the GM's dice vals (none when nil).
func scripted(ft cmdutil.Format, vals ...int) *cmdutil.TestEnv {
	if vals == nil {
		vals = []int{}
	}
	return cmdutil.NewTestEnv(ft, vals...)
}

func TestRun(t *testing.T) {
	tests := []struct {
		name   string
		exprs  []string
		n      int
		format cmdutil.Format
		dice   []int
		want   string
	}{
		{"jsonl", []string{"3d6"}, 1, cmdutil.FormatJSONL, []int{3, 5, 6},
			`{"expr":"3d6","total":14,"dice":[{"sides":6,"value":3},{"sides":6,"value":5},{"sides":6,"value":6}],"modifier":0}` + "\n"},
		{"modifier", []string{"1d6-6"}, 1, cmdutil.FormatJSONL, []int{4},
			`{"expr":"1d6-6","total":-2,"dice":[{"sides":6,"value":4}],"modifier":-6}` + "\n"},
		{"keep", []string{"4d6kh3"}, 1, cmdutil.FormatJSONL, []int{1, 2, 3, 4},
			`{"expr":"4d6kh3","total":9,"dice":[{"sides":6,"value":1,"kept":false},{"sides":6,"value":2,"kept":true},{"sides":6,"value":3,"kept":true},{"sides":6,"value":4,"kept":true}],"modifier":0}` + "\n"},
		{"text repeat", []string{"1d6", "1d20"}, 2, cmdutil.FormatText, []int{1, 20, 6, 2}, "1\n20\n6\n2\n"},
		{"jsonl, several: a line each", []string{"1d6", "1d20"}, 1, cmdutil.FormatJSONL, []int{2, 17},
			`{"expr":"1d6","total":2,"dice":[{"sides":6,"value":2}],"modifier":0}` + "\n" +
				`{"expr":"1d20","total":17,"dice":[{"sides":20,"value":17}],"modifier":0}` + "\n"},
		{"json, one roll: the object", []string{"1d6+1"}, 1, cmdutil.FormatJSON, []int{4},
			"{\n  \"expr\": \"1d6+1\",\n  \"total\": 5,\n  \"dice\": [\n    {\n      \"sides\": 6,\n      \"value\": 4\n    }\n  ],\n  \"modifier\": 1\n}\n"},
		{"json, several: one array", []string{"1d6"}, 2, cmdutil.FormatJSON, []int{2, 5},
			"[\n  {\n    \"expr\": \"1d6\",\n    \"total\": 2,\n    \"dice\": [\n      {\n        \"sides\": 6,\n        \"value\": 2\n      }\n    ],\n    \"modifier\": 0\n  },\n" +
				"  {\n    \"expr\": \"1d6\",\n    \"total\": 5,\n    \"dice\": [\n      {\n        \"sides\": 6,\n        \"value\": 5\n      }\n    ],\n    \"modifier\": 0\n  }\n]\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			te := scripted(tt.format, tt.dice...)
			out := te.Out
			opts := &Options{Env: te.Env, Exprs: tt.exprs, N: tt.n}
			if err := runRoll(opts); err != nil {
				t.Fatal(err)
			}
			te.IO.Out.Commit()
			if out.String() != tt.want {
				t.Errorf("got\n%s\nwant\n%s", out, tt.want)
			}
		})
	}
}

func TestRunErrors(t *testing.T) {
	tests := []struct {
		name  string
		exprs []string
		odds  bool
		n     int
		dice  []int
		want  string
	}{
		{"parse", []string{"3d"}, false, 1, nil, "3d"},
		{"die too big", []string{"1d6"}, false, 1, []int{7}, "7"},
		{"short", []string{"2d6"}, false, 1, []int{1}, "ran out"},
		{"odds with n", []string{"2d6"}, true, 2, nil, "-n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := &Options{Env: scripted(cmdutil.FormatJSON, tt.dice...).Env, Exprs: tt.exprs, N: tt.n, Odds: tt.odds}
			err := runRoll(opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
			if cmdutil.ExitCode(err) != cmdutil.ExitUsage {
				t.Errorf("exit code %d, want 2", cmdutil.ExitCode(err))
			}
		})
	}
}

func TestNewCmdRollParsesFlags(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	f := &cmdutil.Factory{IOStreams: ios, Getenv: func(string) string { return "" }}
	var got *Options
	cmd := NewCmdRoll(f, func(o *Options) error { got = o; return nil })
	cmd.SetArgs([]string{"-n", "5", "--odds", "2d6", "d20"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.N != 5 || !got.Odds || strings.Join(got.Exprs, " ") != "2d6 d20" || got.Format != cmdutil.FormatJSON {
		t.Errorf("options = %+v", got)
	}
}

func TestOdds(t *testing.T) {
	te := cmdutil.NewTestEnv(cmdutil.FormatText)
	out := te.Out
	opts := &Options{Env: te.Env, Exprs: []string{"1d2"}, N: 1, Odds: true}
	if err := runRoll(opts); err != nil {
		t.Fatal(err)
	}
	te.IO.Out.Commit()
	if out.String() != "1\t0.500000\n2\t0.500000\n" {
		t.Errorf("odds text = %q", out)
	}
}

func BenchmarkResultJSON(b *testing.B) {
	e := dice.MustParse("3d6+2")
	r := dice.NewSeeded(1)
	var res dice.Result
	enc := newResultEncoder()
	seed := uint64(1)
	b.ReportAllocs()
	for b.Loop() {
		if err := e.RollInto(r, "3d6+2", &res); err != nil {
			b.Fatal(err)
		}
		if _, err := enc.encode(&res, &seed); err != nil {
			b.Fatal(err)
		}
	}
}
