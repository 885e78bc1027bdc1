package herocmd

import (
	"bytes"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/chargen"
)

func benchLine(t testing.TB) []byte {
	t.Helper()
	line, err := os.ReadFile("../../../pkg/hero/testdata/bench-line.json")
	if err != nil {
		t.Fatal(err)
	}
	return append(bytes.TrimSpace(line), '\n')
}

// TestCheckStreamsFromTheFirstGoodHero: stdout is held (nothing written
// on a bad first hero) until a hero is good, then streams, so a long
// stream never sits in memory.
func TestCheckStreamsFromTheFirstGoodHero(t *testing.T) {
	line := benchLine(t)
	bad := bytes.Replace(line, []byte(`"schema":1`), []byte(`"schema":7`), 1)

	te := cmdutil.NewTestEnv(cmdutil.FormatJSONL)
	c := newChecker(&CheckOptions{Env: te.Env}, chargen.Options{DodgeStacking: "add"})
	err := c.stream("s.jsonl", bytes.NewReader(append(bad, line...)))
	if err == nil || !strings.Contains(err.Error(), "s.jsonl#1: $.schema: version 7 is not supported (this build reads schema 3) (line 1)") {
		t.Fatalf("err = %v", err)
	}
	if te.Env.IO.Out.Streaming() {
		t.Error("streaming after a bad first hero")
	}

	te = cmdutil.NewTestEnv(cmdutil.FormatJSONL)
	c = newChecker(&CheckOptions{Env: te.Env}, chargen.Options{DodgeStacking: "add"})
	err = c.stream("s.jsonl", bytes.NewReader(append(bytes.Repeat(line, 3), bad...)))
	if err == nil || !strings.Contains(err.Error(), "s.jsonl#4: $.schema: version 7 is not supported (this build reads schema 3) (line 4)") {
		t.Fatalf("err = %v", err)
	}
	if !te.Env.IO.Out.Streaming() {
		t.Error("not streaming after good heroes")
	}
}

// TestCheckJSONIsOneDocument: -o json writes one result as an object,
// several as one array; the stream reads an array of heroes as well as
// JSON Lines.
func TestCheckJSONIsOneDocument(t *testing.T) {
	line := benchLine(t)
	for _, tt := range []struct {
		name, in string
		n        int
	}{
		{"lines", string(bytes.Repeat(line, 3)), 3},
		{"array", "[" + strings.TrimSpace(string(line)) + ",\n" + string(line) + "]\n", 2},
		{"one", string(line), 1},
	} {
		te := cmdutil.NewTestEnv(cmdutil.FormatJSON)
		c := newChecker(&CheckOptions{Env: te.Env}, chargen.Options{DodgeStacking: "add"})
		if err := c.stream("in", strings.NewReader(tt.in)); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if err := c.close(); err != nil {
			t.Fatal(err)
		}
		if err := te.Env.IO.Out.Commit(); err != nil {
			t.Fatal(err)
		}
		out := te.Out.String()
		if got := strings.Count(out, `"valid": true`); got != tt.n {
			t.Errorf("%s: %d results in %q", tt.name, got, out)
		}
		if (tt.n > 1) != strings.HasPrefix(out, "[\n") || (tt.n > 1) != strings.HasSuffix(out, "\n]\n") {
			t.Errorf("%s: output %q", tt.name, out)
		}
	}
}

// TestCheckStreamKeepsOrder: heroes are checked on several workers, but
// the results come out in the stream's order, the first bad hero is the
// one reported (not a later bad one a worker reached first), and nothing
// after it is written. A document over bigDoc (a hero padded with a
// megabyte of blanks) is checked alone, in its place.
func TestCheckStreamKeepsOrder(t *testing.T) {
	line := benchLine(t)
	bad := bytes.Replace(line, []byte(`"schema":1`), []byte(`"schema":7`), 1)
	big := append([]byte("{"+strings.Repeat(" ", bigDoc+10)), line[1:]...)
	var in []byte
	for i := 1; i <= 300; i++ {
		switch {
		case i == 50 || i == 51:
			in = append(in, big...)
		case i == 137 || i == 200 || i == 299:
			in = append(in, bad...)
		default:
			in = append(in, line...)
		}
	}
	for _, workers := range []int{1, 2, 5} {
		te := cmdutil.NewTestEnv(cmdutil.FormatJSONL)
		c := newChecker(&CheckOptions{Env: te.Env}, chargen.Options{DodgeStacking: "add"})
		c.workers = workers
		err := c.stream("s.jsonl", bytes.NewReader(in))
		if err == nil || !strings.Contains(err.Error(), "s.jsonl#137: $.schema: version 7 is not supported (this build reads schema 3) (line 137)") {
			t.Fatalf("%d workers: err = %v", workers, err)
		}
		if err := te.Env.IO.Out.Commit(); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(te.Out.String(), "\n"), "\n")
		if len(lines) != 136 {
			t.Fatalf("%d workers: %d results, want 136", workers, len(lines))
		}
		for i, l := range lines {
			if want := `"index":` + strconv.Itoa(i+1) + `,`; !strings.Contains(l, want) {
				t.Fatalf("%d workers: result %d is %q, want %s", workers, i+1, l, want)
			}
		}
	}
}

