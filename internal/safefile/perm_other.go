//go:build !unix

package safefile

import (
	"fmt"
	"io/fs"
	"os"
)

// nonblock is 0 where opening never waits on a named pipe's writer.
const nonblock = 0

// CheckWritable refuses a file whose owner-write bit is clear (read-only
// on Windows). A file that does not exist passes.
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
	if st.Mode().Perm()&0o200 == 0 {
		return fmt.Errorf("%s: read-only: not replacing it", name)
	}
	return nil
}

// keepOwner does nothing where files have no Unix owner.
func keepOwner(*os.File, fs.FileInfo) {}
