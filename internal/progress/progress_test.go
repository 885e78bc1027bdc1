package progress

import (
	"strings"
	"testing"
	"time"

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
			b.Finish()
			shown := b.Shown()
			if shown != tt.want {
				t.Errorf("shown = %v, want %v", shown, tt.want)
			}
			if got := errOut.String(); tt.want != strings.Contains(got, "gen npc") {
				t.Errorf("stderr = %q, want progress: %v", got, tt.want)
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

func TestNilBarIsSafe(t *testing.T) {
	var b *Bar
	b.Add(3)
	b.Finish()
	if b.Shown() {
		t.Error("a nil bar is shown")
	}
}

// The line of a batch of known size and of a stream, worked by hand: 4,812
// of 10,000 after 2 s is 48 % (9 of 20 cells), 2,406 a second and
// (10,000 - 4,812) / 2,406 = 2.16 s, about 2 s, left.
func TestFormat(t *testing.T) {
	b := &Bar{what: "fight sim", total: 10000, done: 4812}
	got := string(b.format(nil, 2*time.Second))
	if want := "fight sim [=========>          ] 48% 4,812/10,000 2,406/s 2s, 2s left"; got != want {
		t.Errorf("known size:\n got %q\nwant %q", got, want)
	}
	b = &Bar{what: "fight sim", total: 10000, done: 10000}
	if got, want := string(b.format(nil, 4*time.Second)), "fight sim [====================] 100% 10,000/10,000 2,500/s 4s"; got != want {
		t.Errorf("done:\n got %q\nwant %q", got, want)
	}
	b = &Bar{what: "hero check", total: -1, done: 1234567}
	for i, want := range []string{"hero check ⠋ 1,234,567 123,456/s 10s", "hero check ⠙ 1,234,567 123,456/s 10s"} {
		if got := string(b.format(nil, 10*time.Second)); got != want {
			t.Errorf("stream, drawing %d:\n got %q\nwant %q", i+1, got, want)
		}
	}
}

func TestAppendCount(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 123456: "123,456", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := string(appendCount(nil, n)); got != want {
			t.Errorf("appendCount(%d) = %q, want %q", n, got, want)
		}
	}
}

// The line is redrawn in place, cut to the terminal's width, a shorter
// line blanks what is left of a longer one, and Finish clears it.
func TestDrawInPlace(t *testing.T) {
	ios, _, _, errOut := iostreams.Test()
	ios.SetStderrTTY(true)
	ios.SetProgress("always")
	b := Start(ios, -1, strings.Repeat("x", 100))
	b.Add(2) // several items: drawn at once (forced: no delay, no throttle)
	b.Finish()
	lines := strings.Split(errOut.String(), "\r")
	// "", the first drawing, the last one, the blanks that clear it, "".
	if len(lines) != 5 || lines[0] != "" || lines[4] != "" {
		t.Fatalf("stderr = %q", errOut.String())
	}
	for _, l := range lines[1:3] {
		if n := len([]rune(l)); n != 79 {
			t.Errorf("drawn %d columns (%q), want 79 of an 80-column terminal", n, l)
		}
	}
	if lines[3] != strings.Repeat(" ", 79) {
		t.Errorf("cleared with %q", lines[3])
	}
	b = &Bar{ios: ios, line: []byte("long line here")}
	errOut.Reset()
	b.draw()
	b.line = []byte("short")
	b.draw()
	if got, want := errOut.String(), "\rlong line here\rshort         "; got != want {
		t.Errorf("redrawn as %q, want %q", got, want)
	}
}
