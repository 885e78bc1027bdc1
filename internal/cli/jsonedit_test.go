package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// jsonEdit is the script command "jsonedit FILE EDIT...": it changes a
// JSON file in place, so that a script can make the hero it needs from a
// shared fixture (cp heroes/guardian.json . then jsonedit guardian.json
// /combat/strike_bonus=1) instead of pasting a changed copy. Each EDIT is
//
//	/POINTER=JSON   set the value at the JSON pointer (RFC 6901)
//	/POINTER/-=JSON append to the array at POINTER
//	-/POINTER       delete the object member at POINTER
//
// The file is written back indented, its object keys sorted; numbers
// keep their digits.
func jsonEdit(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! jsonedit")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: jsonedit FILE /POINTER=JSON|/POINTER/-=JSON|-/POINTER...")
	}
	path := ts.MkAbs(args[0])
	data, err := os.ReadFile(path)
	ts.Check(err)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	ts.Check(dec.Decode(&doc))
	for _, e := range args[1:] {
		doc, err = applyEdit(doc, e)
		if err != nil {
			ts.Fatalf("jsonedit %s: %v", e, err)
		}
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	ts.Check(enc.Encode(doc))
	ts.Check(os.WriteFile(path, out.Bytes(), 0o666))
}

// applyEdit applies one jsonedit EDIT to doc.
func applyEdit(doc any, edit string) (any, error) {
	del := strings.HasPrefix(edit, "-/")
	ptr, raw := strings.TrimPrefix(edit, "-"), ""
	if !del {
		var ok bool
		ptr, raw, ok = strings.Cut(edit, "=")
		if !ok || !strings.HasPrefix(ptr, "/") {
			return nil, fmt.Errorf("want /POINTER=JSON or -/POINTER")
		}
	}
	var val any
	if !del {
		dec := json.NewDecoder(strings.NewReader(raw))
		dec.UseNumber()
		if err := dec.Decode(&val); err != nil {
			return nil, fmt.Errorf("value: %v", err)
		}
	}
	keys := strings.Split(ptr[1:], "/")
	for i, k := range keys {
		keys[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(k)
	}
	return setAt(doc, keys, val, del)
}

// setAt returns doc with the value at keys set to val (or deleted).
func setAt(doc any, keys []string, val any, del bool) (any, error) {
	k, last := keys[0], len(keys) == 1
	switch d := doc.(type) {
	case map[string]any:
		if last {
			if del {
				if _, ok := d[k]; !ok {
					return nil, fmt.Errorf("no member %q", k)
				}
				delete(d, k)
			} else {
				d[k] = val
			}
			return d, nil
		}
		child, ok := d[k]
		if !ok {
			return nil, fmt.Errorf("no member %q", k)
		}
		v, err := setAt(child, keys[1:], val, del)
		d[k] = v
		return d, err
	case []any:
		if last && k == "-" && !del {
			return append(d, val), nil
		}
		i, err := strconv.Atoi(k)
		if err != nil || i < 0 || i >= len(d) {
			return nil, fmt.Errorf("no element %q of an array of %d", k, len(d))
		}
		if last {
			if del {
				return nil, fmt.Errorf("deleting an array element is not supported")
			}
			d[i] = val
			return d, nil
		}
		v, err := setAt(d[i], keys[1:], val, del)
		d[i] = v
		return d, err
	}
	return nil, fmt.Errorf("%q: not an object or array", k)
}

func TestApplyEdit(t *testing.T) {
	tests := []struct {
		edit, want, err string
	}{
		{`/combat/strike_bonus=1`, `{"combat":{"strike_bonus":1,"xs":[1]},"schema":1}`, ""},
		{`/combat/xs/-=2`, `{"combat":{"strike_bonus":0,"xs":[1,2]},"schema":1}`, ""},
		{`/combat/xs/0={"a":"b"}`, `{"combat":{"strike_bonus":0,"xs":[{"a":"b"}]},"schema":1}`, ""},
		{`-/schema`, `{"combat":{"strike_bonus":0,"xs":[1]}}`, ""},
		{`/schema=9223372036854775807`, `{"combat":{"strike_bonus":0,"xs":[1]},"schema":9223372036854775807}`, ""},
		{`/new=true`, `{"combat":{"strike_bonus":0,"xs":[1]},"new":true,"schema":1}`, ""},
		{`/nope/x=1`, "", `no member "nope"`},
		{`-/nope`, "", `no member "nope"`},
		{`/combat/xs/3=1`, "", `no element "3"`},
		{`/schema/x=1`, "", "not an object or array"},
		{`/schema=`, "", "value"},
		{`schema=1`, "", "want /POINTER=JSON"},
	}
	for _, tt := range tests {
		dec := json.NewDecoder(strings.NewReader(`{"schema":1,"combat":{"strike_bonus":0,"xs":[1]}}`))
		dec.UseNumber()
		var doc any
		if err := dec.Decode(&doc); err != nil {
			t.Fatal(err)
		}
		got, err := applyEdit(doc, tt.edit)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: err %v, want %q", tt.edit, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.edit, err)
			continue
		}
		out, _ := json.Marshal(got)
		if string(out) != tt.want {
			t.Errorf("%s: %s, want %s", tt.edit, out, tt.want)
		}
	}
}
