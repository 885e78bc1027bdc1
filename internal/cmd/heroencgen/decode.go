package main

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	jsonv2 "github.com/go-json-experiment/json"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// The decoder's file: one function per hero file struct type, reading
// the struct's members from a jsontext.Decoder as the library's
// reflective decoder (github.com/go-json-experiment/json, strict) reads
// them, for a valid hero within the bounds jsonfile checks after
// decoding (whole numbers from IntMin to IntMax, each string within the
// StringLimit of the member holding it). Only the shapes a hero file is
// made of are written out: objects into plain structs and maps, arrays
// into slices, strings, whole numbers and true/false. Any other value
// (null, a value of another kind, a type with a JSON decoding method of
// its own such as raw JSON) is read whole and handed to the strict
// library (decStrict); pkg/hero/jsondec.go holds those helpers and says
// the rest.

var (
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	fromUnmarshalerType = reflect.TypeFor[jsonv2.UnmarshalerFrom]()
)

// implements reports whether t or its pointer implements i.
func implements(t, i reflect.Type) bool {
	return t.Implements(i) || reflect.PointerTo(t).Implements(i)
}

// hasMethod reports whether t decodes itself (a method of its own or of
// its pointer), which the generated code leaves to the library.
func hasMethod(t reflect.Type) bool {
	return implements(t, textUnmarshalerType) || implements(t, jsonUnmarshalerType) || implements(t, fromUnmarshalerType)
}

type decGen struct{ source }

// generateDecoder returns the formatted source of jsondec_gen.go.
func generateDecoder() ([]byte, error) {
	g := &decGen{newSource("cmp", "github.com/go-json-experiment/json/jsontext")}
	g.want(reflect.TypeOf(hero.Hero{}))
	return g.file(g.structFunc)
}

// decName is the name of the decode function of a struct type.
func decName(t reflect.Type) string {
	return "dec" + strings.TrimPrefix(funcName(t), "enc")
}

// want queues t's decode function and returns its name.
func (g *decGen) want(t reflect.Type) string {
	g.enqueue(t)
	return decName(t)
}

// structFunc writes the decode function of one struct type: its members
// in any order, each by its exact name (as the library matches them by
// default) and at most once (a bit of seen each); any other name is
// refused.
func (g *decGen) structFunc(t reflect.Type) error {
	name := decName(t)
	g.printf("\n// %s reads a %s.\n", name, g.qual(t))
	g.printf("func %s(dec *jsontext.Decoder, v *%s) error {\n", name, g.qual(t))
	g.printf("\tif dec.PeekKind() != '{' {\n\t\treturn decStrict(dec, v)\n\t}\n")
	g.printf("\tif _, err := dec.ReadToken(); err != nil {\n\t\treturn err\n\t}\n")
	g.printf("\tvar seen uint64 // the members read\n")
	g.printf("\tfor dec.PeekKind() != '}' {\n")
	g.printf("\t\tname, err := dec.ReadValue()\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n")
	g.printf("\t\tvar member uint64 // its bit in seen\n")
	g.printf("\t\tswitch string(memberName(name)) {\n")
	n := 0
	var fields []string // the members' fields, by bit
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			return fmt.Errorf("%s.%s: unexported fields are not handled (a hero read into again would keep them)", t.Name(), f.Name)
		}
		if f.Anonymous {
			return fmt.Errorf("%s.%s: embedded fields are not handled", t.Name(), f.Name)
		}
		tag, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag == "-" && opts == "" {
			return fmt.Errorf("%s.%s: fields the decoder skips are not handled (a hero read into again would keep them)", t.Name(), f.Name)
		}
		if tag == "" {
			tag = f.Name
		}
		for _, o := range strings.Split(opts, ",") {
			if o != "" && o != "omitempty" {
				return fmt.Errorf("%s.%s: json option %q is not handled", t.Name(), f.Name, o)
			}
		}
		if n == 64 {
			return fmt.Errorf("%s: more than 64 members are not handled", t.Name())
		}
		call, err := g.call(f.Type, "&v."+f.Name, jsonfile.StringLimit(tag))
		if err != nil {
			return fmt.Errorf("%s.%s: %w", t.Name(), f.Name, err)
		}
		g.printf("\t\tcase %q:\n", tag)
		g.printf("\t\t\tmember, err = 1<<%d, %s\n", n, call)
		fields = append(fields, f.Name)
		n++
	}
	g.printf("\t\tdefault:\n\t\t\treturn errRefused // an unknown member\n\t\t}\n")
	g.printf("\t\tif err != nil || seen&member != 0 {\n\t\t\treturn cmp.Or(err, errRefused) // or a member given twice\n\t\t}\n")
	g.printf("\t\tseen |= member\n\t}\n")
	if n > 0 {
		g.printf("\t// The members the object does not have are zero (v may hold a\n\t// hero read before, whose lists' arrays are read into again).\n")
		g.printf("\tif seen != 1<<%d-1 {\n", n)
		for bit, f := range fields {
			g.printf("\t\tif seen&(1<<%d) == 0 {\n\t\t\tzero(&v.%s)\n\t\t}\n", bit, f)
		}
		g.printf("\t}\n")
	}
	g.printf("\t_, err := dec.ReadToken()\n\treturn err\n}\n")
	return nil
}

