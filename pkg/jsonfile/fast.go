package jsonfile

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// The fast path of Decode.
//
// The strict decoder reads a file four times (encoding/json into a tree
// of interfaces, the duplicate-key and UTF-8 scan, the shape walk, then
// encoding/json again into the typed value): thorough, and right for
// errors, but some 3,000 allocations for a 6 KB hero. Most files are
// good, so Decode first tries decodeFast: one pass over the bytes that
// fills the typed value directly and checks, as it goes, everything the
// strict path checks. decodeFast never reports a problem: at the first
// thing it does not handle or doubts (a syntax error, an unknown key, a
// duplicate key, invalid UTF-8, a number out of range, a value of the
// wrong type, a null, a \u escape, a text value its type rejects) it
// gives up, the value is reset to zero, and the strict path decides and
// words the error exactly as before.
//
// The promise, checked by FuzzDecodeFast and the tests on every file in
// testdata: when decodeFast succeeds, the strict path would have accepted
// the same bytes and produced a deeply equal value.

// fastKind is what a Go type is to the fast path.
type fastKind uint8

const (
	fkUnsupported fastKind = iota // the fast path never decodes this type
	fkBool
	fkInt
	fkUint
	fkFloat
	fkString
	fkText // a string type decoded by its UnmarshalText
	fkRaw  // json.RawMessage: the value's bytes, checked
	fkStruct
	fkSlice
	fkMap // map[string]T
	fkPtr
)

// fastPlan is how the fast path decodes one Go type. Reflection builds
// the plan, once per type; decoding a document follows it with plain
// memory writes at the offsets and sizes it holds (reflection only to
// allocate a slice, a map or a pointer's target, and to call a text
// type's UnmarshalText), so no reflect.Value is made per scalar.
type fastPlan struct {
	kind   fastKind
	typ    reflect.Type
	size   uintptr   // typ.Size(): a number's width, a slice element's stride
	elem   *fastPlan // slice, map and pointer elements
	fields []fastField
	// ok is false when the type or a type it holds is unsupported; it is
	// set once the whole plan is built.
	ok bool
}

type fastField struct {
	name   string
	offset uintptr
	plan   *fastPlan
}

// fastPlans caches the plan of each type (types are fixed at compile
// time, so the cache is bounded by the program's types).
var fastPlans sync.Map

func planFor(t reflect.Type) *fastPlan {
	if p, ok := fastPlans.Load(t); ok {
		return p.(*fastPlan)
	}
	building := map[reflect.Type]*fastPlan{}
	p := buildPlan(t, building)
	// A plan is usable only if every type it reaches is.
	for _, q := range building {
		q.ok = true
	}
	for changed := true; changed; {
		changed = false
		for _, q := range building {
			if q.ok && !q.selfOK() {
				q.ok = false
				changed = true
			}
		}
	}
	fastPlans.Store(t, p)
	return p
}

func (p *fastPlan) selfOK() bool {
	switch p.kind {
	case fkUnsupported:
		return false
	case fkSlice, fkMap, fkPtr:
		return p.elem.ok
	case fkStruct:
		for _, f := range p.fields {
			if !f.plan.ok {
				return false
			}
		}
	}
	return true
}

