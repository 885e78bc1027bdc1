package jsonpatch

import (
	"bytes"
	"io"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/codename-spandex/spandex/pkg/refusal"
)

// DiffEncoded returns the operations Diff(Parse(a), Parse(b)) returns,
// values and all, reading the two encoded documents without building
// either: a member or element encoded alike in both is passed over as
// bytes, and only the values the patch carries are parsed. Recording a
// change to a file (package undo) diffs two encodings of it that differ
// in a few values; building both whole, to compare nearly all of them,
// was most of the cost of a change.
//
// With test, each replace is preceded by a test of the value a holds
// at its path (what undo records, to refuse to put an old value back
// over a hand edit).
//
// Equal encodings are equal values, so only what differs is read
// further; a document with a repeated member name (which Parse reads as
// its first place and last value) is diffed as Parse reads it.
func DiffEncoded(a, b []byte, test bool) ([]Op, error) {
	d := encDiff{test: test, ops: []Op{}}
	if err := d.top(a, b); err == nil {
		return d.ops, nil
	}
	// Anything the walk does not take (invalid JSON, a repeated name)
	// goes the generic way, which reads it, or refuses it, as Parse does.
	av, err := Parse(a)
	if err != nil {
		return nil, err
	}
	bv, err := Parse(b)
	if err != nil {
		return nil, err
	}
	ops := Diff(av, bv)
	if !test {
		return ops, nil
	}
	out := make([]Op, 0, len(ops))
	for _, op := range ops {
		if op.Op == OpReplace {
			if v, ok := Get(av, op.Path); ok {
				out = append(out, Op{Op: OpTest, Path: op.Path, Value: v})
			}
		}
		out = append(out, op)
	}
	return out, nil
}

// encDiff is one DiffEncoded: its options, the operations so far, and
// one decoder reused to read each value it splits.
type encDiff struct {
	test bool
	ops  []Op
	dec  jsontext.Decoder
	buf  bytes.Buffer
}

// errRepeated is an object with a repeated member name: DiffEncoded
// diffs it the generic way.
var errRepeated = refusal.New("a repeated member name")

// top diffs two whole documents: each must be one JSON value.
func (d *encDiff) top(a, b []byte) error {
	if object(a) && object(b) {
		// Split whole, each read once: what they hold is diffed from
		// there.
		am, aAt, err := d.members(a, true)
		if err != nil {
			return err
		}
		bm, bAt, err := d.members(b, true)
		if err != nil {
			return err
		}
		return d.objects("", am, aAt, bm, bAt)
	}
	ra, err := d.whole(a)
	if err != nil {
		return err
	}
	rb, err := d.whole(b)
	if err != nil {
		return err
	}
	return d.diff("", ra, rb)
}

// whole reads doc as one JSON value and returns its encoding without the
// space around it. The value is read whole (its syntax checked) here,
// once: the values split out of it later are known to be valid.
func (d *encDiff) whole(doc []byte) ([]byte, error) {
	d.reset(doc)
	v, err := d.dec.ReadValue()
	if err != nil {
		return nil, err
	}
	end := int(d.dec.InputOffset())
	raw := doc[end-len(v) : end]
	if _, err := d.dec.ReadToken(); err != io.EOF {
		return nil, refusal.Errorf("more than one JSON value")
	}
	return raw, nil
}

