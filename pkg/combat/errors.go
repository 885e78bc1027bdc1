package combat

import "fmt"

// RequestError is a problem with a Request: Field names the request field
// (or CLI flag) at fault.
type RequestError struct {
	Field string
	Msg   string
}

func (e *RequestError) Error() string { return e.Field + ": " + e.Msg }

// Refused marks a RequestError as the user's fault (exit status 2).
func (e *RequestError) Refused() {}

func reqErr(field, format string, args ...any) error {
	return &RequestError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// InvariantError is a broken internal invariant, not a refusal of the
// request: a roller handing back a value its die cannot show. Its
// message says it is an internal error; not being a refusal, it exits 1.
type InvariantError struct{ Msg string }

func (e *InvariantError) Error() string { return "internal error: " + e.Msg }

func errRoller(sides, v int, purpose string) error {
	return &InvariantError{Msg: fmt.Sprintf("combat: roller gave %d for the d%d for %s", v, sides, purpose)}
}
