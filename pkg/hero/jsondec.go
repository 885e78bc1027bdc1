//go:build !heroencgen

package hero

import (
	"bytes"
	"encoding"
	"errors"
	"math"
	"sync"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// The hero file's fast decoder. A hero file is read as every spandex
// file is (jsonfile.Decode: github.com/go-json-experiment/json, strict),
// but first by functions generated from the hero types (jsondec_gen.go,
// by internal/cmd/heroencgen: go generate ./pkg/hero), given to the
// library as an unmarshal function for *Hero (WithUnmarshalers, its
// documented way in). They read the same tokens from the same
// jsontext.Decoder; what they save is the library's reflection: a switch
// on each member's name where the library looks it up in a map, and a
// typed assignment where it sets a reflect.Value (a goon's decoding
// takes two thirds of the time, docs/benchmarks.md).
//
// A hero read before may be read into again (Reader): each struct's
// function zeroes the members its object does not have, and a list is
// read into its array from the start.
//
// The fast decoder only ever reads a valid hero. It reads the shapes of
// a hero file itself: an object into a struct (each member by its exact
// name, each at most once), an array into a slice, an object into a map
// (each key at most once), a string (within the StringLimit of its
// member), a whole number (from IntMin to IntMax), true or false: so it
// also checks the bounds jsonfile.Decode otherwise walks the decoded
// hero for (jsonfile.IntMin, jsonfile.StringLimit). Any other value
// (null, a value of another kind, raw JSON) it reads whole and hands to
// the strict library (decStrict), which decodes it exactly as the
// reflective decoder does. On anything it does not accept (an
// unknown member, a name given twice, a value of the wrong kind, bad
// JSON) it stops with errRefused, and jsonfile.Decode reads the file
// again with the strict reflective decoder, whose refusal (one line
// naming the path) is the one reported. So no refusal is worded twice,
// and none is less strict: the jsontext.Decoder still refuses invalid
// UTF-8 and bad syntax; the names given twice, which the decoder would
// look for in every object by comparing each name with all those before
// it (a fifth of the time), are looked for by the generated functions,
// one bit per member of a struct. TestGeneratedDecoderAgrees and
// FuzzGeneratedDecoderAgrees hold the two decoders to the same heroes,
// re-encoded to the same bytes, and the same refusals.

// A Reader reads hero files one after another into one Hero, whose
// lists' arrays (powers, attacks, the log, ...) are read into again:
// for a stream of heroes checked one at a time. The zero value is ready;
// it is not safe for concurrent use.
type Reader struct {
	h Hero
}

// DecodeDraft is the package's DecodeDraft into the Reader's Hero: the
// hero returned is valid until the next call.
func (r *Reader) DecodeDraft(data []byte) (*Hero, error) {
	if err := decodeDraftInto(data, &r.h); err != nil {
		return nil, err
	}
	return &r.h, nil
}

// fastOptions are the fast decoder's (fileFormat's Fast): the strict
// options, with duplicate names left to the generated functions.
var fastOptions = sync.OnceValue(func() jsonv2.Options {
	return jsonfile.FastOptions(jsonv2.WithUnmarshalers(jsonv2.UnmarshalFromFunc(decodeHero)))
})

// strictOptions are the strict decoder's, for the values the fast one
// hands on.
var strictOptions = sync.OnceValue(jsonfile.StrictOptions)

// errRefused is the fast decoder's only refusal: the strict decoder
// reads the file again and words the problem.
var errRefused = errors.New("hero: not a valid hero file (the strict decoder says why)")

// decodeHero reads a hero file's object with the generated functions.
func decodeHero(dec *jsontext.Decoder, h *Hero) error {
	if dec.PeekKind() != '{' {
		return errRefused
	}
	return decHero(dec, h)
}

// decStrict reads the next value whole and decodes it into v with the
// strict decoder: null, and the values the generated functions leave to
// the library.
func decStrict[T any](dec *jsontext.Decoder, v *T) error {
	val, err := dec.ReadValue()
	if err != nil {
		return err
	}
	return strict(val, v)
}

// strict decodes val, a value of another kind than the fast decoder
// reads there (null, or a value the strict decoder refuses), into v
// with the strict decoder.
func strict[T any](val jsontext.Value, v *T) error {
	if err := jsonv2.Unmarshal(val, v, strictOptions()); err != nil {
		return errRefused
	}
	return nil
}

// memberName is a JSON string as read (a member's name, or a string
// value; quoted and valid) without its quotes and escapes.
func memberName(quoted jsontext.Value) []byte {
	if bytes.IndexByte(quoted, '\\') < 0 {
		return quoted[1 : len(quoted)-1]
	}
	name, _ := jsontext.AppendUnquote(nil, quoted)
	return name
}

// The scalars: each reads the value whole (one call to the decoder)
// and hands any other kind than its own to the strict decoder.

// decString reads a string of at most jsonfile.MaxTextLen bytes.
func decString[T ~string](dec *jsontext.Decoder, v *T) error {
	return decStringMax(dec, v, jsonfile.MaxTextLen)
}

// decName reads a name or an identifier: a string of at most
// jsonfile.MaxNameLen bytes.
func decName[T ~string](dec *jsontext.Decoder, v *T) error {
	return decStringMax(dec, v, jsonfile.MaxNameLen)
}

// decStringMax reads a string of at most limit bytes.
func decStringMax[T ~string](dec *jsontext.Decoder, v *T, limit int) error {
	val, err := dec.ReadValue()
	if err != nil {
		return err
	}
	if val.Kind() != '"' {
		return strict(val, v)
	}
	s := string(memberName(val))
	if len(s) > limit {
		return errRefused
	}
	*v = T(s)
	return nil
}

// decText reads a string into a type that reads itself from text
// (rulebook.ArmourClass), as the library does.
func decText[T any, P interface {
	*T
	encoding.TextUnmarshaler
}](dec *jsontext.Decoder, v *T) error {
	val, err := dec.ReadValue()
	if err != nil {
		return err
	}
	if val.Kind() != '"' {
		return strict(val, v)
	}
	if err := P(v).UnmarshalText(memberName(val)); err != nil {
		return errRefused
	}
	return nil
}

// decBool reads true or false.
func decBool[T ~bool](dec *jsontext.Decoder, v *T) error {
	val, err := dec.ReadValue()
	if err != nil {
		return err
	}
	if k := val.Kind(); k != 't' && k != 'f' {
		return strict(val, v)
	}
	*v = val.Kind() == 't'
	return nil
}

// decInt reads a whole number from jsonfile.IntMin to IntMax. As the
// library, it refuses a number written with a fraction or an exponent.
func decInt[T ~int | ~int8 | ~int16 | ~int32 | ~int64](dec *jsontext.Decoder, v *T) error {
	val, err := dec.ReadValue()
	if err != nil {
		return err
	}
	if val.Kind() != '0' {
		return strict(val, v)
	}
	digits := val
	neg := val[0] == '-'
	if neg {
		digits = val[1:]
	}
	n, ok := parseDigits(digits)
	x := int64(n)
	if neg {
		x = -x
	}
	if !ok || n > -jsonfile.IntMin || x < jsonfile.IntMin || x > jsonfile.IntMax || int64(T(x)) != x {
		return errRefused
	}
	*v = T(x)
	return nil
}

// decUint reads a whole number from 0 that fits T.
func decUint[T ~uint | ~uint16 | ~uint32 | ~uint64](dec *jsontext.Decoder, v *T) error {
	val, err := dec.ReadValue()
	if err != nil {
		return err
	}
	if val.Kind() != '0' {
		return strict(val, v)
	}
	n, ok := parseDigits(val)
	if !ok || uint64(T(n)) != n {
		return errRefused
	}
	*v = T(n)
	return nil
}

// parseDigits is the number written by digits, a JSON number's without
// its sign; ok is false if it has anything but digits (a fraction, an
// exponent) or is 2⁶⁴ or more.
func parseDigits(digits []byte) (n uint64, ok bool) {
	if len(digits) == 0 {
		return 0, false
	}
	for _, c := range digits {
		d := uint64(c - '0')
		if c < '0' || c > '9' || n > (math.MaxUint64-d)/10 {
			return 0, false
		}
		n = 10*n + d
	}
	return n, true
}

// zero sets *v to its zero value.
func zero[T any](v *T) {
	var z T
	*v = z
}

// decPointer reads a value into what *v points to, making it if *v is
// nil, with elem; null is a nil pointer.
func decPointer[T any](dec *jsontext.Decoder, v **T, elem func(*jsontext.Decoder, *T) error) error {
	if dec.PeekKind() == 'n' {
		return decStrict(dec, v)
	}
	if *v == nil {
		*v = new(T)
	}
	return elem(dec, *v)
}

// decSlice reads an array into a slice, each element with elem: [] is an
// empty slice, not nil, as the library makes it. The slice's array is
// read into again when it has room.
func decSlice[E any](dec *jsontext.Decoder, v *[]E, elem func(*jsontext.Decoder, *E) error) error {
	if dec.PeekKind() != '[' {
		return decStrict(dec, v)
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	s := (*v)[:0]
	if s == nil {
		s = []E{}
	}
	for dec.PeekKind() != ']' {
		var zero E
		s = append(s, zero)
		if err := elem(dec, &s[len(s)-1]); err != nil {
			return err
		}
	}
	*v = s
	_, err := dec.ReadToken()
	return err
}

// decMap reads an object into a map, each value with elem, refusing a
// key given twice or longer than jsonfile.MaxNameLen.
func decMap[V any](dec *jsontext.Decoder, v *map[string]V, elem func(*jsontext.Decoder, *V) error) error {
	if dec.PeekKind() != '{' {
		return decStrict(dec, v)
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	if *v == nil {
		*v = map[string]V{}
	}
	clear(*v)
	for dec.PeekKind() != '}' {
		name, err := dec.ReadValue()
		if err != nil {
			return err
		}
		key := string(memberName(name))
		if _, twice := (*v)[key]; twice || len(key) > jsonfile.MaxNameLen {
			return errRefused
		}
		var x V
		if err := elem(dec, &x); err != nil {
			return err
		}
		(*v)[key] = x
	}
	_, err := dec.ReadToken()
	return err
}
