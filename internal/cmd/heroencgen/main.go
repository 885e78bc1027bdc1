// Command heroencgen writes pkg/hero/jsonenc_gen.go: one append function
// per hero file type, walking the fields that encoding/json would walk,
// in the same order, with the same keys, omitempty rules and escaping, so
// that hero.AppendJSON writes byte for byte what encoding/json writes
// (without HTML escaping) several times faster and with no reflection.
//
// With -dec it also writes pkg/hero/jsondec_gen.go: one decode function
// per hero file struct type, reading it from a jsontext.Decoder as the
// library's reflective decoder does, member by member through a switch
// on the name instead of a look-up in a map (decode.go says what it
// reads itself and what it leaves to the library).
//
// It reads the hero types by reflection. The generated file and the
// hand-written helpers it calls are built only without the heroencgen
// build tag, and the generator is run with it, so a stale file (a field
// removed or renamed) never stops the generator from building:
//
//	go generate ./pkg/hero
//	go run -tags heroencgen ./internal/cmd/heroencgen -o pkg/hero/jsonenc_gen.go -dec pkg/hero/jsondec_gen.go
//
// With -check it only verifies that the files are current. The test in
// this directory does the same; pkg/hero's tests compare the encoder
// with encoding/json on randomly filled heroes, and the decoder with the
// reflective one on the hero files and fuzzed input.
package main

import (
	"bytes"
	"encoding"
	"encoding/json"
	"flag"
	"fmt"
	"go/format"
	"os"
	"reflect"
	"sort"
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
)

func main() {
	out := flag.String("o", "jsonenc_gen.go", "the encoder's file to write")
	dec := flag.String("dec", "", "the decoder's file to write (none when empty)")
	check := flag.Bool("check", false, "verify the files are current instead of writing them")
	flag.Parse()
	files := []struct {
		name string
		gen  func() ([]byte, error)
	}{{*out, generate}, {*dec, generateDecoder}}
	for _, f := range files {
		if f.name == "" {
			continue
		}
		src, err := f.gen()
		if err != nil {
			fmt.Fprintln(os.Stderr, "heroencgen:", err)
			os.Exit(1)
		}
		if *check {
			old, err := os.ReadFile(f.name)
			if err != nil || !bytes.Equal(old, src) {
				fmt.Fprintf(os.Stderr, "heroencgen: %s is out of date; run `go generate ./pkg/hero`\n", f.name)
				os.Exit(1)
			}
			continue
		}
		if err := os.WriteFile(f.name, src, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "heroencgen:", err)
			os.Exit(1)
		}
	}
}

// heroPkg is the package the generated file belongs to.
var heroPkg = reflect.TypeOf(hero.Hero{}).PkgPath()

var (
	rawType       = reflect.TypeOf(json.RawMessage{})
	textType      = reflect.TypeOf((*encoding.TextMarshaler)(nil)).Elem()
	marshalerType = reflect.TypeOf((*json.Marshaler)(nil)).Elem()
)

// fastText are TextMarshaler types with a hand-written appender in
// pkg/hero/jsonenc.go (checked against encoding/json by its tests).
var fastText = map[string]string{
	"github.com/codename-spandex/spandex/pkg/rulebook.ArmourClass": "appendArmourClass",
}

type gen struct{ source }

// generate returns the formatted source of jsonenc_gen.go.
func generate() ([]byte, error) {
	g := &gen{newSource()}
	g.want(reflect.TypeOf(hero.Hero{}))
	return g.file(g.structFunc)
}

// source is what the two generators share: the struct types still to
// write a function for (each once), the text of the one being written
// and the imports the file needs.
type source struct {
	buf     bytes.Buffer
	queue   []reflect.Type
	seen    map[reflect.Type]bool
	imports map[string]bool
}

func newSource(imports ...string) source {
	s := source{seen: map[reflect.Type]bool{}, imports: map[string]bool{}}
	for _, p := range imports {
		s.imports[p] = true
	}
	return s
}

// enqueue queues the struct type t, once.
func (s *source) enqueue(t reflect.Type) {
	if !s.seen[t] {
		s.seen[t] = true
		s.queue = append(s.queue, t)
	}
}

func (s *source) printf(format string, args ...any) { fmt.Fprintf(&s.buf, format, args...) }

// file writes the function of every queued type (and of those their
// functions queue) with write, and returns the formatted file.
func (s *source) file(write func(reflect.Type) error) ([]byte, error) {
	var body bytes.Buffer
	for len(s.queue) > 0 {
		t := s.queue[0]
		s.queue = s.queue[1:]
		s.buf.Reset()
		if err := write(t); err != nil {
			return nil, err
		}
		body.Write(s.buf.Bytes())
	}
	return generatedFile(s.imports, body.Bytes())
}

