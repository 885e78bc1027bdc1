package attack

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/cli/attackflags"
	"github.com/codename-spandex/spandex/internal/cmdutil"
)

// newOpts builds Options over a fake file system holding the fixtures
// guardian and nefario, with the GM's dice vals.
func newOpts(t *testing.T, vals ...int) (*Options, *cmdutil.TestEnv) {
	t.Helper()
	te := cmdutil.NewTestEnv(cmdutil.FormatJSON, vals...)
	for _, name := range []string{"guardian", "nefario"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "heroes", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		te.Files[name] = data
	}
	return &Options{Env: te.Env, Flags: attackflags.Flags{Mode: "strike", Reaction: "none"}}, te
}

// changed lists the fake files that are no longer as they were.
func changed(t *testing.T, te *cmdutil.TestEnv) []string {
	t.Helper()
	var out []string
	for _, name := range te.Paths() {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "heroes", name+".json"))
		if err != nil || string(data) != string(te.Files[name]) {
			out = append(out, name)
		}
	}
	return out
}

func TestRunBankFight(t *testing.T) {
	opts, te := newOpts(t, 14, 20, 3, 5, 2, 4, 2, 4, 3, 2)
	opts.AttackerFile, opts.InPlace = "guardian", "nefario"
	opts.With = "fist"
	opts.Reaction = "parry:staff"
	opts.Obstructions = []string{"wood@0"}
	if err := runAttack(opts); err != nil {
		t.Fatal(err)
	}
	n, err := te.ReadHero("nefario")
	if err != nil || n.Stamina.Current != 12 || len(n.Log) != 1 {
		t.Fatalf("nefario %+v, %v", n, err)
	}
	if c := changed(t, te); len(c) != 1 || c[0] != "nefario" {
		t.Errorf("changed %v, want only nefario (no --update-attacker)", c)
	}
}

func TestRunErrorsWriteNothing(t *testing.T) {
	cases := []struct {
		name string
		set  func(o *Options)
		vals []int
		want string
	}{
		{"no attacker", func(o *Options) { o.AttackerFile = "" }, nil, "--attacker: required"},
		{"missing file", func(o *Options) { o.AttackerFile = "missing" }, nil, "no such file"},
		{"unknown attack", func(o *Options) { o.With = "laser" }, nil, `--with: "laser"`},
		{"dodge at AC F is fine but not at B", func(o *Options) {
			o.AttackerFile, o.InPlace, o.With, o.Reaction = "nefario", "guardian", "staff", "dodge"
		}, nil, "cannot dodge"},
		{"dice run out", func(o *Options) {}, []int{14}, "ran out"},
		{"dice left over", func(o *Options) {}, []int{1, 2}, "left over"},
		{"bad split", func(o *Options) { o.Split = "health=x" }, nil, "--split"},
		{"bad obstruction", func(o *Options) { o.Obstructions = []string{"jelly"} }, nil, "--obstruction"},
		{"bad mode", func(o *Options) { o.Mode = "dance" }, nil, "--mode"},
		{"bad reaction", func(o *Options) { o.Reaction = "hug" }, nil, "--reaction"},
		{"bad modifier", func(o *Options) { o.Modifiers = []string{"x=99"} }, nil, "--modifier"},
		{"special without movement", func(o *Options) { o.Special = true }, nil, "--special"},
		{"both files", func(o *Options) { o.DefenderFile = "nefario" }, nil, "cannot be used together"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts, te := newOpts(t, c.vals...)
			opts.AttackerFile, opts.InPlace = "guardian", "nefario"
			opts.With = "fist"
			c.set(opts)
			err := runAttack(opts)
			if err == nil || cmdutil.ExitCode(err) != cmdutil.ExitUsage || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err %v, want a refusal with %q", err, c.want)
			}
			if c := changed(t, te); len(c) != 0 {
				t.Errorf("wrote %v", c)
			}
		})
	}
}

func TestFlagFor(t *testing.T) {
	for field, want := range map[string]string{"with": "--with", "object": "--reaction", "crush": "--mode crush",
		"rules.judo_column": "config rules.judo_column", "defender": "defender", "defender-mass": "--defender-mass"} {
		if got := flagFor(field); got != want {
			t.Errorf("flagFor(%q) = %q, want %q", field, got, want)
		}
	}
}

// badRoller hands back a value no die shows: a broken invariant.
type badRoller struct{}

func (badRoller) Roll(int, string) (int, error) { return 99, nil }

// An internal invariant failure (combat's roller check) exits 1 and says
// it is an internal error; a request the rules refuse exits 2. Neither
// writes a file.
func TestRunErrorClasses(t *testing.T) {
	opts, te := newOpts(t)
	te.UseRoller(badRoller{})
	opts.AttackerFile, opts.InPlace, opts.With = "guardian", "nefario", "fist"
	err := runAttack(opts)
	if err == nil || cmdutil.ExitCode(err) != cmdutil.ExitError || !strings.HasPrefix(err.Error(), "internal error: ") ||
		!strings.Contains(err.Error(), "roller gave 99") {
		t.Errorf("bad roller: %v (exit %d), want an internal error, exit 1", err, cmdutil.ExitCode(err))
	}
	opts, te = newOpts(t)
	opts.AttackerFile, opts.InPlace, opts.With, opts.Reaction = "nefario", "guardian", "staff", "dodge"
	err = runAttack(opts)
	if err == nil || cmdutil.ExitCode(err) != cmdutil.ExitUsage || strings.Contains(err.Error(), "internal") {
		t.Errorf("refused dodge: %v (exit %d), want exit 2", err, cmdutil.ExitCode(err))
	}
	if c := changed(t, te); len(c) != 0 {
		t.Errorf("wrote %v", c)
	}
}