func buildPlan(t reflect.Type, building map[reflect.Type]*fastPlan) *fastPlan {
	if p, ok := building[t]; ok {
		return p
	}
	p := &fastPlan{typ: t, size: t.Size()}
	building[t] = p
	pt := reflect.PointerTo(t)
	switch {
	case t == reflect.TypeFor[json.RawMessage]():
		p.kind = fkRaw
		return p
	case pt.Implements(reflect.TypeFor[json.Unmarshaler]()) || t.Implements(reflect.TypeFor[json.Unmarshaler]()):
		return p // unsupported
	case pt.Implements(reflect.TypeFor[encoding.TextUnmarshaler]()):
		if t.Kind() != reflect.Pointer {
			p.kind = fkText
		}
		return p
	}
	switch t.Kind() {
	case reflect.Bool:
		p.kind = fkBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		p.kind = fkInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		p.kind = fkUint
	case reflect.Float32, reflect.Float64:
		p.kind = fkFloat
	case reflect.String:
		p.kind = fkString
	case reflect.Pointer:
		p.kind = fkPtr
		p.elem = buildPlan(t.Elem(), building)
	case reflect.Slice:
		p.kind = fkSlice
		p.elem = buildPlan(t.Elem(), building)
	case reflect.Map:
		if t.Key().Kind() != reflect.String || reflect.PointerTo(t.Key()).Implements(reflect.TypeFor[encoding.TextUnmarshaler]()) {
			return p
		}
		p.kind = fkMap
		p.elem = buildPlan(t.Elem(), building)
	case reflect.Struct:
		if t.NumField() > 64 {
			return p // the duplicate-key set is one uint64
		}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.Anonymous {
				return p // encoding/json would flatten it; the shape walk does not
			}
			if !f.IsExported() {
				continue
			}
			name := f.Name
			if tag, ok := f.Tag.Lookup("json"); ok {
				n, opts, hasOpts := strings.Cut(tag, ",")
				if n == "-" {
					if hasOpts {
						return p // a field named "-": the shape walk skips it
					}
					continue
				}
				if strings.Contains(","+opts+",", ",string,") {
					return p
				}
				if n != "" {
					name = n
				}
			}
			for _, g := range p.fields {
				if g.name == name {
					return p // two fields of one name: encoding/json ignores both
				}
			}
			p.fields = append(p.fields, fastField{name: name, offset: f.Offset, plan: buildPlan(f.Type, building)})
		}
		p.kind = fkStruct
	}
	return p
}

// fastDecoder is one run of the fast path over data.
type fastDecoder struct {
	data  []byte
	pos   int
	depth int
	// keys holds the keys of the raw objects open at one time, for
	// their duplicate check.
	keys [][]byte
	// buf holds an unescaped string.
	buf []byte
	// text is data as one string, made at the first string value: a
	// string without escapes is a substring of it, so decoding a
	// document allocates its text once rather than once per string.
	text string
}

// maxFastDepth bounds nesting on the fast path (deeper files go to the
// strict path, which has its own limit).
const maxFastDepth = 200

// decodeFast decodes data, one trimmed JSON object, into v, a pointer to
// a zero value of a struct type, and reports whether it did; on false, v
// may be partly filled and the caller resets it.
func decodeFast(data []byte, v any) bool {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return false
	}
	p := planFor(rv.Elem().Type())
	if !p.ok || p.kind != fkStruct {
		return false
	}
	d := fastDecoder{data: data}
	if !d.value(p, rv.UnsafePointer()) {
		return false
	}
	d.ws()
	return d.pos == len(d.data)
}

