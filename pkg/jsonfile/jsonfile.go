// Package jsonfile decodes spandex's JSON files (hero files, encounter
// files, Men & Supermen files) strictly: an unknown key, a key given
// twice, a string that is not UTF-8, a value of the wrong type or a value
// a type rejects (such as armour class "Q") is an error naming its JSON
// path, for example "$.combatants[2].hero.combat.armour_class". It never
// panics on any input; the file formats' fuzz targets exercise it.
//
// The decoding itself is github.com/go-json-experiment/json, the design
// of the standard library's encoding/json/v2: it refuses unknown members,
// duplicate names and invalid UTF-8 by itself, in one pass and in time
// linear in the input, and reports a JSON Pointer with each error. What
// this package adds is thin: the size limit, the one-document check, the
// bounds of whole numbers (IntMin, IntMax) and one-line messages naming
// the path. A format may add a faster decoder generated for its types
// (Format.Fast, pkg/hero's), tried first on a document and held to
// accept and read exactly what the strict decoder does; every refusal
// is still the strict decoder's. When encoding/json/v2 leaves its
// experiment (GOEXPERIMENT jsonv2) the plan is to import it instead: the
// options and error types used here are the same there.
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
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"
)

// FieldError is a problem with one field of a file. Path is a JSON path
// such as "$.abilities.final.strength" or "$.powers[2].rank".
type FieldError struct {
	Path string
	Msg  string
}

// Error is "PATH: MESSAGE" on one line: a control character, a line
// break or a byte that is not UTF-8 (from a key or a value of the file
// echoed in the message) is written as an escape, never raw.
func (e *FieldError) Error() string { return OneLine(e.Path + ": " + e.Msg) }

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
	// MaxItems bounds the elements of any one array (0: no bound beyond
	// MaxSize). It is checked before decoding, on documents of more
	// than a megabyte (a smaller one cannot hold a costly array): a long
	// array of small objects costs the decoder and the checks after it
	// kilobytes an element, however few bytes each takes in the file.
	MaxItems int
	// Fast, when not nil, gives the options of a faster decoder of the
	// format's documents (FastOptions with the unmarshalers of a decoder
	// generated for its types, as pkg/hero's), built on first use
	// (sync.OnceValue: building them walks the JSON library's
	// reflection, which no program start should pay for). Decode tries
	// it first and keeps what it reads; on any
	// error it reads the document again with the strict decoder and
	// checks its bounds, and that refusal is the one reported. A fast
	// decoder must accept exactly the documents the strict decoder and
	// the bounds' walk accept (it checks the bounds itself: IntMin,
	// IntMax, StringLimit) and read them alike; its package's tests hold
	// it to that.
	Fast func() jsonv2.Options
}

// decodeOptions are the decoder's: unknown members are refused (names
// match exactly, as the encoder writes them); so are duplicate names and
// invalid UTF-8, by default.
var decodeOptions = sync.OnceValue(func() jsonv2.Options { return jsonv2.RejectUnknownMembers(true) })

// StrictOptions are the strict decoder's options.
func StrictOptions() jsonv2.Options { return decodeOptions() }

// FastOptions are the strict decoder's options but for duplicate names,
// which a fast decoder (Format.Fast) looks for itself, joined with more
// (its unmarshalers).
func FastOptions(more ...jsonv2.Options) jsonv2.Options {
	return jsonv2.JoinOptions(append([]jsonv2.Options{decodeOptions(), jsontext.AllowDuplicateNames(true)}, more...)...)
}

// Decode parses data into v (a pointer to a struct) strictly and returns a
// *FieldError for the first problem: oversized or empty input, anything
// but one JSON object, invalid JSON (with line and column), an unknown or
// duplicate key, invalid UTF-8, a string a text-decoded type rejects, a
// whole number outside IntMin-IntMax or a value of the wrong type.
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
	if len(trimmed) > longNameCheck {
		if fe := longName(trimmed, f.MaxItems); fe != nil {
			return fe
		}
	}
	if decodeFast(trimmed, v, f) {
		return nil
	}
	if err := jsonv2.Unmarshal(trimmed, v, decodeOptions()); err != nil {
		return clip(explain(trimmed, err, f))
	}
	if fe := checkBounds(v); fe != nil {
		return fe
	}
	return nil
}

