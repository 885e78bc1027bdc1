// Package jsonfile decodes spandex's JSON files (hero files, encounter
// files) strictly: an unknown key, a value of the wrong type or a value a
// type rejects (such as armour class "Q") is an error naming its JSON path,
// for example "$.combatants[2].hero.combat.armour_class". It never panics on
// any input; both file formats' fuzz targets exercise it.
package jsonfile

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// FieldError is a problem with one field of a file. Path is a JSON path
// such as "$.abilities.final.strength" or "$.powers[2].rank".
type FieldError struct {
	Path string
	Msg  string
}

func (e *FieldError) Error() string { return e.Path + ": " + e.Msg }

// Refused marks a FieldError as the user's fault (exit status 2).
func (e *FieldError) Refused() {}

// Format describes a file format for error messages and limits.
type Format struct {
	// What names one document, e.g. "hero" or "encounter".
	What string
	// EmptyHint is appended to the empty-input error (may be "").
	EmptyHint string
	// TrailingHint is appended to the trailing-data error (may be "").
	TrailingHint string
	// MaxSize bounds the input in bytes.
	MaxSize int
}

// Decode parses data into v (a pointer to a struct) strictly and returns a
// *FieldError for the first problem: oversized or empty input, anything
// but one JSON object, invalid JSON (with line and column), an unknown key,
// a string a text-decoded type rejects, or a value of the wrong type.
func Decode(data []byte, v any, f Format) error {
	if len(data) > f.MaxSize {
		return TooLarge(f.MaxSize)
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return &FieldError{Path: "$", Msg: "empty input, expected " + article(f.What) + " " + f.What + " JSON object" + f.EmptyHint}
	}
	if trimmed[0] != '{' {
		return &FieldError{Path: "$", Msg: "expected a JSON object"}
	}
	// The fast path (fast.go) for a good file into a fresh value; on any
	// doubt the value is reset and the strict path decides.
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && !rv.IsNil() && rv.Elem().IsZero() {
		if decodeFast(trimmed, v) {
			return nil
		}
		rv.Elem().SetZero()
	}
	return decodeStrict(trimmed, v, f)
}

// DecodeStrict is Decode without its fast path: the reference the fast
// path is tested against (a good file decodes to the same value either
// way). Programs call Decode.
func DecodeStrict(data []byte, v any, f Format) error {
	if len(data) > f.MaxSize {
		return TooLarge(f.MaxSize)
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return &FieldError{Path: "$", Msg: "empty input, expected " + article(f.What) + " " + f.What + " JSON object" + f.EmptyHint}
	}
	if trimmed[0] != '{' {
		return &FieldError{Path: "$", Msg: "expected a JSON object"}
	}
	return decodeStrict(trimmed, v, f)
}

// DecodesFast reports whether Decode's fast path alone decodes data into
// v (a pointer to a zero struct), for tests: a generated file must take
// it, or a batch loses its speed without any test failing.
func DecodesFast(data []byte, v any) bool {
	return decodeFast(bytes.TrimSpace(data), v)
}

// decodeStrict is the strict path over trimmed, one JSON object.
func decodeStrict(trimmed []byte, v any, f Format) error {
	var raw any
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		return syntaxError(trimmed, err)
	}
	if dec.More() {
		return &FieldError{Path: "$", Msg: "unexpected data after the " + f.What + " object" + f.TrailingHint}
	}
	if fe := Lint(trimmed); fe != nil {
		return fe
	}
	if fe := CheckShape(raw, reflect.TypeOf(v), "$"); fe != nil {
		return clip(fe)
	}
	if err := json.Unmarshal(trimmed, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			path := "$"
			if te.Field != "" {
				path = "$." + te.Field
			}
			return clip(&FieldError{Path: path, Msg: fmt.Sprintf("expected %s, got JSON %s", friendlyType(te.Type), Short(te.Value))})
		}
		return clip(&FieldError{Path: "$", Msg: strings.TrimPrefix(err.Error(), "json: ")})
	}
	return nil
}

// TooLarge is the error for input over a size limit of max bytes: "file
// larger than N MB" (or "N bytes" below a megabyte).
func TooLarge(max int) *FieldError {
	return &FieldError{Path: "$", Msg: "file larger than " + sizeText(max)}
}

// sizeText is "N MB" for whole megabytes, else "N bytes".
func sizeText(max int) string {
	if max >= 1<<20 && max%(1<<20) == 0 {
		return strconv.Itoa(max>>20) + " MB"
	}
	return strconv.Itoa(max) + " bytes"
}

