package herocmd

import (
	"bytes"
	"os"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
)

// BenchmarkCheckStream checks a JSON Lines stream of generated heroes
// (pkg/hero/testdata/bench-line.json, one gen hero line, repeated): one
// op is one hero. docs/benchmarks.md records the figures.
func BenchmarkCheckStream(b *testing.B) {
	line, err := os.ReadFile("../../../pkg/hero/testdata/bench-line.json")
	if err != nil {
		b.Fatal(err)
	}
	line = append(bytes.TrimSpace(line), '\n')
	stream := bytes.Repeat(line, b.N)
	ios, _, _, _ := iostreams.Test()
	opts := &CheckOptions{IO: ios, Format: cmdutil.FormatJSONL, DodgeStacking: "add"}
	b.SetBytes(int64(len(line)))
	b.ReportAllocs()
	b.ResetTimer()
	if err := checkStream(opts, "bench.jsonl", bytes.NewReader(stream)); err != nil {
		b.Fatal(err)
	}
}
