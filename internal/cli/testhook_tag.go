//go:build spandextest

package cli

import (
	"github.com/codename-spandex/spandex/internal/cli/fight"
	"github.com/codename-spandex/spandex/internal/testhook"
)

// A binary built with -tags spandextest holds its files staged for
// SPANDEX_TEST_COMMIT_DELAY (scripts/kill-test.sh), and stops fight
// serve and fight status --watch once ready under SPANDEX_TEST_ONCE.
func init() {
	beforeCommit = testhook.CommitDelay
	fight.Once = testhook.Once
}
