package cmdutil

import (
	"errors"
	"fmt"

	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
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

// scriptedRoller is the GM's dice: every error is a DiceError.
type scriptedRoller struct{ *dice.Scripted }

func (r scriptedRoller) Roll(sides int, purpose string) (int, error) {
	v, err := r.Scripted.Roll(sides, purpose)
	if err != nil {
		return 0, &DiceError{Err: err}
	}
	return v, nil
}

// internal reports whether err is a broken invariant, by type.
func internal(err error) bool {
	var ie *InternalError
	var inv *combat.InvariantError
	return errors.As(err, &ie) || errors.As(err, &inv)
}

// refused reports whether err is the rules refusing the user's request,
// by the rule packages' error types.
func refused(err error) bool {
	var (
		ie  *InputError
		de  *DiceError
		re  *combat.RequestError
		pe  *encounter.PhaseError
		ue  *encounter.UnknownError
		ce  *chargen.Error
		dpe *dice.ParseError
		fe  *jsonfile.FieldError
	)
	return errors.As(err, &ie) || errors.As(err, &de) || errors.As(err, &re) || errors.As(err, &pe) ||
		errors.As(err, &ue) || errors.As(err, &ce) || errors.As(err, &dpe) || errors.As(err, &fe)
}

// RuleErr classifies an error returned by a rules package (pkg/...): a
// broken invariant (combat.InvariantError, ...) becomes an InternalError;
// a typed refusal (combat.RequestError, encounter.PhaseError, ...) or a
// --dice problem becomes an InputError (exit 2). The rule packages still
// refuse some requests with untyped errors; those are taken as refusals
// too, since a rule call's error is the request's unless its type says
// otherwise.
func RuleErr(err error) error {
	if err == nil {
		return nil
	}
	if internal(err) {
		return Internal(err)
	}
	return Input(err)
}

// ErrSilent is returned by commands that have already reported their
// failure; it maps to exit status 1 and prints nothing more.
var ErrSilent = errors.New("silent error")

// ExitCode maps an error returned by a command to the process exit status:
// 0 for none; 1 for an internal error (checked first, whatever it wraps),
// I/O and anything unclassified; 2 for the user's input and the rules
// refusing the request.
func ExitCode(err error) int {
	switch {
	case err == nil:
		return ExitOK
	case internal(err):
		return ExitError
	case refused(err):
		return ExitUsage
	}
	return ExitError
}
