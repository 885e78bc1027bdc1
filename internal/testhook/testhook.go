// Package testhook holds hooks that only test builds link in: the test
// binary of internal/cli and a binary built with -tags spandextest
// (scripts/kill-test.sh). A release binary does not import it, so no
// environment variable can change what a release binary does here.
package testhook

import "time"

// CommitDelay holds a successful command for SPANDEX_TEST_COMMIT_DELAY
// (a Go duration, at most a minute) with its files staged but not yet
// renamed, so that a signal test can interrupt a command at the moment a
// temporary file exists.
func CommitDelay(getenv func(string) string) {
	if getenv == nil {
		return
	}
	if d, err := time.ParseDuration(getenv("SPANDEX_TEST_COMMIT_DELAY")); err == nil && d > 0 {
		time.Sleep(min(d, time.Minute))
	}
}

// Once reports whether SPANDEX_TEST_ONCE is set: a long-running verb
// (fight serve, fight status --watch) then stops as soon as it is ready
// (fight serve after fetching its own page once, on any free port), so
// that their --help examples run in TestExamples.
func Once(getenv func(string) string) bool {
	return getenv != nil && getenv("SPANDEX_TEST_ONCE") != ""
}
