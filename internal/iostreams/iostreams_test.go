package iostreams

import (
	"errors"
	"fmt"
	"syscall"
	"testing"
)

func TestOutputHoldsUntilCommit(t *testing.T) {
	s, _, out, _ := Test()
	fmt.Fprint(s.Out, "half a result")
	if out.Len() != 0 {
		t.Fatalf("output reached stdout before Commit: %q", out)
	}
	s.Out.Discard()
	if err := s.Out.Commit(); err != nil || out.Len() != 0 {
		t.Fatalf("discarded output was written: %q", out)
	}
	fmt.Fprint(s.Out, "whole")
	if err := s.Out.Commit(); err != nil || out.String() != "whole" {
		t.Fatalf("after Commit stdout = %q, %v", out, err)
	}
}

func TestOutputStreaming(t *testing.T) {
	s, _, out, _ := Test()
	s.Out.WriteString("held ")
	if err := s.Out.StartStreaming(); err != nil {
		t.Fatal(err)
	}
	if !s.Out.Streaming() {
		t.Fatal("not streaming")
	}
	big := make([]byte, 128<<10)
	s.Out.Write(big)
	if out.Len() < 64<<10 {
		t.Fatalf("streaming output was not written through: %d bytes", out.Len())
	}
	if err := s.Out.Commit(); err != nil {
		t.Fatal(err)
	}
	if out.Len() != len("held ")+len(big) {
		t.Fatalf("stdout has %d bytes", out.Len())
	}
}

func TestTTYFlags(t *testing.T) {
	s, _, _, _ := Test()
	if s.IsStdinTTY() || s.IsStdoutTTY() || s.IsStderrTTY() {
		t.Fatal("test streams claim to be terminals")
	}
	s.SetStdoutTTY(true)
	s.SetStdinTTY(true)
	s.SetStderrTTY(true)
	if !s.IsStdoutTTY() || !s.IsStdinTTY() || !s.IsStderrTTY() || s.TerminalWidth() != 80 {
		t.Fatal("setters did not stick")
	}
}

func TestIsBrokenPipe(t *testing.T) {
	if !IsBrokenPipe(fmt.Errorf("write: %w", syscall.EPIPE)) || IsBrokenPipe(errors.New("other")) {
		t.Fatal("IsBrokenPipe misclassifies")
	}
}
