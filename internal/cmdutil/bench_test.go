// Benchmarks (go test -run XXX -bench . -benchtime 20x -cpu 1
// ./internal/cmdutil/, on a loaded shared machine):
//
//	BenchmarkDecodeHeroes  25.6 ms/op (100 heroes: ~256 µs a hero)  10.3 MB/s  7.26 MB/op  159,735 allocs/op
//
// Nearly all of it is hero.Decode (strict decoding and validation).
package cmdutil

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// BenchmarkDecodeHeroes reads a JSON Lines stream of 100 heroes, as sheet
// and fight new do.
func BenchmarkDecodeHeroes(b *testing.B) {
	g, err := os.ReadFile(filepath.Join("..", "..", "testdata", "heroes", "guardian.json"))
	if err != nil {
		b.Fatal(err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, g); err != nil {
		b.Fatal(err)
	}
	stream := bytes.Repeat(append(compact.Bytes(), '\n'), 100)
	b.SetBytes(int64(len(stream)))
	env := NewTestEnv(FormatJSON).Env
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		if err := env.DecodeHeroes(bytes.NewReader(stream), "bench", func(string, int, *hero.Hero) error { n++; return nil }); err != nil || n != 100 {
			b.Fatalf("%d heroes, %v", n, err)
		}
	}
}
