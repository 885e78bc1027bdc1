package cli

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets testscript run the real CLI in-process as the "spandex"
// command.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"spandex": func() { os.Exit(Main()) },
	})
}

// TestScripts runs every end-to-end script in testdata/script.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			// No user config leaks into the tests.
			env.Setenv("XDG_CONFIG_HOME", env.WorkDir+"/.config")
			env.Setenv("HOME", env.WorkDir)
			return nil
		},
		RequireExplicitExec: false,
	})
}
