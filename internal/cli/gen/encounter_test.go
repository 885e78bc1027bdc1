package gen

import (
	"os"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
)

// TestEncounterRefusals: bad input to gen encounter is the user's fault
// (exit status 2), one line, with nothing on stdout and no report file.
func TestEncounterRefusals(t *testing.T) {
	party, err := os.ReadFile("../../../testdata/heroes/heroes.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		opts EncounterOptions
		dice []int
		want string
	}{
		{"target 0 %", EncounterOptions{Target: "0%"}, nil, "--target: 0% is outside 1-99 %"},
		{"target 100 %", EncounterOptions{Target: "100%"}, nil, "--target: 100% is outside 1-99 %"},
		{"no target", EncounterOptions{}, nil, "--target: required"},
		{"a target not a chance", EncounterOptions{Target: "lots"}, nil, `--target: "lots" is not a chance`},
		{"no party", EncounterOptions{Target: "fair", Party: []string{}}, nil, "--party: required"},
		{"a party file missing", EncounterOptions{Target: "fair", Party: []string{"nobody.json"}}, nil, "nobody.json"},
		{"a tolerance of 0", EncounterOptions{Target: "fair", Tolerance: "0"}, nil, "--tolerance: "},
		{"too few fights", EncounterOptions{Target: "fair", Fights: 5}, nil, "-n: 5 is outside"},
		{"a kind of goon unknown", EncounterOptions{Target: "fair", Goons: []string{"ninja"}}, nil, `--goons: "ninja"`},
		{"a villain file of many", EncounterOptions{Target: "fair", Villain: "party.jsonl"}, nil, "--villain: party.jsonl holds 3 characters"},
		{"the GM's dice", EncounterOptions{Target: "fair"}, []int{3}, "--dice: gen encounter rolls as it searches"},
	}
	for _, tc := range tests {
		te := cmdutil.NewTestEnv(cmdutil.FormatJSON, tc.dice...)
		te.Files["party.jsonl"] = party
		o := tc.opts
		o.Env = te.Env
		if o.Party == nil {
			o.Party = []string{"party.jsonl"}
		}
		if o.Tolerance == "" {
			o.Tolerance = "5"
		}
		if o.Fights == 0 {
			o.Fights = 100
		}
		if o.Goons == nil {
			o.Goons = goonKindWords()
		}
		o.MaxGoons, o.Villains, o.Report = 12, 4, "report.json"
		err := runEncounter(&o)
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		if code := cmdutil.ExitCode(err); code != 2 {
			t.Errorf("%s: exit status %d, want 2 (%v)", tc.name, code, err)
		}
		if msg := err.Error(); !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
			t.Errorf("%s: %q, want one line containing %q", tc.name, msg, tc.want)
		}
		if out := te.Out.String(); out != "" {
			t.Errorf("%s: stdout %q, want nothing", tc.name, out)
		}
		if _, ok := te.Files["report.json"]; ok {
			t.Errorf("%s: a report was written", tc.name)
		}
	}
}
