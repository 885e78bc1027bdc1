package cmdutil

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// testEnv is a Factory over buffers, with no user config, and a directory
// holding a copy of the Guardian as hero.json.
type testEnv struct {
	f               *Factory
	ios             *iostreams.IOStreams
	in, out, errOut *bytes.Buffer
	dir, heroPath   string
	original        []byte
}

func newTestEnv(t *testing.T) *testEnv {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "heroes", "guardian.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "hero.json")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	ios, in, out, errOut := iostreams.Test()
	f := &Factory{IOStreams: ios, Getenv: func(k string) string {
		if k == "XDG_CONFIG_HOME" || k == "HOME" {
			return dir
		}
		return ""
	}}
	return &testEnv{f: f, ios: ios, in: in, out: out, errOut: errOut, dir: dir, heroPath: path, original: data}
}

// env is the factory's verb environment, bound, with output format ft.
func (e *testEnv) env(t *testing.T, ft Format) *Env {
	t.Helper()
	en := e.f.Env(ft)
	if err := en.Bind(); err != nil {
		t.Fatal(err)
	}
	en.Format = ft
	return en
}

// stdout commits the held stdout and returns everything written to it.
func (e *testEnv) stdout(t *testing.T) string {
	t.Helper()
	if err := e.ios.Out.Commit(); err != nil {
		t.Fatal(err)
	}
	return e.out.String()
}

// untouched fails unless the hero file is byte for byte as it was and no
// temporary file was left beside it.
func (e *testEnv) untouched(t *testing.T) {
	t.Helper()
	got, err := os.ReadFile(e.heroPath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, e.original) {
		t.Error("the hero file was changed")
	}
	e.noTempFiles(t)
}

