package hero

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// MaxFileSize bounds a hero file so no input can exhaust memory.
const MaxFileSize = 16 << 20

// FieldError is a problem with one field of a hero file. Path is a JSON
// path such as "$.abilities.final.strength" or "$.powers[2].rank".
type FieldError struct {
	Path string
	Msg  string
}

func (e *FieldError) Error() string { return e.Path + ": " + e.Msg }

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
	if len(data) > MaxFileSize {
		return nil, &FieldError{Path: "$", Msg: fmt.Sprintf("file is larger than %d bytes", MaxFileSize)}
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, &FieldError{Path: "$", Msg: "empty input, expected a hero JSON object"}
	}
	if trimmed[0] != '{' {
		return nil, &FieldError{Path: "$", Msg: "expected a JSON object"}
	}
	var raw any
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		return nil, syntaxError(trimmed, err)
	}
	if dec.More() {
		return nil, &FieldError{Path: "$", Msg: "unexpected data after the hero object (one hero per file; use JSON Lines tools for batches)"}
	}
	if fe := checkShape(raw, reflect.TypeOf(Hero{}), "$"); fe != nil {
		return nil, fe
	}
	h := &Hero{}
	if err := json.Unmarshal(trimmed, h); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			path := "$"
			if te.Field != "" {
				path = "$." + te.Field
			}
			return nil, &FieldError{Path: path, Msg: fmt.Sprintf("expected %s, got JSON %s", friendlyType(te.Type), te.Value)}
		}
		return nil, &FieldError{Path: "$", Msg: strings.TrimPrefix(err.Error(), "json: ")}
	}
	return h, nil
}

func friendlyType(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "a string"
	case reflect.Slice:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return t.String()
}

func syntaxError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := lineCol(data, se.Offset)
		return &FieldError{Path: "$", Msg: fmt.Sprintf("invalid JSON at line %d column %d: %s", line, col, strings.TrimPrefix(se.Error(), "json: "))}
	}
	if errors.Is(err, errUnexpectedEOF(err)) {
		return &FieldError{Path: "$", Msg: "invalid JSON: unexpected end of input"}
	}
	return &FieldError{Path: "$", Msg: "invalid JSON: " + strings.TrimPrefix(err.Error(), "json: ")}
}

func errUnexpectedEOF(err error) error {
	if strings.Contains(err.Error(), "unexpected EOF") {
		return err
	}
	return errors.New("\x00")
}

func lineCol(data []byte, off int64) (int, int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col := 1, 1
	for _, b := range data[:off] {
		if b == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}

var textUnmarshaler = reflect.TypeOf((*encoding.TextUnmarshaler)(nil)).Elem()

// checkShape walks a decoded JSON value against a Go type and reports the
// first object key that the type has no field for, or the first string
// that a text-decoded type (such as an armour class) rejects, with its path.
func checkShape(v any, t reflect.Type, path string) *FieldError {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if str, ok := v.(string); ok && reflect.PointerTo(t).Implements(textUnmarshaler) {
		target := reflect.New(t).Interface().(encoding.TextUnmarshaler)
		if err := target.UnmarshalText([]byte(str)); err != nil {
			return &FieldError{Path: path, Msg: err.Error()}
		}
		return nil
	}
	switch val := v.(type) {
	case map[string]any:
		if t.Kind() == reflect.Map {
			for _, k := range sortedKeys(val) {
				if fe := checkShape(val[k], t.Elem(), path+"."+k); fe != nil {
					return fe
				}
			}
			return nil
		}
		if t.Kind() != reflect.Struct {
			return nil
		}
		fields := jsonFields(t)
		for _, k := range sortedKeys(val) {
			ft, ok := fields[k]
			if !ok {
				return &FieldError{Path: path + "." + k, Msg: "unknown field"}
			}
			if fe := checkShape(val[k], ft, path+"."+k); fe != nil {
				return fe
			}
		}
	case []any:
		if t.Kind() != reflect.Slice && t.Kind() != reflect.Array {
			return nil
		}
		for i, e := range val {
			if fe := checkShape(e, t.Elem(), path+"["+strconv.Itoa(i)+"]"); fe != nil {
				return fe
			}
		}
	}
	return nil
}

func jsonFields(t reflect.Type) map[string]reflect.Type {
	m := make(map[string]reflect.Type, t.NumField())
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name := f.Name
		if tag, ok := f.Tag.Lookup("json"); ok {
			n, _, _ := strings.Cut(tag, ",")
			if n == "-" {
				continue
			}
			if n != "" {
				name = n
			}
		}
		if f.Type == reflect.TypeOf(json.RawMessage{}) {
			m[name] = reflect.TypeOf((*any)(nil)).Elem()
			continue
		}
		m[name] = f.Type
	}
	return m
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	// insertion sort: objects are small
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
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
