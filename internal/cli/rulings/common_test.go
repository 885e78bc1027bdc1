package rulings

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// testBase is a ruling's Env over buffers with the GM's dice (vals), or
// seed 7 when vals is nil.
func testBase(ft cmdutil.Format, vals ...int) (*cmdutil.Env, *bytes.Buffer, *bytes.Buffer, *iostreams.IOStreams) {
	te := cmdutil.NewTestEnv(ft, vals...)
	return te.Env, te.Out, te.ErrOut, te.IO
}

func commit(t *testing.T, ios *iostreams.IOStreams, out *bytes.Buffer) string {
	t.Helper()
	if err := ios.Out.Commit(); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func TestRequired(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "--attacker-will: required"},
		{[]string{"--attacker-will", "3"}, "--defender-will: required"},
		{[]string{"--defender-will", "3", "--attacker-will", "3"}, ""},
	}
	for _, tc := range tests {
		cmd := &cobra.Command{}
		cmd.Flags().Int("attacker-will", 0, "")
		cmd.Flags().Int("defender-will", 0, "")
		if err := cmd.Flags().Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		err := required("attacker-will", "defender-will")(cmd, nil)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%q: %v", tc.args, err)
			}
			continue
		}
		if err == nil || err.Error() != tc.want || cmdutil.ExitCode(err) != cmdutil.ExitUsage {
			t.Errorf("%q: error %v, want the input error %q", tc.args, err, tc.want)
		}
	}
}

func TestRollerFinish(t *testing.T) {
	tests := []struct {
		name  string
		vals  []int
		rolls int
		err   string
		seed  bool
	}{
		{name: "seeded: dice and seed recorded", rolls: 2, seed: true},
		{name: "the GM's dice: no seed", vals: []int{3, 4}, rolls: 2},
		{name: "--dice left over", vals: []int{3, 4, 5}, rolls: 2, err: "left over"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, _, _, _ := testBase(cmdutil.FormatJSON, tc.vals...)
			r, err := newRoller(b)
			if err != nil {
				t.Fatal(err)
			}
			for range tc.rolls {
				if _, err := r.Roll(6, "test"); err != nil {
					t.Fatal(err)
				}
			}
			var out Rolled
			err = r.finish(&out)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || cmdutil.ExitCode(err) != cmdutil.ExitUsage {
					t.Fatalf("error %v, want an input error with %q", err, tc.err)
				}
				if out.Dice != nil {
					t.Error("dice recorded despite the error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(out.Dice) != tc.rolls || out.Dice[0].Purpose != "test" || (out.Seed != nil) != tc.seed {
				t.Errorf("%+v", out)
			}
		})
	}
	var none roller
	if none.seed() != nil {
		t.Error("a ruling that rolled nothing has a seed")
	}
}

func TestEmit(t *testing.T) {
	var steps ruling.Steps
	steps.Add("rule", "p. 1", "the step")
	seed := uint64(7)
	tests := []struct {
		name    string
		format  cmdutil.Format
		explain bool
		seed    *uint64
		out     string
		errOut  string
	}{
		{name: "JSON", format: cmdutil.FormatJSON, seed: &seed, out: "{\n  \"x\": 1\n}\n"},
		{name: "JSON Lines", format: cmdutil.FormatJSONL, out: "{\"x\":1}\n"},
		{name: "text with the seed and --explain", format: cmdutil.FormatText, explain: true, seed: &seed,
			out: "target: 12 (p. 33)\nneed: 9\n", errOut: "the step"},
		{name: "table", format: cmdutil.FormatTable, out: "target"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, out, errOut, ios := testBase(tc.format)
			b.Explain = tc.explain
			if err := emit(b, tc.seed, map[string]int{"x": 1}, []string{"target: 12 (p. 33)", "need: 9"}, steps); err != nil {
				t.Fatal(err)
			}
			if got := commit(t, ios, out); !strings.Contains(got, tc.out) {
				t.Errorf("stdout %q, want %q", got, tc.out)
			}
			if tc.errOut != "" && !strings.Contains(errOut.String(), tc.errOut) {
				t.Errorf("stderr %q lacks %q", errOut, tc.errOut)
			}
			hasSeed := strings.Contains(errOut.String(), "seed 7 (replay with --seed 7)")
			if want := tc.seed != nil && !tc.format.IsJSON(); hasSeed != want {
				t.Errorf("seed on stderr %v, want %v: %q", hasSeed, want, errOut)
			}
			if !tc.explain && strings.Contains(errOut.String(), "the step") {
				t.Errorf("steps on stderr without --explain: %q", errOut)
			}
		})
	}
}

// TestRolledEndsTheJSON: the dice, the seed and the steps close every
// rolling ruling's JSON, in that order.
func TestRolledEndsTheJSON(t *testing.T) {
	b, out, _, ios := testBase(cmdutil.FormatJSONL)
	if err := runDodge(&DodgeOptions{Env: b, StrikeClass: "2", Bonus: 1}); err != nil {
		t.Fatal(err)
	}
	got := commit(t, ios, out)
	var keys []string
	dec := json.NewDecoder(strings.NewReader(got))
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	if tail := strings.Join(keys[len(keys)-4:], ","); tail != "damage,dice,seed,steps" {
		t.Errorf("keys %q end %q", keys, tail)
	}
}