// decodeFast reads data into v with the format's fast decoder, if it
// has one, and reports whether it did; when it did not, v is left zero
// for the strict decoder.
func decodeFast(data []byte, v any, f Format) bool {
	if f.Fast == nil {
		return false
	}
	if err := jsonv2.Unmarshal(data, v, f.Fast()); err != nil {
		reflect.ValueOf(v).Elem().SetZero()
		return false
	}
	return true
}

// Precheck is what Decode checks of data before decoding it, for a
// reader that looks into a document another way first: its size and, in
// a document over a megabyte, its member names, strings and arrays
// (MaxNameSize, MaxTextLen, f.MaxItems). It reads the tokens in place,
// copying nothing.
func Precheck(data []byte, f Format) error {
	if len(data) > f.MaxSize {
		return TooLarge(f.MaxSize)
	}
	if trimmed := bytes.TrimSpace(data); len(trimmed) > longNameCheck {
		if fe := longName(trimmed, f.MaxItems); fe != nil {
			return fe
		}
	}
	return nil
}

// MaxNameSize bounds a member name. No name of the files is longer
// than a few dozen bytes, but the decoder handles an unknown one in
// several copies (for its case-insensitive look-up and the error's
// pointer): a name of megabytes would cost a hundred megabytes.
const MaxNameSize = 64 << 10

// longNameCheck is the size of document above which Decode first looks
// for a name over MaxNameSize (a smaller one cannot hold a costly one).
const longNameCheck = 1 << 20

// longName reads the document data's tokens (without decoding its
// strings) for the first member name longer than MaxNameSize, string
// value longer than MaxTextLen, or array of more than maxItems elements
// (when maxItems > 0).
func longName(data []byte, maxItems int) *FieldError {
	dec := jsontext.NewDecoder(bytes.NewBuffer(data), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	for {
		k := dec.PeekKind()
		kind, n := dec.StackIndex(dec.StackDepth())
		var err error
		switch {
		case k == 0:
			return nil // the end, or bad JSON: the decoder words it
		case kind == '[' && maxItems > 0 && n >= int64(maxItems) && k != ']':
			return &FieldError{Path: pathOf(data, dec.StackPointer().Parent()), Msg: "more than " + strconv.Itoa(maxItems) + " elements (at most " + strconv.Itoa(maxItems) + ")"}
		case kind == '{' && n%2 == 0 && k != '}':
			ptr := dec.StackPointer()
			if n > 0 {
				ptr = ptr.Parent()
			}
			var name jsontext.Value
			if name, err = dec.ReadValue(); err == nil && len(name) > MaxNameSize {
				return &FieldError{Path: Member(pathOf(data, ptr), string(name[1:MaxTokenEcho+1])) + "...", Msg: "a member name of " + strconv.Itoa(len(name)-2) + " bytes (at most " + strconv.Itoa(MaxNameSize) + ")"}
			}
		case k == '{' || k == '[' || k == '}' || k == ']':
			_, err = dec.ReadToken()
		case k == '"':
			// A string value longer than any member may hold is refused
			// before it is decoded (and copied).
			var v jsontext.Value
			if v, err = dec.ReadValue(); err == nil && len(v)-2 > MaxTextLen {
				return &FieldError{Path: pathOf(data, dec.StackPointer()), Msg: tooLong(len(v)-2, MaxTextLen)}
			}
		default:
			err = dec.SkipValue()
		}
		if err != nil {
			return nil
		}
	}
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
		cut := maxMsg
		for cut > 0 && !utf8.RuneStart(fe.Path[cut]) {
			cut--
		}
		fe.Path = fe.Path[:cut] + "..."
	}
	return fe
}

// MaxTokenEcho bounds how much of a bad token (a number, a string, a key)
// an error message repeats: a ten-million-digit number is refused with a
// message of a line, not of ten megabytes.
const MaxTokenEcho = 40

// Short returns s, or its first MaxTokenEcho bytes (cut at a rune
// boundary) followed by "... (N bytes)" when it is longer.
func Short(s string) string {
	if len(s) <= MaxTokenEcho {
		return s
	}
	cut := MaxTokenEcho
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "... (" + strconv.Itoa(len(s)) + " bytes)"
}

// shortBytes is Short(string(b)) without copying all of a long b.
func shortBytes(b []byte) string {
	if len(b) <= MaxTokenEcho {
		return string(b)
	}
	cut := MaxTokenEcho
	for cut > 0 && !utf8.RuneStart(b[cut]) {
		cut--
	}
	return string(b[:cut]) + "... (" + strconv.Itoa(len(b)) + " bytes)"
}

