//go:build !spandextest

package cli

import (
	"github.com/codename-spandex/spandex/internal/cli/fight"
	"github.com/codename-spandex/spandex/internal/testhook"
)

// The test binary, which testscript and the signal tests run as
// spandex, holds its files staged for SPANDEX_TEST_COMMIT_DELAY, and
// stops fight serve and fight status --watch once ready under
// SPANDEX_TEST_ONCE.
func init() {
	beforeCommit = testhook.CommitDelay
	fight.Once = testhook.Once
}