// maxMsg bounds an error message: a value a type rejects is echoed
// whole by some types' errors, and a file's value can be megabytes.
const maxMsg = 200

// clip shortens an over-long message and path.
func clip(fe *FieldError) *FieldError {
	if len(fe.Msg) > maxMsg {
		fe.Msg = Short(fe.Msg[:maxMsg]) + "..."
	}
	if len(fe.Path) > maxMsg {
		fe.Path = fe.Path[:maxMsg] + "..."
	}
	return fe
}

// IntMin and IntMax bound every whole number (of a signed Go integer
// type) in a file unless a validator gives a narrower range: big enough
// for any figure of the game, small enough that no sum, product or
// increment of a few of them overflows (a log's seq cannot wrap, damage
// bonuses cannot turn a hit into 0 stamina). The published schemas state
// the same bounds on every integer.
const (
	IntMin = -1_000_000_000
	IntMax = 1_000_000_000
)

func article(w string) string {
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an"
	}
	return "a"
}

func friendlyType(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return t.String()
}

func syntaxError(data []byte, err error) *FieldError {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := lineCol(data, se.Offset)
		return &FieldError{Path: "$", Msg: fmt.Sprintf("invalid JSON at line %d column %d: %s", line, col, strings.TrimPrefix(se.Error(), "json: "))}
	}
	if errors.Is(err, errUnexpectedEOF) || strings.Contains(err.Error(), "unexpected EOF") {
		return &FieldError{Path: "$", Msg: "invalid JSON: unexpected end of input"}
	}
	return &FieldError{Path: "$", Msg: "invalid JSON: " + strings.TrimPrefix(err.Error(), "json: ")}
}

var errUnexpectedEOF = errors.New("unexpected EOF")

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

// CheckShape walks a decoded JSON value (from a json.Decoder with
// UseNumber) against a Go type and reports, with its full path below path,
// the first object key the type has no field for, the first value of the
// wrong JSON type or out of its Go type's range, or the first string a
// text-decoded type (such as an armour class) rejects.
func CheckShape(v any, t reflect.Type, path string) *FieldError {
	segs, msg := shapeSegs(v, t)
	if segs == nil {
		return nil
	}
	var b strings.Builder
	b.WriteString(path)
	for i := len(segs) - 1; i >= 0; i-- {
		b.WriteString(segs[i])
	}
	return &FieldError{Path: b.String(), Msg: msg}
}

// shapeSegs returns the path segments to the first problem, innermost
// first (so valid files build no strings), and its message.
func shapeSegs(v any, t reflect.Type) ([]string, string) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if str, ok := v.(string); ok && reflect.PointerTo(t).Implements(reflect.TypeFor[encoding.TextUnmarshaler]()) {
		target := reflect.New(t).Interface().(encoding.TextUnmarshaler)
		if err := target.UnmarshalText([]byte(str)); err != nil {
			return []string{}, err.Error()
		}
		return nil, ""
	}
	if t.Kind() == reflect.Interface {
		return nil, ""
	}
	switch val := v.(type) {
	case nil:
		return nil, ""
	case string:
		if t.Kind() != reflect.String {
			return []string{}, "expected " + friendlyType(t) + ", got JSON string"
		}
	case bool:
		if t.Kind() != reflect.Bool {
			return []string{}, "expected " + friendlyType(t) + ", got JSON true/false"
		}
	case json.Number:
		switch t.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			n, err := strconv.ParseInt(val.String(), 10, t.Bits())
			if err != nil || n < IntMin || n > IntMax {
				return []string{}, "expected a whole number from -1000000000 to 1000000000, got " + Short(val.String())
			}
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			if _, err := strconv.ParseUint(val.String(), 10, t.Bits()); err != nil {
				return []string{}, "expected a whole number from 0 within range, got " + Short(val.String())
			}
		case reflect.Float32, reflect.Float64:
			if _, err := strconv.ParseFloat(val.String(), t.Bits()); err != nil {
				return []string{}, "expected a number within range, got " + Short(val.String())
			}
		default:
			return []string{}, "expected " + friendlyType(t) + ", got JSON number"
		}
	case map[string]any:
		if t.Kind() != reflect.Struct && t.Kind() != reflect.Map {
			return []string{}, "expected " + friendlyType(t) + ", got JSON object"
		}
		keys := make([]string, 0, len(val))
		for k := range val {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		switch t.Kind() {
		case reflect.Map:
			for _, k := range keys {
				if segs, msg := shapeSegs(val[k], t.Elem()); segs != nil {
					return append(segs, "."+Short(k)), msg
				}
			}
		case reflect.Struct:
			fields := jsonFields(t)
			for _, k := range keys {
				ft, ok := fields[k]
				if !ok {
					return []string{"." + Short(k)}, "unknown field"
				}
				if segs, msg := shapeSegs(val[k], ft); segs != nil {
					return append(segs, "."+k), msg
				}
			}
		}
	case []any:
		if t.Kind() != reflect.Slice && t.Kind() != reflect.Array {
			return []string{}, "expected " + friendlyType(t) + ", got JSON array"
		}
		for i, el := range val {
			if segs, msg := shapeSegs(el, t.Elem()); segs != nil {
				return append(segs, "["+strconv.Itoa(i)+"]"), msg
			}
		}
	}
	return nil, ""
}

