package roll

import (
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
)

// TestRunRollRest: 3d6 with the first die entered (3) and the rest rolled
// from seed 1 (4, then 3): each die says where it came from, and the seed
// is in the JSON. Strict and seeded rolls carry no source (TestRun).
func TestRunRollRest(t *testing.T) {
	te := cmdutil.NewTestEnv(cmdutil.FormatJSONL, 3)
	te.RollRest(1)
	if err := runRoll(&Options{Env: te.Env, Exprs: []string{"3d6"}, N: 1}); err != nil {
		t.Fatal(err)
	}
	if err := te.FinishDice(); err != nil {
		t.Fatal(err)
	}
	got, err := te.Stdout()
	want := `{"expr":"3d6","total":10,"dice":[{"sides":6,"value":3,"source":"entered"},{"sides":6,"value":4,"source":"rolled"},{"sides":6,"value":3,"source":"rolled"}],"modifier":0,"seed":1}` + "\n"
	if err != nil || got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestRunShortListNamesEveryDie: a strict list one die short of 2d6+1d20
// names both missing dice at once, in order.
func TestRunShortListNamesEveryDie(t *testing.T) {
	te := cmdutil.NewTestEnv(cmdutil.FormatJSONL, 5)
	te.CountShort()
	if err := runRoll(&Options{Env: te.Env, Exprs: []string{"2d6+1d20"}, N: 1}); err != nil {
		t.Fatal(err) // placeholders carry the roll to its end
	}
	err := te.FinishDice()
	want := "--dice ran out: 1 value given, 3 needed: still need d6 (2d6+1d20), d20 (2d6+1d20)"
	if err == nil || err.Error() != want || cmdutil.ExitCode(err) != cmdutil.ExitUsage {
		t.Errorf("FinishDice() = %v, want %q", err, want)
	}
}
