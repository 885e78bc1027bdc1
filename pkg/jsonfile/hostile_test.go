package jsonfile

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/hostile"
)

// TestHostileInputsAreCheap: every hostile input is refused (or, where
// it is only big, accepted) within hostile.MaxTime and MaxBytes, naming
// the path of the problem.
func TestHostileInputsAreCheap(t *testing.T) {
	hostile.Slow(t)
	big := Format{What: "thing", MaxSize: 64 << 20}
	tests := []struct {
		name      string
		in        []byte
		path, msg string // "" path: accepted
	}{
		{"200,000 unknown keys", hostile.ManyKeys(200_000, false), "$.k0", "unknown field"},
		{"200,000 keys in raw JSON, the last a duplicate", hostile.Splice(t, `{"details":@}`, "@", hostile.ManyKeys(200_000, true)), "$.details.k0", "duplicate key"},
		{"200,000 keys in raw JSON", hostile.Splice(t, `{"details":@}`, "@", hostile.ManyKeys(200_000, false)), "", ""},
		{"200,000 keys in a map, the last a duplicate", hostile.Splice(t, `{"items":[{"tags":@}]}`, "@", hostile.ManyKeys(200_000, true)), "$.items[0].tags.k0", "duplicate key"},
		{"arrays nested 100,000 deep", hostile.Splice(t, `{"details":@}`, "@", hostile.Nested(100_000)), "$", "exceeded max depth"},
		{"arrays nested 100,000 deep for a string", hostile.Splice(t, `{"name":@}`, "@", hostile.Nested(100_000)), "$", "exceeded max depth"},
		{"a duplicate key 5,000 objects deep", hostile.Splice(t, `{"details":@}`, "@", hostile.DupAtDepth(5_000)), "$.details.a.a.a", "duplicate key"},
		{"a 50 MB string", hostile.Splice(t, `{"name":@}`, "@", hostile.LongString(50<<20)), "$.name", "a string of 52428800 bytes (at most 65536)"},
		{"a 50 MB string deep down", hostile.Splice(t, `{"items":[{"tags":{"a":@}}]}`, "@", hostile.LongString(50<<20)), "$.items[0].tags.a", "a string of 52428800 bytes (at most 65536)"},
		{"a 60 KB string (under a megabyte, decoded) as a name", hostile.Splice(t, `{"name":@}`, "@", hostile.LongString(60<<10)), "$.name", "a string of 61440 bytes (at most 1024)"},
		{"a 50 MB key", hostile.Splice(t, `{@:1}`, "@", hostile.LongString(50<<20)), "$.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...", "a member name of 52428800 bytes (at most 65536)"},
		{"a 50 MB key deep down", hostile.Splice(t, `{"items":[{"tags":{"a":1,@:1}}]}`, "@", hostile.LongString(50<<20)), "$.items[0].tags.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...", "a member name of 52428800 bytes"},
		{"a 50 MB key after a nested object", hostile.Splice(t, `{"items":[{"tags":{"a":1}}],@:1}`, "@", hostile.LongString(50<<20)), "$.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...", "a member name of 52428800 bytes"},
		{"a key of 1 MB", hostile.Splice(t, `{@:1}`, "@", hostile.LongString(1<<20)), "$.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...", "a member name of 1048576 bytes"},
		{"a key of 1 MB - 10 bytes, in a smaller file", hostile.Splice(t, `{@:1}`, "@", hostile.LongString(1<<20-10)), "$.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (1048566 bytes)", "unknown field"},
	}
	for _, tt := range tests {
		var d doc
		err := hostile.Cost(t, tt.name, func() error { return Decode(tt.in, &d, big) })
		if tt.path == "" {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			}
			continue
		}
		var fe *FieldError
		if !errors.As(err, &fe) || !strings.HasPrefix(fe.Path, tt.path) || !strings.Contains(fe.Msg, tt.msg) {
			t.Errorf("%s: got %v, want %s: ...%s...", tt.name, err, tt.path, tt.msg)
		}
		if len(fe.Error()) > 2*maxMsg+20 {
			t.Errorf("%s: a message of %d bytes", tt.name, len(fe.Error()))
		}
	}
}

// TestHostileStreamLines: a stream whose second line is hostile splits
// and refuses it as cheaply.
func TestHostileStreamLines(t *testing.T) {
	for name, line := range map[string][]byte{
		"200,000 keys": hostile.ManyKeys(200_000, true),
		"deep arrays":  hostile.Splice(t, `{"details":@}`, "@", hostile.Nested(100_000)),
	} {
		in := append([]byte("{\"name\":\"x\"}\n"), line...)
		err := hostile.Cost(t, name, func() error {
			s := NewStream(strings.NewReader(string(in)), 16<<20, "thing")
			for {
				data, _, err := s.Next()
				if errors.Is(err, io.EOF) {
					return nil
				}
				if err != nil {
					return err
				}
				var d doc
				if err := Decode(data, &d, Format{What: "thing", MaxSize: 16 << 20}); err != nil {
					return err
				}
			}
		})
		if err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestMaxItems: an array longer than the format's MaxItems is refused
// before it is decoded, naming it, in a document over a megabyte; one at
// the bound is read.
func TestMaxItems(t *testing.T) {
	hostile.Slow(t)
	f := Format{What: "thing", MaxSize: 64 << 20, MaxItems: 50_000}
	items := func(n int) []byte {
		var b strings.Builder
		b.WriteString(`{"name":"x","items":[`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`{"grade":"B","count":1,"tags":{"a":1,"b":2}}`)
		}
		b.WriteString(`]}`)
		return []byte(b.String())
	}
	var d doc
	many := items(300_000)
	err := hostile.Cost(t, "300,000 items", func() error { return Decode(many, &d, f) })
	hostile.Want(t, "300,000 items", err, "$.items", "more than 50000 elements (at most 50000)")
	d = doc{}
	err = Decode(items(50_000), &d, f)
	hostile.Want(t, "50,000 items", err, "", "")
	if len(d.Items) != 50_000 {
		t.Errorf("%d items decoded", len(d.Items))
	}
	d = doc{}
	err = Decode(hostile.Splice(t, `{"details":{"a":[@]}}`, "@", []byte(strings.Repeat("0,", 600_000)+"0")), &d, f)
	hostile.Want(t, "600,001 numbers in raw JSON", err, "$.details.a", "more than 50000 elements")
}