// qual returns the type's name as written in package hero, importing its
// package when it is another's.
func (s *source) qual(t reflect.Type) string {
	switch {
	case t.Name() != "":
	case t.Kind() == reflect.Pointer:
		return "*" + s.qual(t.Elem())
	case t.Kind() == reflect.Slice:
		return "[]" + s.qual(t.Elem())
	case t.Kind() == reflect.Map:
		return "map[" + s.qual(t.Key()) + "]" + s.qual(t.Elem())
	}
	if t.PkgPath() == heroPkg || t.PkgPath() == "" {
		return t.Name()
	}
	s.imports[t.PkgPath()] = true
	p := t.PkgPath()
	return p[strings.LastIndex(p, "/")+1:] + "." + t.Name()
}

// generatedFile is the formatted source of a generated file of package
// hero: its header, its imports (the standard library's first) and body.
func generatedFile(imports map[string]bool, body []byte) ([]byte, error) {
	var src bytes.Buffer
	src.WriteString("// Code generated by heroencgen from the hero types; DO NOT EDIT.\n")
	src.WriteString("// Regenerate with: go generate ./pkg/hero\n\n")
	src.WriteString("//go:build !heroencgen\n\npackage hero\n\n")
	var imps []string
	for p := range imports {
		imps = append(imps, p)
	}
	sort.Strings(imps)
	src.WriteString("import (\n")
	for _, std := range []bool{true, false} {
		if !std {
			src.WriteString("\n")
		}
		for _, p := range imps {
			if !strings.Contains(strings.Split(p, "/")[0], ".") == std {
				fmt.Fprintf(&src, "\t%q\n", p)
			}
		}
	}
	src.WriteString(")\n")
	src.Write(body)
	out, err := format.Source(src.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting: %w\n%s", err, src.Bytes())
	}
	return out, nil
}

// funcName is the name of the append method for a struct type.
func funcName(t reflect.Type) string {
	if t.PkgPath() == heroPkg {
		return "enc" + t.Name()
	}
	p := t.PkgPath()
	p = p[strings.LastIndex(p, "/")+1:]
	return "enc" + strings.ToUpper(p[:1]) + p[1:] + t.Name()
}

// want queues t's append method and returns its name.
func (g *gen) want(t reflect.Type) string {
	g.enqueue(t)
	return funcName(t)
}

// structFunc writes the append method of one struct type. Commas are
// written statically once a field that is always present has been
// written; before that (fields with omitempty first) the method looks at
// the last byte written: '{' means nothing has been written yet.
func (g *gen) structFunc(t reflect.Type) error {
	g.printf("\n// %s appends a %s as encoding/json would.\n", funcName(t), g.qual(t))
	g.printf("func (e *jsonEnc) %s(b []byte, v *%s) []byte {\n", funcName(t), g.qual(t))
	sure := false    // a field has certainly been written
	written := false // a field may have been written
	open := false    // the '{' has been written
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		if f.Anonymous {
			return fmt.Errorf("%s.%s: embedded fields are not handled", t.Name(), f.Name)
		}
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" && opts == "" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		omit := false
		for _, o := range strings.Split(opts, ",") {
			switch o {
			case "":
			case "omitempty":
				omit = true
			default:
				return fmt.Errorf("%s.%s: json option %q is not handled", t.Name(), f.Name, o)
			}
		}
		if strings.ContainsAny(name, "\"\\<>&") {
			return fmt.Errorf("%s.%s: key %q needs escaping, which is not handled", t.Name(), f.Name, name)
		}
		expr := "v." + f.Name
		cond := ""
		if omit {
			switch f.Type.Kind() {
			case reflect.String:
				cond = expr + ` != ""`
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
				reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
				cond = expr + " != 0"
			case reflect.Bool:
				cond = expr
			case reflect.Slice, reflect.Map:
				cond = "len(" + expr + ") != 0"
			case reflect.Pointer:
				cond = expr + " != nil"
			case reflect.Struct:
				// encoding/json never omits a struct.
			default:
				return fmt.Errorf("%s.%s: omitempty on %s is not handled", t.Name(), f.Name, f.Type)
			}
		}
		// pre is the constant written before the value: the key, with
		// the '{' or the comma when they are known here.
		key := fmt.Sprintf("%q:", name)
		pre := ""
		switch {
		case !open && cond == "":
			pre = "{" + key
			open = true
		case !open:
			g.printf("\tb = append(b, '{')\n")
			open = true
		}
		if cond != "" {
			g.printf("\tif %s {\n", cond)
		}
		switch {
		case sure:
			pre = "," + key
		case !written && cond == "":
			// pre is the '{' and the key.
		case !written:
			pre = key
		default:
			g.printf("\tif b[len(b)-1] != '{' {\n\tb = append(b, ',')\n\t}\n")
			pre = key
		}
		plainBool := f.Type.Kind() == reflect.Bool && !f.Type.Implements(textType) && !f.Type.Implements(marshalerType)
		switch {
		case plainBool && cond != "":
			// Under omitempty a bool written is true.
			g.printf("\tb = append(b, `%strue`...)\n", pre)
		case plainBool:
			g.printf("\tif %s {\n\tb = append(b, `%strue`...)\n\t} else {\n\tb = append(b, `%sfalse`...)\n\t}\n", expr, pre, pre)
		default:
			g.printf("\tb = append(b, `%s`...)\n", pre)
			// Under omitempty a slice, map or pointer written is not nil.
			if err := g.value(expr, f.Type, 0, cond != ""); err != nil {
				return fmt.Errorf("%s.%s: %w", t.Name(), f.Name, err)
			}
		}
		if cond != "" {
			g.printf("\t}\n")
		} else {
			sure = true
		}
		written = true
	}
	if !open {
		g.printf("\treturn append(b, \"{}\"...)\n}\n")
		return nil
	}
	g.printf("\treturn append(b, '}')\n}\n")
	return nil
}

