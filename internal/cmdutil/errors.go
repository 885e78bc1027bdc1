package cmdutil

import (
	"errors"
	"fmt"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// Exit statuses. They are mapped from errors in exactly one place, ExitCode.
const (
	ExitOK    = 0 // success
	ExitError = 1 // anything that is not the user's fault (I/O, bugs)
	ExitUsage = 2 // bad input: flags, arguments, files, --dice
)

// InputError marks an error caused by what the user gave us: a flag, an
// argument, a hero file, a --dice value. It is a refusal (exit status 2).
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// Refused marks an InputError as the user's fault (refusal.Is).
func (e *InputError) Refused() {}

// Input wraps err as an InputError (nil stays nil).
func Input(err error) error {
	if err == nil {
		return nil
	}
	var ie *InputError
	if errors.As(err, &ie) {
		return err
	}
	return &InputError{Err: err}
}

// Inputf formats an InputError.
func Inputf(format string, args ...any) error {
	return &InputError{Err: fmt.Errorf(format, args...)}
}

// InternalError marks a broken internal invariant: a bug, never the
// user's fault. It maps to exit status 1 and its message says so.
type InternalError struct{ Err error }

func (e *InternalError) Error() string {
	return "internal error: " + e.Err.Error()
}
func (e *InternalError) Unwrap() error { return e.Err }

// Internal wraps err as an InternalError (nil stays nil).
func Internal(err error) error {
	if err == nil {
		return nil
	}
	var ie *InternalError
	if errors.As(err, &ie) {
		return err
	}
	return &InternalError{Err: err}
}

// DiceError is a problem with the GM's --dice list met while rolling:
// the list ran out, or a value does not fit the die. The roller built
// from --dice returns it, so it survives the rules packages' wrapping.
type DiceError struct{ Err error }

func (e *DiceError) Error() string { return e.Err.Error() }
func (e *DiceError) Unwrap() error { return e.Err }

// Refused marks a DiceError as the user's fault (refusal.Is).
func (e *DiceError) Refused() {}

// scriptedRoller is the GM's dice: every error is a DiceError.
type scriptedRoller struct{ *dice.Scripted }

func (r scriptedRoller) Roll(sides int, purpose string) (int, error) {
	v, err := r.Scripted.Roll(sides, purpose)
	if err != nil {
		return 0, &DiceError{Err: err}
	}
	return v, nil
}

// ErrSilent is returned by commands that have already reported their
// failure; it maps to exit status 1 and prints nothing more.
var ErrSilent = errors.New("silent error")

// ExitCode maps an error returned by a command to the process exit status:
// 0 for none; 2 for a refusal (refusal.Is: the user's input, the GM's
// --dice, a request the rules refuse); 1 for an internal error (checked
// first, whatever it wraps), I/O and anything else: an error is the
// user's fault only when its type says so. A StatusError (another
// program's failure, already reported) keeps that program's status.
func ExitCode(err error) int {
	var ie *InternalError
	var se *StatusError
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &ie):
		return ExitError
	case errors.As(err, &se):
		return se.Code
	case refusal.Is(err):
		return ExitUsage
	}
	return ExitError
}
