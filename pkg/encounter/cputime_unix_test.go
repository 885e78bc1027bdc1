//go:build unix

package encounter

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user and system) the process has used so far:
// benchmarks report throughput per CPU second as well as per wall-clock
// second, since the shared development machine is often busier than its
// cores.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