var (
	// fieldCache maps a struct type to its JSON field types, filled lazily.
	fieldCache sync.Map
)

func jsonFields(t reflect.Type) map[string]reflect.Type {
	if m, ok := fieldCache.Load(t); ok {
		return m.(map[string]reflect.Type)
	}
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
		if f.Type == reflect.TypeFor[json.RawMessage]() {
			m[name] = reflect.TypeFor[any]()
			continue
		}
		m[name] = f.Type
	}
	fieldCache.Store(t, m)
	return m
}

// Checker collects the first rules-level problem found while validating a
// decoded file; later problems are ignored, so a validator can check every
// field in turn and report the first.
type Checker struct {
	// Err is the first problem, or nil.
	Err *FieldError
}

// Fail records a problem at path unless one was already recorded.
func (c *Checker) Fail(path, format string, args ...any) {
	if c.Err == nil {
		c.Err = &FieldError{Path: path, Msg: fmt.Sprintf(format, args...)}
	}
}

// Range records a problem when val is outside lo-hi.
func (c *Checker) Range(path string, val, lo, hi int) {
	if val < lo || val > hi {
		c.Fail(path, "%d is outside %d-%d", val, lo, hi)
	}
}

// Schema records a problem with a file's schema version (see SchemaError).
func (c *Checker) Schema(got, want int, what string) {
	if fe := SchemaError(got, want, what); fe != nil && c.Err == nil {
		c.Err = fe
	}
}

// SchemaError is the problem with a file's "schema" version got when
// this build reads version want, or nil; what names the file kind in the
// message ("encounter schema 1"), or is empty ("schema 1").
func SchemaError(got, want int, what string) *FieldError {
	reads := fmt.Sprintf("schema %d", want)
	if what != "" {
		reads = what + " " + reads
	}
	switch {
	case got == 0:
		return &FieldError{Path: "$.schema", Msg: "missing (this build reads " + reads + ")"}
	case got != want:
		return &FieldError{Path: "$.schema", Msg: fmt.Sprintf("version %d is not supported (this build reads %s)", got, reads)}
	}
	return nil
}

// Encode writes v as a file's JSON: indented two spaces, with a trailing
// newline and without HTML escaping (so summaries such as "35 -> 23" stay
// readable). The same value always encodes to the same bytes.
func Encode(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Result returns the first problem as an error, or nil.
func (c *Checker) Result() error {
	if c.Err == nil {
		return nil
	}
	return c.Err
}

// ReadAll reads r to its end, refusing input larger than max bytes
// before buffering it: a regular file is measured first, and any other
// reader is read through a limit of max+1 bytes, so a refusal never costs
// more memory than the limit. The error for oversized input is TooLarge's.
func ReadAll(r io.Reader, maxSize int) ([]byte, error) {
	size := 0
	if st, ok := r.(interface{ Stat() (os.FileInfo, error) }); ok {
		if fi, err := st.Stat(); err == nil && fi.Mode().IsRegular() {
			if fi.Size() > int64(maxSize) {
				return nil, TooLarge(maxSize)
			}
			size = int(fi.Size())
		}
	}
	// Grow by doubling, but never past max+1 bytes: refusing costs at
	// most twice the limit however much input there is.
	buf := make([]byte, 0, min(size+512, maxSize+1))
	for {
		if len(buf) == cap(buf) {
			if len(buf) > maxSize {
				return nil, TooLarge(maxSize)
			}
			grown := make([]byte, len(buf), min(max(2*cap(buf), 4096), maxSize+1))
			copy(grown, buf)
			buf = grown
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if len(buf) > maxSize {
		return nil, TooLarge(maxSize)
	}
	return buf, nil
}
