package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/codename-spandex/spandex/internal/proctest"
	"github.com/codename-spandex/spandex/internal/safefile"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// These tests run the real program in child processes (the test binary
// as "spandex", installed on PATH by testscript.Main): locks, signals and
// exit statuses are per process.

func spandexPath(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("spandex")
	if err != nil {
		t.Skip("spandex is not on PATH (run through go test)")
	}
	return p
}

// spandex builds a command in dir with a clean environment.
func spandex(t *testing.T, dir string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(spandexPath(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(dir, ".config"), "HOME="+dir)
	return cmd
}

func copyFixture(t *testing.T, dir, name, as string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "heroes", name))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, as)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func logLen(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := hero.Decode(data)
	if err != nil {
		t.Fatalf("%s is no longer a valid hero: %v", path, err)
	}
	return len(h.Log)
}

// TestConcurrentWritersLoseNothing: writers run `profile set -i` on one
// hero file at once; every update is in the file at the end and every
// exit is 0 (46 of 50 rounds lost an update before locking). Short here:
// 8 writers x SPANDEX_CONCURRENCY_ROUNDS rounds (default 4, 2 with
// -short); scripts/concurrency.sh runs the long version.
func TestConcurrentWritersLoseNothing(t *testing.T) {
	dir := t.TempDir()
	p := copyFixture(t, dir, "guardian.json", "g.json")
	rounds := 4
	if testing.Short() {
		rounds = 2
	}
	if n, err := strconv.Atoi(os.Getenv("SPANDEX_CONCURRENCY_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	const writers = 8
	before := logLen(t, p)
	var wg sync.WaitGroup
	errs := make(chan string, writers*rounds)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for r := 0; r < rounds; r++ {
				cmd := spandex(t, dir, "profile", "set", "-i", "g.json", fmt.Sprintf("heroism=%d", (w+r)%5+1), "-o", "jsonl")
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Run(); err != nil {
					errs <- fmt.Sprintf("writer %d round %d: %v: %s", w, r, err, stderr.String())
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if got, want := logLen(t, p)-before, writers*rounds; got != want {
		t.Errorf("%d events appended by %d successful writes: %d lost", got, want, want-got)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, safefile.TempPattern(p))); len(m) != 0 {
		t.Errorf("temporary files left: %v", m)
	}
}

// TestFailedOutputLeavesTheFile: with stdout on /dev/full the change is
// not written and the exit status is 1 (the file used to be replaced
// before the write failed;).
func TestFailedOutputLeavesTheFile(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	dir := t.TempDir()
	copyFixture(t, dir, "guardian.json", "g.json")
	copyFixture(t, dir, "nefario.json", "n.json")
	if out, err := spandex(t, dir, "fight", "new", "--side", "heroes=g.json", "--side", "villains=n.json").Output(); err != nil {
		t.Fatalf("fight new: %v", err)
	} else if err := os.WriteFile(filepath.Join(dir, "f.json"), out, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"profile", "set", "-i", "g.json", "heroism=4", "-o", "jsonl"},
		{"downtime", "week", "-i", "g.json", "-o", "jsonl"},
		{"fight", "initiative", "-i", "f.json", "--seed", "1", "-o", "jsonl"},
	} {
		t.Run(args[0]+" "+args[1], func(t *testing.T) {
			file := filepath.Join(dir, args[3])
			before, _ := os.ReadFile(file)
			cmd := spandex(t, dir, args...)
			cmd.Stdout = full
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			if code := proctest.ExitCode(err); code != 1 {
				t.Fatalf("exit %d, want 1; stderr %s", code, stderr.String())
			}
			if !strings.Contains(stderr.String(), "no space left on device; no file was changed") {
				t.Errorf("stderr %q", stderr.String())
			}
			if after, _ := os.ReadFile(file); !bytes.Equal(before, after) {
				t.Error("the file changed although the command failed")
			}
			// The same command with a working stdout applies the change.
			if err := spandex(t, dir, args...).Run(); err != nil {
				t.Fatal(err)
			}
			if after, _ := os.ReadFile(file); bytes.Equal(before, after) {
				t.Error("the file did not change on success")
			}
		})
	}
	if _, err := encounter.Decode(mustRead(t, filepath.Join(dir, "f.json"))); err != nil {
		t.Fatal(err)
	}
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// waitForTemp waits until a temporary file of target's pattern exists.
func waitForTemp(t *testing.T, target string) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if m, _ := filepath.Glob(filepath.Join(filepath.Dir(target), safefile.TempPattern(target))); len(m) > 0 {
			return m[0]
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("no temporary file appeared")
	return ""
}

// TestSignalsRemoveTheTempFile: SIGINT or SIGTERM while the new file is
// staged removes it, exits 130 or 143 and leaves the file unchanged (it
// was left behind 20 of 20 times;). After a SIGKILL the
// temporary file stays, and the next -i on the file removes it once it
// is over a minute old.
func TestSignalsRemoveTheTempFile(t *testing.T) {
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}, {syscall.SIGKILL, -1}} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			p := copyFixture(t, dir, "guardian.json", "g.json")
			before := mustRead(t, p)
			cmd := spandex(t, dir, "profile", "set", "-i", "g.json", "heroism=4", "-o", "jsonl")
			cmd.Env = append(cmd.Env, "SPANDEX_TEST_COMMIT_DELAY=20s")
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			tmp := waitForTemp(t, p)
			if err := cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			if tc.sig == syscall.SIGKILL {
				if _, err := os.Stat(tmp); err != nil {
					t.Fatalf("after SIGKILL the temporary file is gone?: %v", err)
				}
				old := time.Now().Add(-2 * time.Minute)
				if err := os.Chtimes(tmp, old, old); err != nil {
					t.Fatal(err)
				}
				if err := spandex(t, dir, "profile", "set", "-i", "g.json", "heroism=4").Run(); err != nil {
					t.Fatal(err)
				}
				if _, err := os.Stat(tmp); !os.IsNotExist(err) {
					t.Errorf("the next -i left the stale temporary file: %v", err)
				}
				return
			}
			if code := proctest.ExitCode(err); code != tc.code {
				t.Errorf("exit %d, want %d", code, tc.code)
			}
			if m, _ := filepath.Glob(filepath.Join(dir, safefile.TempPattern(p))); len(m) != 0 {
				t.Errorf("temporary files left: %v", m)
			}
			if !bytes.Equal(before, mustRead(t, p)) {
				t.Error("the file changed")
			}
		})
	}
}

// TestBrokenPipeIsAQuietSuccess: `gen npc goon -n 1000000 | head -1`
// exits 0 with nothing on stderr (it died of SIGPIPE, 141).
func TestBrokenPipeIsAQuietSuccess(t *testing.T) {
	dir := t.TempDir()
	cmd := spandex(t, dir, "gen", "npc", "goon", "-n", "1000000", "--seed", "1", "-o", "jsonl")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = w
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "{") {
		t.Fatalf("first line %q, %v", line, err)
	}
	r.Close() // as head -1 does
	err = cmd.Wait()
	if code := proctest.ExitCode(err); code != 0 {
		t.Errorf("exit %d (%v), want 0", code, err)
	}
	if strings.Contains(stderr.String(), "spandex:") {
		t.Errorf("stderr %q", stderr.String())
	}
}
