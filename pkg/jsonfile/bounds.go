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

// MaxNameLen and MaxTextLen bound the strings of every file, in bytes:
// names and identifiers (a member "name", "id" or "slug", or one ending
// in "_id", and every map key) at MaxNameLen, any other string (notes, a
// description, an event's summary) at MaxTextLen. A hero's name is a
// line on a sheet and its notes a few paragraphs; a file holding more is
// refused rather than carried into every view and copy of the fight. The
// published schemas state the same limits (StringLimit).
const (
	MaxNameLen = 1 << 10
	MaxTextLen = 64 << 10
)

// StringLimit is the longest string, in bytes, that a member of this name
// may hold (MaxNameLen or MaxTextLen).
func StringLimit(member string) int {
	switch {
	case member == "name" || member == "id" || member == "slug" || strings.HasSuffix(member, "_id"):
		return MaxNameLen
	}
	return MaxTextLen
}

// checkBounds reports the first signed whole number in the decoded value
// v (a pointer) outside IntMin-IntMax, or string longer than its
// StringLimit, named by its JSON path. It is the first validation of
// every file, run on the decoded value rather than inside the decoder: a
// hook on every value costs the decoder a third of its speed, the walk a
// few percent, since it visits only what can hold a number or a string
// (a plan per type, made once).
func checkBounds(v any) *FieldError {
	rv := reflect.ValueOf(v)
	p := boundsPlanFor(rv.Type())
	if p == nil {
		return nil
	}
	segs, msg, bad := p.check(rv)
	if !bad {
		return nil
	}
	var b strings.Builder
	b.WriteString("$")
	for i := len(segs) - 1; i >= 0; i-- {
		b.WriteString(segs[i])
	}
	return &FieldError{Path: b.String(), Msg: msg}
}

// tooLong is the message for a string of n bytes over its limit.
func tooLong(n, limit int) string {
	return "a string of " + strconv.Itoa(n) + " bytes (at most " + strconv.Itoa(limit) + ")"
}

// boundsPlan is how to find the signed integers and strings in a value
// of one type: nil for a type that cannot hold one.
type boundsPlan struct {
	kind   reflect.Kind
	limit  int           // a string's StringLimit; a map's key limit
	elem   *boundsPlan   // pointer, slice, array and map elements
	fields []boundsField // struct fields that can hold one
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
	p := buildBounds(t, map[reflect.Type]*boundsPlan{}, MaxTextLen)
	boundsPlans.Store(t, p)
	return p
}

// buildBounds makes t's plan, its strings limited to limit (the
// StringLimit of the member holding it); building holds the struct plans
// being made, so a recursive type (a hero's sidekick is a hero) refers to
// itself. Only a struct can recur, and its fields take their limits from
// their own names, so its plan does not depend on limit.
func buildBounds(t reflect.Type, building map[reflect.Type]*boundsPlan, limit int) *boundsPlan {
	if p, ok := building[t]; ok && t.Kind() == reflect.Struct {
		return p
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return &boundsPlan{kind: reflect.Int}
	case reflect.String:
		return &boundsPlan{kind: reflect.String, limit: limit}
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map, reflect.Struct:
	default:
		return nil
	}
	if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
		return nil // raw JSON or bytes
	}
	p := &boundsPlan{kind: t.Kind()}
	if t.Kind() != reflect.Struct {
		p.elem = buildBounds(t.Elem(), building, limit)
		if t.Kind() == reflect.Map && t.Key().Kind() == reflect.String {
			p.limit = MaxNameLen
			if p.elem == nil {
				p.elem = &boundsPlan{kind: reflect.Invalid}
			}
		}
		if p.elem == nil {
			return nil
		}
		return p
	}
	building[t] = p
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, ok := jsonName(f)
		if !ok {
			continue
		}
		fp := buildBounds(f.Type, building, StringLimit(name))
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
		// No integer or string below: no plan (a recursive field that
		// already points at this one finds nothing to walk).
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

// check walks v; on a number out of bounds or a string too long it
// returns the path's segments, innermost first (so good files build no
// strings), and the message.
func (p *boundsPlan) check(v reflect.Value) ([]string, string, bool) {
	switch p.kind {
	case reflect.Int:
		if n := v.Int(); n < IntMin || n > IntMax {
			return []string{}, (&errIntRange{number: strconv.FormatInt(n, 10)}).Error(), true
		}
	case reflect.String:
		if n := v.Len(); n > p.limit {
			return []string{}, tooLong(n, p.limit), true
		}
	case reflect.Pointer:
		if !v.IsNil() {
			return p.elem.check(v.Elem())
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if segs, msg, bad := p.elem.check(v.Index(i)); bad {
				return append(segs, "["+strconv.Itoa(i)+"]"), msg, true
			}
		}
	case reflect.Map:
		bad := false
		for it := v.MapRange(); it.Next() && !bad; {
			_, _, bad = p.elem.check(it.Value())
			bad = bad || p.limit > 0 && it.Key().Len() > p.limit
		}
		if !bad {
			return nil, "", false
		}
		// The first in key order, so the message does not vary.
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int {
			return strings.Compare(fmt.Sprint(a.Interface()), fmt.Sprint(b.Interface()))
		})
		for _, k := range keys {
			if p.limit > 0 && k.Len() > p.limit {
				var b strings.Builder
				writeName(&b, k.String()[:MaxTokenEcho])
				return []string{b.String() + "..."}, "a member name of " + strconv.Itoa(k.Len()) + " bytes (at most " + strconv.Itoa(p.limit) + ")", true
			}
			if segs, msg, bad := p.elem.check(v.MapIndex(k)); bad {
				var b strings.Builder
				writeName(&b, fmt.Sprint(k.Interface()))
				return append(segs, b.String()), msg, true
			}
		}
	case reflect.Struct:
		for _, f := range p.fields {
			if segs, msg, bad := f.plan.check(v.Field(f.index)); bad {
				if f.seg != "" {
					segs = append(segs, f.seg)
				}
				return segs, msg, true
			}
		}
	}
	return nil, "", false
}