// call returns the call decoding the value at the pointer ptr, of type
// *t: decInt(dec, ptr), decSlice(dec, ptr, decAttack), ...; limit is
// the longest string the member holding it may hold
// (jsonfile.StringLimit).
func (g *decGen) call(t reflect.Type, ptr string, limit int) (string, error) {
	if !hasMethod(t) {
		switch {
		case t.Kind() == reflect.Pointer:
			elem, err := g.value(t.Elem(), limit)
			if err != nil {
				return "", err
			}
			return "decPointer(dec, " + ptr + ", " + elem + ")", nil
		case t.Kind() == reflect.Slice && t.Elem().Kind() != reflect.Uint8:
			elem, err := g.value(t.Elem(), limit)
			if err != nil {
				return "", err
			}
			return "decSlice(dec, " + ptr + ", " + elem + ")", nil
		case t.Kind() == reflect.Map && t.Key() == reflect.TypeFor[string]():
			elem, err := g.value(t.Elem(), limit)
			if err != nil {
				return "", err
			}
			return "decMap(dec, " + ptr + ", " + elem + ")", nil
		}
	}
	fn, err := g.value(t, limit)
	if err != nil {
		return "", err
	}
	return fn + "(dec, " + ptr + ")", nil
}

// value returns the function decoding a value of type t, a
// func(*jsontext.Decoder, *T) error, its strings at most limit bytes.
func (g *decGen) value(t reflect.Type, limit int) (string, error) {
	switch {
	case implements(t, jsonUnmarshalerType) || implements(t, fromUnmarshalerType):
		return "decStrict", nil // raw JSON
	case implements(t, textUnmarshalerType):
		return "decText", nil
	}
	switch t.Kind() {
	case reflect.String:
		switch limit {
		case jsonfile.MaxNameLen:
			return "decName", nil
		case jsonfile.MaxTextLen:
			return "decString", nil
		}
		return "", fmt.Errorf("a string limit of %d bytes is not handled", limit)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "decInt", nil
	case reflect.Uint, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "decUint", nil
	case reflect.Bool:
		return "decBool", nil
	case reflect.Struct:
		return g.want(t), nil
	case reflect.Pointer, reflect.Slice, reflect.Map:
		body, err := g.call(t, "v", limit)
		if err != nil {
			return "", err
		}
		return "func(dec *jsontext.Decoder, v *" + g.qual(t) + ") error { return " + body + " }", nil
	case reflect.Uint8, reflect.Float32, reflect.Float64:
		return "decStrict", nil // none in a hero file
	}
	return "", fmt.Errorf("%s is not handled", t)
}
