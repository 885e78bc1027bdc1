package hero

import (
	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// MaxFileSize bounds a hero file so no input can exhaust memory.
const MaxFileSize = 16 << 20

// FieldError is a problem with one field of a hero file. Path is a JSON
// path such as "$.abilities.final.strength" or "$.powers[2].rank".
type FieldError = jsonfile.FieldError

// fileFormat is the hero file for jsonfile's messages and limits.
var fileFormat = jsonfile.Format{
	What:         "hero",
	TrailingHint: " (one hero per file; use JSON Lines tools for batches)",
	MaxSize:      MaxFileSize,
}

// Decode parses and validates a hero file. The error, if any, is a
// *FieldError naming the first problem.
func Decode(data []byte) (*Hero, error) {
	h, err := DecodeDraft(data)
	if err != nil {
		return nil, err
	}
	if err := h.Validate(); err != nil {
		return nil, err
	}
	return h, nil
}

// DecodeDraft parses a hero file strictly (unknown fields and wrong types
// are errors) but does not check the rules-level constraints, so that a
// hand-written draft can be completed by `hero derive`.
func DecodeDraft(data []byte) (*Hero, error) {
	h := &Hero{}
	if err := jsonfile.Decode(data, h, fileFormat); err != nil {
		return nil, err
	}
	if err := Migrate(h); err != nil {
		return nil, err
	}
	return h, nil
}

// migrations upgrade a hero file of an older schema version to the next
// version, keyed by the version they upgrade from. Schema 1 is the first
// hero file layout, so there are none yet: a file of version 0 (or with
// no schema) is not an old file but a broken one, and is refused.
var migrations = map[int]func(*Hero){}

// Migrate upgrades a decoded hero file of a known older schema version to
// SchemaVersion, one version at a time, and refuses a missing schema or a
// version this build does not know (older or newer).
func Migrate(h *Hero) error {
	for h.Schema != SchemaVersion {
		up, ok := migrations[h.Schema]
		if !ok {
			return checkSchema(h.Schema)
		}
		up(h)
		h.Schema++
	}
	return nil
}

// checkSchema is the problem with a file's schema version, or nil.
func checkSchema(n int) *FieldError { return jsonfile.SchemaError(n, SchemaVersion, "") }

// Encode writes a hero as indented JSON with a trailing newline. HTML
// characters are not escaped, so summaries such as "35 -> 23" stay readable.
func Encode(h *Hero) ([]byte, error) {
	if h.Schema == 0 {
		h.Schema = SchemaVersion
	}
	if h.Log == nil {
		h.Log = []Event{}
	}
	return jsonfile.Encode(h)
}
