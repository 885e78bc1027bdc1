// Benchmarks (2 shared cores, go test -bench . -benchtime 2000x):
//   BenchmarkRecompute    ~240 ns/op      2 B/op    0 allocs/op
//   BenchmarkSet          ~15 µs/op     931 B/op   76 allocs/op
//   BenchmarkBuildSheet   ~30 µs/op   11.7 KB/op  229 allocs/op

package profile

import "testing"

func BenchmarkRecompute(b *testing.B) {
	h := guardianHero()
	b.ReportAllocs()
	for b.Loop() {
		Recompute(h)
	}
}

func BenchmarkSet(b *testing.B) {
	h := guardianHero()
	Recompute(h)
	as := []Assignment{{Key: "heroism", Int: 4}, {Key: "backing", Int: 4}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Set(h, as); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBuildSheet(b *testing.B) {
	h := guardianHero()
	Recompute(h)
	b.ReportAllocs()
	for b.Loop() {
		_ = BuildSheet(h)
	}
}
