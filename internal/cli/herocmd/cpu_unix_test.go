//go:build unix

package herocmd

import (
	"syscall"
	"testing"
)

// reportCPU adds the process's CPU time (user + system) per op to a
// benchmark's figures: on a shared machine wall time per op is mostly
// waiting for a core, CPU time much less so. Call the returned func
// at the end of the timed loop.
func reportCPU(b *testing.B) func() {
	var start syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &start)
	return func() {
		var end syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &end)
		ns := func(r *syscall.Rusage) int64 { return r.Utime.Nano() + r.Stime.Nano() }
		b.ReportMetric(float64(ns(&end)-ns(&start))/float64(b.N), "cpu-ns/op")
	}
}
