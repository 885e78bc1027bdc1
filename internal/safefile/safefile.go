// Package safefile replaces files so that a reader, a second writer, a
// kill or a full disk never sees or leaves a damaged one, and no update is
// lost:
//
//   - Lock takes an exclusive advisory lock (flock(2), via
//     github.com/gofrs/flock) on the file a command is about to
//     read-modify-write, waiting a bounded time, and keeps it until the
//     command has finished: two `-i` writers on one file take turns
//     instead of one overwriting the other's update.
//   - Stage writes the new content to a temporary file beside the target
//     (".NAME.tmp-*", same directory so the rename is atomic), synced,
//     with the target's mode and, where the platform allows, its owner
//     and group. A file the user may not write (0444, say) is refused.
//   - Commit renames the staged files over their targets; Abort removes
//     them. A Txn gathers a command's locks and staged files: the command
//     layer commits it only once the command's output has been written,
//     so a failing command (non-zero exit) leaves every file unchanged.
//   - A target that is a symbolic link is written through: the new file
//     is staged in the directory of the file the link names and renamed
//     over that file, so the link stays a link. A target that is not a
//     regular file (a named pipe, a device, a directory) is refused before
//     it is opened: reading a named pipe would wait for a writer.
//   - Every live temporary file is registered: the signal handler (set
//     up by OnFirstTemp's hook before the first one is created) calls
//     Interrupt, which removes them (SIGINT or SIGTERM while a file is
//     staged leaves nothing behind); and Lock removes stale temporary
//     files of the target's own pattern older than a minute, which only a
//     SIGKILL can leave.
package safefile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gofrs/flock"

	"github.com/codename-spandex/spandex/pkg/refusal"
)

// DefaultWait is how long Lock waits for another spandex to finish with a
// file before giving up.
const DefaultWait = 10 * time.Second

// StaleAge is the age past which a temporary file of a target's pattern
// is taken to be left over from a killed run and removed.
const StaleAge = time.Minute

// noSuchFile is "PATH: no such file": a refusal (the user named it), and
// fs.ErrNotExist to errors.Is.
type noSuchFile struct{ path string }

func (e noSuchFile) Error() string      { return e.path + ": no such file" }
func (noSuchFile) Is(target error) bool { return target == fs.ErrNotExist }
func (noSuchFile) Refused()             {}

// ErrBusy is returned (wrapped) by Lock when the wait runs out.
var ErrBusy = errors.New("file is busy")

// TempPattern is the os.CreateTemp pattern of target's temporary files.
func TempPattern(target string) string { return "." + filepath.Base(target) + ".tmp-*" }

// Txn is one command's set of locked and staged files. The zero value is
// ready to use; a Txn is safe for concurrent use.
type Txn struct {
	// Wait bounds Lock's wait; 0 means DefaultWait.
	Wait time.Duration
	// Dir is the directory relative paths are taken from; empty for the
	// process's working directory. Messages name a path as given.
	Dir string

	mu     sync.Mutex
	locks  map[string]*flock.Flock
	staged []staged
}

type staged struct {
	// target is the file renamed over (its links followed), name the
	// path the user gave, for messages.
	target, name, tmp string
}

// key is the absolute, cleaned form of a path, so "a.json" and
// "./a.json" name one lock.
func key(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return filepath.Clean(path)
}

// at is the path the file system is asked for: path taken from t.Dir.
func (t *Txn) at(path string) string {
	if t.Dir == "" || filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(t.Dir, path)
}

// shown is how a message names real, the file the user's path names:
// as it would be named from t.Dir when path was relative.
func (t *Txn) shown(path, real string) string {
	if t.Dir == "" || filepath.IsAbs(path) {
		return real
	}
	if r, err := filepath.Rel(t.Dir, real); err == nil {
		return r
	}
	return real
}

