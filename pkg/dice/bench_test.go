// Benchmark figures, go test -bench . -benchtime 500ms -count 5 ./pkg/dice/
// (median of 5), Go 1.26, linux/amd64, 2 shared vCPUs (Oxide Virtual
// Turin-like), on a busy machine:
//
//	BenchmarkParse                 ~510 ns/op    304 B/op    5 allocs/op  (4d6kh3+2d6-1)
//	BenchmarkTotal3d6p2             ~21 ns/op      0 B/op    0 allocs/op
//	BenchmarkTotal4d6kh3            ~62 ns/op      0 B/op    0 allocs/op
//	BenchmarkRollInto/3d6+2         ~28 ns/op      0 B/op    0 allocs/op
//	BenchmarkRollInto/4d6kh3+1d4    ~99 ns/op      0 B/op    0 allocs/op
//	BenchmarkDistribution20d6      ~9.6 µs/op   3640 B/op   32 allocs/op
//	BenchmarkDistribution/4d6kh3    ~14 µs/op   5800 B/op  149 allocs/op
//	BenchmarkDistribution/100d6    ~0.55 ms/op  123 kB/op 1544 allocs/op
//
// Larger odds, single runs: 1000d6 ~0.12 s, 2000d6 ~0.8 s, 60d20kh30
// ~0.02 s, 1d1000000 ~0.03-0.08 s; 10000d6 is refused as too large.

package dice

import "testing"

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("4d6kh3+2d6-1"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTotal3d6p2(b *testing.B) {
	e := MustParse("3d6+2")
	s := NewSeeded(1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Total(s, "bench"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTotal4d6kh3(b *testing.B) {
	e := MustParse("4d6kh3")
	s := NewSeeded(1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Total(s, "bench"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRollInto(b *testing.B) {
	for _, expr := range []string{"3d6+2", "4d6kh3+1d4"} {
		b.Run(expr, func(b *testing.B) {
			e := MustParse(expr)
			s := NewSeeded(1)
			var res Result
			b.ReportAllocs()
			for b.Loop() {
				if err := e.RollInto(s, "bench", &res); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkDistribution20d6(b *testing.B) {
	e := MustParse("20d6")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Distribution(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDistribution(b *testing.B) {
	for _, expr := range []string{"4d6kh3", "100d6", "2d20kh1+1d4"} {
		b.Run(expr, func(b *testing.B) {
			e := MustParse(expr)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Distribution(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
