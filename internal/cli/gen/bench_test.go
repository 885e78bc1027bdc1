package gen

// Benchmarks of batch generation with output: JSON Lines encoded by
// hero.AppendJSON and written through a 64 KiB buffered writer, as the
// streaming stdout does, to a discarding writer; one core:
//
//	go test ./internal/cli/gen -run XXX -bench . -benchtime 40000x -cpu 1
//
// The shared 2-core machine had a load average of 3-4 from other work
// (2026-11-30), so figures vary by ±30% from run to run; the best of six
// interleaved runs, before (ec50b64) and after this round of work:
//
//	                       before                      after
//	BenchmarkGenHeroJSONL  40.8 µs  24,500 heroes/s    17.2-18.1 µs  55,000-58,000 heroes/s
//	                       11,958 B, 165 allocs        2,913 B, 23 allocs
//	BenchmarkGenGoonJSONL  5.2 µs   190,000 goons/s    1.48-1.76 µs  570,000-675,000 goons/s
//	                       2,372 B, 16 allocs          55 B, 3 allocs
//
// Medians under that load were ~21-25 µs a hero and ~1.9 µs a goon. End
// to end, spandex gen hero -n 200000 --seed 1 > /dev/null took 3.4 s
// (58,000 heroes/s) with a maximum RSS of 15.8 MB (15.4 MB for -n 20000),
// and gen npc goon -n 2000000 3.5 s (575,000 goons/s) in 15.8 MB.
//
// Where the time goes now: a hero is ~14 µs of generation (power slots
// and their flavours ~20%, combat figures, attacks and explanation lines
// ~25%, allocation and garbage collection ~15%, table lookups and power
// searches most of the rest) and ~2 µs of encoding (BenchmarkAppendJSONHero,
// 3.2 GB/s; encoding/json takes ~14 µs); a goon is ~0.8 µs of generation
// (no allocation when its memory is reused), ~0.36 µs of encoding
// (BenchmarkAppendJSONGoon) and the per-character seeded roller, name and
// create event (its 3 allocations). Running with GOGC=400 gives another
// ~10%.

import (
	"bufio"
	"io"
	"runtime"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
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
	te := cmdutil.NewTestEnv(cmdutil.FormatJSONL)
	opts := &HeroOptions{Env: te.Env, N: b.N, Kind: "hero"}
	g, err := opts.genOptions()
	if err != nil {
		b.Fatal(err)
	}
	run(b, "hero", "heroes", func(w io.Writer) error { return generateHeroes(opts, g, seeded(), w) })
}

// BenchmarkGenGoonJSONL is gen npc goon -n N --seed 1 -o jsonl.
func BenchmarkGenGoonJSONL(b *testing.B) {
	te := cmdutil.NewTestEnv(cmdutil.FormatJSONL)
	opts := &NPCOptions{Env: te.Env, N: b.N, Type: "goon"}
	no := chargen.NPCOptions{Type: chargen.NPCCombatant, Derive: chargen.Options{Quiet: true}}
	run(b, "goon", "goons", func(w io.Writer) error { return generateNPCs(opts, no, chargen.NPCCombatant, seeded(), w) })
}
