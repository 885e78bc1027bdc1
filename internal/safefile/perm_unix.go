//go:build unix

package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"syscall"
)

// nonblock opens a file without waiting: a named pipe swapped in for the
// target after Target looked at it does not hang the open.
const nonblock = syscall.O_NONBLOCK

// CheckWritable refuses a file the user may not replace, saying why:
// the file system is read-only (EROFS); the file's mode gives the user's
// class (owner, group, other) no write bit, or for root, who may write
// anything, the file has no write bit at all (0444: the owner's request
// not to change it); access(2) denies writing the file or creating the
// new one in its directory. None of these is the input's fault: the
// errors are not refusals (exit 1). A file that does not exist passes.
func CheckWritable(path string) error { return checkWritable(path, path) }

// checkWritable is CheckWritable of the file at path, named name in
// messages.
func checkWritable(name, path string) error {
	st, err := os.Stat(path)
	if err != nil {
		if os.IsNotExist(err) {
			return nil
		}
		return pathError(name, err)
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	if err := syscall.Access(path, 2 /* W_OK */); err != nil {
		if errors.Is(err, syscall.EROFS) {
			return notWritable(name, err)
		}
	}
	perm := st.Mode().Perm()
	var bit fs.FileMode
	uid := os.Geteuid()
	groups, _ := os.Getgroups()
	switch {
	case uid == 0:
		// Root may write anything; a file with no write bit at all is
		// still refused.
		bit = 0o222
	case uint32(uid) == sys.Uid:
		bit = 0o200
	case uint32(os.Getegid()) == sys.Gid || slices.Contains(groups, int(sys.Gid)):
		bit = 0o020
	default:
		bit = 0o002
	}
	if perm&bit == 0 {
		if uid == 0 || uint32(uid) == sys.Uid {
			return fmt.Errorf("%s: read-only (mode %04o): not replacing it (chmod u+w to allow)", name, perm)
		}
		return fmt.Errorf("%s: read-only for you (mode %04o, owned by uid %d): not replacing it", name, perm, sys.Uid)
	}
	if err := syscall.Access(path, 2 /* W_OK */); err != nil {
		return notWritable(name, err)
	}
	if err := syscall.Access(filepath.Dir(path), 3 /* W_OK|X_OK */); err != nil {
		return notWritable(name, err)
	}
	return nil
}

// notWritable says why access(2) refused writing path (or a new file
// beside it).
func notWritable(path string, err error) error {
	switch {
	case errors.Is(err, syscall.EROFS):
		return fmt.Errorf("%s: the file system is read-only: not replacing it", path)
	case errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM):
		return fmt.Errorf("%s: permission denied: cannot replace it or create a file in %s", path, filepath.Dir(path))
	}
	return fmt.Errorf("%s: cannot replace it: %v", path, err)
}

// keepOwner gives the new file the old one's owner and group where the
// platform allows (root can; an owner can keep a group it belongs to).
func keepOwner(f *os.File, old fs.FileInfo) {
	sys, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	if f.Chown(int(sys.Uid), int(sys.Gid)) != nil {
		_ = f.Chown(-1, int(sys.Gid))
	}
}