// gcPercent reads the collector's GOGC.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// streamGC raises GOGC for the check and restores it; a GOGC set in the
// environment is the user's and is left alone.
func TestStreamGC(t *testing.T) {
	before := gcPercent()
	if _, set := os.LookupEnv("GOGC"); !set {
		restore := streamGC()
		if got := gcPercent(); got != 400 {
			t.Errorf("GOGC during the check = %d, want 400", got)
		}
		restore()
		if got := gcPercent(); got != before {
			t.Errorf("GOGC after the check = %d, want %d", got, before)
		}
	}
	t.Setenv("GOGC", "150")
	restore := streamGC()
	if got := gcPercent(); got != before {
		t.Errorf("GOGC with GOGC set = %d, want it untouched (%d)", got, before)
	}
	restore()
}

// TestCheckSlowStream: heroes are handed to the workers in batches, but a
// batch is not held back waiting for heroes that have not arrived: a bad
// hero in a stream that stays open (a pipe whose writer is still there)
// is reported at once, with the good heroes before it written.
func TestCheckSlowStream(t *testing.T) {
	line := benchLine(t)
	bad := bytes.Replace(line, []byte(`"schema":1`), []byte(`"schema":7`), 1)
	pr, pw := io.Pipe()
	defer pw.Close()
	go func() {
		// Three heroes, one write each, then the writer waits (never
		// closes the pipe while the check runs).
		for _, doc := range [][]byte{line, line, bad} {
			if _, err := pw.Write(doc); err != nil {
				return
			}
		}
	}()
	te := cmdutil.NewTestEnv(cmdutil.FormatJSONL)
	c := newChecker(&CheckOptions{Env: te.Env}, chargen.Options{DodgeStacking: "add"})
	done := make(chan error, 1)
	go func() { done <- c.stream("p.jsonl", pr) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "p.jsonl#3: $.schema: version 7") {
			t.Fatalf("err = %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the bad third hero was not reported while the stream stayed open")
	}
	if err := te.Env.IO.Out.Commit(); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(te.Out.String(), `"valid":true`); n != 2 {
		t.Fatalf("%d results written, want 2:\n%s", n, te.Out.String())
	}
}

// FuzzCheckStream: whatever the stream, the batched check on one worker
// and on three writes the same results and refuses with the same line
// (the first bad hero, in the stream's order), and never panics.
func FuzzCheckStream(f *testing.F) {
	line := benchLine(f)
	bad := bytes.Replace(line, []byte(`"schema":1`), []byte(`"schema":7`), 1)
	f.Add(line)
	f.Add(append(append([]byte{}, line...), line...))
	f.Add(append(append(append([]byte{}, line...), bad...), line...))
	f.Add([]byte("[" + strings.TrimSpace(string(line)) + ",\n" + strings.TrimSpace(string(line)) + "]"))
	f.Add([]byte("{\"a\":\"}\"}\n{}"))
	f.Add([]byte(" \n\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		run := func(workers int) (string, string) {
			te := cmdutil.NewTestEnv(cmdutil.FormatJSONL)
			c := newChecker(&CheckOptions{Env: te.Env}, chargen.Options{DodgeStacking: "add"})
			c.workers = workers
			err := c.stream("f.jsonl", bytes.NewReader(in))
			if err := te.Env.IO.Out.Commit(); err != nil {
				t.Fatal(err)
			}
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			return te.Out.String(), msg
		}
		out1, err1 := run(1)
		out3, err3 := run(3)
		if out1 != out3 || err1 != err3 {
			t.Fatalf("1 worker: %q, %q\n3 workers: %q, %q", out1, err1, out3, err3)
		}
	})
}
