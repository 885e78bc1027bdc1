package playerview

import (
	"bytes"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
)

// spandex-serve run by spandex: with -once it serves the page, fetches
// it as a player's browser would, says where it was and stops (exit 0).
func TestMainServesOnce(t *testing.T) {
	path, err := filepath.Abs(filepath.Join("..", "..", "testdata", "encounters", "bank.json"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := cmdutil.ServeConfig{Path: path, Name: "bank.json", Addr: "127.0.0.1:0", Players: []string{"heroes"}, Once: true}
	var stderr bytes.Buffer
	if code := Main(cfg.Args(), &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	want := regexp.MustCompile(`^spandex: the player view of bank.json is at \(Ctrl-C stops it\):\n  http://127\.0\.0\.1:\d+/\n$`)
	if !want.MatchString(stderr.String()) {
		t.Errorf("stderr %q", stderr.String())
	}
}

// Its refusals are spandex's: one line, "spandex: ", exit status 2.
func TestMainRefuses(t *testing.T) {
	missing := cmdutil.ServeConfig{Path: filepath.Join(t.TempDir(), "gone.json"), Name: "gone.json", Addr: "127.0.0.1:0"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-protocol=9"}, "spandex: spandex-serve: -protocol=9: this spandex-serve speaks 1 (use the spandex and spandex-serve of one release)\n"},
		{missing.Args(), "spandex: gone.json: no such file or directory\n"},
	} {
		var stderr bytes.Buffer
		if code := Main(tc.args, &stderr); code != 2 || stderr.String() != tc.want {
			t.Errorf("%q: exit %d, %q; want 2, %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}
