package cmdutil

import (
	"time"

	"github.com/schollz/progressbar/v3"
)

// Progress counts done units of a long job on stderr, only when stderr is
// a terminal (never when piped). It is safe for concurrent use; a nil
// *Progress does nothing.
type Progress struct {
	bar *progressbar.ProgressBar
}

// NewProgress starts a progress bar of total units described as what, or
// returns nil when stderr is not a terminal.
func (e *Env) NewProgress(total int64, what string) *Progress {
	if e.IO == nil || !e.IO.IsStderrTTY() {
		return nil
	}
	return &Progress{bar: progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(e.IO.ErrOut),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)}
}

// Add counts n more units done.
func (p *Progress) Add(n int) {
	if p != nil {
		_ = p.bar.Add(n)
	}
}

// Done clears the bar.
func (p *Progress) Done() {
	if p != nil {
		_ = p.bar.Finish()
	}
}
