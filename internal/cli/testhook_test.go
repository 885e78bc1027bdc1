//go:build !spandextest

package cli

import "github.com/codename-spandex/spandex/internal/testhook"

// The test binary, which testscript and the signal tests run as
// spandex, holds its files staged for SPANDEX_TEST_COMMIT_DELAY.
func init() { beforeCommit = testhook.CommitDelay }
