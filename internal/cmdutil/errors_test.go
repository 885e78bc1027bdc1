package cmdutil

import (
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// TestExitCode: the one mapping from errors to exit statuses, by type.
func TestExitCode(t *testing.T) {
	inv := &combat.InvariantError{Msg: "combat: roller gave 99 for the d20 for to-hit"}
	tests := []struct {
		name string
		err  error
		want int
	}{
		{"none", nil, ExitOK},
		{"input", Inputf("--x: bad"), ExitUsage},
		{"a request the rules refuse", &combat.RequestError{Field: "with", Msg: "no such attack"}, ExitUsage},
		{"wrapped refusal", fmt.Errorf("page: %w", &encounter.PhaseError{Msg: "not now"}), ExitUsage},
		{"unknown combatant", &encounter.UnknownError{ID: "x"}, ExitUsage},
		{"chargen", &chargen.Error{Field: "--improve", Msg: "no"}, ExitUsage},
		{"--dice ran out", &DiceError{Err: errors.New("--dice ran out")}, ExitUsage},
		{"a refusal made with pkg/refusal", refusal.Errorf("--on: %q is not in the fight", "x"), ExitUsage},
		{"a wrapped refusal", fmt.Errorf("bank.json: %w", refusal.New("not now")), ExitUsage},
		{"a --dice list that does not parse", &dice.ParseError{}, ExitUsage},
		{"invariant", inv, ExitError},
		{"a programming error from a rules package", errors.New("combat: Resolve needs a roller"), ExitError},
		{"wrapped with context", fmt.Errorf("bank.json: %w", errors.New("combat: Resolve needs a roller")), ExitError},
		{"internal", Internal(errors.New("the changed hero is invalid")), ExitError},
		{"internal wrapping a refusal is still internal", Internal(Inputf("--x: bad")), ExitError},
		{"I/O", io.ErrUnexpectedEOF, ExitError},
		{"silent", ErrSilent, ExitError},
	}
	for _, tc := range tests {
		if got := ExitCode(tc.err); got != tc.want {
			t.Errorf("%s: ExitCode(%v) = %d, want %d", tc.name, tc.err, got, tc.want)
		}
	}
}

// The GM's dice report their problems as DiceError through any wrapping.
func TestScriptedRollerDiceError(t *testing.T) {
	te := NewTestEnv(FormatJSON, 7)
	rs, _ := te.Roller()
	if _, err := rs.Roller.Roll(6, "test"); err == nil {
		t.Fatal("7 on a d6 accepted")
	} else if wrapped := fmt.Errorf("rolling: %w", err); ExitCode(wrapped) != ExitUsage {
		t.Errorf("%v: exit %d", wrapped, ExitCode(wrapped))
	}
	var _ dice.Roller = scriptedRoller{}
}
