package cli

import (
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"pgregory.net/rapid"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
)

func run(stdin string, args ...string) (code int, stdout, stderr string) {
	ios, in, out, errOut := iostreams.Test()
	in.WriteString(stdin)
	f := &cmdutil.Factory{IOStreams: ios, Version: "test", Getenv: func(k string) string {
		if k == "HOME" || k == "XDG_CONFIG_HOME" {
			return os.TempDir() + "/spandex-no-config"
		}
		return ""
	}}
	code = Run(f, args)
	return code, out.String(), errOut.String()
}

func TestExitCodes(t *testing.T) {
	tests := []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"version"}, 0, ""},
		{[]string{"roll", "1d6", "--seed", "1"}, 0, ""},
		{[]string{"nope"}, 2, "unknown command"},
		{[]string{"fight", "show"}, 2, `unknown command "show" for "spandex fight"`},
		{[]string{"gen", "villain"}, 2, `unknown command "villain" for "spandex gen"`},
		{[]string{"hero", "nope"}, 2, `unknown command "nope" for "spandex hero"`},
		{[]string{"roll", "--bogus"}, 2, "bogus"},
		{[]string{"roll", "1d6", "--seed", "x"}, 2, "seed"},
		{[]string{"roll", "1d6", "-o", "xml"}, 2, "xml"},
		{[]string{"version", "extra"}, 2, "extra"},
		{[]string{"roll", "1d6", "--dice", ""}, 2, "--dice"},
		{[]string{"version", "--dice", "3"}, 2, "rolls no dice"},
		{[]string{"tables", "no-such-table"}, 2, "no-such-table"},
		{[]string{"hero", "check", "/nonexistent/hero.json"}, 2, "no such file"},
		{[]string{"fight", "serve", "bank.json", "--addr", "0.0.0.0"}, 2, "add --lan"},
	}
	for _, tt := range tests {
		code, out, errOut := run("", tt.args...)
		if code != tt.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", tt.args, code, tt.code, errOut)
		}
		if tt.code != 0 {
			if out != "" {
				t.Errorf("%v: failed but wrote stdout %q", tt.args, out)
			}
			if !strings.Contains(errOut, tt.err) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("%v: stderr %q, want one line mentioning %q", tt.args, errOut, tt.err)
			}
		}
	}
}

// TestRunNeverPanics throws random command lines built from real verbs,
// flags and junk at the CLI: it must always exit 0, 1 or 2, and a failure
// must leave stdout empty.
func TestRunNeverPanics(t *testing.T) {
	t.Chdir(t.TempDir())
	var words []string
	ios, _, _, _ := iostreams.Test()
	root := NewCmdRoot(&cmdutil.Factory{IOStreams: ios})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		words = append(words, c.Name())
		c.LocalFlags().VisitAll(func(fl *pflag.Flag) {
			if fl.Name != "in-place" { // never let random input rewrite files
				words = append(words, "--"+fl.Name)
			}
		})
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	for _, c := range root.Commands() {
		walk(c)
	}
	tokens := append(words,
		"3d6", "d100", "4d6kh3", "2d6+1d3-1", "x", "-1", "0", "99999999999999999999", "--seed", "7",
		"--dice", "1,2,3", "--dice", "0", "-o", "json", "-o", "text", "-o", "table", "--explain", "-n", "3",
		"--odds", "-", "to-hit", "guardian.json", "--help", "", "=", "--", "--strike-class", "3",
		"--armour-class", "B", "heroism=4", "😀", "1d6/2")
	rapid.Check(t, func(rt *rapid.T) {
		args := rapid.SliceOfN(rapid.SampledFrom(tokens), 0, 8).Draw(rt, "args")
		code, out, _ := run("{}", args...)
		if code < 0 || code > 2 {
			rt.Fatalf("%q: exit %d", args, code)
		}
		if code != 0 && out != "" {
			rt.Fatalf("%q: exit %d with stdout %q", args, code, out)
		}
	})
}
