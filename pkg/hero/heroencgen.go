//go:build heroencgen

package hero

import (
	"errors"

	jsonv2 "github.com/go-json-experiment/json"
)

// What the package is built with while internal/cmd/heroencgen builds
// against it (-tags heroencgen): without the generated encoder and
// decoder it writes, so that a stale generated file never stops it.

// fastOptions are none: the strict decoder alone.
var fastOptions func() jsonv2.Options

// AppendJSON is not available without the generated encoder.
func AppendJSON(b []byte, _ *Hero) ([]byte, error) {
	return b, errors.New("hero: built without the generated encoder (-tags heroencgen)")
}
