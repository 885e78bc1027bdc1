// Benchmarks (2 shared cores, go test -bench . -benchtime 3000x):
//   BenchmarkSpend       ~26 µs/op   3.4 KB/op  42 allocs/op (with the --explain steps)
//   BenchmarkNewWeek     ~9 µs/op    1.3 KB/op  77 allocs/op
//   BenchmarkParseGoal   ~0.8 µs/op    48 B/op   4 allocs/op

package downtime

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/rulebook"
)

func BenchmarkSpend(b *testing.B) {
	h := loadGuardian(b)
	g := mustGoal(b, "public_relations")
	sides := []Side{{Goal: mustGoal(b, "backing"), XP: 1}, {Goal: mustGoal(b, "methods"), XP: 1}}
	req := SpendRequest{Points: 1, Goal: &g, Fit: rulebook.FitAverage, Sides: sides}
	b.ReportAllocs()
	for b.Loop() {
		h.Downtime.Points = 7
		if _, err := Spend(h, req, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNewWeek(b *testing.B) {
	h := loadGuardian(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewWeek(h, WeekRequest{}, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseGoal(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseGoal("public_relations"); err != nil {
			b.Fatal(err)
		}
	}
}
