package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/codename-spandex/spandex/pkg/refusal"
)

func write(t *testing.T, path, data string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// temps lists the directory's temporary files of target's pattern.
func temps(t *testing.T, target string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(filepath.Dir(target), TempPattern(target)))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestStageCommitKeepsModeAndLeavesNoTemp(t *testing.T) {
	p := filepath.Join(t.TempDir(), "hero.json")
	write(t, p, "old", 0o640)
	var tx Txn
	if err := tx.Lock(p); err != nil {
		t.Fatal(err)
	}
	if err := tx.Stage(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, p); got != "old" {
		t.Fatalf("staging changed the file: %q", got)
	}
	if n := len(temps(t, p)); n != 1 {
		t.Fatalf("%d temporary files while staged", n)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := read(t, p); got != "new" {
		t.Fatalf("after commit %q", got)
	}
	st, _ := os.Stat(p)
	if st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", st.Mode().Perm())
	}
	if n := len(temps(t, p)); n != 0 || len(LiveTemps()) != 0 {
		t.Errorf("%d temporary files left, %d registered", n, len(LiveTemps()))
	}
	if tx.Locked(p) {
		t.Error("lock kept after commit")
	}
}

func TestAbortLeavesTheFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "hero.json")
	write(t, p, "old", 0o644)
	var tx Txn
	if err := tx.Lock(p); err != nil {
		t.Fatal(err)
	}
	if err := tx.Stage(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	tx.Abort()
	if got := read(t, p); got != "old" || len(temps(t, p)) != 0 {
		t.Fatalf("after abort %q, temps %v", got, temps(t, p))
	}
}

// TestReadOnlyRefused: a 0444 file is refused by Lock and by Stage, even
// for root.
func TestReadOnlyRefused(t *testing.T) {
	p := filepath.Join(t.TempDir(), "ro.json")
	write(t, p, "old", 0o444)
	var tx Txn
	err := tx.Lock(p)
	if err == nil || !strings.Contains(err.Error(), "ro.json: read-only (mode 0444)") {
		t.Fatalf("Lock = %v", err)
	}
	if err := tx.Stage(p, []byte("new")); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Fatalf("Stage = %v", err)
	}
	if err := WriteFile(p, []byte("new")); err == nil {
		t.Fatal("WriteFile replaced a read-only file")
	}
	if got := read(t, p); got != "old" || len(temps(t, p)) != 0 {
		t.Fatalf("file %q, temps %v", got, temps(t, p))
	}
}

// TestOwnerKept: root's replacement keeps the old file's owner and group.
func TestOwnerKept(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a file another owner")
	}
	p := filepath.Join(t.TempDir(), "owned.json")
	write(t, p, "old", 0o664)
	if err := os.Chown(p, 1234, 5678); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(p)
	sys := st.Sys().(*syscall.Stat_t)
	if sys.Uid != 1234 || sys.Gid != 5678 || st.Mode().Perm() != 0o664 {
		t.Errorf("owner %d:%d mode %v, want 1234:5678 0664", sys.Uid, sys.Gid, st.Mode().Perm())
	}
}

func TestLockWaitsThenFails(t *testing.T) {
	p := filepath.Join(t.TempDir(), "hero.json")
	write(t, p, "old", 0o644)
	var a Txn
	if err := a.Lock(p); err != nil {
		t.Fatal(err)
	}
	b := Txn{Wait: 150 * time.Millisecond}
	start := time.Now()
	err := b.Lock(p)
	if !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "hero.json: file is busy") {
		t.Fatalf("second Lock = %v", err)
	}
	if d := time.Since(start); d < 100*time.Millisecond || d > 5*time.Second {
		t.Errorf("waited %v", d)
	}
	a.Release()
	if err := b.Lock(p); err != nil {
		t.Fatalf("Lock after release: %v", err)
	}
	b.Release()
}

// TestLockFollowsTheRename: a writer waiting for the lock gets the file
// the first writer renamed over the path, not the old inode, so it reads
// the first writer's update.
func TestLockFollowsTheRename(t *testing.T) {
	p := filepath.Join(t.TempDir(), "hero.json")
	write(t, p, "0", 0o644)
	var a Txn
	if err := a.Lock(p); err != nil {
		t.Fatal(err)
	}
	done := make(chan string)
	go func() {
		var b Txn
		if err := b.Lock(p); err != nil {
			done <- err.Error()
			return
		}
		got := read(t, p)
		b.Release()
		done <- got
	}()
	time.Sleep(100 * time.Millisecond)
	if err := a.Stage(p, []byte("1")); err != nil {
		t.Fatal(err)
	}
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := <-done; got != "1" {
		t.Fatalf("second writer read %q, want the first writer's update", got)
	}
}

func TestLockRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "hero.json")
	write(t, p, "old", 0o644)
	stale := filepath.Join(dir, ".hero.json.tmp-111")
	fresh := filepath.Join(dir, ".hero.json.tmp-222")
	other := filepath.Join(dir, ".other.json.tmp-333")
	for _, f := range []string{stale, fresh, other} {
		write(t, f, "x", 0o600)
	}
	old := time.Now().Add(-2 * time.Minute)
	for _, f := range []string{stale, other} {
		if err := os.Chtimes(f, old, old); err != nil {
			t.Fatal(err)
		}
	}
	var tx Txn
	if err := tx.Lock(p); err != nil {
		t.Fatal(err)
	}
	tx.Release()
	for f, want := range map[string]bool{stale: false, fresh: true, other: true} {
		if _, err := os.Stat(f); (err == nil) != want {
			t.Errorf("%s exists %v, want %v", filepath.Base(f), err == nil, want)
		}
	}
}

func TestLockMissingFile(t *testing.T) {
	var tx Txn
	err := tx.Lock(filepath.Join(t.TempDir(), "nope.json"))
	if err == nil || !strings.HasSuffix(err.Error(), "nope.json: no such file") {
		t.Fatalf("Lock = %v", err)
	}
}

// TestInterruptRemovesLiveTemps: the signal handler's call removes the
// staged file and stops the commit.
func TestInterruptRemovesLiveTemps(t *testing.T) {
	resetRegistry()
	defer resetRegistry()
	p := filepath.Join(t.TempDir(), "hero.json")
	write(t, p, "old", 0o644)
	var tx Txn
	if err := tx.Stage(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if !Interrupt() {
		t.Fatal("Interrupt before Commit returned false")
	}
	if n := len(temps(t, p)); n != 0 {
		t.Fatalf("%d temporary files after Interrupt", n)
	}
	if err := tx.Commit(); err == nil {
		t.Fatal("Commit after Interrupt succeeded")
	}
	if got := read(t, p); got != "old" {
		t.Fatalf("file %q", got)
	}
	resetRegistry()
	if err := WriteFile(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if Interrupt() {
		t.Fatal("Interrupt after a Commit returned true")
	}
}

// TestOnFirstTempRunsOnceBeforeTheFirstTemp: the signal handler's set-up
// (Main passes it) runs when the first temporary file is about to be
// created, before it exists, and only once; a process that stages
// nothing never runs it.
func TestOnFirstTempRunsOnceBeforeTheFirstTemp(t *testing.T) {
	resetRegistry()
	defer resetRegistry()
	old := guard.setUp
	defer func() { guard.setUp = old; guard.once = sync.Once{} }()
	guard.once = sync.Once{}
	dir := t.TempDir()
	p, q := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	write(t, p, "old", 0o644)
	calls, liveAtCall := 0, -1
	OnFirstTemp(func() {
		calls++
		liveAtCall = len(LiveTemps()) + len(temps(t, p))
	})
	var tx Txn
	if err := tx.Lock(p); err != nil {
		t.Fatal(err)
	}
	if calls != 0 {
		t.Fatalf("set up %d times by Lock alone", calls)
	}
	if err := tx.Stage(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if err := tx.Stage(q, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("newer")); err != nil {
		t.Fatal(err)
	}
	if calls != 1 || liveAtCall != 0 {
		t.Fatalf("set up %d times, with %d temporary files already there; want once, before any", calls, liveAtCall)
	}
}

// TestSymlinkWrittenThrough: a target that is a symbolic link keeps
// being a link; the file it names gets the new content, staged in that
// file's directory (the link's directory may be elsewhere).
func TestSymlinkWrittenThrough(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	real := filepath.Join(other, "hero.json")
	write(t, real, "old", 0o640)
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	var tx Txn
	if err := tx.Lock(link); err != nil {
		t.Fatal(err)
	}
	if !tx.Locked(real) || !tx.Locked(link) {
		t.Error("the lock is not on the file the link names")
	}
	if err := tx.Stage(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if n := len(temps(t, real)); n != 1 {
		t.Errorf("%d temporary files beside the link's target, want 1", n)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", st.Mode(), err)
	}
	if got := read(t, real); got != "new" {
		t.Errorf("target %q, want new", got)
	}
	if st, _ := os.Stat(real); st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v", st.Mode().Perm())
	}
}

// TestNotRegularRefused: a named pipe, a device, a directory or a link
// to nothing is refused by Lock and Stage, without opening it (a named
// pipe would hang the open), and is left as it was.
func TestNotRegularRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "nothing"), dangling); err != nil {
		t.Fatal(err)
	}
	linkToFifo := filepath.Join(dir, "linkfifo")
	if err := os.Symlink(fifo, linkToFifo); err != nil {
		t.Fatal(err)
	}
	loopA, loopB := filepath.Join(dir, "loop-a"), filepath.Join(dir, "loop-b")
	if err := os.Symlink(loopB, loopA); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(loopA, loopB); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{loopA, "its symbolic links go round in a loop"},
		{fifo, "a named pipe, not a regular file"},
		{linkToFifo, "a named pipe, not a regular file"},
		{"/dev/null", "a device, not a regular file"},
		{dir, "a directory, not a regular file"},
		{dangling, "a symbolic link to a file that does not exist"},
	} {
		done := make(chan struct{})
		go func() {
			defer close(done)
			var tx Txn
			err := tx.Lock(tc.path)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !refusal.Is(err) {
				t.Errorf("Lock(%s) = %v, want a refusal %q", tc.path, err, tc.want)
			}
			err = tx.Stage(tc.path, []byte("new"))
			if err == nil || !strings.Contains(err.Error(), tc.want) || !refusal.Is(err) {
				t.Errorf("Stage(%s) = %v, want a refusal %q", tc.path, err, tc.want)
			}
			tx.Abort()
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: hung (opened for reading?)", tc.path)
		}
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Error("the named pipe was replaced")
	}
	if st, err := os.Lstat(dangling); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Error("the dangling link was replaced")
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*")); len(m) != 0 {
		t.Errorf("temporary files left: %v", m)
	}
}

