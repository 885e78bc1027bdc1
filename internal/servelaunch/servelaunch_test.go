package servelaunch

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/codename-spandex/spandex/internal/cmdutil"
)

// fakeEnv, when set, makes the test binary a fake spandex-serve: it
// writes its arguments as JSON to the file fakeArgsEnv names, then
// exits with the status fakeEnv holds, or, for "wait", says "ready" on
// stderr and waits for SIGINT (exit 0).
const (
	fakeEnv     = "SERVELAUNCH_TEST_FAKE"
	fakeArgsEnv = "SERVELAUNCH_TEST_ARGS"
)

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fake(mode))
	}
	code := m.Run()
	if programs.dir != "" {
		os.RemoveAll(programs.dir)
	}
	os.Exit(code)
}

func fake(mode string) int {
	ints := make(chan os.Signal, 1)
	signal.Notify(ints, os.Interrupt)
	data, _ := json.Marshal(os.Args[1:])
	if err := os.WriteFile(os.Getenv(fakeArgsEnv), data, 0o644); err != nil {
		return 99
	}
	if mode == "wait" {
		os.Stderr.WriteString("ready\n")
		select {
		case <-ints:
			return 0
		case <-time.After(20 * time.Second):
			return 98
		}
	}
	code, _ := strconv.Atoi(mode)
	return code
}

// fakeServe is the test binary copied as spandex-serve into a directory
// of its own, beside a (pretend) spandex.
func fakeServe(t *testing.T) (dir, prog string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake spandex-serve is a Unix test")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	prog = filepath.Join(dir, Program)
	if err := os.Symlink(self, prog); err != nil {
		t.Fatal(err)
	}
	return dir, prog
}

func noPath(string) (string, error) { return "", exec.ErrNotFound }

// spandex-serve is found beside spandex first, then on PATH; missing, the
// error says how to build or install it, and exits 1.
func TestFind(t *testing.T) {
	dir, prog := fakeServe(t)
	if got, err := find(filepath.Join(dir, "spandex"), noPath); err != nil || got != prog {
		t.Errorf("beside spandex: %q, %v; want %q", got, err, prog)
	}
	// spandex reached through a link: the directory of its target.
	links := t.TempDir()
	if err := os.Symlink(filepath.Join(dir, "spandex"), filepath.Join(links, "spandex")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "spandex"), nil, 0o755); err != nil {
		t.Fatal(err)
	}
	if got, err := find(filepath.Join(links, "spandex"), noPath); err != nil || got != prog {
		t.Errorf("through a link: %q, %v; want %q", got, err, prog)
	}
	onPath := func(name string) (string, error) { return "/usr/local/bin/" + name, nil }
	if got, err := find(filepath.Join(t.TempDir(), "spandex"), onPath); err != nil || got != "/usr/local/bin/"+Program {
		t.Errorf("on PATH: %q, %v", got, err)
	}
	_, err := find(filepath.Join(t.TempDir(), "spandex"), noPath)
	if !errors.Is(err, ErrMissing) || cmdutil.ExitCode(err) != cmdutil.ExitError {
		t.Fatalf("missing: %v (exit %d)", err, cmdutil.ExitCode(err))
	}
	for _, want := range []string{"spandex-serve", `"go build -o . ./cmd/..."`, `"go install ./cmd/..."`} {
		if !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("the missing program's error %q lacks %s", err, want)
		}
	}
}

// Run hands spandex-serve the settings as its arguments and passes its
// exit status on: 0 is nil, any other the same status, printed by
// spandex-serve only.
func TestRunPassesArgsAndStatus(t *testing.T) {
	_, prog := fakeServe(t)
	argsFile := filepath.Join(t.TempDir(), "args.json")
	t.Setenv(fakeArgsEnv, argsFile)
	cfg := cmdutil.ServeConfig{Path: "/x/bank.json", Name: "bank.json", Addr: "127.0.0.1:0", Players: []string{"heroes", "a,b"}, Reveal: true}
	for _, code := range []int{0, 1, 2} {
		t.Setenv(fakeEnv, strconv.Itoa(code))
		err := Run(context.Background(), prog, cfg)
		if got := cmdutil.ExitCode(err); got != code || (code != 0 && !errors.Is(err, cmdutil.ErrSilent)) {
			t.Errorf("spandex-serve exit %d: Run gave %v (exit %d)", code, err, got)
		}
		data, err := os.ReadFile(argsFile)
		if err != nil {
			t.Fatal(err)
		}
		var args []string
		if err := json.Unmarshal(data, &args); err != nil || !reflect.DeepEqual(args, cfg.Args()) {
			t.Errorf("spandex-serve's arguments %q, want %q", args, cfg.Args())
		}
	}
}

// Ctrl-C (the context done) reaches spandex-serve as SIGINT; it stops
// cleanly and so does fight serve (nil).
func TestRunForwardsInterrupt(t *testing.T) {
	_, prog := fakeServe(t)
	t.Setenv(fakeArgsEnv, filepath.Join(t.TempDir(), "args.json"))
	t.Setenv(fakeEnv, "wait")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, prog, cmdutil.ServeConfig{Path: "/x.json", Name: "x.json", Addr: "127.0.0.1:0", Stderr: w})
		w.Close()
	}()
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil || line != "ready\n" {
		t.Fatalf("spandex-serve said %q, %v", line, err)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("after the interrupt: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("spandex-serve still running 15 s after the interrupt")
	}
}

// spandex must not link the HTTP server: none of spandex's own packages
// in cmd/spandex imports net/http (viper's afero does, for its HTTP file
// system, which the linker drops with the server) and none is
// internal/playerview.
func TestSpandexLinksNoServer(t *testing.T) {
	const module = "github.com/codename-spandex/spandex/"
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "../../cmd/spandex").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) == 0 || !strings.HasPrefix(f[0], module) {
			continue
		}
		if strings.HasSuffix(f[0], "/internal/playerview") {
			t.Errorf("cmd/spandex imports %s, the HTTP server", f[0])
		}
		for _, imp := range f[1:] {
			if imp == "net/http" {
				t.Errorf("%s, linked into spandex, imports net/http: the HTTP server belongs in spandex-serve (internal/playerview)", f[0])
			}
		}
	}
}
