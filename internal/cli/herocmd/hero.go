// Package herocmd implements `spandex hero` and its subcommands.
package herocmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/progress"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// NewCmdHero builds `spandex hero`.
func NewCmdHero(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "hero <command>",
		Short: "Work with hero files",
	}
	cmd.AddCommand(NewCmdCheck(f, nil))
	cmd.AddCommand(NewCmdDerive(f, nil))
	cmd.AddCommand(NewCmdState(f, nil))
	cmd.AddCommand(NewCmdUndo(f, nil))
	cmd.AddCommand(NewCmdAdjust(f, nil))
	return cmd
}

// CheckOptions are the inputs of `spandex hero check`.
type CheckOptions struct {
	*cmdutil.Env
	Files []string
}

// NewCmdCheck builds `spandex hero check`.
func NewCmdCheck(f *cmdutil.Factory, runF func(*CheckOptions) error) *cobra.Command {
	opts := &CheckOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runCheck
	}
	cmd := &cobra.Command{
		Use:   "check [FILE|-]...",
		Short: "Validate hero files: exit 0, or exit 2 naming the first bad field",
		Long: `Validate hero files (stdin when none is given, or "-") against hero file
schema version 2 (version 1 files are read and upgraded) and the rules' limits.

A file may hold one hero, a JSON array of heroes (as gen hero -n N -o json
writes) or a stream of heroes (JSON Lines, as gen hero -n N -o jsonl
writes); every hero is checked, one at a time, and its result written at
once, so memory stays flat however long the stream. Besides the file's
shape and the rules' limits, a hero's derived figures (final abilities,
armour class, bonuses, health and stamina thresholds, recovery, and the
abilities and combat figures of each specific form of a Shapechange) must
be what hero derive computes from the rest of the file.

The first problem is reported as one line, FILE[#N]: $.json.path: message
[(line L)], with exit status 2, and stops the check: the heroes after it
are not checked (a file is refused at its first bad hero, as every verb
refuses bad input). The results of the heroes before it may already be on
stdout, but never a complete document: with -o json the array is left
unclosed, so nothing reading it takes a failed check for a whole one.

Output for valid files: "FILE: ok (NAME, schema 2)" per hero (FILE#N in a
stream); with -o json one document, the result object for one hero or an
array of them for several; with -o jsonl one object per line; each object
is {"file", "index", "name", "schema", "valid"}. A progress line shows on a
terminal while a long stream is checked.`,
		Example: `  spandex hero check guardian.json
  spandex gen hero -n 1000 --seed 1 | spandex hero check -o text | tail -1`,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, cmdutil.InputFiles(&opts.Files)),
	}
	return cmd
}

type checkResult struct {
	File   string `json:"file"`
	Index  int    `json:"index"`
	Name   string `json:"name"`
	Schema int    `json:"schema"`
	Valid  bool   `json:"valid"`
}

// checker checks every hero of one run. Heroes are checked on every core
// (a stream is read in order, its heroes checked by workers, each with
// its own validator and verifier, and the results written in order), so
// the output, and which bad hero is reported first, are those of checking
// one hero after another. It owns the output list and the progress line.
type checker struct {
	opts    *CheckOptions
	derive  chargen.Options
	workers int
	list    *cmdutil.JSONList
	bar     *progress.Bar
	line    []byte // a text result
	// A JSON result: encoding/json writes res into buf, both reused.
	buf bytes.Buffer
	enc *json.Encoder
	res checkResult
}

// runCheck validates every hero in every file.
func runCheck(opts *CheckOptions) (err error) {
	// The configured rules of hero derive (the dodge-bonus rule), for
	// the cross-check of derived figures (chargen.Verifier).
	d, err := opts.Derive()
	if err != nil {
		return err
	}
	defer streamGC()()
	c := newChecker(opts, d)
	defer func() { c.bar.Finish(err) }()
	err = cmdutil.EachInput(opts.Files, opts.OpenInput, c.stream)
	if err != nil {
		return err
	}
	return c.close()
}

// streamGC sets the collector for a stream of heroes and returns what
// restores it. The check holds little live memory (the jobs in flight,
// a few megabytes whatever the stream's length) while every hero
// allocates its decoded value and hero derive's copy, so at the default
// GOGC of 100 the collector ran every few megabytes allocated and, with
// the memory it returned to the system, took about a third of the CPU
// time. A GOGC of 400 lets the heap grow to five times the live memory
// before collecting: still flat in the stream's length (about 31 MB peak
// against 19 MB, docs/benchmarks.md). A GOGC set in the environment is
// left alone.
func streamGC() func() {
	if _, set := os.LookupEnv("GOGC"); set {
		return func() {}
	}
	old := debug.SetGCPercent(400)
	return func() { debug.SetGCPercent(old) }
}