// TestNotWritableSaysWhy: access(2)'s answers become advice that fits
// them; none is a refusal (the input is not at fault: exit 1).
func TestNotWritableSaysWhy(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{syscall.EROFS, "x.json: the file system is read-only: not replacing it"},
		{syscall.EACCES, "x.json: permission denied"},
		{syscall.EIO, "x.json: cannot replace it"},
	} {
		err := notWritable("x.json", tc.err)
		if !strings.HasPrefix(err.Error(), tc.want) || strings.Contains(err.Error(), "chmod") || refusal.Is(err) {
			t.Errorf("%v: %v, want %q and not a refusal", tc.err, err, tc.want)
		}
	}
	p := filepath.Join(t.TempDir(), "ro.json")
	write(t, p, "old", 0o444)
	if err := CheckWritable(p); err == nil || refusal.Is(err) {
		t.Errorf("a 0444 file: %v, want a non-refusal error", err)
	}
}

// TestTxnDir: a transaction with a Dir takes relative paths from it, not
// from the process's working directory, and its messages name the path as
// given (the in-process scripts run side by side, each in its own Dir).
func TestTxnDir(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "g.json"), "old", 0o644)
	tx := Txn{Dir: dir}
	if err := tx.Lock("g.json"); err != nil {
		t.Fatal(err)
	}
	if !tx.Locked("g.json") || !tx.Locked(filepath.Join(dir, "g.json")) {
		t.Error("the lock on g.json in Dir is not reported")
	}
	if err := tx.Stage("g.json", []byte("new")); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(dir, "g.json")); got != "new" {
		t.Errorf("g.json in Dir = %q, want new", got)
	}
	if _, err := os.Stat("g.json"); err == nil {
		t.Error("g.json was written in the working directory")
	}
	write(t, filepath.Join(dir, "ro.json"), "old", 0o444)
	tx = Txn{Dir: dir}
	if err := tx.Lock("ro.json"); err == nil || !strings.HasPrefix(err.Error(), "ro.json: read-only") {
		t.Errorf("Lock(ro.json) = %v, want the refusal naming ro.json", err)
	}
	if err := tx.Lock("missing.json"); err == nil || err.Error() != "missing.json: no such file" {
		t.Errorf("Lock(missing.json) = %v", err)
	}
}
