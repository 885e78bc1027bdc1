package encounter

import (
	"reflect"
	"testing"
)

// The Initiative Table at every difference (p. 30), hand-read: 1-2 → 1
// panel, 3-4 → 2, 5-6 → 3, 7-9 → 4, whichever side wins.
func TestDecideEveryDifference(t *testing.T) {
	want := map[int]int{1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4, 9: 4}
	sides := []string{"heroes", "villains"}
	for diff := 1; diff <= 9; diff++ {
		for lo := 1; lo+diff <= 10; lo++ {
			ini, err := Decide(sides, [][]int{{lo + diff, lo}})
			if err != nil {
				t.Fatal(err)
			}
			if ini.Winner != "heroes" || ini.Difference != diff || ini.Advance != want[diff] {
				t.Errorf("%d vs %d: got %+v, want heroes by %d for %d", lo+diff, lo, ini, diff, want[diff])
			}
			ini, err = Decide(sides, [][]int{{lo, lo + diff}})
			if err != nil {
				t.Fatal(err)
			}
			if ini.Winner != "villains" || ini.Difference != diff || ini.Advance != want[diff] {
				t.Errorf("%d vs %d: got %+v, want villains by %d for %d", lo, lo+diff, ini, diff, want[diff])
			}
		}
	}
}

func TestDecideTiesAndErrors(t *testing.T) {
	sides := []string{"a", "b", "c"}
	tests := []struct {
		name  string
		rolls [][]int
		want  Initiative
		err   string
	}{
		{name: "three sides", rolls: [][]int{{3, 9, 4}}, want: Initiative{Winner: "b", Difference: 5, Advance: 3}},
		{name: "tie then win", rolls: [][]int{{6, 6, 2}, {1, 2, 10}}, want: Initiative{Winner: "c", Difference: 8, Advance: 4}},
		{name: "tie below the top is fine", rolls: [][]int{{9, 4, 4}}, want: Initiative{Winner: "a", Difference: 5, Advance: 3}},
		{name: "last round tied", rolls: [][]int{{7, 7, 1}}, err: "tied"},
		{name: "went on without a tie", rolls: [][]int{{7, 6, 1}, {2, 3, 4}}, err: "not tied"},
		{name: "not a d10", rolls: [][]int{{11, 6, 1}}, err: "not a d10"},
		{name: "zero", rolls: [][]int{{0, 6, 1}}, err: "not a d10"},
		{name: "short round", rolls: [][]int{{7, 6}}, err: "2 rolls for 3 sides"},
		{name: "no rolls", rolls: nil, err: "no rolls"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Decide(sides, tc.rolls)
			if tc.err != "" {
				mustFail(t, err, tc.err)
				return
			}
			must(t, err)
			tc.want.Rolls = tc.rolls
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

// Ties are re-rolled, every side rolling again (p. 30); the dice go one per
// side in side order.
func TestRollInitiativeRerollsTies(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 4, 4, 5, 5, 2, 9)
	ini := e.Initiative
	if !reflect.DeepEqual(ini.Rolls, [][]int{{4, 4}, {5, 5}, {2, 9}}) || ini.Winner != "villains" || ini.Difference != 7 || ini.Advance != 4 {
		t.Fatalf("got %+v", ini)
	}
	ev := e.Log[len(e.Log)-1]
	if ev.Kind != "initiative" {
		// the page's first turn may have logged a repayment; find it
		for _, x := range e.Log {
			if x.Kind == "initiative" {
				ev = x
			}
		}
	}
	if len(ev.Dice) != 6 || ev.Dice[0].Purpose != "initiative for heroes" || ev.Dice[1].Purpose != "initiative for villains" {
		t.Fatalf("dice: %+v", ev.Dice)
	}
	// The villains act first: Nefario (AGI 14) with all 4 advance panels.
	wantTurn(t, e, "nefario", 4)
}

func TestRollInitiativeRunsOut(t *testing.T) {
	e := newBank(t)
	mustFail(t, e.RollInitiative(gm(3, 3)), "ran out")
}

func TestInitiativeOnlyOncePerPage(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	mustFail(t, e.RollInitiative(gm(8, 3)), "already rolled")
	mustFail(t, e.SetInitiative(Ctx{}, [][]int{{8, 3}}), "already rolled")
}

func TestSetInitiative(t *testing.T) {
	e := newBank(t)
	mustFail(t, e.SetInitiative(Ctx{}, [][]int{{5, 5}}), "tied")
	must(t, e.SetInitiative(Ctx{}, [][]int{{5, 5}, {8, 3}}))
	if e.Initiative.Advance != 3 || e.Phase != PhaseAdvance {
		t.Fatalf("got %+v in %s", e.Initiative, e.Phase)
	}
}
