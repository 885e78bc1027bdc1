package cmdutil

import (
	"errors"
	"fmt"
	"testing"

	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/pkg/dice"
)

// diceFactory is a Factory with the given dice flags and no config file.
func diceFactory(t *testing.T, g Globals) (*Factory, *iostreams.IOStreams) {
	t.Helper()
	ios, _, _, _ := iostreams.Test()
	home := t.TempDir()
	f := &Factory{IOStreams: ios, Getenv: func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}}
	f.Globals = g
	return f, ios
}

// rollAll rolls one die of each of sides with r.
func rollAll(r dice.Roller, sides ...int) ([]int, error) {
	var out []int
	for _, s := range sides {
		v, err := r.Roll(s, "x")
		if err != nil {
			return out, err
		}
		out = append(out, v)
	}
	return out, nil
}

// TestFactoryDiceFlags: --dice alone is strict; --roll-rest rolls what
// it leaves out from --seed; --dice with --seed needs --roll-rest, and
// --roll-rest needs --dice.
func TestFactoryDiceFlags(t *testing.T) {
	tests := []struct {
		name   string
		g      Globals
		sides  []int
		want   []int // faces; seed 1 rolls d6 4, 3, 3, ...; a short list placeholders (6, then 20 - 1)
		seed   *uint64
		err    string // from Roller
		finish string // from FinishDice after rolling
	}{
		{"strict", Globals{Dice: "3,5", DiceSet: true}, []int{6, 6}, []int{3, 5}, nil, "", ""},
		{"strict and short: every die still needed",
			Globals{Dice: "3", DiceSet: true}, []int{6, 6, 20}, []int{3, 6, 19}, nil, "",
			"--dice ran out: 1 value given, 3 needed: still need d6 (x), d20 (x)"},
		{"strict with leftovers", Globals{Dice: "3,5", DiceSet: true}, []int{6}, []int{3}, nil, "", "--dice has 1 value left over: 5"},
		{"roll the rest from --seed", Globals{Dice: "3", DiceSet: true, RollRest: true, Seed: 1, SeedSet: true}, []int{6, 6, 6}, []int{3, 4, 3}, ptr(1), "", ""},
		{"roll the rest, all entered", Globals{Dice: "3,5", DiceSet: true, RollRest: true, Seed: 1, SeedSet: true}, []int{6, 6}, []int{3, 5}, ptr(1), "", ""},
		{"roll the rest, leftovers", Globals{Dice: "3,5", DiceSet: true, RollRest: true, Seed: 1, SeedSet: true}, []int{6}, []int{3}, ptr(1), "", "--dice has 1 value left over: 5"},
		{"--dice and --seed", Globals{Dice: "3", DiceSet: true, Seed: 1, SeedSet: true}, nil, nil, nil,
			"--dice and --seed cannot be used together (add --roll-rest to roll the dice --dice leaves out from the seed)", ""},
		{"--roll-rest without --dice", Globals{RollRest: true, Seed: 1, SeedSet: true}, nil, nil, nil,
			"--roll-rest needs --dice: give the dice you rolled (without --dice every die is rolled)", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _ := diceFactory(t, tt.g)
			rs, err := f.Roller()
			if tt.err != "" {
				if err == nil || err.Error() != tt.err || ExitCode(err) != ExitUsage {
					t.Fatalf("Roller() error %v, want %q (exit 2)", err, tt.err)
				}
				if err := f.FinishDice(); err == nil || err.Error() != tt.err {
					t.Errorf("FinishDice() = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := rollAll(rs.Roller, tt.sides...)
			if err != nil || fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Fatalf("faces %v, %v; want %v", got, err, tt.want)
			}
			if s := rs.SeedPtr(); fmt.Sprint(deref(s)) != fmt.Sprint(deref(tt.seed)) {
				t.Errorf("seed %v, want %v", deref(s), deref(tt.seed))
			}
			err = f.FinishDice()
			if (err == nil) != (tt.finish == "") || (err != nil && (err.Error() != tt.finish || ExitCode(err) != ExitUsage)) {
				t.Errorf("FinishDice() = %v, want %q", err, tt.finish)
			}
		})
	}
}

func ptr(v uint64) *uint64 { return &v }

func deref(p *uint64) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestRollRestMarksSource: with --roll-rest the recorded dice say which
// faces were entered and which rolled; strict and seeded dice say nothing.
func TestRollRestMarksSource(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    Globals
		want []dice.Source
	}{
		{"mixed", Globals{Dice: "3", DiceSet: true, RollRest: true, Seed: 1, SeedSet: true}, []dice.Source{dice.SourceEntered, dice.SourceRolled}},
		{"strict", Globals{Dice: "3,4", DiceSet: true}, []dice.Source{"", ""}},
		{"seeded", Globals{Seed: 1, SeedSet: true}, []dice.Source{"", ""}},
	} {
		f, _ := diceFactory(t, tc.g)
		rs, err := f.Roller()
		if err != nil {
			t.Fatal(err)
		}
		rec := dice.NewRecorder(rs.Roller)
		if _, err := rollAll(rec, 6, 6); err != nil {
			t.Fatal(err)
		}
		for i, r := range rec.Rolls() {
			if r.Source != tc.want[i] {
				t.Errorf("%s: die %d marked %q, want %q", tc.name, i, r.Source, tc.want[i])
			}
		}
	}
}

// TestReportSeedRollRest: the seed line says the seed rolled only the dice
// after the entered ones, and how to replay all of it.
func TestReportSeedRollRest(t *testing.T) {
	te := NewTestEnv(FormatText, 3, 100)
	te.RollRest(9)
	te.ReportSeed(ptr(9))
	if got, want := te.ErrOut.String(), "seed 9 rolled the rest (replay with --dice 3,100 --roll-rest --seed 9)\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}

// TestRunEShortDice: once a short --dice list ran out, the command's own
// error (or success) gives way to the error naming the missing dice, and
// nothing it wrote on stderr after that shows.
func TestRunEShortDice(t *testing.T) {
	type opts struct{ *Env }
	for _, tc := range []struct {
		name   string
		result error
	}{
		{"the command succeeded on placeholders", nil},
		{"the command failed on placeholders", errors.New("placeholder faces made no sense")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			te := NewTestEnv(FormatText, 14)
			te.CountShort()
			o := &opts{te.Env}
			run := func() error {
				rs, err := o.Roller()
				if err != nil {
					return err
				}
				fmt.Fprintln(o.IO.ErrOut, "before")
				if _, err := rollAll(rs.Roller, 20, 6, 6); err != nil {
					return err
				}
				fmt.Fprintln(o.IO.ErrOut, "after: worked out from placeholders")
				return tc.result
			}
			err := RunE(o.Env, run)(nil, nil)
			want := "--dice ran out: 1 value given, 3 needed: still need d6 (x), d6 (x)"
			if err == nil || err.Error() != want || ExitCode(err) != ExitUsage {
				t.Fatalf("err %v, want %q", err, want)
			}
			if got := te.ErrOut.String(); got != "before\n" {
				t.Errorf("stderr %q, want only what came before the list ran short", got)
			}
		})
	}
}
