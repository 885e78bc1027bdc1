package hero

import (
	"bytes"
	"encoding/json"
	"math"

	"github.com/codename-spandex/spandex/pkg/jsonfile"
	"github.com/codename-spandex/spandex/pkg/jsonpatch"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// MaxFileSize bounds a hero file so no input can exhaust memory.
const MaxFileSize = 16 << 20

// MaxEvents bounds a hero's log. A long campaign logs a few thousand
// changes; a log of hundreds of thousands of small events (a file of
// 16 MB can hold 400,000) costs the decoder and the log's checks
// hundreds of megabytes. A change that would log more is refused.
const MaxEvents = 50_000

// FieldError is a problem with one field of a hero file. Path is a JSON
// path such as "$.abilities.final.strength" or "$.powers[2].rank".
type FieldError = jsonfile.FieldError

// fileFormat is the hero file for jsonfile's messages and limits.
var fileFormat = jsonfile.Format{
	What:         "hero",
	TrailingHint: " (one hero per file; use JSON Lines tools for batches)",
	MaxSize:      MaxFileSize,
	MaxItems:     MaxEvents,
	// The generated decoder (jsondec.go).
	Fast: fastOptions,
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
	if err := decodeDraftInto(data, h); err != nil {
		return nil, err
	}
	return h, nil
}

// decodeDraftInto is DecodeDraft into h, a new hero or one the fast
// decoder read before (Reader).
func decodeDraftInto(data []byte, h *Hero) error {
	if err := jsonfile.Decode(data, h, fileFormat); err != nil {
		return err
	}
	return Migrate(h)
}

// migrations upgrade a hero file of an older schema version to the next
// version, keyed by the version they upgrade from. A file of version 0
// (or with no schema) is not an old file but a broken one, and is refused.
var migrations = map[int]func(*Hero){
	// Version 1 has no Revert on its log events (new in 2): its changes
	// cannot be undone. Its attack records name dodge results by the
	// book's symbol; version 2 by a stable word with the symbol beside.
	1: func(h *Hero) {
		for i := range h.Log {
			h.Log[i].Details = DodgeWordsV2(h.Log[i].Details)
		}
	},
	// Version 2 gives no mass (mass_kg is new in 3): its characters weigh
	// what a version 3 file without mass_kg weighs, an average super hero
	// and more for Larger (stockier) (pp. 43, 61), so nothing changes
	// but the version.
	2: func(*Hero) {},
}

// DodgeWordsV2 upgrades a version 1 log event's details: every
// "dodge_result" holding a Dodging Table symbol (-, ½, +P, Y) gets the
// stable word (fail, half, mostly, evade) and a "dodge_symbol" member with
// the symbol. Details without one come back unchanged (the same bytes).
func DodgeWordsV2(details json.RawMessage) json.RawMessage {
	if !bytes.Contains(details, []byte(`"dodge_result"`)) {
		return details
	}
	v, err := jsonpatch.Parse(details)
	if err != nil {
		return details
	}
	if !dodgeWords(v) {
		return details
	}
	b, err := json.Marshal(v)
	if err != nil {
		return details
	}
	return b
}

// dodgeWords rewrites the dodge results below v, reporting a change.
func dodgeWords(v any) bool {
	changed := false
	switch x := v.(type) {
	case *jsonpatch.Object:
		if s, ok := x.Get("dodge_result"); ok {
			if sym, ok := s.(string); ok {
				if r, ok := rulebook.DodgeResultFromSymbol(sym); ok {
					x.Set("dodge_result", r.Word())
					x.Set("dodge_symbol", r.Symbol())
					changed = true
				}
			}
		}
		for _, k := range x.Keys() {
			c, _ := x.Get(k)
			changed = dodgeWords(c) || changed
		}
	case []any:
		for _, c := range x {
			changed = dodgeWords(c) || changed
		}
	}
	return changed
}

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
	// Embedded sidekicks are hero files of their own: upgrade them too
	// (a problem is left for Validate to name with its path).
	for i := range h.Powers {
		if sk := h.Powers[i].Sidekick; sk != nil {
			_ = Migrate(sk)
		}
	}
	return nil
}

// checkSchema is the problem with a file's schema version, or nil.
func checkSchema(n int) *FieldError { return jsonfile.SchemaError(n, SchemaVersion, "") }

// Encode writes a hero as indented JSON with a trailing newline. HTML
// characters are not escaped, so summaries such as "35 -> 23" stay readable.
func Encode(h *Hero) ([]byte, error) {
	b, _, err := EncodeMax(h, math.MaxInt)
	return b, err
}

// EncodeMax is Encode for a file of at most max bytes (MaxFileSize: what
// spandex reads back): data is nil when the file would be larger, n its
// size either way. The file is streamed (jsonfile.EncodeMax), so no more
// than max bytes of it are held, however large the hero.
func EncodeMax(h *Hero, max int) (data []byte, n int, err error) {
	if h.Schema == 0 {
		h.Schema = SchemaVersion
	}
	if h.Log == nil {
		h.Log = []Event{}
	}
	return jsonfile.EncodeMax(h, max)
}
