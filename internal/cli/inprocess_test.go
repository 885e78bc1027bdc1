package cli

import (
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/helptopic"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/internal/playerview"
)

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
	code, stdout, stderr := runSpandex(ts, stdin, args)
	exited(ts, neg, code, stdout, stderr)
}

// exited ends a script command run in-process as exec ends one: it keeps
// stdout and stderr for the commands that follow (each command replaces
// what the previous one left), logs a non-zero status, and fails the
// script when the status is not what neg (a "!" before the command)
// expects.
func exited(ts *testscript.TestScript, neg bool, code int, stdout, stderr string) {
	fmt.Fprint(ts.Stdout(), stdout)
	fmt.Fprint(ts.Stderr(), stderr)
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

// runSpandex runs the CLI in-process for a script, as Main would in
// the script's directory with its environment; a panic fails the script.
func runSpandex(ts *testscript.TestScript, stdin string, args []string) (code int, stdout, stderr string) {
	ios, in, out, errOut := iostreams.Test()
	in.WriteString(stdin)
	if ts.Getenv(helptopic.EnvForceTTY) != "" {
		ios.SetStdoutTTY(true)
	}
	ios.SetProgress(ts.Getenv(helptopic.EnvProgress))
	f := &cmdutil.Factory{IOStreams: ios, Version: Version, Getenv: ts.Getenv, ServePlayers: playerview.Serve}
	code, panicked := runIn(ts.MkAbs("."), f, args)
	if panicked != "" {
		ts.Fatalf("spandex panicked: %s", panicked)
	}
	return code, out.String(), errOut.String()
}

// passTurns is the script command "passturns FILE ID|end": it passes
// every turn of the fight in FILE (fight act --pass, in-process) until
// it is ID's turn, or until the page can end. It stands for the shell
// loop of fight next and fight act a script would run, a process a call.
func passTurns(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: passturns FILE ID|end")
	}
	file, until := args[0], args[1]
	for range 500 {
		code, out, errOut := runSpandex(ts, "", []string{"fight", "next", file, "-o", "json"})
		if code != 0 {
			ts.Fatalf("passturns: fight next: %s", errOut)
		}
		var next struct {
			Phase string `json:"phase"`
			Actor *struct {
				ID string `json:"id"`
			} `json:"actor"`
		}
		ts.Check(json.Unmarshal([]byte(out), &next))
		if until == "end" && next.Phase == "end" || next.Actor != nil && next.Actor.ID == until {
			return
		}
		if code, _, errOut := runSpandex(ts, "", []string{"fight", "act", "-i", file, "--pass"}); code != 0 {
			ts.Fatalf("passturns: fight act --pass: %s", errOut)
		}
	}
	ts.Fatalf("passturns: %s never came after 500 turns", until)
}

// runIn runs args against f with dir as the directory relative file
// names are taken from (Factory.Dir: the process's own working directory
// is shared by the scripts running side by side, and never changed).
func runIn(dir string, f *cmdutil.Factory, args []string) (code int, panicked string) {
	f.Dir = dir
	defer func() {
		if r := recover(); r != nil {
			panicked = fmt.Sprintf("%v\n%s", r, debug.Stack())
		}
	}()
	return Run(f, args), ""
}

// execsSpandex reports whether line (of a script) runs spandex in a
// process: "exec spandex", maybe after "!" or a condition.
func execsSpandex(line string) bool {
	f := strings.Fields(line)
	for len(f) > 0 && (f[0] == "!" || strings.HasPrefix(f[0], "[")) {
		f = f[1:]
	}
	return len(f) >= 2 && f[0] == "exec" && f[1] == "spandex"
}
