package hero

import (
	"reflect"
	"testing"
)

// fillAll sets every field reachable from v to a non-zero value: slices and
// maps get two elements, pointers a target, down to depth levels of
// pointers (a Hero holds Heroes).
func fillAll(v reflect.Value, depth int, n *int) {
	*n++
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(*n%100 + 1))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(*n%100 + 1))
	case reflect.String:
		v.SetString("s")
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fillAll(v.Field(i), depth, n)
			}
		}
	case reflect.Pointer:
		if depth == 0 {
			return
		}
		p := reflect.New(v.Type().Elem())
		fillAll(p.Elem(), depth-1, n)
		v.Set(p)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := 0; i < 2; i++ {
			fillAll(s.Index(i), depth, n)
		}
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		for i := 0; i < 2; i++ {
			k := reflect.New(v.Type().Key()).Elem()
			k.SetString(string(rune('a' + i)))
			e := reflect.New(v.Type().Elem()).Elem()
			fillAll(e, depth, n)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	}
}

// shared reports the path of the first slice, map or pointer that a and
// b share.
func shared(a, b reflect.Value, path string) string {
	switch a.Kind() {
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if a.Type().Field(i).IsExported() {
				if p := shared(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); p != "" {
					return p
				}
			}
		}
	case reflect.Pointer:
		if a.IsNil() {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
		return shared(a.Elem(), b.Elem(), path)
	case reflect.Slice:
		if a.Len() == 0 {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
		for i := 0; i < a.Len(); i++ {
			if p := shared(a.Index(i), b.Index(i), path+"[]"); p != "" {
				return p
			}
		}
	case reflect.Map:
		if a.Len() == 0 {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
		for _, k := range a.MapKeys() {
			if p := shared(a.MapIndex(k), b.MapIndex(k), path+"{}"); p != "" {
				return p
			}
		}
	}
	return ""
}

func TestCloneIsDeepAndEqual(t *testing.T) {
	h := &Hero{}
	n := 0
	fillAll(reflect.ValueOf(h).Elem(), 3, &n)
	if h.Powers[0].Sidekick == nil || h.Powers[0].Sidekick.Powers[0].Sidekick == nil || h.Creation.Grid[1] == nil {
		t.Fatal("fill did not reach every level")
	}
	c := h.Clone()
	if !reflect.DeepEqual(h, c) {
		t.Fatal("the clone differs from the hero")
	}
	if p := shared(reflect.ValueOf(h).Elem(), reflect.ValueOf(c).Elem(), "$"); p != "" {
		t.Fatalf("the clone shares %s with the hero", p)
	}
	// nil and empty stay what they were.
	e := &Hero{Powers: []Power{}, Log: nil}
	if c := e.Clone(); c.Powers == nil || c.Log != nil {
		t.Fatalf("clone of empty/nil: %#v", c)
	}
}
