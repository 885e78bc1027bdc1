//go:build spandextest

package cli

import "github.com/codename-spandex/spandex/internal/testhook"

// A binary built with -tags spandextest holds its files staged for
// SPANDEX_TEST_COMMIT_DELAY (scripts/kill-test.sh).
func init() { beforeCommit = testhook.CommitDelay }