// OneLine returns s with every rune a terminal would act on or could not
// show written as a Go escape (a line break as \n, ESC as \x1b, a
// right-to-left override as \u202e, a byte that is not UTF-8 as \xff),
// so that a message echoing a file's key or value stays one plain line.
func OneLine(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsPrint(r) && r != ' ' {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unicode.IsPrint(r) || r == ' ':
			b.WriteString(s[i : i+n])
		default:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		}
		i += n
	}
	return b.String()
}

// errIntRange is a JSON number that is not a whole number from IntMin to
// IntMax; number is the number as written, shortened (Short).
type errIntRange struct{ number string }

func (e *errIntRange) Error() string {
	return "expected a whole number from " + strconv.Itoa(IntMin) + " to " + strconv.Itoa(IntMax) + ", got " + e.number
}

func article(w string) string {
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an"
	}
	return "a"
}

// signedInt reports whether t is a signed integer type.
func signedInt(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return true
	}
	return false
}

// friendlyType names a Go type for a message: "a whole number".
func friendlyType(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(reflect.TypeFor[encoding.TextUnmarshaler]()) {
		return "a string"
	}
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

// kindName names a JSON kind for a message: "JSON string".
func kindName(k jsontext.Kind) string {
	switch k {
	case '"':
		return "JSON string"
	case '0':
		return "JSON number"
	case 't', 'f':
		return "JSON true/false"
	case 'n':
		return "JSON null"
	case '{':
		return "JSON object"
	case '[':
		return "JSON array"
	}
	return "JSON value"
}

// explain turns the decoder's error on data (one trimmed document) into
// the first problem, named by its path.
func explain(data []byte, err error, f Format) *FieldError {
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		return syntaxError(data, se, f)
	}
	var me *jsonv2.SemanticError
	if !errors.As(err, &me) {
		return &FieldError{Path: "$", Msg: "invalid JSON: " + trimPrefix(err.Error())}
	}
	path := pathOf(data, me.JSONPointer)
	var value string
	if len(me.JSONValue) > 0 {
		value = shortBytes(me.JSONValue)
	}
	switch {
	case errors.Is(me.Err, jsonv2.ErrUnknownName):
		return &FieldError{Path: path, Msg: "unknown field"}
	case me.JSONKind == '"' && me.GoType != nil && reflect.PointerTo(me.GoType).Implements(reflect.TypeFor[encoding.TextUnmarshaler]()) && me.Err != nil:
		// The type's own words: `invalid armour class "Q"`.
		return &FieldError{Path: path, Msg: me.Err.Error()}
	case me.JSONKind == '0' && me.GoType != nil && signedInt(me.GoType):
		return &FieldError{Path: path, Msg: (&errIntRange{number: value}).Error()}
	case me.JSONKind == '0' && me.GoType != nil && friendlyType(me.GoType) == "a whole number":
		return &FieldError{Path: path, Msg: "expected a whole number within range, got " + value}
	case me.JSONKind == '0' && me.GoType != nil && friendlyType(me.GoType) == "a number":
		return &FieldError{Path: path, Msg: "expected a number within range, got " + value}
	case me.JSONKind != 0 && me.GoType != nil:
		return &FieldError{Path: path, Msg: "expected " + friendlyType(me.GoType) + ", got " + kindName(me.JSONKind)}
	case me.Err != nil:
		return &FieldError{Path: path, Msg: trimPrefix(me.Err.Error())}
	}
	return &FieldError{Path: path, Msg: trimPrefix(me.Error())}
}

