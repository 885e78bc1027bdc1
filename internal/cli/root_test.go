package cli

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
)

func testFactory() *cmdutil.Factory {
	ios, _, _, _ := iostreams.Test()
	return &cmdutil.Factory{IOStreams: ios, Version: "test", Getenv: func(string) string { return "" }}
}

// TestCommandNames checks each entry's name is the name its constructor
// gives the command, so Run can find a command without building it.
func TestCommandNames(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range commands() {
		if got := c.make(testFactory()).Name(); got != c.name {
			t.Errorf("commands(): entry %q builds command %q", c.name, got)
		}
		if seen[c.name] {
			t.Errorf("commands(): %q listed twice", c.name)
		}
		seen[c.name] = true
	}
}

func TestCommandName(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, ""},
		{[]string{"roll", "3d6"}, "roll"},
		{[]string{"roll", "--help"}, "roll"},
		{[]string{"fight", "act", "-h"}, "fight"},
		{[]string{"--seed", "5", "roll"}, "roll"},
		{[]string{"--seed=5", "roll"}, "roll"},
		{[]string{"-o", "json", "version"}, "version"},
		{[]string{"-ojson", "version"}, "version"},
		{[]string{"--explain", "attack"}, "attack"},
		{[]string{"--explain=true", "attack"}, "attack"},
		{[]string{"--dice", "1,2", "--config", "c.yaml", "-o", "text", "tables"}, "tables"},
		{[]string{"--seed"}, ""},
		{[]string{"--bogus", "roll"}, ""},
		{[]string{"-x", "roll"}, ""},
		{[]string{"-h", "roll"}, ""},
		{[]string{"--help", "roll"}, ""},
		{[]string{"--version"}, ""},
		{[]string{"--", "roll"}, ""},
		{[]string{"help", "roll"}, ""},
		{[]string{"completion", "bash"}, ""},
		{[]string{cobra.ShellCompRequestCmd, "ro"}, ""},
		{[]string{cobra.ShellCompNoDescRequestCmd, "ro"}, ""},
		{[]string{"nope"}, "nope"},
	}
	root := newCmdRoot(testFactory(), nil)
	for _, tt := range tests {
		if got := commandName(root, tt.args); got != tt.want {
			t.Errorf("commandName(%q) = %q, want %q", tt.args, got, tt.want)
		}
	}
}

// TestLazyRootBuildsOneCommand checks a call naming a command builds that
// command only, and anything else the whole tree.
func TestLazyRootBuildsOneCommand(t *testing.T) {
	full := len(commands())
	tests := []struct {
		args []string
		want []string // top-level commands built; nil: all
	}{
		{[]string{"roll", "3d6", "-o", "text"}, []string{"roll"}},
		{[]string{"--seed", "1", "fight", "act"}, []string{"fight"}},
		{[]string{"version"}, []string{"version"}},
		{[]string{"nope"}, nil},
		{[]string{"help", "roll"}, nil},
		{[]string{"completion", "bash"}, nil},
		{[]string{"__complete", "ro"}, nil},
		{[]string{"--help"}, nil},
		{[]string{"--version"}, nil},
		{nil, nil},
	}
	for _, tt := range tests {
		var got []string
		for _, c := range newCmdRootFor(testFactory(), tt.args).Commands() {
			got = append(got, c.Name())
		}
		if tt.want == nil {
			if len(got) != full {
				t.Errorf("%q: built %d commands %q, want all %d", tt.args, len(got), got, full)
			}
		} else if !slices.Equal(got, tt.want) {
			t.Errorf("%q: built %q, want %q", tt.args, got, tt.want)
		}
	}
}

// flagSig is everything about a flag help and parsing depend on.
func flagSig(fs *pflag.FlagSet) []string {
	var s []string
	fs.VisitAll(func(fl *pflag.Flag) {
		s = append(s, fmt.Sprintf("%s|%s|%s|%s|%q|%q|%v|%v", fl.Name, fl.Shorthand, fl.Value.Type(), fl.DefValue, fl.NoOptDefVal, fl.Usage, fl.Hidden, fl.Deprecated))
	})
	return s
}