func (d *fastDecoder) ws() {
	// Compact JSON (JSON Lines) has no blanks: one test.
	if d.pos < len(d.data) && d.data[d.pos] > ' ' {
		return
	}
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

// value decodes the value at d.pos into the value of p's type at ptr.
func (d *fastDecoder) value(p *fastPlan, ptr unsafe.Pointer) bool {
	d.ws()
	if d.pos >= len(d.data) {
		return false
	}
	c := d.data[d.pos]
	switch p.kind {
	case fkStruct:
		return c == '{' && d.object(p, ptr)
	case fkSlice:
		return c == '[' && d.array(p, ptr)
	case fkMap:
		return c == '{' && d.mapValue(p, ptr)
	case fkPtr:
		if c == 'n' {
			return false
		}
		e := reflect.New(p.elem.typ).UnsafePointer()
		if !d.value(p.elem, e) {
			return false
		}
		*(*unsafe.Pointer)(ptr) = e
		return true
	case fkString:
		if c != '"' {
			return false
		}
		s, ok := d.strValue()
		if !ok {
			return false
		}
		*(*string)(ptr) = s
		return true
	case fkText:
		if c != '"' {
			return false
		}
		s, ok := d.str()
		if !ok {
			return false
		}
		return reflect.NewAt(p.typ, ptr).Interface().(encoding.TextUnmarshaler).UnmarshalText(s) == nil
	case fkBool:
		switch {
		case d.lit("true"):
			*(*bool)(ptr) = true
		case d.lit("false"):
			*(*bool)(ptr) = false
		default:
			return false
		}
		return true
	case fkInt:
		n, ok := d.int()
		if !ok {
			return false
		}
		switch p.size {
		case 1:
			if int64(int8(n)) != n {
				return false
			}
			*(*int8)(ptr) = int8(n)
		case 2:
			if int64(int16(n)) != n {
				return false
			}
			*(*int16)(ptr) = int16(n)
		case 4:
			if int64(int32(n)) != n {
				return false
			}
			*(*int32)(ptr) = int32(n)
		case 8:
			*(*int64)(ptr) = n
		default:
			return false
		}
		return true
	case fkUint:
		num, ok := d.number()
		if !ok {
			return false
		}
		n, err := strconv.ParseUint(string(num), 10, int(8*p.size))
		if err != nil {
			return false
		}
		switch p.size {
		case 1:
			*(*uint8)(ptr) = uint8(n)
		case 2:
			*(*uint16)(ptr) = uint16(n)
		case 4:
			*(*uint32)(ptr) = uint32(n)
		case 8:
			*(*uint64)(ptr) = n
		default:
			return false
		}
		return true
	case fkFloat:
		num, ok := d.number()
		if !ok {
			return false
		}
		f, err := strconv.ParseFloat(string(num), int(8*p.size))
		if err != nil {
			return false
		}
		switch p.size {
		case 4:
			*(*float32)(ptr) = float32(f)
		case 8:
			*(*float64)(ptr) = f
		default:
			return false
		}
		return true
	case fkRaw:
		start := d.pos
		if !d.skip() {
			return false
		}
		*(*json.RawMessage)(ptr) = append(json.RawMessage(nil), d.data[start:d.pos]...)
		return true
	}
	return false
}

func (d *fastDecoder) lit(word string) bool {
	if len(d.data)-d.pos >= len(word) && string(d.data[d.pos:d.pos+len(word)]) == word {
		end := d.pos + len(word)
		if end < len(d.data) && !delimiter(d.data[end]) {
			return false
		}
		d.pos = end
		return true
	}
	return false
}

func delimiter(c byte) bool {
	switch c {
	case ',', '}', ']', ' ', '\t', '\n', '\r':
		return true
	}
	return false
}

// int reads a whole number within IntMin-IntMax: -?(0|[1-9][0-9]*),
// no fraction or exponent.
func (d *fastDecoder) int() (int64, bool) {
	i := d.pos
	neg := false
	if i < len(d.data) && d.data[i] == '-' {
		neg = true
		i++
	}
	start := i
	var n int64
	for i < len(d.data) && d.data[i] >= '0' && d.data[i] <= '9' {
		if i-start >= 10 {
			return 0, false
		}
		n = n*10 + int64(d.data[i]-'0')
		i++
	}
	if i == start || (d.data[start] == '0' && i-start > 1) {
		return 0, false
	}
	if i < len(d.data) && !delimiter(d.data[i]) {
		return 0, false
	}
	if neg {
		n = -n
	}
	if n < IntMin || n > IntMax {
		return 0, false
	}
	d.pos = i
	return n, true
}

// number reads a JSON number (the full grammar) and returns its text.
func (d *fastDecoder) number() ([]byte, bool) {
	i := d.pos
	digits := func() int {
		s := i
		for i < len(d.data) && d.data[i] >= '0' && d.data[i] <= '9' {
			i++
		}
		return i - s
	}
	if i < len(d.data) && d.data[i] == '-' {
		i++
	}
	s := i
	n := digits()
	if n == 0 || (d.data[s] == '0' && n > 1) {
		return nil, false
	}
	if i < len(d.data) && d.data[i] == '.' {
		i++
		if digits() == 0 {
			return nil, false
		}
	}
	if i < len(d.data) && (d.data[i] == 'e' || d.data[i] == 'E') {
		i++
		if i < len(d.data) && (d.data[i] == '+' || d.data[i] == '-') {
			i++
		}
		if digits() == 0 {
			return nil, false
		}
	}
	if i < len(d.data) && !delimiter(d.data[i]) {
		return nil, false
	}
	num := d.data[d.pos:i]
	d.pos = i
	return num, true
}

// strStop marks the bytes that end str's run of plain bytes: the
// closing quote, a backslash, control characters and the bytes of a
// multi-byte UTF-8 sequence.
var strStop = func() (t [256]bool) {
	for c := range t {
		t[c] = c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf
	}
	return t
}()

// str reads the string at d.pos (its opening quote) and returns its
// content, unescaped (into d.buf when it has escapes: valid until the
// next call). Control characters, invalid UTF-8 and \u escapes (whose
// surrogates the strict path checks) give up.
func (d *fastDecoder) str() ([]byte, bool) {
	start, end, ok := d.plain()
	if !ok {
		return nil, false
	}
	if end < 0 {
		return d.escaped(start)
	}
	return d.data[start:end], true
}

// strValue is str as a string: a substring of d.text when the string
// has no escapes (no allocation), else a copy of the unescaped bytes.
func (d *fastDecoder) strValue() (string, bool) {
	start, end, ok := d.plain()
	if !ok {
		return "", false
	}
	if end < 0 {
		b, ok := d.escaped(start)
		return string(b), ok
	}
	if d.text == "" {
		d.text = string(d.data)
	}
	return d.text[start:end], true
}

// plain scans the string at d.pos (its opening quote): a string without
// escapes is data[start:end] and d.pos moves past it; at a backslash
// end is -1 (d.escaped reads it from start); ok is false for a control
// character, invalid UTF-8 or a missing closing quote.
func (d *fastDecoder) plain() (start, end int, ok bool) {
	data := d.data
	i := d.pos + 1
	start = i
	for {
		for i < len(data) && !strStop[data[i]] {
			i++
		}
		if i >= len(data) {
			return 0, 0, false
		}
		switch c := data[i]; {
		case c == '"':
			d.pos = i + 1
			return start, i, true
		case c == '\\':
			return start, -1, true
		case c < 0x20:
			return 0, 0, false
		default:
			// A multi-byte sequence: valid, and whole.
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size <= 1 {
				return 0, 0, false
			}
			i += size
		}
	}
}

// escaped reads a string with escapes, from its first content byte.
func (d *fastDecoder) escaped(start int) ([]byte, bool) {
	d.buf = d.buf[:0]
	i := start
	runStart := i
	for i < len(d.data) {
		c := d.data[i]
		switch {
		case c == '"':
			d.buf = append(d.buf, d.data[runStart:i]...)
			if !utf8.Valid(d.buf) {
				return nil, false
			}
			d.pos = i + 1
			return d.buf, true
		case c == '\\':
			d.buf = append(d.buf, d.data[runStart:i]...)
			if i+1 >= len(d.data) {
				return nil, false
			}
			var r byte
			switch d.data[i+1] {
			case '"':
				r = '"'
			case '\\':
				r = '\\'
			case '/':
				r = '/'
			case 'b':
				r = '\b'
			case 'f':
				r = '\f'
			case 'n':
				r = '\n'
			case 'r':
				r = '\r'
			case 't':
				r = '\t'
			default:
				return nil, false // \u and invalid escapes: the strict path
			}
			d.buf = append(d.buf, r)
			i += 2
			runStart = i
			continue
		case c < 0x20:
			return nil, false
		}
		i++
	}
	return nil, false
}

// key reads an object key and the colon after it.
func (d *fastDecoder) key() ([]byte, bool) {
	d.ws()
	if d.pos >= len(d.data) || d.data[d.pos] != '"' {
		return nil, false
	}
	k, ok := d.str()
	if !ok {
		return nil, false
	}
	d.ws()
	if d.pos >= len(d.data) || d.data[d.pos] != ':' {
		return nil, false
	}
	d.pos++
	return k, true
}

// keyValue is key as a string (see strValue).
func (d *fastDecoder) keyValue() (string, bool) {
	d.ws()
	if d.pos >= len(d.data) || d.data[d.pos] != '"' {
		return "", false
	}
	k, ok := d.strValue()
	if !ok {
		return "", false
	}
	d.ws()
	if d.pos >= len(d.data) || d.data[d.pos] != ':' {
		return "", false
	}
	d.pos++
	return k, true
}

// next reads the comma or closing byte after a member or element and
// reports whether another follows; ok is false on anything else.
func (d *fastDecoder) next(closing byte) (more, ok bool) {
	d.ws()
	if d.pos >= len(d.data) {
		return false, false
	}
	switch d.data[d.pos] {
	case ',':
		d.pos++
		return true, true
	case closing:
		d.pos++
		return false, true
	}
	return false, false
}

// empty reports (and consumes) an immediately closing object or array.
func (d *fastDecoder) empty(closing byte) bool {
	d.ws()
	if d.pos < len(d.data) && d.data[d.pos] == closing {
		d.pos++
		return true
	}
	return false
}

func (d *fastDecoder) enter() bool {
	d.depth++
	return d.depth <= maxFastDepth
}

func (d *fastDecoder) object(p *fastPlan, ptr unsafe.Pointer) bool {
	if !d.enter() {
		return false
	}
	defer func() { d.depth-- }()
	d.pos++ // {
	if d.empty('}') {
		return true
	}
	var seen uint64
	hint := 0
	for {
		k, ok := d.key()
		if !ok {
			return false
		}
		// Fields usually come in declaration order: look from the one
		// after the last match.
		fi := -1
		for j := range p.fields {
			at := (hint + j) % len(p.fields)
			if p.fields[at].name == string(k) {
				fi = at
				break
			}
		}
		if fi < 0 || seen&(1<<fi) != 0 {
			return false // unknown or duplicate key
		}
		seen |= 1 << fi
		hint = fi + 1
		f := &p.fields[fi]
		if !d.value(f.plan, unsafe.Add(ptr, f.offset)) {
			return false
		}
		more, ok := d.next('}')
		if !ok {
			return false
		}
		if !more {
			return true
		}
	}
}

// sliceHeader is the memory layout of a slice.
type sliceHeader struct {
	data unsafe.Pointer
	len  int
	cap  int
}

func (d *fastDecoder) array(p *fastPlan, ptr unsafe.Pointer) bool {
	if !d.enter() {
		return false
	}
	defer func() { d.depth-- }()
	d.pos++ // [
	// The slice is allocated and grown by reflect (zeroed memory, the
	// element type's pointers known to the collector); its elements are
	// decoded in place.
	v := reflect.NewAt(p.typ, ptr).Elem()
	if d.empty(']') {
		v.Set(reflect.MakeSlice(p.typ, 0, 0))
		return true
	}
	v.Set(reflect.MakeSlice(p.typ, 0, 4))
	h := (*sliceHeader)(ptr)
	for i := 0; ; i++ {
		if i == h.cap {
			v.Grow(1)
		}
		h.len = i + 1
		if !d.value(p.elem, unsafe.Add(h.data, uintptr(i)*p.elem.size)) {
			return false
		}
		more, ok := d.next(']')
		if !ok {
			return false
		}
		if !more {
			return true
		}
	}
}

func (d *fastDecoder) mapValue(p *fastPlan, ptr unsafe.Pointer) bool {
	if !d.enter() {
		return false
	}
	defer func() { d.depth-- }()
	d.pos++ // {
	m := reflect.MakeMap(p.typ)
	reflect.NewAt(p.typ, ptr).Elem().Set(m)
	if d.empty('}') {
		return true
	}
	elem := reflect.New(p.elem.typ).Elem()
	for {
		k, ok := d.keyValue()
		if !ok {
			return false
		}
		key := reflect.ValueOf(k).Convert(p.typ.Key())
		if m.MapIndex(key).IsValid() {
			return false // duplicate key
		}
		elem.SetZero()
		if !d.value(p.elem, elem.Addr().UnsafePointer()) {
			return false
		}
		m.SetMapIndex(key, elem)
		more, ok := d.next('}')
		if !ok {
			return false
		}
		if !more {
			return true
		}
	}
}

// skip checks and passes over any JSON value (for a json.RawMessage):
// its syntax, its strings' UTF-8 and its objects' keys for duplicates.
func (d *fastDecoder) skip() bool {
	d.ws()
	if d.pos >= len(d.data) {
		return false
	}
	switch c := d.data[d.pos]; {
	case c == '"':
		_, ok := d.str()
		return ok
	case c == '{':
		if !d.enter() {
			return false
		}
		defer func() { d.depth-- }()
		d.pos++
		if d.empty('}') {
			return true
		}
		base := len(d.keys)
		defer func() { d.keys = d.keys[:base] }()
		for {
			k, ok := d.key()
			if !ok {
				return false
			}
			for _, prev := range d.keys[base:] {
				if string(prev) == string(k) {
					return false
				}
			}
			// k may point into d.buf (an escaped key): keep a copy.
			d.keys = append(d.keys, append([]byte(nil), k...))
			if !d.skip() {
				return false
			}
			more, ok := d.next('}')
			if !ok {
				return false
			}
			if !more {
				return true
			}
		}
	case c == '[':
		if !d.enter() {
			return false
		}
		defer func() { d.depth-- }()
		d.pos++
		if d.empty(']') {
			return true
		}
		for {
			if !d.skip() {
				return false
			}
			more, ok := d.next(']')
			if !ok {
				return false
			}
			if !more {
				return true
			}
		}
	case c == 't':
		return d.lit("true")
	case c == 'f':
		return d.lit("false")
	case c == '-' || (c >= '0' && c <= '9'):
		_, ok := d.number()
		return ok
	}
	return false // null included: the strict path
}