// Locked reports whether the transaction holds the lock on path.
func (t *Txn) Locked(path string) bool {
	path = t.at(path)
	if real, err := Target(path); err == nil {
		path = real
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	_, ok := t.locks[key(path)]
	return ok
}

// Lock takes the exclusive lock on path (once per transaction; a second
// call is a no-op), checks that the user may replace the file, and removes
// its stale temporary files. It waits at most t.Wait for another holder,
// then fails with a message naming the file. A file that does not exist
// is a "no such file" error.
func (t *Txn) Lock(path string) error {
	real, err := target(path, t.at(path))
	if err != nil {
		return err
	}
	k := key(real)
	t.mu.Lock()
	if _, ok := t.locks[k]; ok {
		t.mu.Unlock()
		return nil
	}
	t.mu.Unlock()
	if err := checkWritable(t.shown(path, real), real); err != nil {
		return err
	}
	wait := t.Wait
	if wait <= 0 {
		wait = DefaultWait
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	for {
		fl := flock.New(real, flock.SetFlag(os.O_RDONLY|nonblock))
		if err := lockWithin(ctx, fl); err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				return fmt.Errorf("%s: %w: another process has held it for %v (is another spandex writing it?); try again", path, ErrBusy, wait)
			}
			fl.Close()
			return pathError(path, err)
		}
		// The lock is on the file the descriptor was opened on (flock
		// reopens the path at every try); a writer that held it before
		// us may have renamed a new file over the path since. Keep the
		// lock only if it is on the file the path names now: then no
		// one can replace that file without it.
		locked, err1 := fl.Stat()
		current, err2 := os.Stat(real)
		if err1 == nil && err2 == nil && os.SameFile(locked, current) {
			t.mu.Lock()
			if t.locks == nil {
				t.locks = map[string]*flock.Flock{}
			}
			t.locks[k] = fl
			t.mu.Unlock()
			RemoveStale(real, StaleAge)
			return nil
		}
		fl.Close()
		if err2 != nil {
			return pathError(path, err2)
		}
	}
}

// lockWithin takes fl's exclusive lock, waiting in the kernel until it is
// free (writers queued on one file are woken when it is released, rather
// than each polling and missing its turn under load), or until ctx ends.
// A lock granted after ctx ended is released at once.
func lockWithin(ctx context.Context, fl *flock.Flock) error {
	got := make(chan error, 1)
	go func() { got <- fl.Lock() }()
	select {
	case err := <-got:
		return err
	case <-ctx.Done():
		go func() {
			if <-got == nil {
				fl.Close()
			}
		}()
		return ctx.Err()
	}
}

// Stage writes data to a new temporary file beside path, with path's mode
// (0644 for a new file) and owner where allowed, synced, to be renamed
// over path by Commit. A file the user cannot write is refused.
func (t *Txn) Stage(path string, data []byte) error {
	real, err := target(path, t.at(path))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	tmp, err := writeTemp(path, t.shown(path, real), real, data)
	if err != nil {
		return err
	}
	t.mu.Lock()
	t.staged = append(t.staged, staged{target: real, name: path, tmp: tmp})
	t.mu.Unlock()
	return nil
}

// Commit renames every staged file over its target, in the order staged,
// then releases the locks. On error the files not yet renamed are
// removed (and the error names the target): with one staged file, an
// error means the target is unchanged. After Commit has begun a signal no
// longer removes anything (see Interrupt): the command finishes.
func (t *Txn) Commit() error {
	t.mu.Lock()
	st := t.staged
	t.staged = nil
	t.mu.Unlock()
	defer t.Release()
	reg.mu.Lock()
	defer reg.mu.Unlock()
	if reg.interrupted {
		for _, s := range st {
			os.Remove(s.tmp)
			delete(reg.live, s.tmp)
		}
		return errors.New("interrupted")
	}
	if len(st) > 0 {
		reg.committed = true
	}
	var first error
	for _, s := range st {
		if first == nil {
			if err := os.Rename(s.tmp, s.target); err != nil {
				first = fmt.Errorf("writing %s: %v; the file is unchanged", s.name, unwrapPath(err))
			}
		}
		if first != nil {
			os.Remove(s.tmp)
		}
		delete(reg.live, s.tmp)
	}
	return first
}

