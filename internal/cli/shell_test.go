package cli

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/helptopic"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/internal/playerview"
)

// shellCmd is the script command "sh -c LINE" or "sh FILE [ARGS]": LINE
// (or the shell script FILE) run by a POSIX shell interpreter
// (mvdan.cc/sh) in the script's directory and environment, with its
// stdout and stderr kept for the stdout/stderr/cmp commands that follow.
// It is for what a shell is for: pipelines, loops, redirections, $(...).
// Every spandex the line runs is the CLI in-process (as the "spandex"
// command runs it, each stage of a pipeline concurrently, reading and
// writing the pipe), and so is every jq (shellJQ); any other program
// (head, mv) is started as sh would.
//
// It passes or fails as "exec sh" does: ! expects a non-zero status.
func shellCmd(ts *testscript.TestScript, neg bool, args []string) {
	var prog *syntax.File
	var params []string
	var err error
	parser := syntax.NewParser()
	switch {
	case len(args) == 2 && args[0] == "-c":
		prog, err = parser.Parse(strings.NewReader(args[1]), "")
	case len(args) >= 1 && args[0] != "-c":
		prog, err = parser.Parse(strings.NewReader(ts.ReadFile(args[0])), args[0])
		params = append([]string{"--"}, args[1:]...)
	default:
		ts.Fatalf("usage: sh -c LINE | sh FILE [ARGS]")
	}
	ts.Check(err)
	var stdout, stderr lockedBuffer
	code, panicked := runShell(ts, prog, params, &stdout, &stderr)
	if panicked != "" {
		ts.Fatalf("spandex panicked: %s", panicked)
	}
	exited(ts, neg, code, stdout.String(), stderr.String())
}

// runShell runs prog with params as its positional parameters, stdin
// empty; it returns the exit status, and the panic of an in-process
// spandex if one panicked.
func runShell(ts *testscript.TestScript, prog *syntax.File, params []string, stdout, stderr io.Writer) (code int, panicked string) {
	var panics panicList
	opts := []interp.RunnerOption{
		interp.StdIO(strings.NewReader(""), stdout, stderr),
		interp.Dir(ts.MkAbs(".")),
		interp.Env(scriptEnviron{ts}),
		interp.ExecHandlers(func(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
			return func(ctx context.Context, args []string) error {
				switch args[0] {
				case "spandex":
					return shellSpandex(ctx, args[1:], &panics)
				case "jq":
					return shellJQ(ctx, args[1:])
				}
				return next(ctx, args)
			}
		}),
	}
	if params != nil {
		opts = append(opts, interp.Params(params...))
	}
	r, err := interp.New(opts...)
	ts.Check(err)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	err = r.Run(ctx, prog)
	if p := panics.first(); p != "" {
		return 0, p
	}
	var status interp.ExitStatus
	switch {
	case err == nil:
		return 0, ""
	case errors.As(err, &status):
		return int(status), ""
	}
	ts.Fatalf("sh: %v", err)
	return 0, ""
}

// shellSpandex runs the CLI in-process for the shell: its streams, its
// directory, its environment (Getenv reads the shell's variables).
func shellSpandex(ctx context.Context, args []string, panics *panicList) error {
	hc := interp.HandlerCtx(ctx)
	getenv := func(name string) string { return hc.Env.Get(name).String() }
	ios := iostreams.Streams(hc.Stdin, hc.Stdout, hc.Stderr)
	if getenv(helptopic.EnvForceTTY) != "" {
		ios.SetStdoutTTY(true)
	}
	ios.SetProgress(getenv(helptopic.EnvProgress))
	f := &cmdutil.Factory{IOStreams: ios, Version: Version, Getenv: getenv, ServePlayers: playerview.Serve}
	code, panicked := runIn(hc.Dir, f, args)
	if panicked != "" {
		panics.add(panicked)
		code = 2
	}
	if code == 0 {
		return nil
	}
	return interp.ExitStatus(code)
}

// scriptEnviron is the script's environment as the shell sees it:
// variables read through the script (so "env X=1" before "sh" counts),
// and for the programs it starts the process's variables and those the
// script's set-up gives, with the script's values.
type scriptEnviron struct{ ts *testscript.TestScript }

func (e scriptEnviron) Get(name string) expand.Variable {
	v := e.ts.Getenv(name)
	if v == "" {
		return expand.Variable{}
	}
	return expand.Variable{Set: true, Exported: true, Kind: expand.String, Str: v}
}

func (e scriptEnviron) Each(fn func(name string, vr expand.Variable) bool) {
	names := []string{"WORK", "HOME", "TMPDIR", "XDG_CONFIG_HOME", "PATH", "SPANDEX_TEST_ONCE", helptopic.EnvForceTTY, helptopic.EnvProgress}
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		names = append(names, name)
	}
	for _, name := range names {
		if vr := e.Get(name); vr.IsSet() && !fn(name, vr) {
			return
		}
	}
}

// panicList keeps the first panic of the in-process stages of a line.
type panicList struct {
	mu sync.Mutex
	s  string
}

func (p *panicList) add(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.s == "" {
		p.s = s
	}
}

func (p *panicList) first() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.s
}

// lockedBuffer is a buffer the stages of a pipeline may write at once
// (all of them write stderr).
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestShellCommand: the script command sh runs a pipeline of in-process
// spandex stages, passes exit statuses, stderr, loops and a script file's
// arguments through, and takes files from the script's directory.
func TestShellCommand(t *testing.T) {
	dir := t.TempDir()
	script := `# a pipeline of two in-process stages, and a redirection
sh -c 'spandex roll 3d6 --dice 6,5,4 -o json | spandex roll 1d6 --dice 2 -o text > two.txt'
! stdout .
cmp two.txt want-two.txt

# the status of the last stage; stderr of the failing one
! sh -c 'spandex roll 3d6 -o text | spandex roll 3x6'
stderr 'spandex: dice expression "3x6"'

# a script file with its arguments, a loop, and $(...)
sh count.sh 3
stdout '^1 2 3 $'
sh -c 'spandex roll 1d6 --dice $(echo 5) -o text'
stdout '^5$'
-- want-two.txt --
2
-- count.sh --
for i in $(seq $1); do printf '%s ' $i; done
echo
`
	if err := os.WriteFile(filepath.Join(dir, "shell.txtar"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{Dir: dir, Setup: isolateHome, Cmds: scriptCmds(nil)})
}
