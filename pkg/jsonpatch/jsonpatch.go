// Package jsonpatch computes and applies JSON Patches (RFC 6902) between
// two JSON documents held as generic values read by Parse: objects are
// *Object, which keeps its members in order, and numbers json.Number,
// which keeps their exact text, so a document encodes back to the same
// bytes. Only the
// operations "add", "remove" and "replace" are made and read: enough to
// record what a change did to a file and to take it back (`fight undo`,
// `hero undo`), and readable by any RFC 6902 tool.
//
// The package is pure: no I/O.
package jsonpatch

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/codename-spandex/spandex/pkg/refusal"
)

// OpKind is an operation's name.
type OpKind string

// The operations read and made (RFC 6902 section 4).
const (
	OpAdd     OpKind = "add"
	OpRemove  OpKind = "remove"
	OpReplace OpKind = "replace"
	// OpTest changes nothing: the value at its path must equal its
	// value, or the patch is not applied.
	OpTest OpKind = "test"
)

// Op is one patch operation.
type Op struct {
	// Op is "add", "remove", "replace" or "test".
	Op OpKind `json:"op"`
	// Path is a JSON Pointer (RFC 6901) into the document.
	Path string `json:"path"`
	// Value is the value added or put in place (absent for remove; a
	// null value is kept).
	Value any `json:"value"`
}

// MarshalJSON writes the operation, with no value for remove.
func (o Op) MarshalJSON() ([]byte, error) {
	if o.Op == OpRemove {
		return json.Marshal(struct {
			Op   OpKind `json:"op"`
			Path string `json:"path"`
		}{o.Op, o.Path})
	}
	type plain Op
	return json.Marshal(plain(o))
}

// Object is a JSON object that keeps its members in order.
type Object struct {
	// keys are the member names in order; a name deleted since (not in
	// m), or added again later, stays until compact drops it.
	keys  []string
	m     map[string]any
	stale int
}

// NewObject returns an empty object.
func NewObject() *Object { return &Object{m: map[string]any{}} }

// Get returns the member k.
func (o *Object) Get(k string) (any, bool) {
	v, ok := o.m[k]
	return v, ok
}