// Abort removes every staged file and releases the locks: the targets
// stay as they were.
func (t *Txn) Abort() {
	t.mu.Lock()
	st := t.staged
	t.staged = nil
	t.mu.Unlock()
	reg.mu.Lock()
	for _, s := range st {
		os.Remove(s.tmp)
		delete(reg.live, s.tmp)
	}
	reg.mu.Unlock()
	t.Release()
}

// Release drops the locks (staged files stay staged).
func (t *Txn) Release() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for k, fl := range t.locks {
		fl.Close()
		delete(t.locks, k)
	}
}

// Staged reports how many files wait for Commit.
func (t *Txn) Staged() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.staged)
}

// WriteFile replaces path with data at once: Stage then Commit, without
// a lock (Lock first for a read-modify-write).
func WriteFile(path string, data []byte) error {
	var t Txn
	if err := t.Stage(path, data); err != nil {
		return err
	}
	return t.Commit()
}

// reg is the process's registry of live temporary files. Its zero value
// is ready (live is made by the first temporary file), so the package
// needs no initialiser at start-up.
var reg struct {
	mu          sync.Mutex
	live        map[string]bool
	interrupted bool
	committed   bool
}

// guard is the set-up OnFirstTemp registers.
var guard struct {
	once  sync.Once
	setUp func()
}

// OnFirstTemp registers setUp, which the process's first temporary file
// runs (once) before it is created. Main passes the installer of the
// SIGINT/SIGTERM handler that calls Interrupt: a process that never
// stages a file (nearly every call) never sets one up, and one that does
// has it in place before the first temporary file exists. A signal that
// arrives before then stops the process as Go does by default (the shell
// reports 130 or 143), with nothing written: output is held until the
// end and no temporary file exists yet.
func OnFirstTemp(setUp func()) { guard.setUp = setUp }

// resetRegistry forgets an Interrupt and a Commit (for tests).
func resetRegistry() {
	reg.mu.Lock()
	reg.interrupted, reg.committed = false, false
	reg.mu.Unlock()
}

// Interrupt removes every live temporary file and stops any later Commit
// from renaming: the signal handler calls it before exiting. It returns
// false when a Commit has already begun renaming (the caller should then
// let the command finish rather than exit with a failure status over a
// changed file); it then waits for that Commit to end.
func Interrupt() bool {
	reg.mu.Lock()
	defer reg.mu.Unlock()
	if reg.committed {
		return false
	}
	reg.interrupted = true
	for tmp := range reg.live {
		os.Remove(tmp)
		delete(reg.live, tmp)
	}
	return true
}

// LiveTemps lists the registered temporary files (for tests).
func LiveTemps() []string {
	reg.mu.Lock()
	defer reg.mu.Unlock()
	var out []string
	for tmp := range reg.live {
		out = append(out, tmp)
	}
	return out
}

// writeTemp writes data to a temporary file beside real, the file path
// names (Target); messages name path, and shown for real.
func writeTemp(path, shown, real string, data []byte) (name string, err error) {
	mode := fs.FileMode(0o644)
	st, statErr := os.Lstat(real)
	switch {
	case statErr == nil:
		if !st.Mode().IsRegular() {
			return "", notRegular(path, st.Mode())
		}
		if err := checkWritable(shown, real); err != nil {
			return "", err
		}
		mode = st.Mode().Perm()
	case !errors.Is(statErr, fs.ErrNotExist):
		return "", pathError(path, statErr)
	}
	if guard.setUp != nil {
		guard.once.Do(guard.setUp)
	}
	reg.mu.Lock()
	if reg.interrupted {
		reg.mu.Unlock()
		return "", errors.New("interrupted")
	}
	tmp, err := os.CreateTemp(filepath.Dir(real), TempPattern(real))
	if err != nil {
		reg.mu.Unlock()
		return "", fmt.Errorf("writing %s: %v", path, unwrapPath(err))
	}
	if reg.live == nil {
		reg.live = map[string]bool{}
	}
	reg.live[tmp.Name()] = true
	reg.mu.Unlock()
	defer func() {
		if err != nil {
			tmp.Close()
			reg.mu.Lock()
			os.Remove(tmp.Name())
			delete(reg.live, tmp.Name())
			reg.mu.Unlock()
		}
	}()
	fail := func(err error) error {
		return fmt.Errorf("writing %s: %v; the file is unchanged", path, unwrapPath(err))
	}
	if _, err = tmp.Write(data); err != nil {
		return "", fail(err)
	}
	if err = tmp.Chmod(mode); err != nil {
		return "", fail(err)
	}
	if statErr == nil {
		keepOwner(tmp, st)
	}
	if err = tmp.Sync(); err != nil {
		return "", fail(err)
	}
	if err = tmp.Close(); err != nil {
		return "", fail(err)
	}
	return tmp.Name(), nil
}

