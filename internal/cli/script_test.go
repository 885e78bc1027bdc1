package cli

import (
	"os"
	"strconv"
	"strings"
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

// isolateHome gives each script its own HOME and config directory, so no
// user config leaks into the tests.
func isolateHome(env *testscript.Env) error {
	env.Setenv("XDG_CONFIG_HOME", env.WorkDir+"/.config")
	env.Setenv("HOME", env.WorkDir)
	return nil
}

// TestScripts runs every end-to-end script in testdata/script.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		Setup:               isolateHome,
		RequireExplicitExec: false,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"maxwidth": maxWidth,
		},
	})
}

// maxWidth is the script command "maxwidth N stdout|stderr|FILE": every
// line of the command's output (or the file) is at most N columns.
func maxWidth(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: maxwidth N stdout|stderr|FILE")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("maxwidth: %v", err)
	}
	// ReadFile reads the last command's stdout and stderr by those names.
	text := ts.ReadFile(args[1])
	if text == "" {
		ts.Fatalf("maxwidth: %s is empty", args[1])
	}
	wide := ""
	for _, l := range strings.Split(text, "\n") {
		if displayWidth(l) > n {
			wide = l
			break
		}
	}
	switch {
	case neg && wide == "":
		ts.Fatalf("every line of %s fits %d columns", args[1], n)
	case !neg && wide != "":
		ts.Fatalf("%s has a line of %d columns (over %d): %q", args[1], displayWidth(wide), n, wide)
	}
}
