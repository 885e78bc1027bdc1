//go:build !unix

package encounter

import "time"

// cpuTime is not measured here: the benchmarks report wall-clock figures
// only.
func cpuTime() time.Duration { return 0 }