// RemoveStale removes temporary files of target's pattern last modified
// more than age ago (left by a killed run). Errors are ignored: a file
// that cannot be removed is someone else's business.
func RemoveStale(target string, age time.Duration) {
	matches, err := filepath.Glob(filepath.Join(filepath.Dir(target), globEscape(TempPattern(target))))
	if err != nil {
		return
	}
	cutoff := time.Now().Add(-age)
	reg.mu.Lock()
	defer reg.mu.Unlock()
	for _, m := range matches {
		if reg.live[m] {
			continue
		}
		if st, err := os.Lstat(m); err == nil && st.Mode().IsRegular() && st.ModTime().Before(cutoff) {
			os.Remove(m)
		}
	}
}

// globEscape escapes the glob metacharacters of a pattern's fixed part
// (a file name may contain them); the final "*" stays a wildcard.
func globEscape(p string) string {
	fixed := strings.TrimSuffix(p, "*")
	var b strings.Builder
	for _, r := range fixed {
		switch r {
		case '*', '?', '[', '\\':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String() + "*"
}

// Target is the file a write to path replaces: path with its symbolic
// links followed (filepath.EvalSymlinks), so that the link stays a link
// and the file it names gets the new content. It is a refusal when path
// names something other than a regular file (a named pipe, a device, a
// directory: found without opening it) or a link to nothing; an error
// wrapping fs.ErrNotExist when there is no file (a new one may be
// written there).
func Target(path string) (string, error) { return target(path, path) }

// target is Target of the file at p, which the user named name (for
// messages).
func target(name, p string) (string, error) {
	st, err := os.Stat(p)
	if err != nil {
		if errors.Is(err, syscall.ELOOP) {
			return "", refusal.Errorf("%s: its symbolic links go round in a loop; not writing through it", name)
		}
		if errors.Is(err, fs.ErrNotExist) {
			if lst, lerr := os.Lstat(p); lerr == nil && lst.Mode()&fs.ModeSymlink != 0 {
				return "", refusal.Errorf("%s: a symbolic link to a file that does not exist; not writing through it", name)
			}
		}
		return p, pathError(name, err)
	}
	if !st.Mode().IsRegular() {
		return "", notRegular(name, st.Mode())
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", refusal.Errorf("%s: cannot follow its symbolic links to a file: %v", name, unwrapPath(err))
	}
	return real, nil
}

// notRegular refuses a file that is not a regular one, by its kind.
func notRegular(path string, m fs.FileMode) error {
	kind := "not a regular file"
	switch {
	case m&fs.ModeNamedPipe != 0:
		kind = "a named pipe"
	case m&fs.ModeCharDevice != 0, m&fs.ModeDevice != 0:
		kind = "a device"
	case m.IsDir():
		kind = "a directory"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	}
	return refusal.Errorf("%s: %s, not a regular file; only a regular file is rewritten in place", path, kind)
}

func pathError(path string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return noSuchFile{path}
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("%s: permission denied", path)
	}
	return fmt.Errorf("%s: %v", path, unwrapPath(err))
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