// value writes the code appending expr, of type t; nonNil when expr is
// known not to be nil.
func (g *gen) value(expr string, t reflect.Type, depth int, nonNil bool) error {
	switch {
	case t == rawType:
		g.printf("\tb = e.raw(b, %s)\n", expr)
		return nil
	case t.Implements(marshalerType) || reflect.PointerTo(t).Implements(marshalerType):
		return fmt.Errorf("%s implements json.Marshaler, which is not handled", t)
	case t.Implements(textType):
		if fn, ok := fastText[t.PkgPath()+"."+t.Name()]; ok {
			g.printf("\tb = e.%s(b, %s)\n", fn, expr)
			return nil
		}
		g.printf("\tb = e.text(b, %s)\n", expr)
		return nil
	case reflect.PointerTo(t).Implements(textType):
		return fmt.Errorf("%s implements encoding.TextMarshaler on its pointer, which is not handled", t)
	}
	switch t.Kind() {
	case reflect.String:
		if t.Name() == "string" && t.PkgPath() == "" {
			g.printf("\tb = appendString(b, %s)\n", expr)
		} else {
			g.printf("\tb = appendString(b, string(%s))\n", expr)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		g.printf("\tb = appendInt(b, int64(%s))\n", expr)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		g.printf("\tb = appendUint(b, uint64(%s))\n", expr)
	case reflect.Bool:
		g.printf("\tb = appendBool(b, %s)\n", expr)
	case reflect.Struct:
		g.printf("\tb = e.%s(b, &%s)\n", g.want(t), expr)
	case reflect.Pointer:
		if !nonNil {
			g.printf("\tif %s == nil {\n\tb = append(b, \"null\"...)\n\t} else {\n", expr)
		}
		if t.Elem().Kind() == reflect.Struct && t.Elem() != rawType && !t.Elem().Implements(textType) {
			g.printf("\tb = e.%s(b, %s)\n", g.want(t.Elem()), expr)
		} else if err := g.value("(*"+expr+")", t.Elem(), depth, false); err != nil {
			return err
		}
		if !nonNil {
			g.printf("\t}\n")
		}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return fmt.Errorf("%s (base64 in encoding/json) is not handled", t)
		}
		idx := string(rune('i' + depth))
		if !nonNil {
			g.printf("\tif %s == nil {\n\tb = append(b, \"null\"...)\n\t} else {\n", expr)
		}
		g.printf("\tb = append(b, '[')\n")
		g.printf("\tfor %s := range %s {\n\tif %s > 0 {\n\tb = append(b, ',')\n\t}\n", idx, expr, idx)
		if err := g.value(expr+"["+idx+"]", t.Elem(), depth+1, false); err != nil {
			return err
		}
		g.printf("\t}\n\tb = append(b, ']')\n")
		if !nonNil {
			g.printf("\t}\n")
		}
	case reflect.Map:
		if t.Key() != reflect.TypeOf("") || t.Elem() != reflect.TypeOf(0) {
			return fmt.Errorf("map %s is not handled (only map[string]int)", t)
		}
		g.printf("\tb = appendMapStringInt(b, %s)\n", expr)
	default:
		return fmt.Errorf("%s is not handled", t)
	}
	return nil
}
