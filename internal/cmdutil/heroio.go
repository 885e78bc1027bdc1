package cmdutil

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/codename-spandex/spandex/internal/safefile"
	"github.com/codename-spandex/spandex/pkg/chargen"
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
// at all is one too. Each hero is checked as DecodeHero checks it.
func (e *Env) DecodeHeroes(r io.Reader, name string, fn func(label string, n int, h *hero.Hero) error) error {
	if _, err := e.heroVerifier(); err != nil {
		return err
	}
	count := 0
	err := EachJSON(r, name, hero.MaxFileSize, "hero", func(doc []byte, label string, n int) error {
		count = n
		h, err := e.DecodeHero(doc)
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

// DecodeHero decodes one hero document and checks it as hero check
// does: valid (hero.Decode) and with derived figures that agree with its
// powers and abilities (chargen's Verifier, with the configuration's
// derivation rules). Every verb that reads a hero file reads it through
// this, so no verb rules on, or rewrites, a hero that hero check refuses.
// The error is the bare *hero.FieldError; callers add the file's name.
// The configuration must have been read (heroVerifier) first.
func (e *Env) DecodeHero(doc []byte) (*hero.Hero, error) {
	v, err := e.heroVerifier()
	if err != nil {
		return nil, err
	}
	h, err := hero.Decode(doc)
	if err != nil {
		return nil, err
	}
	if err := v.Verify(h); err != nil {
		return nil, err
	}
	return h, nil
}

// heroVerifier is the Env's Verifier, made on first use with the
// configuration's derivation rules; its error is the configuration's.
func (e *Env) heroVerifier() (*chargen.Verifier, error) {
	if e.verifier == nil {
		opt, err := e.Derive()
		if err != nil {
			return nil, err
		}
		e.verifier = chargen.NewVerifier(opt)
	}
	return e.verifier, nil
}

// ReadHeroes reads one hero file, a JSON array or a JSON Lines stream of
// heroes (a file of up to limit bytes, or stdin), each checked as
// DecodeHero checks it: fight new's sides, gen encounter's party.
//
// The heroes a command reads this way go into one encounter, so all the
// files it reads together are held to limit too: three hero files of
// 16 MB, each within the limit, were all decoded (114 MB) before the
// encounter they made was refused.
func (e *Env) ReadHeroes(path string, limit int) ([]*hero.Hero, error) {
	data, name, err := e.ReadInputLimit(path, max(limit-e.heroBytes, 0))
	var fe *jsonfile.FieldError
	if e.heroBytes > 0 && errors.As(err, &fe) && strings.HasPrefix(fe.Msg, "file larger than") {
		return nil, Inputf("%s: with the %s of hero files read before it, more than the %s an encounter holds", name, sizeText(e.heroBytes), sizeText(limit))
	}
	if err != nil {
		return nil, err
	}
	e.heroBytes += len(data)
	var out []*hero.Hero
	err = e.DecodeHeroes(bytes.NewReader(data), name, func(_ string, _ int, h *hero.Hero) error {
		out = append(out, h)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ReadHero reads and checks a hero file (or stdin) as DecodeHero does.
// Problems are input errors of the form "FILE: $.path: message".
func (e *Env) ReadHero(path string) (*hero.Hero, error) {
	if _, err := e.heroVerifier(); err != nil {
		return nil, err
	}
	data, name, err := e.ReadInput(path)
	if err != nil {
		return nil, err
	}
	h, err := e.DecodeHero(data)
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
// A hero larger than spandex reads back (hero.MaxFileSize) is refused,
// exit 2, with nothing written, on stdout as in place: the encoder
// streams and holds no more than that limit of it.
func (e *Env) WriteHero(h *hero.Hero, inPlace string) error {
	name := inPlace
	if name == "" {
		name = "stdout"
	}
	data, err := EncodeHero(h, name)
	if err != nil {
		return err
	}
	if inPlace != "" {
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
