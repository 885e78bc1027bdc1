package servelaunch

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/codename-spandex/spandex/internal/proctest"
)

// The launcher end to end: the released programs spandex and
// spandex-serve, built by the test, run as users run them.

// programs is the one build of spandex and spandex-serve the tests of
// this file share; TestMain removes its directory.
var programs struct {
	once sync.Once
	dir  string
	err  error
}

// buildPrograms builds spandex and spandex-serve, once per test binary,
// and returns their directory.
func buildPrograms(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds spandex and spandex-serve: not with -short")
	}
	if runtime.GOOS == "windows" {
		t.Skip("signals: a Unix test")
	}
	programs.once.Do(func() {
		dir, err := os.MkdirTemp("", "spandex-programs-")
		if err != nil {
			programs.err = err
			return
		}
		programs.dir = dir
		cmd := exec.Command("go", "build", "-o", dir+string(filepath.Separator), "../../cmd/spandex", "../../cmd/spandex-serve")
		if out, err := cmd.CombinedOutput(); err != nil {
			programs.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if programs.err != nil {
		t.Fatal(programs.err)
	}
	return programs.dir
}

// TestSpandexKeepsNoUnusedMethods: spandex keeps no method only because
// the linker could not tell it was unused; each such method is a function
// the runtime walks at every start-up (docs/benchmarks.md, "Start-up").
//
//   - No reflective method lookup (reflect.Value.Method, MethodByName) is
//     linked: with it, the linker keeps every exported method of every
//     type that is ever an interface value. Cobra's help and usage
//     templates (text/template) linked it, 3,750 functions; help and
//     usage are cobra's Go hooks instead (internal/cli/usage.go).
//   - No verb's options type carries the promoted methods of its
//     embedded *cmdutil.Env. They are kept when the options are converted
//     to an interface or are the type argument of a generic function (its
//     dictionary marks them as used in interfaces): seventy functions per
//     verb (the options' and a pointer's), 4,500 in all. cmdutil.RunE
//     takes the Env and a closure for that reason.
func TestSpandexKeepsNoUnusedMethods(t *testing.T) {
	bin := buildPrograms(t)
	out, err := exec.Command("go", "tool", "nm", filepath.Join(bin, "spandex")).Output()
	if err != nil {
		t.Fatalf("go tool nm: %v", err)
	}
	promoted := regexp.MustCompile(`/internal/cli/[a-z]+\.\(?\*?[A-Za-z]*Options\)?\.(Bind|Roller|ReadInput|WriteJSON|Warn)$`)
	n := 0
	for line := range strings.Lines(string(out)) {
		sym := strings.TrimSpace(line)
		sym = sym[strings.LastIndex(sym, " ")+1:]
		switch {
		case sym == "reflect.Value.Method" || sym == "reflect.Value.MethodByName":
			t.Errorf("spandex links %s: every exported method of every interface value's type is kept (text/template?)", sym)
		case promoted.MatchString(sym):
			if n++; n <= 3 {
				t.Errorf("spandex keeps %s", sym)
			}
		}
	}
	if n > 3 {
		t.Errorf("... %d promoted Env methods in all", n)
	}
}

// fightDir makes an encounter file, bank.json (fight new, the Guardian
// against Doctor Nefario), in a directory of its own and returns it.
func fightDir(t *testing.T, bin string) string {
	t.Helper()
	dir := t.TempDir()
	var sides []string
	for _, sn := range [][2]string{{"heroes", "guardian.json"}, {"villains", "nefario.json"}} {
		side, name := sn[0], sn[1]
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "heroes", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		sides = append(sides, "--side", side+"="+name)
	}
	enc, err := spandex(bin, dir, append([]string{"fight", "new"}, sides...)...).Output()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bank.json"), enc, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// spandex is bin's spandex with args in dir, with a PATH that holds no other
// spandex-serve.
func spandex(bin, dir string, args ...string) *exec.Cmd {
	cmd := exec.Command(filepath.Join(bin, "spandex"), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH=/nonexistent", "HOME="+dir, "XDG_CONFIG_HOME="+filepath.Join(dir, ".config"))
	return cmd
}

// TestServeThroughSpandexServe: the released spandex's fight serve runs
// spandex-serve beside it, which serves the page; Ctrl-C (SIGINT to
// spandex) stops both cleanly (exit 0). An address spandex-serve cannot
// listen on is refused with its status (2), and without spandex-serve
// fight serve says how to get it (exit 1).
func TestServeThroughSpandexServe(t *testing.T) {
	bin := buildPrograms(t)
	dir := fightDir(t, bin)

	cmd := spandex(bin, dir, "fight", "serve", "bank.json", "--port", "0")
	s := proctest.StartServe(t, cmd)
	resp, err := http.Get(s.URL)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{`<main id="board" data-seq="1"`, "The Guardian", "Page 1, initiative phase"} {
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(page), want) {
			t.Errorf("GET %s: %s, the page lacks %q", s.URL, resp.Status, want)
		}
	}

	// The port is taken: spandex-serve refuses it, spandex exits 2 and
	// stderr holds the refusal once.
	out, err := spandex(bin, dir, "fight", "serve", "bank.json", "--port", s.Port).CombinedOutput()
	if code := proctest.ExitCode(err); code != 2 || strings.Count(string(out), "\n") != 1 ||
		!strings.HasPrefix(string(out), "spandex: --addr 127.0.0.1:"+s.Port+": ") || !strings.Contains(string(out), "choose another --port") {
		t.Errorf("a taken port: exit %d, %q", code, out)
	}

	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if code := proctest.ExitCode(err); code != 0 {
			t.Errorf("after SIGINT: exit %d (%v); stderr:\n%s", code, err, s.Stderr())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("fight serve still running 15 s after SIGINT")
	}
	if _, err := http.Get(s.URL); err == nil {
		t.Error("the page is still served after fight serve stopped")
	}

	// Refusals before any server: spandex's own, exit 2.
	out, err = spandex(bin, dir, "fight", "serve", "bank.json", "--players", "police").CombinedOutput()
	if code := proctest.ExitCode(err); code != 2 || string(out) != "spandex: --players police: no such side (the sides are heroes, villains)\n" {
		t.Errorf("--players police: exit %d, %q", code, out)
	}

	// spandex without spandex-serve.
	alone := t.TempDir()
	data, err := os.ReadFile(filepath.Join(bin, "spandex"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(alone, "spandex"), data, 0o755); err != nil {
		t.Fatal(err)
	}
	out, err = spandex(alone, dir, "fight", "serve", "bank.json", "--port", "0").CombinedOutput()
	if code := proctest.ExitCode(err); code != 1 || strings.Count(string(out), "\n") != 1 || !strings.Contains(string(out), `build both with "go build -o . ./cmd/..."`) {
		t.Errorf("without spandex-serve: exit %d, %q", code, out)
	}
}
