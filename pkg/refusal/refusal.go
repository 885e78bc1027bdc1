// Package refusal types the errors that are the user's fault: a request the
// rules refuse (an action the phase does not allow, a combatant that is not
// in the fight, a field out of its range). The command layer maps exactly
// these to exit status 2; any other error exits 1 with its message, so a
// programming error never reads as bad input.
//
// A rules package opts in, either by returning an error made here
// (Errorf, New, Wrap) or by giving its own error type a Refused method.
// The package imports nothing of the project, so every rules package can
// use it without importing the command layer.
package refusal

import (
	"errors"
	"fmt"
)

// Refuser is implemented by error types that are, by their type, a refusal
// of the user's request (combat.RequestError, encounter.PhaseError, ...).
type Refuser interface {
	error
	Refused()
}

// Error is a refusal with a message, wrapping its cause if it has one.
type Error struct{ Err error }

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Refused marks Error as a refusal.
func (e *Error) Refused() {}

// New returns a refusal with the message msg.
func New(msg string) error { return &Error{Err: errors.New(msg)} }

// Errorf formats a refusal; %w wraps as in fmt.Errorf.
func Errorf(format string, args ...any) error {
	return &Error{Err: fmt.Errorf(format, args...)}
}

// Wrap marks err as a refusal (nil stays nil, a refusal stays as it is).
func Wrap(err error) error {
	if err == nil || Is(err) {
		return err
	}
	return &Error{Err: err}
}

// Is reports whether err, or any error it wraps, is a refusal.
func Is(err error) bool {
	var r Refuser
	return errors.As(err, &r)
}
