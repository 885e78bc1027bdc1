// Package progress draws a progress line on stderr for long batches (gen
// -n, hero check and sheet streams, fight sim), with
// github.com/schollz/progressbar. It draws only when stderr is a terminal
// (or SPANDEX_PROGRESS=always), never on stdout, and only once a batch has
// run for a second, so short runs and pipes stay silent. The line is
// cleared when the batch ends.
package progress

import (
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/codename-spandex/spandex/internal/iostreams"
)

// Delay is how long a batch runs before its progress line appears.
const Delay = time.Second

// MinTotal is the smallest batch of known size that ever shows progress.
const MinTotal = 100

// Bar is one batch's progress. A nil *Bar is valid and draws nothing, so
// callers need no checks.
type Bar struct {
	ios   *iostreams.IOStreams
	what  string
	total int64
	done  int64
	calls uint
	start time.Time
	delay time.Duration
	bar   *progressbar.ProgressBar
}

// Start begins a batch of total items (-1 when unknown: a stream) described
// by what ("gen npc"). It returns nil when no progress will be drawn.
func Start(ios *iostreams.IOStreams, total int64, what string) *Bar {
	on, forced := ios.Progress()
	if !on || (!forced && total >= 0 && total < MinTotal) {
		return nil
	}
	b := &Bar{ios: ios, what: what, total: total, start: time.Now(), delay: Delay}
	if forced {
		b.delay = 0
	}
	return b
}

// Add records n more items done.
func (b *Bar) Add(n int) {
	if b == nil {
		return
	}
	b.done += int64(n)
	b.calls++
	// Looking at the clock costs more than generating a goon: do it
	// every 256 calls of one item, and at every call of several (a
	// worker's batch of fights).
	if b.calls&255 == 0 || n > 1 {
		b.update()
	}
}

func (b *Bar) update() {
	if b.bar == nil {
		if time.Since(b.start) < b.delay {
			return
		}
		max := b.total
		if max < 0 {
			max = -1
		}
		throttle := 100 * time.Millisecond
		if b.delay == 0 {
			throttle = 0 // forced (SPANDEX_PROGRESS=always): show every update
		}
		b.bar = progressbar.NewOptions64(max,
			progressbar.OptionSetWriter(b.ios.ErrOut),
			progressbar.OptionSetDescription(b.what),
			progressbar.OptionSetWidth(30),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("items"),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionSetPredictTime(max > 0),
			progressbar.OptionThrottle(throttle),
			progressbar.OptionSpinnerType(14),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionSetRenderBlankState(true),
		)
	}
	_ = b.bar.Set64(b.done)
}

// Finish ends the batch and clears the line.
func (b *Bar) Finish() {
	if b == nil {
		return
	}
	b.update()
	if b.bar != nil {
		_ = b.bar.Finish()
	}
}

// Shown reports whether the line has been drawn (tests).
func (b *Bar) Shown() bool { return b != nil && b.bar != nil }
