package gen

// Benchmarks of batch generation with output (JSON Lines encoding and
// writing to a discarding writer), one core:
//
//	go test ./internal/cli/gen -run XXX -bench . -benchtime 20000x -cpu 1
//
// Recorded on the shared 2-core development machine with a load average
// of 2-6 from other builds, so pessimistic and noisy; see
// docs/benchmarks.md:
//
//	BenchmarkGenHeroJSONL   ~34-50 µs/hero   ~20,000-30,000 heroes/s    6.2 KB/hero  ~165 allocs
//	BenchmarkGenGoonJSONL   ~4.2-7 µs/goon   ~140,000-240,000 goons/s   1.9 KB/goon  ~16 allocs
//
// The JSON encoding is the generated AppendHeroJSON: ~9-12 µs a hero
// (520-670 MB/s) against ~28-36 µs for encoding/json (BenchmarkAppendHeroJSON,
// BenchmarkStdlibHeroJSON); the rest is generation and derivation.

import (
	"bufio"
	"io"
	"runtime"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/dice"
)

// counter discards what is written and counts it.
type counter struct{ n int }

func (c *counter) Write(p []byte) (int, error) { c.n += len(p); return len(p), nil }

func seeded() *cmdutil.RollerState {
	return &cmdutil.RollerState{Roller: dice.NewSeeded(1), Seed: 1, Seeded: true}
}

// run times a batch written as the command writes it when streaming:
// through a 64 KiB buffered writer (iostreams.Output.StartStreaming) to a
// discarding counter. It reports the bytes per character and the
// characters per second of wall-clock time and of process CPU time.
func run(b *testing.B, unit, units string, batch func(w io.Writer) error) {
	var w counter
	bw := bufio.NewWriterSize(&w, 64<<10)
	b.ReportAllocs()
	runtime.GC()
	b.ResetTimer()
	cpu0 := cpuTime()
	if err := batch(bw); err != nil {
		b.Fatal(err)
	}
	if err := bw.Flush(); err != nil {
		b.Fatal(err)
	}
	cpu := cpuTime() - cpu0
	b.StopTimer()
	b.ReportMetric(float64(w.n)/float64(b.N), "bytes/"+unit)
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), units+"/s")
	if cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu.Seconds(), units+"/cpu-s")
	}
}

// BenchmarkGenHeroJSONL is gen hero -n N --seed 1 -o jsonl: heroes per
// second with their output.
func BenchmarkGenHeroJSONL(b *testing.B) {
	ios, _, _, _ := iostreams.Test()
	opts := &HeroOptions{IO: ios, N: b.N, Kind: "hero", Format: cmdutil.FormatJSONL}
	g, err := opts.genOptions()
	if err != nil {
		b.Fatal(err)
	}
	run(b, "hero", "heroes", func(w io.Writer) error { return generateHeroes(opts, g, seeded(), w) })
}

// BenchmarkGenGoonJSONL is gen npc goon -n N --seed 1 -o jsonl.
func BenchmarkGenGoonJSONL(b *testing.B) {
	ios, _, _, _ := iostreams.Test()
	opts := &NPCOptions{IO: ios, N: b.N, Type: "goon", Format: cmdutil.FormatJSONL}
	no := chargen.NPCOptions{Type: chargen.NPCCombatant, Derive: chargen.Options{Quiet: true}}
	run(b, "goon", "goons", func(w io.Writer) error { return generateNPCs(opts, no, chargen.NPCCombatant, seeded(), w) })
}
