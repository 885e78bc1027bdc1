package cli

import (
	"bytes"
	"log"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/codename-spandex/spandex/internal/playerview"
	"github.com/codename-spandex/spandex/internal/servelaunch"
)

// TestMain makes the test binary the "spandex" program too: run under
// that name (a link on PATH, made here) it is the real CLI, so scripts'
// shell pipelines ("exec sh -c '... | spandex ...'") and the process
// tests in files_test.go run it. The scripts' own "spandex" command runs
// the CLI in this process instead (inProcess). testscript.Main would do
// the same but claims the name "spandex" for "exec spandex". Run as
// "spandex-serve" (a link beside it) it is fight serve's server, which
// the released spandex runs as a program of its own (servelaunch).
func TestMain(m *testing.M) {
	if filepath.Base(os.Args[0]) == servelaunch.Program {
		os.Exit(playerview.Main(os.Args[1:], os.Stderr))
	}
	if filepath.Base(os.Args[0]) == "spandex" {
		code := Main()
		if p := os.Getenv(peakFileEnv); p != "" {
			writePeak(p)
		}
		os.Exit(code)
	}
	os.Exit(runWithSpandexOnPath(m))
}

// peakFileEnv names a file where the test binary, run as spandex, writes
// its peak resident memory (VmHWM) when it ends. The kernel's rusage of a
// child counts the memory of the process it was started from (Go starts
// children with vfork), so a test process grown by in-process scripts
// would make every child look large.
const peakFileEnv = "SPANDEXTEST_PEAK_FILE"

// writePeak writes this process's VmHWM line from /proc/self/status to p.
func writePeak(p string) {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return
	}
	for _, l := range strings.Split(string(status), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			_ = os.WriteFile(p, []byte(l), 0o644)
		}
	}
}

// runWithSpandexOnPath links the test binary as spandex and spandex-serve
// into a temporary directory put first on PATH, and runs the tests.
func runWithSpandexOnPath(m *testing.M) int {
	self, err := os.Executable()
	if err != nil {
		log.Fatal(err)
	}
	bin, err := os.MkdirTemp("", "spandex-test-bin")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(bin)
	for _, name := range []string{"spandex", servelaunch.Program} {
		if err := os.Symlink(self, filepath.Join(bin, name)); err != nil {
			log.Fatal(err)
		}
	}
	os.Setenv("PATH", bin+string(filepath.ListSeparator)+os.Getenv("PATH"))
	return m.Run()
}

// heroesDir holds the shared hero fixtures (guardian.json, nefario.json,
// goons.jsonl, ...), the same files every package's tests read.
const heroesDir = "../../testdata/heroes"

// setupScript isolates the script's HOME (isolateHome) and gives it a
// copy of the shared hero fixtures in $WORK/heroes: a script takes the
// heroes it plays with from there (cp heroes/guardian.json
// heroes/nefario.json .) instead of pasting its own copy, which would
// drift from the others. The encounters beside them
// (testdata/encounters: the simulation's bank and reference fights) are
// copied to $WORK/encounters the same way, and the Men & Supermen files
// (testdata/mns: the synthetic charts, the examples' combatants) to
// $WORK/mns. Only the fixtures the script
// (dir/NAME.txtar) names are copied: creating a file is most of what
// setting up a script costs.
func setupScript(dir, heroes string) func(env *testscript.Env) error {
	return func(env *testscript.Env) error {
		if err := isolateHome(env); err != nil {
			return err
		}
		var text []byte
		if t, ok := env.T().(interface{ Name() string }); ok {
			text, _ = os.ReadFile(filepath.Join(dir, path.Base(t.Name())+".txtar"))
		}
		for _, src := range []string{heroes, filepath.Join(filepath.Dir(heroes), "encounters"), filepath.Join(filepath.Dir(heroes), "mns")} {
			named := func(name string) bool {
				return text == nil || bytes.Contains(text, []byte(filepath.Base(src)+"/"+name))
			}
			if err := copyFixtures(filepath.Join(env.WorkDir, filepath.Base(src)), src, named); err != nil {
				return err
			}
		}
		return nil
	}
}

// copyFixtures copies the files of src that keep says to keep into dst.
func copyFixtures(dst, src string, keep func(name string) bool) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() || !keep(e.Name()) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// isolateHome gives each script its own HOME and config directory, so no
// user config leaks into the tests.
func isolateHome(env *testscript.Env) error {
	env.Setenv("XDG_CONFIG_HOME", env.WorkDir+"/.config")
	env.Setenv("HOME", env.WorkDir)
	// fight serve and fight status --watch run until stopped: in a
	// script (an example, a width check) they stop once ready
	// (internal/testhook.Once).
	env.Setenv("SPANDEX_TEST_ONCE", "1")
	return nil
}

// TestScripts runs every end-to-end script in testdata/script.
func TestScripts(t *testing.T) {
	dir, heroes := "testdata/script", heroesDir
	// The scripts of TestScripts, TestExamples and TestTerminalWidth
	// run beside each other, once every sequential test is done: one
	// test's last slow scripts do not hold up the next test's.
	t.Parallel()
	testscript.Run(t, testscript.Params{
		Dir:                 dir,
		Setup:               setupScript(dir, heroes),
		RequireExplicitExec: true,
		Cmds: scriptCmds(map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"maxwidth": maxWidth,
		}),
	})
}

// scriptCmds is cmds and the commands every script may use: spandex,
// sh and jq (in-process), jsonedit and passturns.
func scriptCmds(cmds map[string]func(ts *testscript.TestScript, neg bool, args []string)) map[string]func(ts *testscript.TestScript, neg bool, args []string) {
	all := map[string]func(ts *testscript.TestScript, neg bool, args []string){
		"spandex":   inProcess,
		"sh":        shellCmd,
		"jq":        jqCmd,
		"jsonedit":  jsonEdit,
		"passturns": passTurns,
	}
	for name, cmd := range cmds {
		all[name] = cmd
	}
	return all
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
