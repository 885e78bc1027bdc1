package jsonfile

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
)

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

// checkBounds reports the first signed whole number in the decoded value
// v (a pointer) outside IntMin-IntMax, named by its JSON path. It is the
// first validation of every file, run on the decoded value rather than
// inside the decoder: a hook on every integer costs the decoder a third
// of its speed, the walk a few percent, since it visits only what can
// hold an integer (a plan per type, made once).
func checkBounds(v any) *FieldError {
	rv := reflect.ValueOf(v)
	p := boundsPlanFor(rv.Type())
	if p == nil {
		return nil
	}
	segs, n, bad := p.check(rv)
	if !bad {
		return nil
	}
	var b strings.Builder
	b.WriteString("$")
	for i := len(segs) - 1; i >= 0; i-- {
		b.WriteString(segs[i])
	}
	return &FieldError{Path: b.String(), Msg: (&errIntRange{number: strconv.FormatInt(n, 10)}).Error()}
}

// boundsPlan is how to find the signed integers in a value of one type:
// nil for a type that cannot hold one.
type boundsPlan struct {
	kind   reflect.Kind
	elem   *boundsPlan   // pointer, slice, array and map elements
	fields []boundsField // struct fields that can hold an integer
}

type boundsField struct {
	index int
	seg   string // ".name", or "" for an embedded struct's fields
	plan  *boundsPlan
}

// boundsPlans caches the plan of each type (nil plans included).
var boundsPlans sync.Map

func boundsPlanFor(t reflect.Type) *boundsPlan {
	if p, ok := boundsPlans.Load(t); ok {
		return p.(*boundsPlan)
	}
	p := buildBounds(t, map[reflect.Type]*boundsPlan{})
	boundsPlans.Store(t, p)
	return p
}

// buildBounds makes t's plan; building holds the plans being made, so a
// recursive type (a hero's sidekick is a hero) refers to itself.
func buildBounds(t reflect.Type, building map[reflect.Type]*boundsPlan) *boundsPlan {
	if p, ok := building[t]; ok {
		return p
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return &boundsPlan{kind: reflect.Int}
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map, reflect.Struct:
	default:
		return nil
	}
	if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
		return nil // raw JSON or bytes
	}
	p := &boundsPlan{kind: t.Kind()}
	building[t] = p
	if t.Kind() != reflect.Struct {
		p.elem = buildBounds(t.Elem(), building)
		if p.elem == nil {
			building[t] = nil
			return nil
		}
		return p
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, ok := jsonName(f)
		if !ok {
			continue
		}
		fp := buildBounds(f.Type, building)
		if fp == nil {
			continue
		}
		seg := "." + name
		if f.Anonymous && name == "" {
			seg = ""
		}
		p.fields = append(p.fields, boundsField{index: i, seg: seg, plan: fp})
	}
	if len(p.fields) == 0 {
		// No integer below: no plan (a recursive field that already
		// points at this one finds nothing to walk).
		building[t] = nil
		return nil
	}
	return p
}

// jsonName is the member name of a struct field as the decoder reads it
// ("" for an embedded struct without a name), and whether it is decoded.
func jsonName(f reflect.StructField) (string, bool) {
	tag, hasTag := f.Tag.Lookup("json")
	name, _, _ := strings.Cut(tag, ",")
	if name == "-" && tag == "-" || !f.IsExported() && !f.Anonymous {
		return "", false
	}
	if !hasTag || name == "" {
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			return "", true
		}
		name = f.Name
	}
	return name, true
}

// check walks v; on a number out of bounds it returns the path's
// segments, innermost first (so good files build no strings), and the
// number.
func (p *boundsPlan) check(v reflect.Value) ([]string, int64, bool) {
	switch p.kind {
	case reflect.Int:
		if n := v.Int(); n < IntMin || n > IntMax {
			return []string{}, n, true
		}
	case reflect.Pointer:
		if !v.IsNil() {
			return p.elem.check(v.Elem())
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if segs, n, bad := p.elem.check(v.Index(i)); bad {
				return append(segs, "["+strconv.Itoa(i)+"]"), n, true
			}
		}
	case reflect.Map:
		bad := false
		for it := v.MapRange(); it.Next() && !bad; {
			_, _, bad = p.elem.check(it.Value())
		}
		if !bad {
			return nil, 0, false
		}
		// The first in key order, so the message does not vary.
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int {
			return strings.Compare(fmt.Sprint(a.Interface()), fmt.Sprint(b.Interface()))
		})
		for _, k := range keys {
			if segs, n, bad := p.elem.check(v.MapIndex(k)); bad {
				var b strings.Builder
				writeName(&b, fmt.Sprint(k.Interface()))
				return append(segs, b.String()), n, true
			}
		}
	case reflect.Struct:
		for _, f := range p.fields {
			if segs, n, bad := f.plan.check(v.Field(f.index)); bad {
				if f.seg != "" {
					segs = append(segs, f.seg)
				}
				return segs, n, true
			}
		}
	}
	return nil, 0, false
}
