package main

import (
	"debug/elf"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunCountsPagesByRegion feeds a trace of the test binary's own text
// and of a heap address: the text pages are named by section, each page
// once, an access straddling a page boundary counts both pages, and
// valgrind's own lines are skipped.
func TestRunCountsPagesByRegion(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	f, err := elf.Open(exe)
	if err != nil {
		t.Skip("not an ELF binary:", err)
	}
	text := f.Section(".text").Addr
	f.Close()
	base := (text + 2<<pageShift) &^ (1<<pageShift - 1) // a page inside .text
	trace := strings.Join([]string{
		"==1== Lackey, an example Valgrind tool",
		fmt.Sprintf("I  %08x,3", base),
		fmt.Sprintf(" L %08x,8", base+8),              // same page
		fmt.Sprintf(" L %08x,8", base+1<<pageShift-4), // straddles into the next page
		" S c000010000,8",                             // the heap
		"",
	}, "\n")
	path := filepath.Join(t.TempDir(), "trace")
	if err := os.WriteFile(path, []byte(trace), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := captureStdout(func() error { return run(exe, path) })
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"     2  binary .text", "     1  heap, stacks and libraries", "     3  pages in all"} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func captureStdout(f func() error) (string, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return "", err
	}
	saved := os.Stdout
	os.Stdout = w
	ferr := f()
	os.Stdout = saved
	w.Close()
	b, _ := io.ReadAll(r)
	return string(b), ferr
}
