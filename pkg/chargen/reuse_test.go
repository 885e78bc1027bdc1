package chargen

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

func jsonOf(t *testing.T, h *hero.Hero) []byte {
	t.Helper()
	b, err := hero.AppendJSON(nil, h)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestReuseGivesTheSameCharacter checks GenOptions.Reuse and
// NPCOptions.Reuse: a character made in the memory of an earlier one
// (heroes of every shape, every supporting cast type, one after another
// in the same memory) is byte for byte the character made fresh, with
// the same explanation, and the earlier one leaves nothing behind.
func TestReuseGivesTheSameCharacter(t *testing.T) {
	var prev *hero.Hero
	seeds := uint64(1500)
	if testing.Short() {
		seeds = 300 // the whole suite makes all 1,500
	}
	for s := range seeds {
		opt := GenOptions{Seed: &s, Derive: Options{Quiet: s%3 != 0}, RollAll: s%5 == 0}
		fresh, fsteps, err := Generate(dice.NewSeeded(s), opt)
		if err != nil {
			t.Fatal(err)
		}
		want := jsonOf(t, fresh)
		opt.Reuse = prev
		got, gsteps, err := Generate(dice.NewSeeded(s), opt)
		if err != nil {
			t.Fatal(err)
		}
		if prev != nil && got != prev {
			t.Fatalf("seed %d: Reuse was not reused", s)
		}
		if !bytes.Equal(jsonOf(t, got), want) {
			t.Fatalf("seed %d: the hero made in reused memory differs:\n got %s\nwant %s", s, jsonOf(t, got), want)
		}
		if !reflect.DeepEqual(fsteps, gsteps) {
			t.Fatalf("seed %d: the explanations differ", s)
		}
		prev = got
	}
	types := NPCTypes()
	for s := uint64(0); s < 1500; s++ {
		typ := types[int(s)%len(types)]
		opt := NPCOptions{Type: typ, Seed: &s, Rank: 1 + int(s%3), Powers: int(s % 3), Derive: Options{Quiet: s%2 == 0}}
		if typ == NPCCombatant {
			opt.Trained, opt.Elite = s%4 == 1, s%4 == 2
			if s%3 == 0 {
				opt.Blaster = "energy-blast"
			}
		}
		fresh, fsteps, err := GenerateNPC(dice.NewSeeded(s), opt)
		if err != nil {
			t.Fatal(err)
		}
		want := jsonOf(t, fresh)
		opt.Reuse = prev
		got, gsteps, err := GenerateNPC(dice.NewSeeded(s), opt)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(jsonOf(t, got), want) {
			t.Fatalf("seed %d, %s: the character made in reused memory differs:\n got %s\nwant %s", s, typ, jsonOf(t, got), want)
		}
		if !reflect.DeepEqual(fsteps, gsteps) {
			t.Fatalf("seed %d, %s: the explanations differ", s, typ)
		}
		prev = got
	}
}
