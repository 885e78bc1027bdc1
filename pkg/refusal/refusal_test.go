package refusal

import (
	"errors"
	"fmt"
	"testing"
)

type ownType struct{}

func (ownType) Error() string { return "own" }
func (ownType) Refused()      {}

func TestIs(t *testing.T) {
	base := errors.New("combat: Resolve needs a roller")
	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"untyped", base, false},
		{"wrapped untyped", fmt.Errorf("attack: %w", base), false},
		{"Errorf", Errorf("no combatant %q", "x"), true},
		{"New", New("nope"), true},
		{"Wrap", Wrap(base), true},
		{"wrapped refusal", fmt.Errorf("fight act: %w", New("nope")), true},
		{"own type", ownType{}, true},
		{"wrapped own type", fmt.Errorf("x: %w", ownType{}), true},
	} {
		if got := Is(tc.err); got != tc.want {
			t.Errorf("%s: Is = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestWrapKeepsMessageAndCause(t *testing.T) {
	base := errors.New("bad")
	err := Wrap(base)
	if err.Error() != "bad" || !errors.Is(err, base) {
		t.Fatalf("Wrap(%v) = %v", base, err)
	}
	if Wrap(nil) != nil {
		t.Fatal("Wrap(nil) != nil")
	}
	r := New("x")
	if Wrap(r) != r {
		t.Fatal("Wrap of a refusal wrapped it again")
	}
	if got := Errorf("field %s: %w", "$.a", base); got.Error() != "field $.a: bad" || !errors.Is(got, base) {
		t.Fatalf("Errorf = %v", got)
	}
}
