package herocmd

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/chargen"
)

func benchLine(t *testing.T) []byte {
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
	if err == nil || !strings.Contains(err.Error(), "s.jsonl#1: $.schema: version 7 is not supported (this build reads schema 2) (line 1)") {
		t.Fatalf("err = %v", err)
	}
	if te.Env.IO.Out.Streaming() {
		t.Error("streaming after a bad first hero")
	}

	te = cmdutil.NewTestEnv(cmdutil.FormatJSONL)
	c = newChecker(&CheckOptions{Env: te.Env}, chargen.Options{DodgeStacking: "add"})
	err = c.stream("s.jsonl", bytes.NewReader(append(bytes.Repeat(line, 3), bad...)))
	if err == nil || !strings.Contains(err.Error(), "s.jsonl#4: $.schema: version 7 is not supported (this build reads schema 2) (line 4)") {
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
