// Package browsertest starts the headless Chromium of internal/browser
// for a test: skipped when the machine has none, except under CI, where
// a missing browser fails the test (.ci/run installs Debian's chromium).
package browsertest

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/codename-spandex/spandex/internal/browser"
)

// Start starts the browser for the test and closes it when the test
// ends.
func Start(t testing.TB) *browser.Browser {
	t.Helper()
	path, err := browser.Find()
	if err != nil {
		if ci := os.Getenv("CI"); ci != "" && ci != "false" && ci != "0" {
			t.Fatalf("CI=%s and %v", ci, err)
		}
		t.Skip(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	t.Cleanup(cancel)
	b, err := browser.Start(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	return b
}
