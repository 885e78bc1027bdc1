package cmdutil

import (
	"errors"
	"path/filepath"

	"github.com/codename-spandex/spandex/internal/safefile"
)

// BeginFiles starts the command's file transaction (cli.Run calls it once
// per command line): from then on a file marked with MarkUpdate is locked
// before it is read, and ReplaceFile only stages the new content, which
// Run renames into place after the command's output has been written
// (safefile.Txn.Commit) or drops when the command fails (Abort). Without
// a transaction (verbs driven directly by unit tests) files are replaced
// at once and nothing is locked.
func (f *Factory) BeginFiles() *safefile.Txn {
	f.files = &safefile.Txn{}
	return f.files
}

// MarkUpdate declares that the command will replace path (its -i file,
// attack's --attacker with --update-attacker): ReadInput takes the
// file's exclusive lock before reading it, so the whole read, change and
// write happens while no other spandex can change the file.
func (f *Factory) MarkUpdate(path string) {
	if path == "" || path == "-" {
		return
	}
	if f.updates == nil {
		f.updates = map[string]bool{}
	}
	f.updates[absPath(path)] = true
}

// lockForUpdate locks path when it is marked and a transaction is open.
func (f *Factory) lockForUpdate(path string) error {
	if f.files == nil || !f.updates[absPath(path)] {
		return nil
	}
	if err := f.files.Lock(path); err != nil {
		if errors.Is(err, safefile.ErrBusy) {
			return err // not the input's fault: exit 1
		}
		return Input(err)
	}
	return nil
}

// ReplaceFile replaces path with data atomically: staged until Run
// commits (see BeginFiles), or at once without a transaction.
func (f *Factory) ReplaceFile(path string, data []byte) error {
	if f.files == nil {
		return safefile.WriteFile(path, data)
	}
	return f.files.Stage(path, data)
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return filepath.Clean(p)
}
