package fight

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/internal/playerview"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// fightEnv is a fight verb's environment over buffers, with the bank
// fight's two principals in an encounter file.
type fightEnv struct {
	f        *cmdutil.Factory
	ios      *iostreams.IOStreams
	out, err *bytes.Buffer
	path     string
	original []byte
}

func newFightEnv(t *testing.T, ft cmdutil.Format) *fightEnv {
	t.Helper()
	var entries []encounter.Entry
	for i, name := range []string{"guardian", "nefario"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "heroes", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		h, err := hero.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		entries = append(entries, encounter.Entry{Side: []string{"heroes", "villains"}[i], Hero: h, Source: name + ".json"})
	}
	e, err := encounter.New(encounter.Setup{Sides: []string{"heroes", "villains"}, Entries: entries, Options: encounter.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	data, err := encounter.Encode(e)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "fight.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	ios, _, out, errOut := iostreams.Test()
	f := &cmdutil.Factory{IOStreams: ios, ServePlayers: playerview.Serve, Getenv: func(k string) string {
		if k == "XDG_CONFIG_HOME" || k == "HOME" {
			return dir
		}
		return ""
	}}
	f.Globals.Output = string(ft)
	return &fightEnv{f: f, ios: ios, out: out, err: errOut, path: path, original: data}
}

func (fe *fightEnv) env(t *testing.T) *cmdutil.Env {
	t.Helper()
	env := fe.f.Env(cmdutil.FormatText)
	if err := env.Bind(); err != nil {
		t.Fatal(err)
	}
	return env
}

func (fe *fightEnv) stdout(t *testing.T) string {
	t.Helper()
	if err := fe.ios.Out.Commit(); err != nil {
		t.Fatal(err)
	}
	return fe.out.String()
}

func (fe *fightEnv) file(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(fe.path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func leave(e *encounter.Encounter) error { return e.Leave("nefario", "flees") }

func TestEnvChangeWrites(t *testing.T) {
	tests := []struct {
		name    string
		inPlace bool
		format  cmdutil.Format
		want    string // on stdout
	}{
		{name: "-i, text: the new events", inPlace: true, format: cmdutil.FormatText, want: "page 1, "},
		{name: "-i, JSON Lines: one event a line", inPlace: true, format: cmdutil.FormatJSONL, want: `"summary":`},
		{name: "-i, JSON: an array", inPlace: true, format: cmdutil.FormatJSON, want: "[\n"},
		{name: "FILE: the encounter on stdout", format: cmdutil.FormatText, want: `"combatants"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fe := newFightEnv(t, tc.format)
			fl := File{Path: fe.path}
			if tc.inPlace {
				fl = File{InPlace: fe.path}
			}
			if err := change(fe.env(t), fl, leave); err != nil {
				t.Fatal(err)
			}
			out := fe.stdout(t)
			if !strings.Contains(out, tc.want) {
				t.Errorf("stdout lacks %q:\n%.300s", tc.want, out)
			}
			written := fe.file(t)
			if !tc.inPlace {
				written = []byte(out)
				if !bytes.Equal(fe.file(t), fe.original) {
					t.Error("the file changed without -i")
				}
			}
			e, err := encounter.Decode(written)
			if err != nil {
				t.Fatal(err)
			}
			if len(e.Log) == 0 || !strings.Contains(e.Log[len(e.Log)-1].Summary, "flees") {
				t.Errorf("last event %+v", e.Log)
			}
		})
	}
}

// TestEnvChangeFailures: nothing on stdout and the file as it was.
func TestEnvChangeFailures(t *testing.T) {
	refuse := errors.New("refused")
	tests := []struct {
		name  string
		setup func(t *testing.T, fe *fightEnv) File
		do    func(fe *fightEnv) func(*encounter.Encounter) error
		want  string
	}{
		{name: "the rules refuse", do: func(*fightEnv) func(*encounter.Encounter) error {
			return func(e *encounter.Encounter) error { return e.Leave("nobody", "") }
		}, want: "nobody"},
		{name: "a half-made change", do: func(*fightEnv) func(*encounter.Encounter) error {
			return func(e *encounter.Encounter) error {
				if err := e.Leave("nefario", "flees"); err != nil {
					t.Fatal(err)
				}
				return refuse
			}
		}, want: "refused"},
		{name: "--dice left over", setup: func(t *testing.T, fe *fightEnv) File {
			fe.f.Globals.Dice, fe.f.Globals.DiceSet = "3", true
			return File{InPlace: fe.path}
		}, do: func(fe *fightEnv) func(*encounter.Encounter) error {
			return func(e *encounter.Encounter) error {
				if _, err := fe.f.Roller(); err != nil {
					t.Fatal(err)
				}
				return leave(e)
			}
		}, want: "left over"},
		{name: "bad JSON", setup: func(t *testing.T, fe *fightEnv) File {
			fe.original = []byte("{bad")
			if err := os.WriteFile(fe.path, fe.original, 0o644); err != nil {
				t.Fatal(err)
			}
			return File{InPlace: fe.path}
		}, want: "fight.json: "},
		{name: "missing file", setup: func(t *testing.T, fe *fightEnv) File {
			return File{InPlace: filepath.Join(filepath.Dir(fe.path), "nope.json")}
		}, want: "nope.json: no such file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fe := newFightEnv(t, cmdutil.FormatText)
			fl := File{InPlace: fe.path}
			if tc.setup != nil {
				fl = tc.setup(t, fe)
			}
			do := leave
			if tc.do != nil {
				do = tc.do(fe)
			}
			err := change(fe.env(t), fl, do)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			if out := fe.stdout(t); out != "" {
				t.Errorf("stdout %q", out)
			}
			if !bytes.Equal(fe.file(t), fe.original) {
				t.Error("the encounter file changed")
			}
			ents, _ := os.ReadDir(filepath.Dir(fe.path))
			for _, ent := range ents {
				if strings.Contains(ent.Name(), ".tmp-") {
					t.Errorf("temporary file %s left behind", ent.Name())
				}
			}
		})
	}
}

func TestPrepareSteps(t *testing.T) {
	var fl File
	if err := fl.fromArgs(nil, []string{"a.json"}); err != nil || fl.Path != "a.json" {
		t.Errorf("fromArgs: %q, %v", fl.Path, err)
	}
	if err := fl.readOnly("next")(nil, nil); err != nil {
		t.Errorf("readOnly without -i: %v", err)
	}
	fl.InPlace = "a.json"
	if err := fl.readOnly("next")(nil, nil); err == nil || err.Error() != "fight next only reads the encounter; give it as FILE" {
		t.Errorf("readOnly with -i: %v", err)
	}
	actor := ""
	if err := requireActor(&actor)(nil, nil); err == nil || cmdutil.ExitCode(err) != cmdutil.ExitUsage {
		t.Errorf("requireActor without one: %v", err)
	}
	actor = "guardian"
	if err := requireActor(&actor)(nil, nil); err != nil {
		t.Errorf("requireActor: %v", err)
	}

	fe := newFightEnv(t, "yaml")
	if err := fe.f.Env(cmdutil.FormatText).Bind(); err == nil {
		t.Error("a bad -o gave no error")
	}
}

// TestEnvRoll: a rolling verb gets the command's dice in its context; a
// roller that cannot be built stops it before anything changes.
func TestEnvRoll(t *testing.T) {
	fe := newFightEnv(t, cmdutil.FormatText)
	fe.f.Globals.Seed, fe.f.Globals.SeedSet = 9, true
	var seed *uint64
	err := roll(fe.env(t), File{InPlace: fe.path}, func(e *encounter.Encounter, ctx encounter.Ctx) error {
		seed = ctx.Seed
		if _, err := ctx.Roller.Roll(6, "test"); err != nil {
			return err
		}
		return leave(e)
	})
	if err != nil || seed == nil || *seed != 9 {
		t.Fatalf("seed %v, error %v", seed, err)
	}

	fe = newFightEnv(t, cmdutil.FormatText)
	fe.f.Globals.SeedSet, fe.f.Globals.DiceSet, fe.f.Globals.Dice = true, true, "3"
	err = roll(fe.env(t), File{InPlace: fe.path}, func(*encounter.Encounter, encounter.Ctx) error {
		t.Error("ran without dice")
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), "--dice and --seed cannot be used together") {
		t.Errorf("error %v", err)
	}
	if !bytes.Equal(fe.file(t), fe.original) || fe.stdout(t) != "" {
		t.Error("something was written")
	}
}