// syntaxError words a syntactic error: a duplicate key, a string that is
// not UTF-8 or holds a lone surrogate escape (each named by its path),
// data after the document, or other invalid JSON (by line and column).
func syntaxError(data []byte, se *jsontext.SyntacticError, f Format) *FieldError {
	off := int(min(max(se.ByteOffset, 0), int64(len(data))))
	switch {
	case errors.Is(se.Err, io.ErrUnexpectedEOF):
		return &FieldError{Path: "$", Msg: "invalid JSON: unexpected end of input"}
	case errors.Is(se.Err, jsontext.ErrDuplicateName):
		return &FieldError{Path: pathOf(data, se.JSONPointer), Msg: "duplicate key (the object already has " + strconv.Quote(Short(se.JSONPointer.LastToken())) + ")"}
	case badUTF8At(data, off):
		return &FieldError{Path: pathOf(data, se.JSONPointer), Msg: "invalid UTF-8 at byte offset " + strconv.Itoa(off)}
	case surrogateAt(data, off):
		return &FieldError{Path: pathOf(data, se.JSONPointer), Msg: "invalid UTF-16 escape (a lone surrogate) at byte offset " + strconv.Itoa(off)}
	}
	if end, ok := valueEnd(data); ok && off >= end {
		return &FieldError{Path: "$", Msg: "unexpected data after the " + f.What + " object" + f.TrailingHint}
	}
	line, col := lineCol(data, off)
	msg := "syntax error"
	if se.Err != nil {
		msg = se.Err.Error()
	}
	return &FieldError{Path: "$", Msg: fmt.Sprintf("invalid JSON at line %d column %d: %s", line, col, msg)}
}

// badUTF8At reports whether data holds a byte that is not UTF-8 at off.
func badUTF8At(data []byte, off int) bool {
	if off >= len(data) {
		return false
	}
	r, n := utf8.DecodeRune(data[off:])
	return r == utf8.RuneError && n <= 1
}

// surrogateAt reports whether data holds a \u escape of a surrogate
// half at off (a lone one: the decoder accepts a pair).
func surrogateAt(data []byte, off int) bool {
	if off+6 > len(data) || data[off] != '\\' || data[off+1] != 'u' {
		return false
	}
	v, err := strconv.ParseUint(string(data[off+2:off+6]), 16, 16)
	return err == nil && v >= 0xD800 && v <= 0xDFFF
}

// valueEnd is the offset just past the first JSON value in data, if it
// is whole (duplicate names and bad UTF-8 aside).
func valueEnd(data []byte) (int, bool) {
	dec := jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	if err := dec.SkipValue(); err != nil {
		return 0, false
	}
	return int(dec.InputOffset()), true
}

func trimPrefix(s string) string {
	s = strings.TrimPrefix(s, "json: ")
	return strings.TrimPrefix(s, "jsontext: ")
}

func lineCol(data []byte, off int) (int, int) {
	off = min(off, len(data))
	line := 1 + bytes.Count(data[:off], []byte{'\n'})
	col := off + 1
	if i := bytes.LastIndexByte(data[:off], '\n'); i >= 0 {
		col = off - i
	}
	return line, col
}

// pathOf turns a JSON Pointer into data into the path of the messages,
// "$.powers[2].rank". A pointer does not tell an array index from a
// member name made of digits, so data is read along the pointer (only
// when there is an error to word); where data cannot be followed (it is
// cut short there), a token of digits is taken for an index.
func pathOf(data []byte, ptr jsontext.Pointer) string {
	var toks []string
	for tok := range ptr.Tokens() {
		toks = append(toks, tok)
	}
	var b strings.Builder
	b.WriteString("$")
	dec := jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	follow := true
	for i, tok := range toks {
		if b.Len() > maxMsg {
			break // clip cuts it here anyway
		}
		var kind jsontext.Kind
		if follow {
			kind = dec.PeekKind()
		}
		// The last token needs no reading past it (and may be a name of
		// megabytes, which reading would copy).
		last := i == len(toks)-1
		switch {
		case kind == '[' || kind != '{' && isIndex(tok):
			b.WriteString("[" + tok + "]")
			follow = follow && !last && kind == '[' && enterIndex(dec, tok)
		default:
			writeName(&b, tok)
			follow = follow && !last && kind == '{' && enterName(dec, tok)
		}
	}
	return b.String()
}

