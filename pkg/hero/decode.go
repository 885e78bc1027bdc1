package hero

import (
	"bytes"
	"encoding/json"

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
	return h, nil
}

// Encode writes a hero as indented JSON with a trailing newline. HTML
// characters are not escaped, so summaries such as "35 -> 23" stay readable.
func Encode(h *Hero) ([]byte, error) {
	if h.Schema == 0 {
		h.Schema = SchemaVersion
	}
	if h.Log == nil {
		h.Log = []Event{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(h); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
