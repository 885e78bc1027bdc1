package cli

import (
	"fmt"
	"os"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/helptopic"
	"github.com/codename-spandex/spandex/internal/iostreams"
)

// cwdMu serialises the in-process commands of the scripts that run in
// parallel: the working directory is the process's, and a command opens
// the files it is given relative to it.
var cwdMu sync.Mutex

// inProcess is the script command "spandex ARGS [< FILE]": the CLI run
// in the test process, as Main runs it, with the script's environment
// and directory, stdin read from FILE (a file of the script, or stdout or
// stderr of the previous command), and stdout and stderr kept for the
// stdout/stderr/cmp commands that follow.
//
// It passes or fails as "exec spandex ARGS" does (! expects a non-zero
// exit status, whichever), without starting a process: the scripts make
// some 2,300 calls, and a process each was most of the suite's time.
// "exec spandex" still runs the real program (testscript.Main puts the
// test binary on PATH as spandex) for what needs a process: a shell
// pipeline or loop, signals, locks between processes.
//
// What Main does that this does not: install the signal handlers (a
// script sends no signal) and read os.Args and the process's streams.
// A panic fails the script (a process would exit 2, which "!" accepts).
func inProcess(ts *testscript.TestScript, neg bool, args []string) {
	stdin := ""
	if n := len(args); n >= 2 && args[n-2] == "<" {
		stdin = ts.ReadFile(args[n-1])
		args = args[:n-2]
	}
	ios, in, out, errOut := iostreams.Test()
	in.WriteString(stdin)
	if ts.Getenv(helptopic.EnvForceTTY) != "" {
		ios.SetStdoutTTY(true)
	}
	ios.SetProgress(ts.Getenv(helptopic.EnvProgress))
	f := &cmdutil.Factory{IOStreams: ios, Version: Version, Getenv: ts.Getenv}

	code, panicked := runIn(ts.MkAbs("."), f, args)
	if panicked != "" {
		ts.Fatalf("spandex panicked: %s", panicked)
	}
	// Each write replaces what the previous command left, as exec does.
	fmt.Fprint(ts.Stdout(), out.String())
	fmt.Fprint(ts.Stderr(), errOut.String())
	switch {
	case code != 0 && !neg:
		ts.Logf("[exit status %d]", code)
		ts.Fatalf("unexpected command failure")
	case code == 0 && neg:
		ts.Fatalf("unexpected command success")
	case code != 0:
		ts.Logf("[exit status %d]", code)
	}
}

// runIn runs args against f with dir as the working directory.
func runIn(dir string, f *cmdutil.Factory, args []string) (code int, panicked string) {
	cwdMu.Lock()
	defer cwdMu.Unlock()
	wd, err := os.Getwd()
	if err != nil {
		return 0, err.Error()
	}
	if err := os.Chdir(dir); err != nil {
		return 0, err.Error()
	}
	defer func() {
		if r := recover(); r != nil {
			panicked = fmt.Sprintf("%v\n%s", r, debug.Stack())
		}
		if err := os.Chdir(wd); err != nil && panicked == "" {
			panicked = err.Error()
		}
	}()
	return Run(f, args), ""
}

// scriptLine reports whether line (of a script) runs spandex in a
// process: "exec spandex", maybe after "!" or a condition.
func execsSpandex(line string) bool {
	f := strings.Fields(line)
	for len(f) > 0 && (f[0] == "!" || strings.HasPrefix(f[0], "[")) {
		f = f[1:]
	}
	return len(f) >= 2 && f[0] == "exec" && f[1] == "spandex"
}