// TestLazyTreeMatchesFull walks every command path of the whole tree and
// checks that the tree Run builds for it resolves the same command, with
// the same flags, arguments check, group guard and usage text, and that
// "<path> --help" exits 0 through Run.
func TestLazyTreeMatchesFull(t *testing.T) {
	var paths [][]string
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		paths = append(paths, path)
		for _, s := range c.Commands() {
			walk(s, append(slices.Clone(path), s.Name()))
		}
	}
	full := NewCmdRoot(testFactory())
	for _, c := range full.Commands() {
		walk(c, []string{c.Name()})
	}
	if len(paths) < len(commands()) {
		t.Fatalf("walked %d paths", len(paths))
	}
	for _, path := range paths {
		args := append(slices.Clone(path), "--help")
		want, _, err := full.Find(path)
		if err != nil || want.CommandPath() != "spandex "+strings.Join(path, " ") {
			t.Fatalf("%q: full tree finds %v (%v)", path, want, err)
		}
		lazy := newCmdRootFor(testFactory(), args)
		if n := len(lazy.Commands()); n != 1 {
			t.Errorf("%q: lazy root built %d top-level commands, want 1", path, n)
		}
		got, _, err := lazy.Find(path)
		if err != nil || got.CommandPath() != want.CommandPath() {
			t.Errorf("%q: lazy tree finds %v (%v), want %s", path, got, err, want.CommandPath())
			continue
		}
		if g, w := flagSig(got.LocalFlags()), flagSig(want.LocalFlags()); !slices.Equal(g, w) {
			t.Errorf("%q: local flags\n got %q\nwant %q", path, g, w)
		}
		if g, w := flagSig(got.InheritedFlags()), flagSig(want.InheritedFlags()); !slices.Equal(g, w) {
			t.Errorf("%q: inherited flags\n got %q\nwant %q", path, g, w)
		}
		if got.GroupID != want.GroupID || got.Runnable() != want.Runnable() || (got.Args == nil) != (want.Args == nil) {
			t.Errorf("%q: group %q runnable %v args %v, want %q %v %v", path, got.GroupID, got.Runnable(), got.Args != nil, want.GroupID, want.Runnable(), want.Args != nil)
		}
		if g, w := got.UsageString(), want.UsageString(); g != w {
			t.Errorf("%q: usage differs\n got %s\nwant %s", path, g, w)
		}
		code, out, errOut := run("", args...)
		if code != 0 || !strings.Contains(out, want.CommandPath()) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// runBoth runs args through Run (which builds only the command named) and
// through the whole tree, each with fresh streams.
func runBoth(args []string) (lazy, full [3]string) {
	for i, build := range []func(*cmdutil.Factory) *cobra.Command{nil, NewCmdRoot} {
		ios, _, out, errOut := iostreams.Test()
		f := &cmdutil.Factory{IOStreams: ios, Version: "test", Getenv: func(string) string { return "" }}
		var code int
		if build == nil {
			code = Run(f, args)
		} else {
			code = execute(f, build(f), args)
		}
		r := [3]string{fmt.Sprint(code), out.String(), errOut.String()}
		if i == 0 {
			lazy = r
		} else {
			full = r
		}
	}
	return lazy, full
}

// TestLazyRunMatchesFull checks a command line gives the same exit status,
// stdout and stderr whether Run builds the named command alone or the
// whole tree: help of every command path, the guard on every command
// group, and errors of each kind.
func TestLazyRunMatchesFull(t *testing.T) {
	var lines [][]string
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		lines = append(lines,
			append(slices.Clone(path), "--help"),
			append(slices.Clone(path), "-h"),
			append(slices.Clone(path), "no-such-verb"),
			append(slices.Clone(path), "--no-such-flag"))
		for _, s := range c.Commands() {
			walk(s, append(slices.Clone(path), s.Name()))
		}
	}
	for _, c := range NewCmdRoot(testFactory()).Commands() {
		walk(c, []string{c.Name()})
	}
	lines = append(lines,
		[]string{"version"}, []string{"-o", "json", "version"}, []string{"version", "extra"},
		[]string{"--seed", "3", "roll", "3d6", "-o", "text"}, []string{"roll", "1d6", "-o", "xml"},
		[]string{"roll", "1d6", "--dice", ""}, []string{"version", "--dice", "3"},
		[]string{"--seed", "x", "roll", "1d6"}, []string{"roll", "--version"},
		[]string{"fight"}, []string{"hero"}, []string{"tables", "no-such-table"},
		[]string{"tohit", "--strike-class", "3"})
	for _, args := range lines {
		lazy, full := runBoth(args)
		if lazy != full {
			t.Errorf("%q:\nlazy %q\nfull %q", args, lazy, full)
		}
	}
}
