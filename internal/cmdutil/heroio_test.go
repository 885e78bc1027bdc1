package cmdutil

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/hostile"
	"github.com/codename-spandex/spandex/pkg/hero"
)

func TestOpenInput(t *testing.T) {
	tests := []struct {
		name  string
		path  func(e *testEnv) string
		tty   bool
		stdin string
		want  string // the content read
		err   string
	}{
		{name: "file", path: func(e *testEnv) string { return e.heroPath }, want: "guardian"},
		{name: "stdin", path: func(*testEnv) string { return "-" }, stdin: "piped", want: "piped"},
		{name: "stdin a terminal", path: func(*testEnv) string { return "-" }, tty: true, err: "no hero file given and stdin is a terminal"},
		{name: "missing file", path: func(e *testEnv) string { return filepath.Join(e.dir, "nope.json") }, err: "nope.json: no such file"},
		{name: "not a directory", path: func(e *testEnv) string { return filepath.Join(e.heroPath, "x") }, err: "hero.json/x: open "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := newTestEnv(t)
			e.ios.SetStdinTTY(tc.tty)
			e.in.WriteString(tc.stdin)
			rc, err := e.env(t, FormatJSON).OpenInput(tc.path(e))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || ExitCode(err) != ExitUsage {
					t.Fatalf("error %v, want an input error with %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer rc.Close()
			data, err := io.ReadAll(rc)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(strings.ToLower(string(data)), tc.want) {
				t.Errorf("read %.40q, want it to hold %q", data, tc.want)
			}
		})
	}
}

func TestDecodeHeroes(t *testing.T) {
	g, err := os.ReadFile(filepath.Join("..", "..", "testdata", "heroes", "guardian.json"))
	if err != nil {
		t.Fatal(err)
	}
	n, err := os.ReadFile(filepath.Join("..", "..", "testdata", "heroes", "nefario.json"))
	if err != nil {
		t.Fatal(err)
	}
	guardian, nefario := string(g), string(n)
	stop := errors.New("stop")
	tests := []struct {
		name   string
		input  string
		fnErr  error
		labels string // label=name of every hero handed over
		err    string
	}{
		{name: "one hero", input: guardian, labels: "in=The Guardian"},
		{name: "a stream", input: guardian + nefario, labels: "in#1=The Guardian,in#2=Nefario"},
		{name: "empty", input: " \n", err: "in: $: empty input, expected a hero JSON object"},
		{name: "bad JSON", input: "{bad}", err: "in: $: invalid JSON at line 1 column 2: invalid character 'b'"},
		{name: "truncated", input: guardian[:40], err: "in: $: invalid JSON: unexpected end of input (the hero that begins here is cut short)"},
		{name: "bad second hero", input: guardian + "{bad}", labels: "in#1=The Guardian", err: "in#2: $: invalid JSON at line 1 column 2"},
		{name: "an array", input: "[" + guardian + "," + nefario + "]", labels: "in#1=The Guardian,in#2=Nefario"},
		{name: "an empty array", input: "[]", err: "in: $: empty input, expected a hero JSON object"},
		{name: "not a hero", input: `{"schema": 1}`, err: "in: $."},
		// Every reader checks a hero's derived figures as hero check does.
		{name: "figures that contradict the powers", input: strings.Replace(guardian, `"max": 35`, `"max": 1000000000`, 1), err: "in: $.health.max: 1000000000 but hero derive computes 35"},
		{name: "the callback's error stops the stream", input: guardian + nefario, fnErr: stop, labels: "in#1=The Guardian", err: "stop"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			err := NewTestEnv(FormatJSON).DecodeHeroes(strings.NewReader(tc.input), "in", func(label string, n int, h *hero.Hero) error {
				if n != len(got)+1 {
					t.Errorf("hero %d numbered %d", len(got)+1, n)
				}
				got = append(got, label+"="+h.Name)
				return tc.fnErr
			})
			if strings.Join(got, ",") != tc.labels {
				t.Errorf("heroes %q, want %q", got, tc.labels)
			}
			if tc.err == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("error %v, want %q", err, tc.err)
			}
			if tc.fnErr == nil && ExitCode(err) != ExitUsage {
				t.Errorf("%v is not an input error", err)
			}
		})
	}
}

