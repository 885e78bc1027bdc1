// Package browsertest starts the headless Chromium of internal/browser
// for a test: skipped under go test -short and when the machine has none,
// except under CI, where a missing browser fails the test (.ci/run
// installs Debian's chromium and runs the whole suite).
package browsertest

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/codename-spandex/spandex/internal/browser"
)

// Start starts the browser for the test and closes it when the test
// ends.
func Start(t testing.TB) *browser.Browser {
	t.Helper()
	path := find(t)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	t.Cleanup(cancel)
	b, err := browser.Start(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	return b
}

// find returns the browser's path, or skips the test: under -short (a
// browser test costs seconds of CPU in Chromium), and when there is none
// (fails it under CI).
func find(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("a browser test: not with -short")
	}
	path, err := browser.Find()
	if err != nil {
		if ci := os.Getenv("CI"); ci != "" && ci != "false" && ci != "0" {
			t.Fatalf("CI=%s and %v", ci, err)
		}
		t.Skip(err)
	}
	return path
}

// shared is the one browser of a test binary's Shared tests.
var shared struct {
	once   sync.Once
	b      *browser.Browser
	err    error
	cancel context.CancelFunc
}

// Shared returns the browser every test of the package shares, started
// by the first test that asks (a launch costs more than most of the
// pages a test prints): each test opens its own tabs, so tests that use
// it may run in parallel. The package's TestMain calls CloseShared after
// m.Run.
func Shared(t testing.TB) *browser.Browser {
	t.Helper()
	path := find(t)
	shared.once.Do(func() {
		ctx, cancel := context.WithCancel(context.Background())
		shared.cancel = cancel
		shared.b, shared.err = browser.Start(ctx, path)
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.b
}

// CloseShared stops the shared browser, if a test started it, and
// removes its files.
func CloseShared() {
	if shared.b != nil {
		shared.b.Close()
	}
	if shared.cancel != nil {
		shared.cancel()
	}
}
