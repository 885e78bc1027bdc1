package cmdutil

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/encounter"
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
		{"invariant", inv, ExitError},
		{"invariant wrapped as input is still internal", Input(inv), ExitError},
		{"internal", Internal(errors.New("the changed hero is invalid")), ExitError},
		{"I/O", io.ErrUnexpectedEOF, ExitError},
		{"silent", ErrSilent, ExitError},
	}
	for _, tc := range tests {
		if got := ExitCode(tc.err); got != tc.want {
			t.Errorf("%s: ExitCode(%v) = %d, want %d", tc.name, tc.err, got, tc.want)
		}
	}
}

// TestRuleErr: a broken invariant is an internal error that says so and
// exits 1; a refused request exits 2 with its own message.
func TestRuleErr(t *testing.T) {
	if RuleErr(nil) != nil {
		t.Error("RuleErr(nil) != nil")
	}
	inv := RuleErr(fmt.Errorf("resolving: %w", &combat.InvariantError{Msg: "combat: roller gave 99 for the d20 for to-hit"}))
	var ie *InternalError
	if !errors.As(inv, &ie) || ExitCode(inv) != ExitError || !strings.HasPrefix(inv.Error(), "internal error") ||
		!strings.Contains(inv.Error(), "roller gave 99") {
		t.Errorf("invariant: %v (exit %d)", inv, ExitCode(inv))
	}
	ref := RuleErr(&encounter.PhaseError{Msg: "nobody acts now"})
	if ExitCode(ref) != ExitUsage || ref.Error() != "nobody acts now" {
		t.Errorf("refusal: %v (exit %d)", ref, ExitCode(ref))
	}
	untyped := RuleErr(errors.New("a fight needs combatants"))
	if ExitCode(untyped) != ExitUsage {
		t.Errorf("untyped refusal: exit %d", ExitCode(untyped))
	}
}

// The GM's dice report their problems as DiceError through any wrapping.
func TestScriptedRollerDiceError(t *testing.T) {
	te := NewTestEnv(FormatJSON, 7)
	rs, _ := te.Roller()
	if _, err := rs.Roller.Roll(6, "test"); err == nil {
		t.Fatal("7 on a d6 accepted")
	} else if wrapped := fmt.Errorf("rolling: %w", err); ExitCode(RuleErr(wrapped)) != ExitUsage {
		t.Errorf("%v: exit %d", wrapped, ExitCode(RuleErr(wrapped)))
	}
	var _ dice.Roller = scriptedRoller{}
}