func TestEachInput(t *testing.T) {
	e := newTestEnv(t)
	e.in.WriteString("from stdin")
	missing := filepath.Join(e.dir, "nope.json")
	stop := errors.New("stop")
	tests := []struct {
		name  string
		paths []string
		fnErr error
		seen  string // name:first bytes of every input handed over
		err   string
	}{
		{name: "files and stdin in order", paths: []string{e.heroPath, "-"}, seen: e.heroPath + ":{," + "stdin:f"},
		{name: "a missing file stops the run", paths: []string{"-", missing, e.heroPath}, seen: "stdin:f", err: "nope.json: no such file"},
		{name: "fn's error stops the run", paths: []string{e.heroPath, e.heroPath}, fnErr: stop, seen: e.heroPath + ":{", err: "stop"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e.in.Reset()
			e.in.WriteString("from stdin")
			var seen []string
			err := EachInput(tc.paths, e.env(t, FormatJSON).OpenInput, func(name string, r io.Reader) error {
				b := make([]byte, 1)
				if _, err := io.ReadFull(r, b); err != nil {
					t.Fatal(err)
				}
				seen = append(seen, name+":"+string(b))
				return tc.fnErr
			})
			if strings.Join(seen, ",") != tc.seen {
				t.Errorf("seen %q, want %q", seen, tc.seen)
			}
			if (err == nil) != (tc.err == "") || (err != nil && !strings.Contains(err.Error(), tc.err)) {
				t.Errorf("error %v, want %q", err, tc.err)
			}
		})
	}
}

// FuzzDecodeHeroes: any input gives heroes that validate, or an input
// error naming the stream; never a panic.
func FuzzDecodeHeroes(f *testing.F) {
	g, err := os.ReadFile(filepath.Join("..", "..", "testdata", "heroes", "guardian.json"))
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{string(g), string(g) + string(g), "", "{", `{"schema":1}`, "[]", "null", string(g[:100]), string(g) + "x"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		err := NewTestEnv(FormatJSON).DecodeHeroes(strings.NewReader(in), "in", func(label string, n int, h *hero.Hero) error {
			if !strings.HasPrefix(label, "in") || n < 1 {
				t.Errorf("label %q, n %d", label, n)
			}
			if err := h.Validate(); err != nil {
				t.Errorf("handed an invalid hero: %v", err)
			}
			return nil
		})
		if err != nil && (ExitCode(err) != ExitUsage || !strings.HasPrefix(err.Error(), "in")) {
			t.Errorf("error %v is not an input error naming the stream", err)
		}
	})
}

// TestDecodeHeroesHostileLines: a stream whose second hero is hostile is
// refused within hostile.MaxTime of CPU and hostile.MaxBytes, naming it.
func TestDecodeHeroesHostileLines(t *testing.T) {
	hostile.Slow(t)
	g, err := os.ReadFile(filepath.Join("..", "..", "testdata", "heroes", "guardian.json"))
	if err != nil {
		t.Fatal(err)
	}
	var line bytes.Buffer
	if err := json.Compact(&line, g); err != nil {
		t.Fatal(err)
	}
	line.WriteByte('\n')
	for _, tc := range []struct {
		name, err string
		hero      []byte
	}{
		{"200,000 keys", "in#2: $.k0: unknown field", hostile.ManyKeys(200_000, true)},
		{"arrays nested 100,000 deep", "in#2: $: invalid JSON at line 1 column 10008: exceeded max depth", hostile.Splice(t, `{"name":@}`, "@", hostile.Nested(100_000))},
		{"a 50 MB string", "in#2: $: hero larger than 16 MB (line 2)", hostile.Splice(t, `{"name":@}`, "@", hostile.LongString(50<<20))},
		{"a duplicate key 5,000 objects deep", "in#2: $.log[0].details.a.a", hostile.Splice(t, `{"schema":2,"log":[{"seq":1,"details":@}]}`, "@", hostile.DupAtDepth(5_000))},
	} {
		in := append(bytes.Clone(line.Bytes()), tc.hero...)
		err := hostile.Cost(t, tc.name, func() error {
			return NewTestEnv(FormatJSON).DecodeHeroes(bytes.NewReader(in), "in", func(string, int, *hero.Hero) error { return nil })
		})
		if err == nil || !strings.HasPrefix(err.Error(), tc.err) || len(err.Error()) > 300 {
			t.Errorf("%s: %.300v, want %q...", tc.name, err, tc.err)
		}
	}
}