func newChecker(opts *CheckOptions, d chargen.Options) *checker {
	c := &checker{opts: opts, derive: d, workers: min(max(runtime.GOMAXPROCS(0), 1), 8)}
	if opts.Format.IsJSON() {
		c.list = opts.Results()
		c.enc = json.NewEncoder(&c.buf)
		c.enc.SetEscapeHTML(false)
	}
	c.bar = opts.Progress(-1, "hero check")
	return c
}

// close ends the output (a -o json document).
func (c *checker) close() error {
	if c.list == nil {
		return nil
	}
	return c.list.Close()
}

// checkJob is a batch of documents of a stream on its way through the
// check: read in order, checked by any worker, written in order. Handing
// a worker a batch instead of one hero keeps the goroutines' hand-overs
// (and the wake-ups they cost) to one per batch. A job and its buffers
// are reused once its results are written.
type checkJob struct {
	first  int    // the number in its file of the batch's first hero, from 1
	single bool   // the file holds one hero: it is named FILE, not FILE#1
	docs   []byte // the documents, back to back
	ends   []int  // where each document ends in docs
	lines  []int  // the line each document begins on
	ok     []checked
	// err is the refusal after the ok documents: a bad hero, or (after
	// every document) the stream's own problem, tail.
	err  error
	tail error
	done chan struct{}
}

// checked is what the output needs of a good hero.
type checked struct {
	name   string
	schema int
}

// label names the batch's i-th document: FILE, or FILE#N in a stream.
func (j *checkJob) label(name string, i int) string {
	if j.single {
		return name
	}
	return name + "#" + strconv.Itoa(j.first+i)
}

// where is the " (line L)" of the batch's i-th document in a stream.
func (j *checkJob) where(i int) string {
	if j.single {
		return ""
	}
	return " (line " + strconv.Itoa(j.lines[i]) + ")"
}

// Limits of one batch: at most batchDocs documents and, unless it holds
// a single document, about batchBytes of them; a document over bigDoc is
// checked alone, so that the documents in flight hold at most
// jobs × (batchBytes + one document) + one document of the size limit.
const (
	batchDocs  = 64
	batchBytes = 64 << 10
	bigDoc     = 1 << 20
)

// stream validates every hero in one file, writing each result as soon
// as it and those before it are known (stdout streams in blocks of 64 KiB
// once the first hero is good). The first bad hero stops the check: exit
// 2 with one line naming it (FILE#N in a stream, with its line); the
// heroes after it may have been checked but write nothing.
func (c *checker) stream(name string, r io.Reader) error {
	jobs := 4 * c.workers
	free := make(chan *checkJob, jobs)
	for range jobs {
		free <- &checkJob{done: make(chan struct{}, 1)}
	}
	// Neither channel can block a send: at most jobs jobs exist.
	work := make(chan *checkJob, jobs)
	order := make(chan *checkJob, jobs)
	quit := make(chan struct{})
	defer close(quit)
	go c.read(name, r, free, work, order, quit)
	for range c.workers {
		go c.work(name, work)
	}
	for j := range order {
		<-j.done
		for i, h := range j.ok {
			if err := c.write(name, j, i, h); err != nil {
				return err
			}
		}
		if j.err != nil {
			return j.err
		}
		if cap(j.docs) > bigDoc {
			j.docs = nil
		}
		free <- j
	}
	return nil
}