// isIndex reports whether tok is written as an array index.
func isIndex(tok string) bool {
	if tok == "" || len(tok) > 1 && tok[0] == '0' {
		return false
	}
	for _, c := range []byte(tok) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Member is the path of the member name of the object at path:
// path + ".name", or path + `["name"]` for a name that is not plain.
func Member(path, name string) string {
	var b strings.Builder
	b.WriteString(path)
	writeName(&b, name)
	return b.String()
}

// writeName appends ".name", or `["name"]` quoted for a name that is not
// plain (a dot, a bracket, a quote, a blank or a control character).
func writeName(b *strings.Builder, name string) {
	plain := name != ""
	head := name
	if len(head) > MaxTokenEcho {
		head = Short(name)[:strings.LastIndex(Short(name), "... (")]
	}
	for _, r := range head {
		if r == utf8.RuneError || !unicode.IsPrint(r) || unicode.IsSpace(r) || strings.ContainsRune(`.[]"'\`, r) {
			plain = false
			break
		}
	}
	if plain {
		b.WriteString("." + Short(name))
		return
	}
	b.WriteString("[" + strconv.Quote(Short(name)) + "]")
}

// enterIndex moves dec, before an array, to the start of its element tok.
func enterIndex(dec *jsontext.Decoder, tok string) bool {
	n, err := strconv.Atoi(tok)
	if err != nil {
		return false
	}
	if _, err := dec.ReadToken(); err != nil {
		return false
	}
	for ; n > 0; n-- {
		if dec.PeekKind() == ']' || dec.SkipValue() != nil {
			return false
		}
	}
	k := dec.PeekKind()
	return k != 0 && k != ']'
}

// enterName moves dec, before an object, to the start of the value of
// its (first) member named name.
func enterName(dec *jsontext.Decoder, name string) bool {
	if _, err := dec.ReadToken(); err != nil {
		return false
	}
	for dec.PeekKind() == '"' {
		t, err := dec.ReadToken()
		if err != nil {
			return false
		}
		if t.String() == name {
			return true
		}
		if dec.SkipValue() != nil {
			return false
		}
	}
	return false
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

// EncodeMax is Encode for a file that must stay within max bytes (what
// spandex reads back): data is nil when the file would be larger, and n
// is its size either way. It encodes twice, streaming
// (go-json-experiment's writer with encoding/json's semantics): once to
// measure the file, holding none of it, then into a buffer of exactly
// its size. So refusing a file of hundreds of megabytes holds nothing,
// and writing one holds it once (a growing buffer held up to three
// times the file at its last doubling). It writes what Encode writes,
// except a string holding invalid UTF-8 (none read from a file can),
// whose replacement character it writes as itself rather than as \ufffd.
func EncodeMax(v any, max int) (data []byte, n int, err error) {
	var c countingWriter
	if err := jsonv2.MarshalWrite(&c, v, encodeOptions()); err != nil {
		return nil, 0, err
	}
	n = c.n + 1 // the newline
	if n > max {
		return nil, n, nil
	}
	// Not a bytes.Buffer: the encoder would swap its own growing buffer
	// with it (a copy of the file, grown by doubling) rather than write
	// into the one allocated here.
	w := &appendWriter{b: make([]byte, 0, n)}
	if err := jsonv2.MarshalWrite(w, v, encodeOptions()); err != nil {
		return nil, 0, err
	}
	w.b = append(w.b, '\n')
	if len(w.b) != n {
		return nil, 0, fmt.Errorf("jsonfile: the file encoded as %d bytes, then as %d", n, len(w.b))
	}
	return w.b, n, nil
}

// EncodeCompact is v as EncodeMax writes it, but on one line: the same
// values without the indentation or the trailing newline, encoded once.
// It is for a copy that is compared, never written (the state a change
// is recorded against, for undo).
func EncodeCompact(v any) ([]byte, error) {
	return jsonv2.Marshal(v, compactOptions())
}

// countingWriter counts what is written to it and keeps none of it.
type countingWriter struct{ n int }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	return len(p), nil
}

// appendWriter appends what is written to b.
type appendWriter struct{ b []byte }

func (a *appendWriter) Write(p []byte) (int, error) {
	a.b = append(a.b, p...)
	return len(p), nil
}

// encodeOptions write a file as encoding/json writes it (its semantics
// for omitempty, nil slices and the rest), indented two spaces and
// without HTML escaping, streamed: encoding/json's indenting encoder
// holds three copies of the file before it writes any of it.
var encodeOptions = sync.OnceValue(func() jsonv2.Options {
	return jsonv2.JoinOptions(jsonv1.DefaultOptionsV1(), jsontext.EscapeForHTML(false), jsontext.WithIndent("  "))
})

// compactOptions are encodeOptions without the indentation.
var compactOptions = sync.OnceValue(func() jsonv2.Options {
	return jsonv2.JoinOptions(jsonv1.DefaultOptionsV1(), jsontext.EscapeForHTML(false))
})

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