func (d *encDiff) reset(raw []byte) {
	d.buf = *bytes.NewBuffer(raw)
	d.dec.Reset(&d.buf, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
}

// next reads the next value of the one being split and returns its
// encoding, a slice of raw.
func (d *encDiff) next(raw []byte) ([]byte, error) {
	v, err := d.dec.ReadValue()
	if err != nil {
		return nil, err
	}
	end := int(d.dec.InputOffset())
	return raw[end-len(v) : end], nil
}

// member is one member of an encoded object.
type member struct {
	name string
	raw  []byte
}

// object reports whether doc is an object (its first byte after any
// space is '{').
func object(doc []byte) bool {
	for _, c := range doc {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		return c == '{'
	}
	return false
}

// members splits an encoded object into its members, in order, and
// returns where each name is. Whole, raw is a document read for the
// first time, which nothing may follow.
func (d *encDiff) members(raw []byte, whole bool) ([]member, map[string]int, error) {
	d.reset(raw)
	if _, err := d.dec.ReadToken(); err != nil {
		return nil, nil, err
	}
	var out []member
	at := map[string]int{}
	for d.dec.PeekKind() != '}' {
		t, err := d.dec.ReadToken()
		if err != nil {
			return nil, nil, err
		}
		name := t.String()
		v, err := d.next(raw)
		if err != nil {
			return nil, nil, err
		}
		if _, ok := at[name]; ok {
			return nil, nil, errRepeated
		}
		at[name] = len(out)
		out = append(out, member{name, v})
	}
	if !whole {
		return out, at, nil
	}
	if _, err := d.dec.ReadToken(); err != nil {
		return nil, nil, err
	}
	if _, err := d.dec.ReadToken(); err != io.EOF {
		return nil, nil, refusal.Errorf("more than one JSON value")
	}
	return out, at, nil
}

// elements splits an encoded array into its elements.
func (d *encDiff) elements(raw []byte) ([][]byte, error) {
	d.reset(raw)
	if _, err := d.dec.ReadToken(); err != nil {
		return nil, err
	}
	var out [][]byte
	for d.dec.PeekKind() != ']' {
		v, err := d.next(raw)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// value parses an encoded value as Parse does.
func (d *encDiff) value(raw []byte) (any, error) {
	d.reset(raw)
	return parseValue(&d.dec)
}

// diff is Diff's diff on encoded values a and b (each one value, without
// the space around it).
func (d *encDiff) diff(path string, a, b []byte) error {
	if bytes.Equal(a, b) {
		return nil
	}
	switch {
	case a[0] == '{' && b[0] == '{':
		am, aAt, err := d.members(a, false)
		if err != nil {
			return err
		}
		bm, bAt, err := d.members(b, false)
		if err != nil {
			return err
		}
		return d.objects(path, am, aAt, bm, bAt)
	case a[0] == '[' && b[0] == '[':
		ae, err := d.elements(a)
		if err != nil {
			return err
		}
		be, err := d.elements(b)
		if err != nil {
			return err
		}
		n := min(len(ae), len(be))
		for i := 0; i < n; i++ {
			if err := d.diff(path+"/"+strconv.Itoa(i), ae[i], be[i]); err != nil {
				return err
			}
		}
		for i := len(ae) - 1; i >= n; i-- {
			d.ops = append(d.ops, Op{Op: OpRemove, Path: path + "/" + strconv.Itoa(i)})
		}
		for i := n; i < len(be); i++ {
			v, err := d.value(be[i])
			if err != nil {
				return err
			}
			d.ops = append(d.ops, Op{Op: OpAdd, Path: path + "/" + strconv.Itoa(i), Value: v})
		}
		return nil
	}
	av, err := d.value(a)
	if err != nil {
		return err
	}
	bv, err := d.value(b)
	if err != nil {
		return err
	}
	if Equal(av, bv) {
		// Two encodings of one value ("\u0041" and "A").
		return nil
	}
	if d.test {
		d.ops = append(d.ops, Op{Op: OpTest, Path: path, Value: av})
	}
	d.ops = append(d.ops, Op{Op: OpReplace, Path: path, Value: bv})
	return nil
}

// objects is Diff's diff of two objects, split into their members.
func (d *encDiff) objects(path string, am []member, aAt map[string]int, bm []member, bAt map[string]int) error {
	for _, m := range am {
		if _, in := bAt[m.name]; !in {
			d.ops = append(d.ops, Op{Op: OpRemove, Path: path + "/" + escape(m.name)})
		}
	}
	for _, m := range bm {
		p := path + "/" + escape(m.name)
		if i, in := aAt[m.name]; in {
			if err := d.diff(p, am[i].raw, m.raw); err != nil {
				return err
			}
			continue
		}
		v, err := d.value(m.raw)
		if err != nil {
			return err
		}
		d.ops = append(d.ops, Op{Op: OpAdd, Path: p, Value: v})
	}
	return nil
}
