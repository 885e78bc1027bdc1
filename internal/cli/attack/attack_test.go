package attack

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/cli/attackflags"
	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

func fixture(t *testing.T, name string) *hero.Hero {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "heroes", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := hero.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// newOpts builds Options reading the fixtures by name and recording writes.
func newOpts(t *testing.T, written map[string]*hero.Hero, vals ...int) (*Options, *iostreams.IOStreams) {
	ios, _, _, _ := iostreams.Test()
	s := dice.NewScripted(vals)
	return &Options{
		IO:     ios,
		Format: cmdutil.FormatJSON,
		ReadHero: func(p string) (*hero.Hero, error) {
			if p == "missing" {
				return nil, cmdutil.Inputf("missing: no such file")
			}
			return fixture(t, p), nil
		},
		WriteHero: func(h *hero.Hero, p string) error { written[p] = h; return nil },
		Roller:    func() (*cmdutil.RollerState, error) { return &cmdutil.RollerState{Roller: s, Scripted: s}, nil },
		Config:    func() (combat.Options, error) { return combat.Options{}, nil },
		Flags:     attackflags.Flags{Mode: "strike", Reaction: "none"},
	}, ios
}

func TestRunBankFight(t *testing.T) {
	written := map[string]*hero.Hero{}
	opts, _ := newOpts(t, written, 14, 20, 3, 5, 2, 4, 2, 4, 3, 2)
	opts.AttackerFile, opts.InPlace = "guardian", "nefario"
	opts.With = "fist"
	opts.Reaction = "parry:staff"
	opts.Obstructions = []string{"wood@0"}
	if err := Run(opts); err != nil {
		t.Fatal(err)
	}
	n := written["nefario"]
	if n == nil || n.Stamina.Current != 12 || len(n.Log) != 1 {
		t.Fatalf("written %+v", written)
	}
	if _, ok := written["guardian"]; ok {
		t.Error("the attacker was rewritten without --update-attacker")
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
			written := map[string]*hero.Hero{}
			opts, ios := newOpts(t, written, c.vals...)
			opts.AttackerFile, opts.InPlace = "guardian", "nefario"
			opts.With = "fist"
			c.set(opts)
			err := Run(opts)
			var ie *cmdutil.InputError
			if err == nil || !errors.As(err, &ie) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err %v, want an input error with %q", err, c.want)
			}
			if len(written) != 0 {
				t.Errorf("wrote %d files", len(written))
			}
			ios.Out.Commit()
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
