package cli

import (
	"os"
	"os/signal"
	"syscall"

	"github.com/codename-spandex/spandex/internal/safefile"
)

// Exit statuses for a command stopped by a signal: 128 + the signal's
// number, as a shell reports it.
const (
	exitSIGINT  = 130
	exitSIGTERM = 143
)

// handleSignals makes the process's signals do what the README says:
//
//   - SIGINT or SIGTERM removes the temporary file of an -i write in
//     progress and exits 130 or 143, leaving the file unchanged; once the
//     new file is being renamed into place the signal is ignored and the
//     command finishes (exit 0), so a non-zero status still means the
//     file is unchanged. The handler (notifyInterrupts) is installed only
//     when the first temporary file is about to be created
//     (safefile.OnFirstTemp): before that there is nothing to clean up,
//     and Go's default (the process stops; the shell reports 130 or 143)
//     is the same outcome, without a signal goroutine and the thread
//     signal.Notify starts on every call (start-up, docs/benchmarks.md).
//   - SIGPIPE is ignored: a write to a closed pipe (spandex gen npc goon
//     -n 1000000 | head -1) fails with EPIPE, which Run treats as the
//     reader having had enough: a quiet exit 0 instead of death by
//     signal (141).
func handleSignals() {
	signal.Ignore(syscall.SIGPIPE)
	safefile.OnFirstTemp(notifyInterrupts)
}

// notifyInterrupts installs the SIGINT/SIGTERM handler that removes the
// temporary files (safefile.Interrupt) and exits 130 or 143.
func notifyInterrupts() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		for s := range ch {
			if !safefile.Interrupt() {
				continue // the files are being committed: finish
			}
			if s == syscall.SIGTERM {
				os.Exit(exitSIGTERM)
			}
			os.Exit(exitSIGINT)
		}
	}()
}
