// Package proctest helps the tests that run spandex as a process (the
// file, signal and hostile-input tests of internal/cli, the launcher's
// end-to-end test): the exit status of a finished command, and the
// address `fight serve` says it serves on.
package proctest

import (
	"bufio"
	"errors"
	"io"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// ExitCode is the exit status of a command that has run: 0 without an
// error, the status of an *exec.ExitError, -1 for any other error (it
// did not start, or its output could not be read).
func ExitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// Serving is a `fight serve` started by StartServe.
type Serving struct {
	// URL is the page's address, Port its port.
	URL, Port string
	stderr    strings.Builder
	done      chan struct{}
}

// StartServe starts cmd, a `fight serve ... --port 0`, and waits (up to
// 30 s) for the address it prints on stderr; the test fails without
// one. The process is killed when the test ends, if still running.
func StartServe(t testing.TB, cmd *exec.Cmd) *Serving {
	t.Helper()
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	s := &Serving{done: make(chan struct{})}
	// The line fight serve prints its address on. Compiled here, not at
	// initialisation: the test binary of internal/cli is also spandex,
	// and TestPackagesInitialiseLittle measures its start.
	serveURL := regexp.MustCompile(`^  (http://127\.0\.0\.1:(\d+)/)$`)
	found := make(chan []string, 1)
	go func() {
		defer close(s.done)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			s.stderr.WriteString(sc.Text() + "\n")
			if m := serveURL.FindStringSubmatch(sc.Text()); m != nil {
				found <- m
			}
		}
		_, _ = io.Copy(io.Discard, stderr)
	}()
	select {
	case m := <-found:
		s.URL, s.Port = m[1], m[2]
	case <-time.After(30 * time.Second):
		t.Fatal("fight serve printed no URL")
	}
	return s
}

// Stderr is what the command wrote on stderr, once it has ended (after
// cmd.Wait).
func (s *Serving) Stderr() string {
	<-s.done
	return s.stderr.String()
}
