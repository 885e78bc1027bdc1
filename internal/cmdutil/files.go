package cmdutil

import (
	"fmt"
	"path/filepath"

	"github.com/codename-spandex/spandex/internal/safefile"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// BeginFiles starts the command's file transaction (cli.Run calls it once
// per command line): from then on a file marked with MarkUpdate is locked
// before it is read, and ReplaceFile only stages the new content, which
// Run renames into place after the command's output has been written
// (safefile.Txn.Commit) or drops when the command fails (Abort). Without
// a transaction (verbs driven directly by unit tests) files are replaced
// at once and nothing is locked.
func (f *Factory) BeginFiles() *safefile.Txn {
	f.files = &safefile.Txn{Dir: f.Dir}
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
	f.updates[absPath(f.Path(path))] = true
}

// lockForUpdate locks path when it is marked and a transaction is open.
func (f *Factory) lockForUpdate(path string) error {
	if f.files == nil || !f.updates[absPath(f.Path(path))] {
		return nil
	}
	if err := f.files.Lock(path); err != nil {
		return fileErr(err)
	}
	return nil
}

// fileErr classifies an error of safefile: a refusal (a missing file, a
// named pipe or device given to -i) is bad input, exit 2; anything else
// (a busy lock, a read-only file system, a file the user may not write)
// is not the input's fault, exit 1.
func fileErr(err error) error {
	if refusal.Is(err) {
		return Input(err)
	}
	return err
}

// MaxWriteSize is the largest file any verb writes: the largest file
// spandex reads (an encounter file, encounter.MaxFileSize). A verb whose
// files are read with a smaller limit checks that one too (CheckWriteSize).
const MaxWriteSize = encounter.MaxFileSize

// CheckWriteSize refuses to write data to path when spandex would refuse
// to read it back (more than limit bytes): a file that grew past what its
// reader takes is never written.
func CheckWriteSize(path string, data []byte, limit int) error {
	if len(data) > limit {
		return TooLargeToWrite(path, len(data), limit)
	}
	return nil
}

// TooLargeToWrite is CheckWriteSize's refusal of a file of n bytes.
func TooLargeToWrite(path string, n, limit int) error {
	return Inputf("%s: the changed file would be %s, larger than the %s spandex reads; not writing it", path, sizeText(n), sizeText(limit))
}

func sizeText(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d bytes", n)
}

// EncodeEncounter is the file of e, written to name (a path, or
// "stdout"), or the refusal, exit 2, of one spandex would not read back:
// more than encounter.MaxEvents events or encounter.MaxFileSize bytes.
// The file is streamed (encounter.EncodeMax): refusing one holds none of
// it.
func EncodeEncounter(e *encounter.Encounter, name string) ([]byte, error) {
	if len(e.Log) > encounter.MaxEvents {
		return nil, Inputf("%s: the changed encounter would log %d events, more than the %d spandex reads; not writing it", name, len(e.Log), encounter.MaxEvents)
	}
	data, n, err := encounter.EncodeMax(e, encounter.MaxFileSize)
	if err != nil {
		return nil, err
	}
	if data == nil {
		return nil, TooLargeToWrite(name, n, encounter.MaxFileSize)
	}
	return data, nil
}

// EncodeHero is EncodeEncounter for a hero file (hero.MaxFileSize; the
// log is bounded when an event is appended, hero.MaxEvents).
func EncodeHero(h *hero.Hero, name string) ([]byte, error) {
	data, n, err := hero.EncodeMax(h, hero.MaxFileSize)
	if err != nil {
		return nil, fmt.Errorf("encoding hero: %w", err)
	}
	if data == nil {
		return nil, TooLargeToWrite(name, n, hero.MaxFileSize)
	}
	return data, nil
}

// ReplaceFile replaces path with data atomically: staged until Run
// commits (see BeginFiles), or at once without a transaction.
// Data larger than MaxWriteSize is refused (exit 2) with nothing
// written.
func (f *Factory) ReplaceFile(path string, data []byte) error {
	if err := CheckWriteSize(path, data, MaxWriteSize); err != nil {
		return err
	}
	if f.files == nil {
		return fileErr(asGiven(safefile.WriteFile(f.Path(path), data), path))
	}
	return fileErr(f.files.Stage(path, data))
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return filepath.Clean(p)
}