// Set sets the member k, adding it at the end when new.
func (o *Object) Set(k string, v any) {
	if _, ok := o.m[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.m[k] = v
}

// Delete removes the member k, in constant time (amortised).
func (o *Object) Delete(k string) {
	if _, ok := o.m[k]; !ok {
		return
	}
	delete(o.m, k)
	o.stale++
	if o.stale > len(o.keys)/2 {
		o.compact()
	}
}

// compact drops the stale names from keys: a name no longer a member,
// and every place of a name but its last.
func (o *Object) compact() {
	if o.stale == 0 {
		return
	}
	seen := make(map[string]bool, len(o.m))
	out := make([]string, len(o.m))
	n := len(out)
	for i := len(o.keys) - 1; i >= 0; i-- {
		k := o.keys[i]
		if _, in := o.m[k]; in && !seen[k] {
			seen[k] = true
			n--
			out[n] = k
		}
	}
	o.keys, o.stale = out[n:], 0
}

// Keys returns the member names in order.
func (o *Object) Keys() []string {
	o.compact()
	return o.keys
}

// MarshalJSON writes the members in order.
func (o *Object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.Keys() {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		b.Write(kb)
		b.WriteByte(':')
		vb, err := json.Marshal(o.m[k])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Parse decodes one JSON document into a generic value: *Object, []any,
// json.Number, string, bool or nil.
func Parse(data []byte) (any, error) {
	// jsontext reads the tokens in place; encoding/json's Decoder.Token
	// cost 30 us a token (a revert of 40,000 inserts, read three times
	// by hero undo, took 1.3 s). Duplicate names keep the last value and
	// invalid UTF-8 reads as U+FFFD, as encoding/json had them.
	dec := jsontext.NewDecoder(bytes.NewBuffer(data), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	v, err := parseValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return nil, refusal.Errorf("more than one JSON value")
	}
	return v, nil
}

func parseValue(dec *jsontext.Decoder) (any, error) {
	t, err := dec.ReadToken()
	if err != nil {
		return nil, err
	}
	switch t.Kind() {
	case '{':
		o := NewObject()
		for dec.PeekKind() != '}' {
			kt, err := dec.ReadToken()
			if err != nil {
				return nil, err
			}
			k := kt.String() // before the next read voids the token
			v, err := parseValue(dec)
			if err != nil {
				return nil, err
			}
			o.Set(k, v)
		}
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		return o, nil
	case '[':
		a := []any{}
		for dec.PeekKind() != ']' {
			v, err := parseValue(dec)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		return a, nil
	case '"':
		return t.String(), nil
	case '0':
		return json.Number(t.String()), nil
	case 't', 'f':
		return t.Bool(), nil
	}
	return nil, nil
}

// OpHead is an operation's kind and path, without its value.
type OpHead struct {
	Op   OpKind
	Path string
}

// ParseHeads reads the kind and path of each operation of a patch,
// skipping the values (for a check of what a patch touches: the values
// of a revert of 40,000 inserts are most of its cost to read). Its
// errors are ParseOps's on the same patch, but for a value that is not
// valid JSON, which is skipped unread only as far as its syntax.
func ParseHeads(data []byte) ([]OpHead, error) {
	dec := jsontext.NewDecoder(bytes.NewBuffer(data), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	fail := func(err error) ([]OpHead, error) { return nil, fmt.Errorf("reading the patch: %w", err) }
	if t, err := dec.ReadToken(); err != nil {
		return fail(err)
	} else if t.Kind() != '[' {
		return nil, refusal.Errorf("reading the patch: not a JSON array")
	}
	var heads []OpHead
	for i := 0; dec.PeekKind() != ']'; i++ {
		if dec.PeekKind() != '{' {
			if _, err := dec.ReadValue(); err != nil {
				return fail(err)
			}
			return nil, refusal.Errorf("reading the patch: operation %d is not an object", i)
		}
		if _, err := dec.ReadToken(); err != nil {
			return fail(err)
		}
		var h OpHead
		hasOp, hasPath := false, false
		for dec.PeekKind() != '}' {
			kt, err := dec.ReadToken()
			if err != nil {
				return fail(err)
			}
			name := kt.String()
			switch {
			case (name == "op" || name == "path") && dec.PeekKind() == '"':
				vt, err := dec.ReadToken()
				if err != nil {
					return fail(err)
				}
				if name == "op" {
					h.Op, hasOp = OpKind(vt.String()), true
				} else {
					h.Path, hasPath = vt.String(), true
				}
			default:
				if name == "op" {
					hasOp = false
				} else if name == "path" {
					hasPath = false
				}
				if err := dec.SkipValue(); err != nil {
					return fail(err)
				}
			}
		}
		if _, err := dec.ReadToken(); err != nil {
			return fail(err)
		}
		if h.Op == "" || !hasOp || !hasPath {
			return nil, refusal.Errorf("reading the patch: operation %d needs a string op and path", i)
		}
		heads = append(heads, h)
	}
	if _, err := dec.ReadToken(); err != nil {
		return fail(err)
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return fail(refusal.Errorf("more than one JSON value"))
	}
	return heads, nil
}

// ParseOps decodes a patch (a JSON array of operations); values are read
// as by Parse.
func ParseOps(data []byte) ([]Op, error) {
	v, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("reading the patch: %w", err)
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, refusal.Errorf("reading the patch: not a JSON array")
	}
	ops := make([]Op, len(arr))
	for i, x := range arr {
		o, ok := x.(*Object)
		if !ok {
			return nil, refusal.Errorf("reading the patch: operation %d is not an object", i)
		}
		op, _ := o.m["op"].(string)
		path, ok := o.m["path"].(string)
		if op == "" || !ok {
			return nil, refusal.Errorf("reading the patch: operation %d needs a string op and path", i)
		}
		ops[i] = Op{Op: OpKind(op), Path: path, Value: o.m["value"]}
	}
	return ops, nil
}

// Diff returns the operations that turn a into b (values read by Parse).
// Objects are compared member by member (in their order, so the patch is
// deterministic; an added member goes at the end), arrays
// index by index with elements added or removed at the end; anything else
// that differs is replaced whole.
func Diff(a, b any) []Op {
	ops := []Op{}
	diff("", a, b, &ops)
	return ops
}

func diff(path string, a, b any, ops *[]Op) {
	switch av := a.(type) {
	case *Object:
		bv, ok := b.(*Object)
		if !ok {
			break
		}
		for _, k := range av.Keys() {
			if _, in := bv.m[k]; !in {
				*ops = append(*ops, Op{Op: OpRemove, Path: path + "/" + escape(k)})
			}
		}
		for _, k := range bv.Keys() {
			p := path + "/" + escape(k)
			if old, in := av.m[k]; in {
				diff(p, old, bv.m[k], ops)
			} else {
				*ops = append(*ops, Op{Op: OpAdd, Path: p, Value: bv.m[k]})
			}
		}
		return
	case []any:
		bv, ok := b.([]any)
		if !ok {
			break
		}
		n := min(len(av), len(bv))
		for i := 0; i < n; i++ {
			diff(path+"/"+strconv.Itoa(i), av[i], bv[i], ops)
		}
		for i := len(av) - 1; i >= n; i-- {
			*ops = append(*ops, Op{Op: OpRemove, Path: path + "/" + strconv.Itoa(i)})
		}
		for i := n; i < len(bv); i++ {
			*ops = append(*ops, Op{Op: OpAdd, Path: path + "/" + strconv.Itoa(i), Value: bv[i]})
		}
		return
	default:
		if Equal(a, b) {
			return
		}
	}
	*ops = append(*ops, Op{Op: OpReplace, Path: path, Value: b})
}

// Equal reports whether two generic JSON values are the same (numbers by
// their text, objects whatever their members' order).
func Equal(a, b any) bool {
	switch av := a.(type) {
	case *Object:
		bv, ok := b.(*Object)
		if !ok || len(av.m) != len(bv.m) {
			return false
		}
		for k, x := range av.m {
			y, in := bv.m[k]
			if !in || !Equal(x, y) {
				return false
			}
		}
		return true
	case *seq:
		// Only a value of the same length is compared element by
		// element: the cost is bounded by the other value's size.
		switch bv := b.(type) {
		case []any:
			return len(bv) == av.len() && Equal(av.slice(), bv)
		case *seq:
			return bv.len() == av.len() && Equal(av.slice(), bv.slice())
		}
		return false
	case []any:
		if bs, ok := b.(*seq); ok {
			if bs.len() != len(av) {
				return false
			}
			b = bs.slice()
		}
		bv, ok := b.([]any)
		if !ok || len(av) != len(bv) {
			return false
		}
		for i := range av {
			if !Equal(av[i], bv[i]) {
				return false
			}
		}
		return true
	case json.Number:
		bv, ok := b.(json.Number)
		return ok && av == bv
	case float64:
		bv, ok := b.(float64)
		return ok && av == bv
	case string:
		bv, ok := b.(string)
		return ok && av == bv
	case bool:
		bv, ok := b.(bool)
		return ok && av == bv
	case nil:
		return b == nil
	}
	return false
}

// escape makes an object key a JSON Pointer token (RFC 6901).
func escape(k string) string { return escaper.Replace(k) }

var escaper, unescaper = strings.NewReplacer("~", "~0", "/", "~1"), strings.NewReplacer("~1", "/", "~0", "~")

// unescape reads a JSON Pointer token.
func unescape(t string) string { return unescaper.Replace(t) }

// Apply applies the operations to doc in order and returns the result;
// doc may be changed in place. An operation that does not fit the
// document, or a test that fails, is an error naming it.
//
// The whole costs time linear in the document and the operations: arrays
// change in place, and an array that gets an insert or a removal away
// from its end is held, until the patch is applied, as a balanced tree
// (see seq), so that each operation on it is logarithmic in its length.
func Apply(doc any, ops []Op) (any, error) {
	var p Patcher
	doc, err := p.Apply(doc, ops)
	if err != nil {
		return nil, err
	}
	return p.Done(doc), nil
}

// Patcher applies several patches to one document in turn (an undo of
// many changes), converting each long array to a tree at most once and
// back once, in Done: the cost of the whole is linear in the document and
// the patches, however many there are. The zero value is ready.
type Patcher struct{ a applier }

// Apply applies ops to doc as the package's Apply does, but the result
// may hold trees: pass the last result to Done before using it.
func (p *Patcher) Apply(doc any, ops []Op) (any, error) {
	if p.a.rand == 0 {
		p.a.rand = 0x9e3779b97f4a7c15
	}
	for i, op := range ops {
		var err error
		doc, err = p.a.apply(doc, op)
		if err != nil {
			return nil, fmt.Errorf("patch operation %d (%s %s): %w", i, op.Op, op.Path, err)
		}
	}
	return doc, nil
}

// Done returns doc, the last result of Apply, as plain values.
func (p *Patcher) Done(doc any) any {
	if p.a.trees {
		doc = flatten(doc)
		p.a.trees = false
	}
	return doc
}

// applier is one Patcher's state: the priorities of its trees' nodes,
// and whether it made any tree (flattened by Done).
type applier struct {
	rand  uint64
	trees bool
}

func (a *applier) apply(doc any, op Op) (any, error) {
	switch op.Op {
	case OpAdd, OpRemove, OpReplace, OpTest:
	default:
		return nil, refusal.Errorf("unknown operation %q", op.Op)
	}
	if op.Path == "" {
		switch op.Op {
		case OpRemove:
			return nil, refusal.Errorf("cannot remove the whole document")
		case OpTest:
			if !Equal(doc, op.Value) {
				return nil, &TestError{Path: op.Path}
			}
			return doc, nil
		}
		return op.Value, nil
	}
	if !strings.HasPrefix(op.Path, "/") {
		return nil, refusal.Errorf("a path starts with /")
	}
	tokens := strings.Split(op.Path[1:], "/")
	for i := range tokens {
		tokens[i] = unescape(tokens[i])
	}
	return a.change(doc, tokens, op)
}

// TestError is a test operation whose value is not what the document
// holds at its path.
type TestError struct{ Path string }

func (e *TestError) Error() string {
	return "the value is not the one the patch expects"
}

// nearEnd is how far from an array's end an insert or removal is made
// by moving the elements after it; further in, the array becomes a tree.
const nearEnd = 64

// change applies op at tokens below v and returns the new v.
func (a *applier) change(v any, tokens []string, op Op) (any, error) {
	t := tokens[0]
	last := len(tokens) == 1
	switch c := v.(type) {
	case *Object:
		old, in := c.m[t]
		if !last {
			if !in {
				return nil, refusal.Errorf("no member %q", t)
			}
			nv, err := a.change(old, tokens[1:], op)
			if err != nil {
				return nil, err
			}
			c.m[t] = nv
			return c, nil
		}
		switch op.Op {
		case OpRemove:
			if !in {
				return nil, refusal.Errorf("no member %q to remove", t)
			}
			c.Delete(t)
		case OpReplace:
			if !in {
				return nil, refusal.Errorf("no member %q to replace", t)
			}
			c.m[t] = op.Value
		case OpTest:
			if !in {
				return nil, refusal.Errorf("no member %q to test", t)
			}
			if !Equal(old, op.Value) {
				return nil, &TestError{Path: op.Path}
			}
		case OpAdd:
			c.Set(t, op.Value)
		}
		return c, nil
	case []any:
		i, err := index(t, len(c), last && op.Op == OpAdd)
		if err != nil {
			return nil, err
		}
		if !last {
			nv, err := a.change(c[i], tokens[1:], op)
			if err != nil {
				return nil, err
			}
			c[i] = nv
			return c, nil
		}
		switch op.Op {
		case OpReplace:
			c[i] = op.Value
			return c, nil
		case OpTest:
			if !Equal(c[i], op.Value) {
				return nil, &TestError{Path: op.Path}
			}
			return c, nil
		case OpRemove:
			if len(c)-i <= nearEnd {
				copy(c[i:], c[i+1:])
				c[len(c)-1] = nil
				return c[:len(c)-1], nil
			}
		case OpAdd:
			if len(c)-i <= nearEnd {
				c = append(c, nil)
				copy(c[i+1:], c[i:])
				c[i] = op.Value
				return c, nil
			}
		}
		a.trees = true
		return a.change(a.newSeq(c), tokens, op)
	case *seq:
		i, err := index(t, c.len(), last && op.Op == OpAdd)
		if err != nil {
			return nil, err
		}
		if !last {
			n := c.at(i)
			nv, err := a.change(n.v, tokens[1:], op)
			if err != nil {
				return nil, err
			}
			n.v = nv
			return c, nil
		}
		switch op.Op {
		case OpReplace:
			c.at(i).v = op.Value
		case OpTest:
			if !Equal(c.at(i).v, op.Value) {
				return nil, &TestError{Path: op.Path}
			}
		case OpRemove:
			c.remove(i)
		case OpAdd:
			c.insert(i, &node{v: op.Value, pri: a.next(), size: 1})
		}
		return c, nil
	}
	return nil, refusal.Errorf("%q: not an object or array", t)
}

// index reads an array index token; "-" (and len, when adding) is the end.
func index(t string, n int, adding bool) (int, error) {
	if adding && t == "-" {
		return n, nil
	}
	i, err := strconv.Atoi(t)
	if err != nil || i < 0 || (t != "0" && strings.HasPrefix(t, "0")) {
		return 0, refusal.Errorf("%q is not an array index", t)
	}
	if i > n || (i == n && !adding) {
		return 0, refusal.Errorf("index %d is past the end (%d elements)", i, n)
	}
	return i, nil
}

// Get returns the value at a JSON Pointer in doc (values read by Parse).
func Get(doc any, pointer string) (any, bool) {
	if pointer == "" {
		return doc, true
	}
	if !strings.HasPrefix(pointer, "/") {
		return nil, false
	}
	v := doc
	for _, t := range strings.Split(pointer[1:], "/") {
		t = unescape(t)
		switch c := v.(type) {
		case *Object:
			x, ok := c.m[t]
			if !ok {
				return nil, false
			}
			v = x
		case []any:
			i, err := index(t, len(c), false)
			if err != nil {
				return nil, false
			}
			v = c[i]
		default:
			return nil, false
		}
	}
	return v, true
}
