package combat

import "fmt"

// RequestError is a problem with a Request: Field names the request field
// (or CLI flag) at fault.
type RequestError struct {
	Field string
	Msg   string
}

func (e *RequestError) Error() string { return e.Field + ": " + e.Msg }

func reqErr(field, format string, args ...any) error {
	return &RequestError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

func errRoller(sides, v int, purpose string) error {
	return fmt.Errorf("combat: roller gave %d for the d%d for %s", v, sides, purpose)
}
