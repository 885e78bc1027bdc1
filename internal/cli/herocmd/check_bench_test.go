package herocmd

import (
	"bytes"
	"os"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/chargen"
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
	opts := &CheckOptions{Env: cmdutil.NewTestEnv(cmdutil.FormatJSONL).Env}
	b.SetBytes(int64(len(line)))
	b.ReportAllocs()
	b.ResetTimer()
	if err := newChecker(opts, chargen.Options{DodgeStacking: "add"}).stream("bench.jsonl", bytes.NewReader(stream)); err != nil {
		b.Fatal(err)
	}
}