func (e *testEnv) noTempFiles(t *testing.T) {
	t.Helper()
	ents, err := os.ReadDir(e.dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, ent := range ents {
		if strings.Contains(ent.Name(), ".tmp-") {
			t.Errorf("temporary file %s left behind", ent.Name())
		}
	}
}

// rename is a change that renames the hero and reports it.
func rename(h *hero.Hero) (HeroChange, error) {
	old := h.Name
	h.Name = "Renamed"
	var steps ruling.Steps
	steps.Add("rename", "p. 0", "%s becomes %s", old, h.Name)
	return HeroChange{Kind: "test", Summary: "renamed", Details: map[string]string{"from": old}, Steps: steps,
		Warnings: []string{"careful"},
		Text: func(w io.Writer) error {
			_, err := fmt.Fprintf(w, "%s: renamed from %s\n", h.Name, old)
			return err
		}}, nil
}

func lastEvent(t *testing.T, h *hero.Hero) hero.Event {
	t.Helper()
	if len(h.Log) == 0 {
		t.Fatal("no event appended")
	}
	return h.Log[len(h.Log)-1]
}

func TestHeroTargetChangeWrites(t *testing.T) {
	tests := []struct {
		name                 string
		inPlace, file, stdin bool
		format               Format
		explain              bool
		// wantOut and wantErr are substrings of stdout and stderr.
		wantOut, wantErr []string
		notErr           []string
	}{
		{name: "in place, JSON report", inPlace: true, format: FormatJSON,
			wantOut: []string{`"from": "The Guardian"`}, wantErr: []string{"warning: careful"}, notErr: []string{"rename", "renamed from"}},
		{name: "in place, JSON Lines report", inPlace: true, format: FormatJSONL, wantOut: []string{`{"from":"The Guardian"}`}},
		{name: "in place, text report and --explain", inPlace: true, format: FormatText, explain: true,
			wantOut: []string{"Renamed: renamed from The Guardian\n"}, wantErr: []string{"The Guardian becomes Renamed", "warning: careful"}},
		{name: "FILE: hero on stdout, report on stderr", file: true, format: FormatJSON,
			wantOut: []string{`"name": "Renamed"`, `"summary": "renamed"`}, wantErr: []string{"Renamed: renamed from The Guardian"}},
		{name: "stdin: hero on stdout", stdin: true, format: FormatText,
			wantOut: []string{`"name": "Renamed"`}, wantErr: []string{"Renamed: renamed from The Guardian"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := newTestEnv(t)
			e.f.Globals.Explain = tc.explain
			var tg HeroTarget
			switch {
			case tc.inPlace:
				tg.InPlace = e.heroPath
			case tc.file:
				tg.File = e.heroPath
			case tc.stdin:
				e.in.Write(e.original)
			}
			if err := tg.Change(e.env(t, tc.format), rename); err != nil {
				t.Fatal(err)
			}
			out := e.stdout(t)
			for _, w := range tc.wantOut {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tc.wantErr {
				if !strings.Contains(e.errOut.String(), w) {
					t.Errorf("stderr lacks %q:\n%s", w, e.errOut)
				}
			}
			for _, w := range tc.notErr {
				if strings.Contains(e.errOut.String(), w) {
					t.Errorf("stderr has %q:\n%s", w, e.errOut)
				}
			}
			if !tc.inPlace {
				e.untouched(t)
				h, err := hero.Decode([]byte(out))
				if err != nil {
					t.Fatalf("stdout is not a hero: %v", err)
				}
				if ev := lastEvent(t, h); ev.Kind != "test" || ev.Summary != "renamed" {
					t.Errorf("event %+v", ev)
				}
				return
			}
			data, err := os.ReadFile(e.heroPath)
			if err != nil {
				t.Fatal(err)
			}
			h, err := hero.Decode(data)
			if err != nil {
				t.Fatalf("rewritten file: %v", err)
			}
			if ev := lastEvent(t, h); h.Name != "Renamed" || ev.Kind != "test" || ev.Summary != "renamed" {
				t.Errorf("name %q, event %+v", h.Name, ev)
			}
			st, err := os.Stat(e.heroPath)
			if err != nil {
				t.Fatal(err)
			}
			if st.Mode().Perm() != 0o600 {
				t.Errorf("mode %v, want the file's own 0600 kept", st.Mode().Perm())
			}
			e.noTempFiles(t)
		})
	}
}

// TestHeroTargetChangeFailures: every failure is reported with nothing on
// stdout and the hero file as it was.
func TestHeroTargetChangeFailures(t *testing.T) {
	tests := []struct {
		name   string
		target func(e *testEnv) HeroTarget
		setup  func(t *testing.T, e *testEnv)
		change func(e *testEnv) func(*hero.Hero) (HeroChange, error)
		want   string
		input  bool // an input error (exit 2)
	}{
		{name: "missing file", target: func(e *testEnv) HeroTarget { return HeroTarget{InPlace: filepath.Join(e.dir, "nope.json")} },
			want: "nope.json: no such file", input: true},
		{name: "bad JSON", target: func(e *testEnv) HeroTarget { return HeroTarget{InPlace: e.heroPath} },
			setup: func(t *testing.T, e *testEnv) {
				e.original = []byte(`{"schema": 1, "name": `)
				if err := os.WriteFile(e.heroPath, e.original, 0o600); err != nil {
					t.Fatal(err)
				}
			}, want: "hero.json: $", input: true},
		{name: "not a hero", target: func(e *testEnv) HeroTarget { return HeroTarget{InPlace: e.heroPath} },
			setup: func(t *testing.T, e *testEnv) {
				e.original = []byte(`{"schema": 1}`)
				if err := os.WriteFile(e.heroPath, e.original, 0o600); err != nil {
					t.Fatal(err)
				}
			}, want: "hero.json: $.", input: true},
		{name: "file given twice", target: func(e *testEnv) HeroTarget { return HeroTarget{InPlace: e.heroPath, File: e.heroPath} },
			want: "give the hero file once", input: true},
		{name: "-i on stdin", target: func(*testEnv) HeroTarget { return HeroTarget{InPlace: "-"} },
			want: "-i/--in-place: needs a file, not stdin", input: true},
		{name: "stdin a terminal", target: func(e *testEnv) HeroTarget { e.ios.SetStdinTTY(true); return HeroTarget{} },
			want: "stdin is a terminal", input: true},
		{name: "the change refuses", target: func(e *testEnv) HeroTarget { return HeroTarget{InPlace: e.heroPath} },
			change: func(*testEnv) func(*hero.Hero) (HeroChange, error) {
				return func(h *hero.Hero) (HeroChange, error) {
					h.Name = "half-changed"
					return HeroChange{}, Inputf("--flag: no")
				}
			}, want: "--flag: no", input: true},
		{name: "--dice left over", target: func(e *testEnv) HeroTarget { return HeroTarget{InPlace: e.heroPath} },
			setup: func(_ *testing.T, e *testEnv) { e.f.Globals.Dice, e.f.Globals.DiceSet = "3,4", true },
			change: func(e *testEnv) func(*hero.Hero) (HeroChange, error) {
				return func(h *hero.Hero) (HeroChange, error) {
					rs, err := e.f.Roller()
					if err != nil {
						return HeroChange{}, err
					}
					if _, err := rs.Roller.Roll(6, "test"); err != nil {
						return HeroChange{}, err
					}
					return rename(h)
				}
			}, want: "left over", input: true},
		{name: "--dice given, none rolled", target: func(e *testEnv) HeroTarget { return HeroTarget{File: e.heroPath} },
			setup: func(_ *testing.T, e *testEnv) { e.f.Globals.Dice, e.f.Globals.DiceSet = "3", true },
			want:  "rolls no dice", input: true},
		{name: "the changed hero is invalid", target: func(e *testEnv) HeroTarget { return HeroTarget{InPlace: e.heroPath} },
			change: func(*testEnv) func(*hero.Hero) (HeroChange, error) {
				return func(h *hero.Hero) (HeroChange, error) {
					c, err := rename(h)
					h.Name = ""
					return c, err
				}
			}, want: "the changed hero is invalid (a bug): $.name"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := newTestEnv(t)
			if tc.setup != nil {
				tc.setup(t, e)
			}
			change := rename
			if tc.change != nil {
				change = tc.change(e)
			}
			err := tc.target(e).Change(e.env(t, FormatJSON), change)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			var ie *InputError
			if got := errors.As(err, &ie); got != tc.input {
				t.Errorf("input error %v, want %v (%v)", got, tc.input, err)
			}
			if out := e.stdout(t); out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			e.untouched(t)
		})
	}
}

// TestHeroTargetSeed: the seed goes on stderr for human output only, and
// into the event either way.
func TestHeroTargetSeed(t *testing.T) {
	for _, ft := range []Format{FormatText, FormatJSON} {
		e := newTestEnv(t)
		seed := uint64(42)
		err := HeroTarget{InPlace: e.heroPath}.Change(e.env(t, ft), func(h *hero.Hero) (HeroChange, error) {
			c, err := rename(h)
			c.Seed = &seed
			return c, err
		})
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Contains(e.errOut.String(), "seed 42 (replay with --seed 42)\n")
		if got != (ft == FormatText) {
			t.Errorf("%s: seed on stderr %v:\n%s", ft, got, e.errOut)
		}
		data, err := os.ReadFile(e.heroPath)
		if err != nil {
			t.Fatal(err)
		}
		h, err := hero.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		if ev := lastEvent(t, h); ev.Seed == nil || *ev.Seed != 42 {
			t.Errorf("%s: event seed %v", ft, ev.Seed)
		}
	}
}

func TestHeroTargetPath(t *testing.T) {
	tests := []struct {
		t    HeroTarget
		want string
	}{
		{HeroTarget{}, "-"},
		{HeroTarget{File: "-"}, "-"},
		{HeroTarget{File: "a.json"}, "a.json"},
		{HeroTarget{InPlace: "b.json"}, "b.json"},
	}
	for _, tc := range tests {
		if got := tc.t.Path(); got != tc.want {
			t.Errorf("%+v: Path %q, want %q", tc.t, got, tc.want)
		}
	}
}
