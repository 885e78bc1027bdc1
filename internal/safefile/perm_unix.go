//go:build unix

package safefile

import (
	"fmt"
	"io/fs"
	"os"
	"slices"
	"syscall"
)

// CheckWritable refuses a file the user may not write: by its mode bits
// for the class the user falls in (owner, group, other) and by access(2);
// for root, who may write anything, a file with no write bit at all (0444:
// the owner's request not to change it). A file that does not exist
// passes.
func CheckWritable(path string) error {
	st, err := os.Stat(path)
	if err != nil {
		if os.IsNotExist(err) {
			return nil
		}
		return pathError(path, err)
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
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
	if perm&bit == 0 || syscall.Access(path, 2 /* W_OK */) != nil {
		return fmt.Errorf("%s: read-only (mode %04o): not replacing it (chmod u+w to allow)", path, perm)
	}
	return nil
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
