package cmdutil

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/codename-spandex/spandex/internal/safefile"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// ReadInput reads a whole file, or stdin when path is "" or "-", bounded by
// hero.MaxFileSize (see ReadInputLimit).
func (e *Env) ReadInput(path string) ([]byte, string, error) {
	return e.ReadInputLimit(path, hero.MaxFileSize)
}

// ReadInputLimit reads a whole file, or stdin when path is "" or "-",
// refusing more than limit bytes before buffering them ("FILE: $: file
// larger than N MB"). A file the command will replace (Factory.MarkUpdate)
// is locked first. Errors are input errors naming the file.
func (e *Env) ReadInputLimit(path string, limit int) ([]byte, string, error) {
	name := path
	var r io.Reader
	if path == "" || path == "-" {
		name = "stdin"
		if e.IO.IsStdinTTY() {
			return nil, name, Inputf("no hero file given and stdin is a terminal: pass a FILE or pipe one in")
		}
		r = e.IO.In
	} else {
		if e.lock != nil {
			if err := e.lock(path); err != nil {
				return nil, name, err
			}
		}
		fh, err := e.open(path)
		if err != nil {
			return nil, name, Input(fileError(err))
		}
		defer fh.Close()
		r = fh
	}
	data, err := jsonfile.ReadAll(r, limit)
	if err != nil {
		return nil, name, Input(fmt.Errorf("%s: %w", name, err))
	}
	return data, name, nil
}

// OpenInput opens a file that a verb reads as a stream, or stdin for "-".
// Errors are input errors naming the file.
func (e *Env) OpenInput(path string) (io.ReadCloser, error) {
	if path == "-" {
		if e.IO.IsStdinTTY() {
			return nil, Inputf("no hero file given and stdin is a terminal: pass a FILE or pipe one in")
		}
		return io.NopCloser(e.IO.In), nil
	}
	fh, err := e.open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, Inputf("%s: no such file", path)
		}
		return nil, Inputf("%s: %v", path, err)
	}
	return fh, nil
}

// EachInput opens each path in turn with open (see OpenInput) and hands fn
// the reader and the file's name for messages ("stdin" for "-"). It stops
// at the first error.
func EachInput(paths []string, open func(string) (io.ReadCloser, error), fn func(name string, r io.Reader) error) error {
	for _, path := range paths {
		if err := eachInput(path, open, fn); err != nil {
			return err
		}
	}
	return nil
}

func eachInput(path string, open func(string) (io.ReadCloser, error), fn func(name string, r io.Reader) error) error {
	rc, err := open(path)
	if err != nil {
		return err
	}
	defer rc.Close()
	name := path
	if name == "-" {
		name = "stdin"
	}
	return fn(name, rc)
}

// DecodeHeroes reads one hero, an array of heroes (-o json with several)
// or a stream of heroes (JSON Lines, as gen hero -n N -o jsonl writes)
// from r and calls fn with each, validated, in order (see EachJSON).
// label names the hero in messages: name, or name#N when there are
// several. A problem is an input error "LABEL: $.path: message"; no hero
// at all is one too.
func DecodeHeroes(r io.Reader, name string, fn func(label string, n int, h *hero.Hero) error) error {
	count := 0
	err := EachJSON(r, name, hero.MaxFileSize, "hero", func(doc []byte, label string, n int) error {
		count = n
		h, err := hero.Decode(doc)
		if err != nil {
			if err := wrongKind(doc, label, "", KindHero); err != nil {
				return err
			}
			return Inputf("%s: %w", label, err)
		}
		return fn(label, n, h)
	})
	if err != nil {
		return err
	}
	if count == 0 {
		return Inputf("%s: $: empty input, expected a hero JSON object", name)
	}
	return nil
}

func fileError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		switch {
		case errors.Is(err, os.ErrNotExist):
			return fmt.Errorf("%s: no such file", pe.Path)
		case errors.Is(err, os.ErrPermission):
			return fmt.Errorf("%s: permission denied", pe.Path)
		}
		return fmt.Errorf("%s: %v", pe.Path, pe.Err)
	}
	return err
}

// ReadHero reads and validates a hero file (or stdin). Problems are input
// errors of the form "FILE: $.path: message".
func (e *Env) ReadHero(path string) (*hero.Hero, error) {
	data, name, err := e.ReadInput(path)
	if err != nil {
		return nil, err
	}
	h, err := hero.Decode(data)
	if err != nil {
		return nil, e.WrongKind(data, name, KindHero, Inputf("%s: %w", name, err))
	}
	return h, nil
}

// ReadHeroDraft reads a hero file without rules-level validation.
func (e *Env) ReadHeroDraft(path string) (*hero.Hero, error) {
	data, name, err := e.ReadInput(path)
	if err != nil {
		return nil, err
	}
	h, err := hero.DecodeDraft(data)
	if err != nil {
		return nil, e.WrongKind(data, name, KindHero, Inputf("%s: %w", name, err))
	}
	return h, nil
}

// WriteHero writes a hero either to stdout or, when inPlace is a path,
// atomically over that file.
func (e *Env) WriteHero(h *hero.Hero, inPlace string) error {
	data, err := hero.Encode(h)
	if err != nil {
		return fmt.Errorf("encoding hero: %w", err)
	}
	if inPlace != "" {
		if err := CheckWriteSize(inPlace, data, hero.MaxFileSize); err != nil {
			return err
		}
		return e.writeFile(inPlace, data)
	}
	_, err = e.IO.Out.Write(data)
	return err
}

// WriteFileAtomic replaces path with data at once (safefile.WriteFile):
// a temporary file in the same directory, synced, with the old file's
// mode and owner, renamed over path; a read-only file is refused. Verbs
// write through their Env, which uses Factory.ReplaceFile: the rename is
// deferred to the end of the command.
func WriteFileAtomic(path string, data []byte) error {
	return safefile.WriteFile(path, data)
}

// WriteFile replaces path with data atomically: through the command's
// file transaction (Factory.ReplaceFile: renamed into place once the
// command's output is written), or the TestEnv's fake files.
func (e *Env) WriteFile(path string, data []byte) error { return e.writeFile(path, data) }
