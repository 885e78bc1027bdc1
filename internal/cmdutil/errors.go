package cmdutil

import (
	"errors"
	"fmt"
)

// Exit statuses. They are mapped from errors in exactly one place, ExitCode.
const (
	ExitOK    = 0 // success
	ExitError = 1 // anything that is not the user's fault (I/O, bugs)
	ExitUsage = 2 // bad input: flags, arguments, files, --dice
)

// InputError marks an error caused by what the user gave us: a flag, an
// argument, a hero file, a --dice value. It maps to exit status 2.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

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

// ErrSilent is returned by commands that have already reported their
// failure; it maps to exit status 1 and prints nothing more.
var ErrSilent = errors.New("silent error")

// ExitCode maps an error returned by a command to the process exit status.
func ExitCode(err error) int {
	if err == nil {
		return ExitOK
	}
	var ie *InputError
	if errors.As(err, &ie) {
		return ExitUsage
	}
	return ExitError
}
