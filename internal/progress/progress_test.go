package progress

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/iostreams"
)

func TestProgressOnlyOnATerminal(t *testing.T) {
	tests := []struct {
		name      string
		stderrTTY bool
		mode      string
		total     int64
		instant   bool // pretend the batch has run past Delay
		want      bool
	}{
		{"piped: nothing, however long", false, "", 100000, true, false},
		{"terminal, long batch", true, "", 100000, true, true},
		{"terminal, stream of unknown length", true, "auto", -1, true, true},
		{"terminal, batch too small", true, "", MinTotal - 1, true, false},
		{"terminal, quick batch: nothing before the delay", true, "", 100000, false, false},
		{"terminal but never", true, "never", 100000, true, false},
		{"forced when piped", false, "always", 5, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, out, errOut := iostreams.Test()
			ios.SetStderrTTY(tt.stderrTTY)
			ios.SetProgress(tt.mode)
			b := Start(ios, tt.total, "gen npc")
			if b != nil && tt.instant {
				b.delay = 0
			}
			n := 600
			if tt.total >= 0 && tt.total < int64(n) {
				n = int(tt.total)
			}
			for range n {
				b.Add(1)
			}
			b.Finish(nil)
			shown := b.Shown()
			if shown != tt.want {
				t.Errorf("shown = %v, want %v", shown, tt.want)
			}
			if got := errOut.String(); tt.want != strings.Contains(got, "gen npc") {
				t.Errorf("stderr = %q, want progress: %v", got, tt.want)
			}
			// Finish returns once the last line, done and counting every
			// item, is on stderr.
			if done := fmt.Sprintf("gen npc done! [%d in ", n); tt.want && !strings.Contains(errOut.String(), done) {
				t.Errorf("stderr = %q, want %q", errOut, done)
			}
			if !tt.want && errOut.Len() != 0 {
				t.Errorf("stderr = %q, want nothing", errOut)
			}
			if out.Len() != 0 {
				t.Errorf("stdout = %q: progress must never reach stdout", out)
			}
		})
	}
}

// TestFailedBatch: a batch that ends in an error says "fail!", not done.
func TestFailedBatch(t *testing.T) {
	ios, _, _, errOut := iostreams.Test()
	ios.SetProgress("always")
	b := Start(ios, 500, "hero check")
	b.Add(12)
	b.Finish(errors.New("hero 13: bad"))
	if got := errOut.String(); !strings.Contains(got, "hero check fail! [12 in ") || strings.Contains(got, "done!") {
		t.Errorf("stderr = %q, want the line to end as failed after 12", got)
	}
}

func TestNilBarIsSafe(t *testing.T) {
	var b *Bar
	b.Add(3)
	b.Finish(nil)
	if b.Shown() {
		t.Error("a nil bar is shown")
	}
}
