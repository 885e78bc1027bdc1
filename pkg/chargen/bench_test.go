package chargen

// Benchmarks, one core, on the shared 2-core development machine (load
// average 3-4 from other work, so pessimistic); see docs/benchmarks.md:
//
//	go test ./pkg/chargen -run XXX -bench . -benchtime 20000x -cpu 1
//
//	BenchmarkGenerate        ~35-55 µs/hero   ~12 KB, ~160 allocs   (no output)
//	BenchmarkGenerateGoon    ~3-5 µs/goon     ~2.3 KB, ~14 allocs
//	BenchmarkDeriveGuardian  ~10-17 µs        ~6.4 KB, 82 allocs
//
// With output (JSON Lines) see internal/cli/gen/bench_test.go.

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
// character in the memory of the one before (GenOptions.Reuse), as gen
// hero -n and gen npc -n do.
func BenchmarkGenerateReuse(b *testing.B) {
	b.ReportAllocs()
	var prev *hero.Hero
	defer cpuPerOp(b, cpuTime())
	for i := 0; i < b.N; i++ {
		h, _, err := Generate(dice.NewSeeded(uint64(i)), GenOptions{Derive: Options{Quiet: true}, Reuse: prev})
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
	defer cpuPerOp(b, cpuTime())
	for i := 0; i < b.N; i++ {
		h, _, err := GenerateNPC(r, NPCOptions{Type: NPCCombatant, Derive: Options{Quiet: true}, Reuse: prev})
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
