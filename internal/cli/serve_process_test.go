package cli

import (
	"bufio"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
	"time"

	"github.com/codename-spandex/spandex/internal/proctest"
)

// TestServeStopsOnSignal: fight serve, a page and an open event stream
// being served, stops cleanly on SIGINT and on SIGTERM (exit 0, the
// stream closed), and so does fight status --watch.
func TestServeStopsOnSignal(t *testing.T) {
	dir := t.TempDir()
	copyFixture(t, dir, "guardian.json", "guardian.json")
	copyFixture(t, dir, "nefario.json", "nefario.json")
	enc, err := spandex(t, dir, "fight", "new", "--side", "heroes=guardian.json", "--side", "villains=nefario.json").Output()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bank.json"), enc, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run("serve "+sig.String(), func(t *testing.T) {
			cmd := spandex(t, dir, "fight", "serve", "bank.json", "--port", "0")
			resp, err := http.Get(proctest.StartServe(t, cmd).URL + "events")
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			waitExit(t, cmd.Wait, 0)
			if _, err := io.ReadAll(resp.Body); err != nil {
				t.Errorf("the event stream ended with %v", err)
			}
		})
	}
	t.Run("status --watch SIGINT", func(t *testing.T) {
		cmd := spandex(t, dir, "fight", "status", "bank.json", "--watch")
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer cmd.Process.Kill()
		line, err := bufio.NewReader(stdout).ReadString('\n')
		if err != nil || !regexp.MustCompile(`^\{"page":1,`).MatchString(line) {
			t.Fatalf("first board %q, %v", line, err)
		}
		if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
		waitExit(t, cmd.Wait, 0)
	})
}

// waitExit waits at most 10 seconds for a process to exit with code.
func waitExit(t *testing.T, wait func() error, code int) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- wait() }()
	select {
	case err := <-done:
		if got := proctest.ExitCode(err); got != code {
			t.Errorf("exit %d (%v), want %d", got, err, code)
		}
	case <-time.After(10 * time.Second):
		t.Error("still running 10 s after the signal")
	}
}
