// Package hostile builds, in memory, the inputs every file reader must
// refuse (or accept) quickly and in bounded memory: an object of 200,000
// members, arrays nested 100,000 deep, a 50 MB string, a key given twice
// deep down. Cost runs a reader on one and fails the test when it takes
// longer, or allocates more, than its bound. The tests of each reader
// use them (pkg/jsonfile, pkg/hero, pkg/encounter, pkg/mns,
// internal/cmdutil).
package hostile

import (
	"bytes"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The bounds of Cost for the inputs below: generous enough that a loaded
// machine does not fail a good reader (the 200,000-member object took
// 26 s to refuse with a duplicate-key scan that compared every pair).
const (
	MaxTime  = time.Second
	MaxBytes = 100 << 20
)

// Slow skips the test under go test -short: the hostile inputs are tens
// of megabytes, or tens of thousands of operations whose cost is checked
// to grow linearly, built and read in seconds of CPU. The whole suite,
// which CI runs (.ci/run), reads them all.
func Slow(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("hostile inputs of tens of MB or tens of thousands of operations: not with -short")
	}
}

// ManyKeys is a JSON object of n members "k0", "k1", ... each 0; with
// dup, one more member repeats the first one's name at the end.
func ManyKeys(n int, dup bool) []byte {
	var b bytes.Buffer
	b.Grow(n * 12)
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"k` + strconv.Itoa(i) + `":0`)
	}
	if dup {
		b.WriteString(`,"k0":1`)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// ManyKeysYAML is ManyKeys as a YAML mapping, one key a line.
func ManyKeysYAML(n int, dup bool) []byte {
	var b bytes.Buffer
	b.Grow(n * 10)
	for i := range n {
		b.WriteString("k" + strconv.Itoa(i) + ": 0\n")
	}
	if dup {
		b.WriteString("k0: 1\n")
	}
	return b.Bytes()
}

// Nested is n arrays nested in each other, closed: [[[...]]].
func Nested(n int) []byte {
	return append(bytes.Repeat([]byte{'['}, n), bytes.Repeat([]byte{']'}, n)...)
}

// LongString is a JSON string of n bytes of "x".
func LongString(n int) []byte {
	b := make([]byte, n+2)
	for i := range b {
		b[i] = 'x'
	}
	b[0], b[n+1] = '"', '"'
	return b
}

// DupAtDepth is n objects nested in each other, {"a":{"a":...}}, the
// innermost of which has the member "x" twice.
func DupAtDepth(n int) []byte {
	var b bytes.Buffer
	for range n {
		b.WriteString(`{"a":`)
	}
	b.WriteString(`{"x":1,"x":2}`)
	b.Write(bytes.Repeat([]byte{'}'}, n))
	return b.Bytes()
}

// Splice returns doc with its first occurrence of marker replaced by v.
// The test fails when doc has no marker.
func Splice(t testing.TB, doc, marker string, v []byte) []byte {
	t.Helper()
	i := bytes.Index([]byte(doc), []byte(marker))
	if i < 0 {
		t.Fatalf("no %q in the document", marker)
	}
	out := make([]byte, 0, len(doc)+len(v))
	out = append(out, doc[:i]...)
	out = append(out, v...)
	return append(out, doc[i+len(marker):]...)
}

// Cost runs read and returns its error, failing t when it took more
// than MaxTime of CPU (of the process: a machine shared with other work
// stretches the wall time, not this) or allocated more than MaxBytes
// (over all goroutines, so tests using it do not run in parallel).
func Cost(t testing.TB, name string, read func() error) error {
	t.Helper()
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	cpu0, haveCPU := cpuTime()
	err := read()
	cpu1, _ := cpuTime()
	wall := time.Since(start)
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	took := cpu1 - cpu0
	if !haveCPU {
		took = wall
	}
	if took > MaxTime {
		t.Errorf("%s: took %v of CPU, %v of wall time (bound %v)", name, took, wall, MaxTime)
	}
	if alloc > MaxBytes {
		t.Errorf("%s: allocated %d MB (bound %d MB)", name, alloc>>20, MaxBytes>>20)
	}
	return err
}

// Want checks what a hostile read returned: with path "" the input must
// have been accepted; otherwise refused in one message of at most 300
// characters that starts with path and contains msg.
func Want(t testing.TB, name string, err error, path, msg string) {
	t.Helper()
	switch {
	case path == "":
		if err != nil {
			t.Errorf("%s: %.300v", name, err)
		}
	case err == nil:
		t.Errorf("%s: accepted", name)
	case !strings.HasPrefix(err.Error(), path) || !strings.Contains(err.Error(), msg) || len(err.Error()) > 300:
		t.Errorf("%s: %.300s, want %s: ...%s...", name, err, path, msg)
	}
}
