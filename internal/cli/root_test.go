package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func testFactory() *cmdutil.Factory {
	ios, _, _, _ := iostreams.Test()
	return &cmdutil.Factory{IOStreams: ios, Version: "test", Getenv: func(string) string { return "" }}
}

// TestErrorLine: an error line is "spandex: " and the message on one
// line, its control and bidi formatting characters escaped as %q escapes
// them, at most maxErrorLine characters.
func TestErrorLine(t *testing.T) {
	long := strings.Repeat("x", 400)
	tests := []struct{ in, want string }{
		{"plain", "spandex: plain"},
		{"two\nlines\t tabbed  ", "spandex: two lines tabbed"},
		{"k\x1b]0;pwned\x07", `spandex: k\x1b]0;pwned\a`},
		{"csi \u009b31m", `spandex: csi \u009b31m`},
		{"rlo \u202eevil", `spandex: rlo \u202eevil`},
		{"isolate \u2067x", `spandex: isolate \u2067x`},
		{"del \x7f", `spandex: del \x7f`},
		{"bad \xff byte", `spandex: bad \xff byte`},
		{"½ ± 漢字", "spandex: ½ ± 漢字"},
		{long, "spandex: " + long[:maxErrorLine-len("spandex: ")-1] + errorCut},
	}
	for _, tt := range tests {
		got := errorLine(tt.in)
		if got != tt.want {
			t.Errorf("errorLine(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
		if n := utf8.RuneCountInString(got); n > maxErrorLine {
			t.Errorf("errorLine(%q): %d characters", tt.in, n)
		}
	}
}

// TestHeroCheckEscapesKey: a hero file's key that would set the
// terminal's title is shown escaped on the one error line.
func TestHeroCheckEscapesKey(t *testing.T) {
	p := filepath.Join(t.TempDir(), "h.json")
	if err := os.WriteFile(p, []byte(`{"k\u001b]0;pwned\u0007": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run("", "hero", "check", p)
	if code != cmdutil.ExitUsage || out != "" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	if want := `$["k\x1b]0;pwned\a"]: unknown field`; !strings.Contains(errOut, want) || strings.ContainsAny(errOut, "\x1b\x07") ||
		strings.Count(errOut, "\n") != 1 {
		t.Errorf("stderr %q, want one line with %q", errOut, want)
	}
}

// TestUnknownFlagSuggests: an unknown flag names the nearest flag of the
// command, on one line, exit 2.
func TestUnknownFlagSuggests(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"fight", "act", "f.json", "--atack", "x"}, "unknown flag: --atack (did you mean --attack?)"},
		{[]string{"attack", "--atacker", "g.json"}, "(did you mean --attacker?)"},
		{[]string{"roll", "3d6", "--sed", "3"}, "unknown flag: --sed (did you mean --seed?)"},
		{[]string{"roll", "3d6", "--explai"}, "(did you mean --explain?)"},
		{[]string{"roll", "3d6", "--zzzzzzzz"}, "unknown flag: --zzzzzzzz"},
	}
	for _, tt := range tests {
		code, out, errOut := run("", tt.args...)
		if code != cmdutil.ExitUsage || out != "" || !strings.Contains(errOut, tt.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q, want %q", tt.args, code, out, errOut, tt.want)
		}
	}
	if _, _, errOut := run("", "roll", "3d6", "--zzzzzzzz"); strings.Contains(errOut, "did you mean") {
		t.Errorf("a far-off flag got a suggestion: %q", errOut)
	}
}

// TestErrorsExitByType: a refusal exits 2; an untyped error, from a rules
// package or anywhere else, exits 1 with its message.
func TestErrorsExitByType(t *testing.T) {
	_, noRoller := combat.Resolve(&hero.Hero{}, &hero.Hero{}, combat.Request{}, nil, combat.Options{})
	if noRoller == nil || !strings.Contains(noRoller.Error(), "needs a roller") {
		t.Fatalf("Resolve without a roller: %v", noRoller)
	}
	tests := []struct {
		name string
		err  error
		want int
	}{
		{"a refusal", refusal.Errorf("--on: %q is not in the fight", "x"), cmdutil.ExitUsage},
		{"a wrapped refusal", fmt.Errorf("bank.json: %w", refusal.New("nobody acts now")), cmdutil.ExitUsage},
		{"an untyped error", errors.New("a rules package's own bug"), cmdutil.ExitError},
		{"Resolve needs a roller", noRoller, cmdutil.ExitError},
		{"wrapped with context", fmt.Errorf("bank.json: %w", noRoller), cmdutil.ExitError},
	}
	for _, tt := range tests {
		f := testFactory()
		root := NewCmdRoot(f)
		root.AddCommand(&cobra.Command{Use: "fake", RunE: func(*cobra.Command, []string) error { return tt.err }})
		code := execute(f, root, []string{"fake"})
		errOut := f.IOStreams.ErrOut.(*bytes.Buffer).String()
		if code != tt.want || errOut != "spandex: "+tt.err.Error()+"\n" {
			t.Errorf("%s: exit %d, stderr %q; want %d and the message", tt.name, code, errOut, tt.want)
		}
	}
}

// TestConfigAndEnvChecked: a --config FILE that does not exist, or is not
// a regular file, is refused even by a verb that reads nothing from the
// config, and so is a misspelt SPANDEX_* variable; both exit 2 with one
// line.
func TestConfigAndEnvChecked(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args    []string
		environ []string
		want    string
	}{
		{[]string{"version", "--config", filepath.Join(dir, "nope.yaml")}, nil, "nope.yaml: file does not exist"},
		{[]string{"--config", dir, "tables"}, nil, "not a regular file (a directory)"},
		{[]string{"version"}, []string{"SPANDEX_SEEED=3"}, "SPANDEX_SEEED is not a spandex variable (did you mean SPANDEX_SEED?)"},
	}
	for _, tt := range tests {
		f := testFactory()
		f.Environ = func() []string { return tt.environ }
		code := Run(f, tt.args)
		errOut := f.IOStreams.ErrOut.(*bytes.Buffer).String()
		if code != cmdutil.ExitUsage || !strings.Contains(errOut, tt.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q %q: exit %d, stderr %q, want 2 and %q", tt.args, tt.environ, code, errOut, tt.want)
		}
	}
	f := testFactory()
	f.Environ = func() []string { return []string{"SPANDEX_SEED=3", "SPANDEX_REQUIRE_MAN=1"} }
	if code := Run(f, []string{"version"}); code != cmdutil.ExitOK {
		t.Errorf("known and far-off variables: exit %d", code)
	}
}

// TestCommandNames: each top-level command's name in commands() is the
// name its constructor gives it, which rootFor relies on.
func TestCommandNames(t *testing.T) {
	for _, c := range commands() {
		if got := c.make(testFactory()).Name(); got != c.name {
			t.Errorf("commands() names %q, its constructor %q", c.name, got)
		}
	}
}

// TestRootForBuildsTheNamedCommand: with a command named, rootFor builds
// that command alone, as the whole tree does (same subcommands and
// flags), after global flags with values; anything else gets the whole
// tree.
func TestRootForBuildsTheNamedCommand(t *testing.T) {
	full := NewCmdRoot(testFactory())
	for _, args := range [][]string{
		{"roll", "3d6"},
		{"--seed", "7", "-o", "json", "fight", "act", "f.json", "--move", "3"},
		{"--dice=3,4", "attack", "--with", "fist"},
		{"hero", "check", "h.json"},
		{"exit-codes"},
	} {
		root := rootFor(testFactory(), args)
		if n := len(root.Commands()); n != 1 || !root.CompletionOptions.DisableDefaultCmd {
			t.Errorf("%v: %d top-level commands (cobra's completion command left out: %v), want the named one alone", args, n, root.CompletionOptions.DisableDefaultCmd)
		}
		got, _, err := root.Find(args)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		want, _, err := full.Find(args)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if got.CommandPath() != want.CommandPath() || flagNames(got) != flagNames(want) || len(got.Commands()) != len(want.Commands()) {
			t.Errorf("%v: rootFor found %q (flags %s), the whole tree %q (flags %s)", args, got.CommandPath(), flagNames(got), want.CommandPath(), flagNames(want))
		}
	}
	for _, args := range [][]string{nil, {"--help"}, {"help", "fight"}, {"__complete", "fight", ""}, {"figth"}, {"completion", "bash"}} {
		if n := len(rootFor(testFactory(), args).Commands()); n != len(full.Commands()) {
			t.Errorf("%v: %d top-level commands, want the whole tree's %d", args, n, len(full.Commands()))
		}
	}
}

func flagNames(c *cobra.Command) string {
	var names []string
	c.Flags().VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
	return strings.Join(names, ",")
}

// TestCompletionFileRefusesSpecialFiles: completing a flag reads only a
// regular file within the size limit, never a named pipe or a device.
func TestCompletionFileRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(big, make([]byte, 101), 0o644); err != nil {
		t.Fatal(err)
	}
	small := filepath.Join(dir, "small.json")
	if err := os.WriteFile(small, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{fifo, "/dev/zero", big, dir} {
		if _, err := completionFile(&cobra.Command{}, p, 100); err == nil {
			t.Errorf("%s: read", p)
		}
	}
	if b, err := completionFile(&cobra.Command{}, small, 100); err != nil || string(b) != "{}" {
		t.Errorf("small file: %q, %v", b, err)
	}
}