// read splits the stream into batches, in order, until its end, its first
// problem or quit. A batch is handed on when it is full, before a big
// document, and whenever nothing of the next document is read yet, so a
// slow stream (heroes written a line at a time down a pipe that stays
// open) is checked as it comes.
func (c *checker) read(name string, r io.Reader, free, work, order chan *checkJob, quit chan struct{}) {
	defer close(work)
	defer close(order)
	s := jsonfile.NewStream(r, hero.MaxFileSize, "hero")
	n := 0
	var j *checkJob // the batch being filled
	get := func() bool {
		select {
		case j = <-free:
		case <-quit:
			return false
		}
		j.first, j.single, j.err, j.tail = n+1, false, nil, nil
		j.docs, j.ends, j.lines, j.ok = j.docs[:0], j.ends[:0], j.lines[:0], j.ok[:0]
		return true
	}
	send := func() {
		order <- j
		work <- j
		j = nil
	}
	for {
		if j != nil && (len(j.ends) == batchDocs || len(j.docs) >= batchBytes || !s.Pending()) {
			send()
		}
		if j == nil && !get() {
			return
		}
		doc, line, err := s.Next()
		if errors.Is(err, io.EOF) {
			if len(j.ends) > 0 {
				send()
			} else {
				free <- j
			}
			return
		}
		if err != nil {
			label := name
			if n > 0 || s.Array() {
				label = name + "#" + strconv.Itoa(n+1)
			}
			var se *jsonfile.StreamError
			if errors.As(err, &se) {
				where := ""
				if label != name || se.Line > 1 {
					where = " (line " + strconv.Itoa(se.Line) + ")"
				}
				j.tail = cmdutil.Inputf("%s: %v%s", label, se.Field, where)
			} else {
				j.tail = cmdutil.Inputf("%s: %v", name, err)
			}
			send()
			return
		}
		if n == 0 && !s.Array() && !s.More() {
			j.single = true
		}
		if len(doc) > bigDoc {
			// Alone: hand on the batch so far, then wait until every
			// other job is written.
			if len(j.ends) > 0 {
				send()
				if !get() {
					return
				}
			}
			if !c.alone(j, free, quit) {
				return
			}
		}
		n++
		j.docs = append(j.docs, doc...)
		j.ends = append(j.ends, len(j.docs))
		j.lines = append(j.lines, line)
		if len(doc) > bigDoc {
			send()
		}
	}
}

// alone waits until every job but j is written, so a big document is in
// flight on its own; it reports false on quit.
func (c *checker) alone(j *checkJob, free chan *checkJob, quit chan struct{}) bool {
	others := make([]*checkJob, 0, cap(free)-1)
	for len(others) < cap(free)-1 {
		select {
		case o := <-free:
			others = append(others, o)
		case <-quit:
			return false
		}
	}
	for _, o := range others {
		free <- o
	}
	return true
}

// work checks batches until the stream ends, each with this worker's own
// reader (the hero it reads into again), validator (its parsed dice) and
// verifier (its Generator), stopping a batch at its first bad hero.
func (c *checker) work(name string, work chan *checkJob) {
	var (
		r   hero.Reader
		val hero.Validator
	)
	ver := chargen.NewVerifier(c.derive)
	for j := range work {
		start := 0
		for i, end := range j.ends {
			doc := j.docs[start:end]
			h, err := check(&r, &val, ver, doc)
			start = end
			if err != nil {
				j.err = cmdutil.Inputf("%s: %v%s", j.label(name, i), err, j.where(i))
				if k := cmdutil.SniffKind(doc); k != "" && k != cmdutil.KindHero {
					j.err = cmdutil.Inputf("%s is %s; hero check reads hero files", j.label(name, i), k)
				}
				break
			}
			j.ok = append(j.ok, checked{name: h.Name, schema: h.Schema})
		}
		if j.err == nil {
			j.err = j.tail
		}
		j.done <- struct{}{}
	}
}

// check decodes and validates one hero and cross-checks its derived
// figures. The hero is r's, valid until its next hero.
func check(r *hero.Reader, val *hero.Validator, ver *chargen.Verifier, doc []byte) (*hero.Hero, error) {
	h, err := r.DecodeDraft(doc)
	if err != nil {
		return nil, err
	}
	if err := val.Validate(h); err != nil {
		return nil, err
	}
	if err := ver.Verify(h); err != nil {
		return nil, err
	}
	return h, nil
}

// write writes the result of the i-th hero of batch j; the first good
// hero starts streaming.
func (c *checker) write(file string, j *checkJob, i int, h checked) error {
	out := c.opts.IO.Out
	if err := out.StartStreaming(); err != nil {
		return err
	}
	c.bar.Add(1)
	if c.list != nil {
		c.res = checkResult{File: file, Index: j.first + i, Name: h.name, Schema: h.schema, Valid: true}
		c.buf.Reset()
		if err := c.enc.Encode(&c.res); err != nil {
			return fmt.Errorf("encoding JSON: %w", err)
		}
		return c.list.AddRaw(bytes.TrimSuffix(c.buf.Bytes(), []byte("\n")))
	}
	c.line = append(c.line[:0], termtext.Escape(file)...)
	if !j.single {
		c.line = append(c.line, '#')
		c.line = strconv.AppendInt(c.line, int64(j.first+i), 10)
	}
	c.line = append(c.line, ": ok ("...)
	c.line = append(c.line, termtext.Escape(h.name)...) // a name from the file, never a control sequence
	c.line = append(c.line, ", schema "...)
	c.line = strconv.AppendInt(c.line, int64(h.schema), 10)
	c.line = append(c.line, ")\n"...)
	_, err := out.Write(c.line)
	return err
}
