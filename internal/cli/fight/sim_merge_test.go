package fight

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// shardJSON is the summary of shard i/2 of 4 fights of the bank fight,
// as fight sim --shard i/2 -o json writes it, decoded into plain values
// to be edited.
func shardJSON(t *testing.T, data []byte, i int) map[string]any {
	t.Helper()
	s, err := encounter.Simulate(data, 7, 4, i-1, 2, combat.Options{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	s.Shards = []string{[]string{"1/2", "2/2"}[i-1]}
	b, err := json.Marshal(simJSON{SimSummary: s, Report: report(s)})
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func at(v map[string]any, list string, i int) map[string]any {
	return v[list].([]any)[i].(map[string]any)
}

// TestSimMergeRefusals: each hostile summary is refused as the input's
// fault (exit 2), naming the file and the JSON path, with nothing on
// stdout.
func TestSimMergeRefusals(t *testing.T) {
	tests := []struct {
		name string
		edit func(a, b map[string]any) // a is 1/2, b is 2/2
		raw  func(b string) string     // then, on b's text
		want string
	}{
		{name: "negative count", edit: func(_, b map[string]any) { b["draws"] = -1 }, want: "b.json: $.draws: -1 is outside"},
		{name: "wins above fights", edit: func(_, b map[string]any) { at(b, "sides", 0)["wins"] = 3 }, want: "b.json: $.sides[0].wins: 3 is outside 0-2"},
		{name: "totals disagree", edit: func(_, b map[string]any) { b["unfinished"] = b["unfinished"].(float64) + 1 }, want: "b.json: $.fights: 2, but wins, draws and unfinished fights add up to 3"},
		{name: "pages disagree", edit: func(_, b map[string]any) { at(b, "pages", 0)["fights"] = at(b, "pages", 0)["fights"].(float64) + 1 }, want: "b.json: $.pages"},
		{name: "out above fights", edit: func(_, b map[string]any) { at(b, "combatants", 0)["out"] = 3 }, want: "b.json: $.combatants[0].out: 3 is outside 0-2"},
		{name: "negative damage dealt", edit: func(_, b map[string]any) { at(b, "combatants", 1)["health_dealt"] = -5 }, want: "b.json: $.combatants[1].health_dealt: -5 is negative"},
		{name: "count past the bounds (sums cannot overflow)", edit: func(_, b map[string]any) { at(b, "combatants", 0)["health_taken"] = 9.2e18 }, want: "b.json: $.combatants[0].health_taken: expected a whole number"},
		{name: "probability 200", edit: func(_, b map[string]any) {
			at(b["report"].(map[string]any), "combatants", 0)["p_out"] = 200
		}, want: "b.json: $.report.combatants[0].p_out: 200 is not a probability from 0 to 1"},
		{name: "shard 3/2", edit: func(_, b map[string]any) { b["shards"] = []any{"3/2"} }, want: `b.json: $.shards[0]: "3/2" is not i/k with 1 <= i <= k`},
		{name: "shards of two plans overlap", edit: func(_, b map[string]any) { b["shards"] = []any{"2/4", "4/4"} }, want: "b.json: $.shards[0]: 2/4 is not of the plan in 2 shares"},
		{name: "shard counted twice", edit: func(a, b map[string]any) { b["shards"] = []any{"1/2"} }, want: "b.json: $.shards[0]: shard 1/2 counted twice"},
		{name: "whole run merged with a shard", edit: func(a, b map[string]any) {
			b["shards"], b["n"] = []any{}, 2
		}, want: "b.json: $.shards: none: a whole run"},
		{name: "another seed", edit: func(_, b map[string]any) { b["seed"] = 8 }, want: "b.json: $.seed: 8, but summary #1 has 7"},
		{name: "another policy", edit: func(_, b map[string]any) { b["policy"] = encounter.PolicyFocus }, want: "b.json: $.policy: focus, but summary #1 has plain"},
		{name: "another combatant", edit: func(_, b map[string]any) { at(b, "combatants", 0)["id"] = "someone" }, want: "b.json: $.combatants[0]:"},
		{name: "control character in a name", edit: func(_, b map[string]any) { at(b, "sides", 0)["name"] = "he\x1b[31mroes" }, want: `b.json: $.sides[0].name: "he\x1b[31mroes" holds a control character`},
		{name: "unknown key", edit: func(_, b map[string]any) { b["bonus"] = 1 }, want: "b.json: $.bonus"},
		{name: "duplicate key", raw: func(b string) string { return strings.Replace(b, "{", `{"draws":0,`, 1) }, want: "b.json: $.draws"},
	}
	fe := newFightEnv(t, cmdutil.FormatJSON)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, b := shardJSON(t, fe.original, 1), shardJSON(t, fe.original, 2)
			if tc.edit != nil {
				tc.edit(a, b)
			}
			dir := t.TempDir()
			for name, v := range map[string]map[string]any{"a.json": a, "b.json": b} {
				data, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				if tc.raw != nil && name == "b.json" {
					data = []byte(tc.raw(string(data)))
				}
				if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			fe := newFightEnv(t, cmdutil.FormatJSON)
			err := runSimMerge(&SimMergeOptions{Env: fe.env(t), Schema: encounter.SimSchema,
				Files: []string{filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")}})
			if err == nil {
				t.Fatal("merged")
			}
			if !refusal.Is(err) {
				t.Errorf("not a refusal (exit 2): %v", err)
			}
			msg := strings.TrimPrefix(err.Error(), dir+string(filepath.Separator))
			if !strings.HasPrefix(msg, tc.want) {
				t.Errorf("error %q\nwant prefix %q", msg, tc.want)
			}
			if strings.Contains(msg, "\n") {
				t.Errorf("error on more than one line: %q", msg)
			}
			if out := fe.stdout(t); out != "" {
				t.Errorf("stdout: %q", out)
			}
		})
	}
	// The same shards unedited merge.
	t.Run("valid", func(t *testing.T) {
		dir := t.TempDir()
		var files []string
		for i := 1; i <= 2; i++ {
			data, _ := json.Marshal(shardJSON(t, fe.original, i))
			p := filepath.Join(dir, []string{"a.json", "b.json"}[i-1])
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, p)
		}
		fe := newFightEnv(t, cmdutil.FormatJSON)
		if err := runSimMerge(&SimMergeOptions{Env: fe.env(t), Schema: encounter.SimSchema, Files: files}); err != nil {
			t.Fatal(err)
		}
		if out := fe.stdout(t); !strings.Contains(out, `"fights": 4`) {
			t.Errorf("stdout %.300s", out)
		}
	})
}
