//go:build !unix

package hostile

import "time"

// cpuTime cannot be read here: Cost bounds the wall time instead.
func cpuTime() (time.Duration, bool) { return 0, false }
