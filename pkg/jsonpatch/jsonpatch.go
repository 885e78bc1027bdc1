// Package jsonpatch computes and applies JSON Patches (RFC 6902) between
// two JSON documents held as generic values (decoded with
// json.Decoder.UseNumber, so numbers keep their exact text). Only the
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
	"sort"
	"strconv"
	"strings"
)

// Op is one patch operation.
type Op struct {
	// Op is "add", "remove" or "replace".
	Op string `json:"op"`
	// Path is a JSON Pointer (RFC 6901) into the document.
	Path string `json:"path"`
	// Value is the value added or put in place (absent for remove; a
	// null value is kept).
	Value any `json:"value"`
}

// MarshalJSON writes the operation, with no value for remove.
func (o Op) MarshalJSON() ([]byte, error) {
	if o.Op == "remove" {
		return json.Marshal(struct {
			Op   string `json:"op"`
			Path string `json:"path"`
		}{o.Op, o.Path})
	}
	type plain Op
	return json.Marshal(plain(o))
}

// ParseOps decodes a patch (a JSON array of operations), numbers kept as
// json.Number.
func ParseOps(data []byte) ([]Op, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var ops []Op
	if err := dec.Decode(&ops); err != nil {
		return nil, fmt.Errorf("reading the patch: %w", err)
	}
	return ops, nil
}

// Parse decodes a JSON document into a generic value, numbers kept as
// json.Number.
func Parse(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// Diff returns the operations that turn a into b. Objects are compared key
// by key (in sorted key order, so the patch is deterministic), arrays
// index by index with elements added or removed at the end; anything else
// that differs is replaced whole.
func Diff(a, b any) []Op {
	var ops []Op
	diff("", a, b, &ops)
	return ops
}

func diff(path string, a, b any, ops *[]Op) {
	switch av := a.(type) {
	case map[string]any:
		bv, ok := b.(map[string]any)
		if !ok {
			break
		}
		for _, k := range sortedKeys(av) {
			if _, in := bv[k]; !in {
				*ops = append(*ops, Op{Op: "remove", Path: path + "/" + escape(k)})
			}
		}
		for _, k := range sortedKeys(bv) {
			p := path + "/" + escape(k)
			if old, in := av[k]; in {
				diff(p, old, bv[k], ops)
			} else {
				*ops = append(*ops, Op{Op: "add", Path: p, Value: bv[k]})
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
			*ops = append(*ops, Op{Op: "remove", Path: path + "/" + strconv.Itoa(i)})
		}
		for i := n; i < len(bv); i++ {
			*ops = append(*ops, Op{Op: "add", Path: path + "/" + strconv.Itoa(i), Value: bv[i]})
		}
		return
	default:
		if Equal(a, b) {
			return
		}
	}
	*ops = append(*ops, Op{Op: "replace", Path: path, Value: b})
}

// Equal reports whether two generic JSON values are the same (numbers by
// their text).
func Equal(a, b any) bool {
	switch av := a.(type) {
	case map[string]any:
		bv, ok := b.(map[string]any)
		if !ok || len(av) != len(bv) {
			return false
		}
		for k, x := range av {
			y, in := bv[k]
			if !in || !Equal(x, y) {
				return false
			}
		}
		return true
	case []any:
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

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// escape makes an object key a JSON Pointer token (RFC 6901).
func escape(k string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
}

// unescape reads a JSON Pointer token.
func unescape(t string) string {
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(t)
}

// Apply applies the operations to doc in order and returns the result;
// doc may be changed in place. An operation that does not fit the
// document is an error naming it.
func Apply(doc any, ops []Op) (any, error) {
	for i, op := range ops {
		var err error
		doc, err = apply(doc, op)
		if err != nil {
			return nil, fmt.Errorf("patch operation %d (%s %s): %w", i, op.Op, op.Path, err)
		}
	}
	return doc, nil
}

func apply(doc any, op Op) (any, error) {
	switch op.Op {
	case "add", "remove", "replace":
	default:
		return nil, fmt.Errorf("unknown operation %q", op.Op)
	}
	if op.Path == "" {
		if op.Op == "remove" {
			return nil, fmt.Errorf("cannot remove the whole document")
		}
		return op.Value, nil
	}
	if !strings.HasPrefix(op.Path, "/") {
		return nil, fmt.Errorf("a path starts with /")
	}
	tokens := strings.Split(op.Path[1:], "/")
	for i := range tokens {
		tokens[i] = unescape(tokens[i])
	}
	return change(doc, tokens, op)
}

// change applies op at tokens below v and returns the new v.
func change(v any, tokens []string, op Op) (any, error) {
	t := tokens[0]
	last := len(tokens) == 1
	switch c := v.(type) {
	case map[string]any:
		old, in := c[t]
		if !last {
			if !in {
				return nil, fmt.Errorf("no member %q", t)
			}
			nv, err := change(old, tokens[1:], op)
			if err != nil {
				return nil, err
			}
			c[t] = nv
			return c, nil
		}
		switch op.Op {
		case "remove":
			if !in {
				return nil, fmt.Errorf("no member %q to remove", t)
			}
			delete(c, t)
		case "replace":
			if !in {
				return nil, fmt.Errorf("no member %q to replace", t)
			}
			c[t] = op.Value
		case "add":
			c[t] = op.Value
		}
		return c, nil
	case []any:
		i, err := index(t, len(c), last && op.Op == "add")
		if err != nil {
			return nil, err
		}
		if !last {
			nv, err := change(c[i], tokens[1:], op)
			if err != nil {
				return nil, err
			}
			c[i] = nv
			return c, nil
		}
		switch op.Op {
		case "remove":
			return append(c[:i:i], c[i+1:]...), nil
		case "replace":
			c[i] = op.Value
			return c, nil
		}
		out := make([]any, 0, len(c)+1)
		out = append(out, c[:i]...)
		out = append(out, op.Value)
		return append(out, c[i:]...), nil
	}
	return nil, fmt.Errorf("%q: not an object or array", t)
}

// index reads an array index token; "-" (and len, when adding) is the end.
func index(t string, n int, adding bool) (int, error) {
	if adding && t == "-" {
		return n, nil
	}
	i, err := strconv.Atoi(t)
	if err != nil || i < 0 || (t != "0" && strings.HasPrefix(t, "0")) {
		return 0, fmt.Errorf("%q is not an array index", t)
	}
	if i > n || (i == n && !adding) {
		return 0, fmt.Errorf("index %d is past the end (%d elements)", i, n)
	}
	return i, nil
}
