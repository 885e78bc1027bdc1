// Package iostreams carries the standard streams and what is known about
// them (whether each is a terminal, how wide it is) into every command, so
// that no command touches os.Stdin/os.Stdout directly and tests can swap in
// buffers.
package iostreams

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"syscall"

	"github.com/mattn/go-isatty"
)

// IOStreams holds stdin, stdout and stderr and their terminal flags.
//
// Out is transactional: by default everything a command writes is held in
// memory and only reaches the real stdout when the command succeeds
// (Commit), so a failing command never leaves half a result on stdout.
// A command that streams large batches calls StartStreaming once its input
// has been validated; from then on writes go straight through a buffered
// writer.
type IOStreams struct {
	In     io.Reader
	Out    *Output
	ErrOut io.Writer

	stdinTTY  bool
	stdoutTTY bool
	stderrTTY bool
	width     int
	progress  string // "" or "auto", "always", "never": see SetProgress
}

// System returns streams bound to the process's stdin, stdout and stderr.
func System() *IOStreams {
	s := &IOStreams{
		In:        os.Stdin,
		Out:       newOutput(os.Stdout),
		ErrOut:    os.Stderr,
		stdinTTY:  isTerminal(os.Stdin),
		stdoutTTY: isTerminal(os.Stdout),
		stderrTTY: isTerminal(os.Stderr),
		width:     80,
	}
	return s
}

// Test returns streams backed by buffers, none of them terminals.
func Test() (s *IOStreams, in *bytes.Buffer, out *bytes.Buffer, errOut *bytes.Buffer) {
	in, out, errOut = &bytes.Buffer{}, &bytes.Buffer{}, &bytes.Buffer{}
	s = &IOStreams{In: in, Out: newOutput(out), ErrOut: errOut, width: 80}
	return s, in, out, errOut
}

// Streams returns streams bound to in, out and errOut, none of them
// terminals (the in-process shell of the tests runs spandex on its pipes).
func Streams(in io.Reader, out, errOut io.Writer) *IOStreams {
	return &IOStreams{In: in, Out: newOutput(out), ErrOut: errOut, width: 80}
}

func isTerminal(f *os.File) bool {
	fd := f.Fd()
	return isatty.IsTerminal(fd) || isatty.IsCygwinTerminal(fd)
}

// IsStdinTTY reports whether stdin is a terminal.
func (s *IOStreams) IsStdinTTY() bool { return s.stdinTTY }

// IsStdoutTTY reports whether stdout is a terminal.
func (s *IOStreams) IsStdoutTTY() bool { return s.stdoutTTY }

// IsStderrTTY reports whether stderr is a terminal.
func (s *IOStreams) IsStderrTTY() bool { return s.stderrTTY }

// SetStdinTTY overrides the stdin terminal flag (tests).
func (s *IOStreams) SetStdinTTY(v bool) { s.stdinTTY = v }

// SetStdoutTTY overrides the stdout terminal flag (tests, and SPANDEX_FORCE_TTY).
func (s *IOStreams) SetStdoutTTY(v bool) { s.stdoutTTY = v }

// SetStderrTTY overrides the stderr terminal flag (tests).
func (s *IOStreams) SetStderrTTY(v bool) { s.stderrTTY = v }

// SetProgress sets when progress lines are drawn on stderr: "always"
// (even when stderr is not a terminal: tests, SPANDEX_PROGRESS=always),
// "never", or "auto" / "" (only when stderr is a terminal).
func (s *IOStreams) SetProgress(mode string) { s.progress = mode }

// Progress reports whether a long batch may draw a progress line on
// stderr, and whether it was forced (drawn at once, whatever the batch's
// length).
func (s *IOStreams) Progress() (on, forced bool) {
	switch s.progress {
	case "always":
		return true, true
	case "never":
		return false, false
	}
	return s.stderrTTY, false
}

// TerminalWidth is the width used for human output (80 unless told otherwise).
func (s *IOStreams) TerminalWidth() int { return s.width }

// Output is the transactional stdout described on IOStreams.
type Output struct {
	dst       io.Writer
	pending   bytes.Buffer
	stream    *bufio.Writer
	streaming bool
	tail      string // what Stop writes to close the document
}

func newOutput(dst io.Writer) *Output { return &Output{dst: dst} }

// Write implements io.Writer.
func (o *Output) Write(p []byte) (int, error) {
	if o.streaming {
		return o.stream.Write(p)
	}
	return o.pending.Write(p)
}

// WriteString implements io.StringWriter.
func (o *Output) WriteString(p string) (int, error) {
	if o.streaming {
		return o.stream.WriteString(p)
	}
	return o.pending.WriteString(p)
}

// StartStreaming switches Out to write-through (buffered) mode. Anything
// held so far is written first.
func (o *Output) StartStreaming() error {
	if o.streaming {
		return nil
	}
	o.stream = bufio.NewWriterSize(o.dst, 64<<10)
	o.streaming = true
	if o.pending.Len() > 0 {
		_, err := o.stream.Write(o.pending.Bytes())
		o.pending.Reset()
		return err
	}
	return nil
}

// Streaming reports whether StartStreaming has been called.
func (o *Output) Streaming() bool { return o.streaming }

// Commit writes everything held (or flushes the stream) to the real stdout.
func (o *Output) Commit() error {
	if o.streaming {
		return o.stream.Flush()
	}
	if o.pending.Len() == 0 {
		return nil
	}
	_, err := o.dst.Write(o.pending.Bytes())
	o.pending.Reset()
	return err
}

// SetTail sets what ends the streamed document if it stops early (a JSON
// array's closing bracket), "" for nothing; the writer of the document
// sets it when it opens one and clears it when it closes it.
func (o *Output) SetTail(tail string) { o.tail = tail }

// Stop ends a stream cut short by an error. A streaming verb writes each
// record whole before it reads the next, so what it has written is whole
// records: Stop writes them out, then the tail (closing an open JSON
// array), and the reader has a complete document of every record before
// the bad one; the exit status says the stream stopped there. Output that
// never started streaming is discarded, as Discard does.
func (o *Output) Stop() error {
	if !o.streaming {
		o.Discard()
		return nil
	}
	if o.tail != "" {
		if _, err := o.stream.WriteString(o.tail); err != nil {
			return err
		}
		o.tail = ""
	}
	return o.stream.Flush()
}

// Discard drops everything not yet written.
func (o *Output) Discard() {
	o.pending.Reset()
	if o.streaming {
		o.stream.Reset(io.Discard)
	}
}

// IsBrokenPipe reports whether err is the reader of a pipe going away
// (for example `spandex roll -n 1000000 3d6 | head`), which is not a failure.
func IsBrokenPipe(err error) bool {
	return errors.Is(err, syscall.EPIPE)
}
