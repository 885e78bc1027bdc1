package attack

import (
	"encoding/json"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
)

// TestRunRollRest: the GM rolled the to-hit (14, a hit on Nefario, AC F)
// and spandex rolls the rest from seed 1: the event's dice say which is
// which, in the documented order (to-hit, damage, prone check).
func TestRunRollRest(t *testing.T) {
	opts, te := newOpts(t, 14)
	te.RollRest(1)
	opts.AttackerFile, opts.InPlace, opts.With = "guardian", "nefario", "fist"
	if err := runAttack(opts); err != nil {
		t.Fatal(err)
	}
	var n struct {
		Log []struct {
			Seed    *uint64 `json:"seed"`
			Details struct {
				Dice []dice.Rolled `json:"dice"`
			} `json:"details"`
		} `json:"log"`
	}
	if err := json.Unmarshal(te.Files["nefario"], &n); err != nil {
		t.Fatal(err)
	}
	ev := n.Log[len(n.Log)-1]
	if ev.Seed == nil || *ev.Seed != 1 {
		t.Errorf("event seed %v, want 1", ev.Seed)
	}
	want := []string{"to-hit", "damage health", "damage stamina", "damage stamina", "prone check"}
	if len(ev.Details.Dice) != len(want) {
		t.Fatalf("dice %+v, want %v", ev.Details.Dice, want)
	}
	for i, d := range ev.Details.Dice {
		src := dice.SourceRolled
		if i == 0 {
			src = dice.SourceEntered
		}
		if d.Purpose != want[i] || d.Source != src || (i == 0 && d.Value != 14) {
			t.Errorf("die %d: %+v, want %s marked %s", i, d, want[i], src)
		}
	}
}

// TestRunShortListNamesEveryDie: with only the to-hit given, one error
// names every die still needed (a placeholder to-hit of 20 hits, so the
// damage dice and the prone check are counted) and nothing is written.
func TestRunShortListNamesEveryDie(t *testing.T) {
	opts, te := newOpts(t, 14)
	te.CountShort()
	opts.AttackerFile, opts.InPlace, opts.With = "guardian", "nefario", "fist"
	err := runAttack(opts)
	want := "--dice ran out: 1 value given, 5 needed: still need d6 (damage health), d6 (damage stamina), d6 (damage stamina), d20 (prone check)"
	if err == nil || err.Error() != want {
		t.Fatalf("err %v, want %q", err, want)
	}
	if c := changed(t, te); len(c) != 0 {
		t.Errorf("wrote %v", c)
	}
	if te.ErrOut.Len() != 0 {
		t.Errorf("stderr %q, want nothing", te.ErrOut)
	}
}
