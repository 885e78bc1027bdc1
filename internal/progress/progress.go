// Package progress draws a progress line on stderr for long batches (gen
// -n, hero check and sheet streams, fight sim). It draws only when stderr
// is a terminal (or SPANDEX_PROGRESS=always), never on stdout, and only
// once a batch has run for a second, so short runs and pipes stay silent.
// The line is redrawn in place at most ten times a second and cleared when
// the batch ends:
//
//	fight sim [=========>          ] 48% 4,812/10,000 2,405/s 2s, 2s left
//	hero check ⠼ 123,456 12,002/s 10s
//
// It is written here, as restic draws its own status lines, rather than
// with a progress-bar library: the one used before
// (github.com/schollz/progressbar) cost every call of spandex about a
// tenth of its start-up (docs/benchmarks.md, issue 9) for a line most
// calls never draw.
package progress

import (
	"strconv"
	"strings"
	"time"

	"github.com/codename-spandex/spandex/internal/iostreams"
)

// Delay is how long a batch runs before its progress line appears.
const Delay = time.Second

// MinTotal is the smallest batch of known size that ever shows progress.
const MinTotal = 100

// throttle is the least time between two drawings of the line.
const throttle = 100 * time.Millisecond

// barWidth is the number of cells of the bar of a batch of known size.
const barWidth = 20

// spinner turns once per drawing of a stream's line (its length unknown).
var spinner = [...]string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// Bar is one batch's progress. A nil *Bar is valid and draws nothing, so
// callers need no checks.
type Bar struct {
	ios   *iostreams.IOStreams
	what  string
	total int64 // -1: a stream, its length unknown
	done  int64
	calls uint
	start time.Time
	delay time.Duration
	// shown: the line has been drawn; drawn is when it last was, width
	// how many columns it took, turns the spinner's position.
	shown bool
	drawn time.Time
	width int
	turns int
	line  []byte
}

// Start begins a batch of total items (-1 when unknown: a stream) described
// by what ("gen npc"). It returns nil when no progress will be drawn.
func Start(ios *iostreams.IOStreams, total int64, what string) *Bar {
	on, forced := ios.Progress()
	if !on || (!forced && total >= 0 && total < MinTotal) {
		return nil
	}
	b := &Bar{ios: ios, what: what, total: max(total, -1), start: time.Now(), delay: Delay}
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
		b.update(time.Now(), false)
	}
}

// update draws the line if the batch has run past the delay and the line
// was not drawn in the last tenth of a second (always when forced: every
// update, and the last one).
func (b *Bar) update(now time.Time, last bool) {
	elapsed := now.Sub(b.start)
	if elapsed < b.delay {
		return
	}
	if b.shown && !last && b.delay > 0 && now.Sub(b.drawn) < throttle {
		return
	}
	b.line = b.format(b.line[:0], elapsed)
	b.draw()
	b.drawn = now
	b.shown = true
}

// format appends the line for elapsed time: what, the bar and percentage
// (or a spinner for a stream), the count, the rate, the time taken and,
// for a batch of known size, the time left at the rate so far.
func (b *Bar) format(line []byte, elapsed time.Duration) []byte {
	line = append(line, b.what...)
	line = append(line, ' ')
	if b.total > 0 {
		filled := int(min(b.done, b.total) * barWidth / b.total)
		line = append(line, '[')
		line = append(line, strings.Repeat("=", filled)...)
		if filled < barWidth {
			line = append(line, '>')
			line = append(line, strings.Repeat(" ", barWidth-filled-1)...)
		}
		line = append(line, "] "...)
		line = strconv.AppendInt(line, min(b.done, b.total)*100/b.total, 10)
		line = append(line, "% "...)
		line = appendCount(line, b.done)
		line = append(line, '/')
		line = appendCount(line, b.total)
	} else {
		line = append(line, spinner[b.turns%len(spinner)]...)
		b.turns++
		line = append(line, ' ')
		line = appendCount(line, b.done)
	}
	secs := elapsed.Seconds()
	if secs > 0 {
		line = append(line, ' ')
		line = appendCount(line, int64(float64(b.done)/secs))
		line = append(line, "/s"...)
	}
	line = append(line, ' ')
	line = append(line, elapsed.Round(time.Second).String()...)
	if b.total > 0 && b.done > 0 && b.done < b.total {
		left := time.Duration(float64(elapsed) * float64(b.total-b.done) / float64(b.done))
		line = append(line, ", "...)
		line = append(line, left.Round(time.Second).String()...)
		line = append(line, " left"...)
	}
	return line
}

// draw writes the line over the last one: carriage return, the line cut
// to the terminal's width, and blanks over what is left of a longer one.
func (b *Bar) draw() {
	text := string(b.line)
	cols := max(b.ios.TerminalWidth()-1, 10)
	if n := len([]rune(text)); n > cols {
		text = string([]rune(text)[:cols])
	}
	n := len([]rune(text))
	out := "\r" + text
	if b.width > n {
		out += strings.Repeat(" ", b.width-n)
	}
	b.width = n
	_, _ = b.ios.ErrOut.Write([]byte(out))
}

// Finish ends the batch: the line is drawn once more with the final count
// (when it shows at all) and then cleared.
func (b *Bar) Finish() {
	if b == nil {
		return
	}
	b.update(time.Now(), true)
	if b.shown {
		_, _ = b.ios.ErrOut.Write([]byte("\r" + strings.Repeat(" ", b.width) + "\r"))
	}
}

// Shown reports whether the line has been drawn (tests).
func (b *Bar) Shown() bool { return b != nil && b.shown }

// appendCount appends n with its thousands grouped by commas (12,345).
func appendCount(line []byte, n int64) []byte {
	s := strconv.FormatInt(n, 10)
	if n < 0 {
		line = append(line, '-')
		s = s[1:]
	}
	for i, c := range []byte(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			line = append(line, ',')
		}
		line = append(line, c)
	}
	return line
}
