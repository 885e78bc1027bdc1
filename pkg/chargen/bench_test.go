package chargen

// Benchmarks, one core, on the shared 2-core development machine (load
// average 3-4 from other work, 2026-11-30, so ±30% from run to run):
//
//	go test ./pkg/chargen -run XXX -bench . -benchtime 20000x -cpu 1
//
//	                            before (ec50b64)            after
//	BenchmarkGenerate           27-35 µs, 11.9 KB, 162 allocs   16 µs, 9.7 KB, 39 allocs
//	BenchmarkGenerateReuse      -                               14 µs, 2.9 KB, 23 allocs
//	BenchmarkGenerateGoon       1.3-2 µs, 2.0 KB, 8 allocs      1.2-1.6 µs, 1.9 KB, 5 allocs
//	BenchmarkGenerateGoonReuse  -                               0.8 µs, 0 B, 0 allocs
//	BenchmarkDeriveGuardian     8.2 µs, 6.4 KB, 82 allocs       5.9 µs, 5.3 KB, 18 allocs
//
// cpu-ns/op is the process's CPU time per operation (ns/op is wall-clock
// time). With output (JSON Lines) see internal/cli/gen/bench_test.go.

import (
	"testing"
	"time"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// cpuPerOp reports the process CPU time per operation next to ns/op,
// which is wall-clock time and suffers on a busy machine.
func cpuPerOp(b *testing.B, start time.Duration) {
	if cpu := cpuTime() - start; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

func BenchmarkGenerate(b *testing.B) {
	b.ReportAllocs()
	defer cpuPerOp(b, cpuTime())
	for i := 0; i < b.N; i++ {
		if _, _, err := Generate(dice.NewSeeded(uint64(i)), GenOptions{Derive: Options{Quiet: true}}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGenerateGoon(b *testing.B) {
	b.ReportAllocs()
	r := dice.NewSeeded(1)
	defer cpuPerOp(b, cpuTime())
	for i := 0; i < b.N; i++ {
		if _, _, err := GenerateNPC(r, NPCOptions{Type: NPCCombatant, Derive: Options{Quiet: true}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGenerateReuse and BenchmarkGenerateGoonReuse make each
// character in the memory of the one before (GenOptions.Reuse) with one
// Generator, as gen hero -n and gen npc -n do.
func BenchmarkGenerateReuse(b *testing.B) {
	b.ReportAllocs()
	var prev *hero.Hero
	g := NewGenerator()
	defer cpuPerOp(b, cpuTime())
	for i := 0; i < b.N; i++ {
		h, _, err := g.Hero(dice.NewSeeded(uint64(i)), GenOptions{Derive: Options{Quiet: true}, Reuse: prev})
		if err != nil {
			b.Fatal(err)
		}
		prev = h
	}
}

func BenchmarkGenerateGoonReuse(b *testing.B) {
	b.ReportAllocs()
	r := dice.NewSeeded(1)
	var prev *hero.Hero
	g := NewGenerator()
	defer cpuPerOp(b, cpuTime())
	for i := 0; i < b.N; i++ {
		h, _, err := g.NPC(r, NPCOptions{Type: NPCCombatant, Derive: Options{Quiet: true}, Reuse: prev})
		if err != nil {
			b.Fatal(err)
		}
		prev = h
	}
}

func BenchmarkDeriveGuardian(b *testing.B) {
	h := loadGuardian(b)
	b.ReportAllocs()
	b.ResetTimer()
	defer cpuPerOp(b, cpuTime())
	for i := 0; i < b.N; i++ {
		c := *h
		c.Powers = append(c.Powers[:0:0], h.Powers...)
		if _, err := Derive(&c, dice.NewScripted(nil), Options{Quiet: true}); err != nil {
			b.Fatal(err)
		}
	}
}
