package cmdutil

import (
	"errors"
	"io"
	"strconv"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// HeroStream reads the heroes of one input in order: a hero file, or a
// JSON Lines stream of heroes (one a line, or JSON documents one after
// another), for the verbs that rule on each of many heroes in one process
// (`attack` against a stream of defenders, `fall`, `recover`). It reads one
// hero at a time, so memory stays flat however long the stream.
type HeroStream struct {
	env    *Env
	name   string
	closer io.Closer
	s      *jsonfile.Stream
	first  *hero.Hero
	line   int
	n      int
	more   bool
}

// OpenHeroStream opens path (stdin for "" or "-") and reads its first
// hero. Stream reports whether more heroes follow it.
func (e *Env) OpenHeroStream(path string) (*HeroStream, error) {
	if _, err := e.heroVerifier(); err != nil {
		return nil, err
	}
	name := path
	if path == "" || path == "-" {
		path, name = "-", "stdin"
	}
	rc, err := e.OpenInput(path)
	if err != nil {
		return nil, err
	}
	d := &HeroStream{env: e, name: name, closer: rc, s: jsonfile.NewStream(rc, hero.MaxFileSize, "hero")}
	doc, line, err := d.s.Next()
	if err != nil {
		rc.Close()
		return nil, d.streamErr(err, 1, false)
	}
	d.more = d.s.More()
	d.line = line
	h, err := e.DecodeHero(doc)
	if err != nil {
		rc.Close()
		return nil, e.WrongKind(doc, d.label(1, line, d.more), KindHero, d.heroErr(err, 1, line, d.more))
	}
	d.first = h
	return d, nil
}

// Stream reports whether the input holds more than one hero.
func (d *HeroStream) Stream() bool { return d.more }

// First is the input's first hero.
func (d *HeroStream) First() *hero.Hero { return d.first }

// Close closes the input.
func (d *HeroStream) Close() error { return d.closer.Close() }

// Next returns the next hero (the first one first) and its label for
// messages, "stdin#3 (line 3)"; io.EOF after the last. A hero that does
// not decode is an input error naming its place in the stream.
func (d *HeroStream) Next() (*hero.Hero, string, error) {
	d.n++
	if d.n == 1 {
		return d.first, d.Label(), nil
	}
	if !d.s.More() {
		return nil, "", io.EOF
	}
	doc, l, err := d.s.Next()
	if errors.Is(err, io.EOF) {
		return nil, "", io.EOF
	}
	if err != nil {
		return nil, "", d.streamErr(err, d.n, true)
	}
	d.line = l
	h, err := d.env.DecodeHero(doc)
	if err != nil {
		return nil, "", d.heroErr(err, d.n, l, true)
	}
	return h, d.Label(), nil
}

// Label names the hero Next returned last: "stdin", or in a stream
// "stdin#3 (line 3)".
func (d *HeroStream) Label() string { return d.label(d.n, d.line, d.more) }

func (d *HeroStream) label(n, line int, stream bool) string {
	if !stream {
		return d.name
	}
	return d.name + "#" + strconv.Itoa(n) + " (line " + strconv.Itoa(line) + ")"
}

func (d *HeroStream) heroErr(err error, n, line int, stream bool) error {
	return Inputf("%s: %w", d.label(n, line, stream), err)
}

func (d *HeroStream) streamErr(err error, n int, stream bool) error {
	var se *jsonfile.StreamError
	if errors.As(err, &se) {
		return Inputf("%s: %v", d.label(n, se.Line, stream || se.Line > 1), se.Field)
	}
	return Inputf("%s: %v", d.name, err)
}
