// Package progress draws a progress line on stderr for long batches (gen
// -n, hero check and sheet streams, fight sim), with
// github.com/jedib0t/go-pretty's progress writer. It draws only when
// stderr is a terminal (or SPANDEX_PROGRESS=always), never on stdout, and
// only once a batch has run for a second, so short runs and pipes stay
// silent. When the batch ends the line says so, with the count and the
// time taken ("gen npc done! [2.00K in 1.52s; 1.32K/s]", or "fail!").
package progress

import (
	"time"

	pretty "github.com/jedib0t/go-pretty/v6/progress"

	"github.com/codename-spandex/spandex/internal/iostreams"
)

// Delay is how long a batch runs before its progress line appears.
const Delay = time.Second

// MinTotal is the smallest batch of known size that ever shows progress.
const MinTotal = 100

// Redraw is how often the line is redrawn.
const Redraw = 100 * time.Millisecond

// Bar is one batch's progress. A nil *Bar is valid and draws nothing, so
// callers need no checks. Add and Finish are called from one goroutine at
// a time; the writer redraws from its own.
type Bar struct {
	ios   *iostreams.IOStreams
	what  string
	total int64
	done  int64
	calls uint
	start time.Time
	delay time.Duration

	tracker  *pretty.Tracker
	writer   pretty.Writer
	rendered chan struct{} // made when the line first shows; closed when it is done
}

// Start begins a batch of total items (-1 when unknown: a stream) described
// by what ("gen npc"). It returns nil when no progress will be drawn. The
// batch's clock starts here, so the speed and the time left count the
// items done before the line appeared.
func Start(ios *iostreams.IOStreams, total int64, what string) *Bar {
	on, forced := ios.Progress()
	if !on || (!forced && total >= 0 && total < MinTotal) {
		return nil
	}
	b := &Bar{ios: ios, what: what, total: total, start: time.Now(), delay: Delay}
	if forced {
		b.delay = 0
	}
	if total < 0 {
		total = 0 // a stream: an indeterminate bar
	}
	b.tracker = &pretty.Tracker{
		Message:          what,
		Total:            total,
		AutoStopDisabled: true, // a batch ends at Finish, not when it reaches its estimate
	}
	w := pretty.NewWriter()
	w.SetOutputWriter(ios.ErrOut)
	w.SetTerminalWidth(ios.TerminalWidth())
	w.SetTrackerPosition(pretty.PositionRight) // "gen npc ... 42.00% [###...]"
	w.SetTrackerLength(20)
	w.SetUpdateFrequency(Redraw)
	w.SetAutoStop(true) // the writer stops once the tracker is done
	style := pretty.StyleDefault
	style.Options.Separator = " "
	style.Options.TimeInProgressPrecision = 100 * time.Millisecond
	style.Options.TimeDonePrecision = 10 * time.Millisecond
	style.Visibility.ETA = total > 0
	style.Visibility.Speed = true
	w.SetStyle(style)
	w.AppendTracker(b.tracker)
	b.writer = w
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
	b.tracker.SetValue(b.done)
	if b.rendered == nil && time.Since(b.start) >= b.delay {
		b.rendered = make(chan struct{})
		go func() {
			defer close(b.rendered)
			b.writer.Render()
		}()
	}
}

// Finish ends the batch: a line that was drawn is drawn a last time,
// "done!" or, when the batch failed (err is not nil), "fail!", and Finish
// returns once it is on stderr. Call it deferred, with the function's
// named error result.
func (b *Bar) Finish(err error) {
	if b == nil {
		return
	}
	b.update()
	if err != nil {
		b.tracker.MarkAsErrored()
	} else {
		b.tracker.MarkAsDone()
	}
	if b.rendered == nil {
		return
	}
	b.writer.Stop()
	<-b.rendered
}

// Shown reports whether the line has been drawn (tests).
func (b *Bar) Shown() bool { return b != nil && b.rendered != nil }
