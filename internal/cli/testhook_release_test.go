package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReleaseHasNoTestHook: no source file linked into a release build
// of cmd/spandex reads SPANDEX_TEST_COMMIT_DELAY, so no environment can
// make a release binary hold a file's lock as long as it likes.
func TestReleaseHasNoTestHook(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "-f",
		`{{if not .Standard}}{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}
{{end}}{{end}}`, "github.com/codename-spandex/spandex/cmd/spandex").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	var files int
	for _, p := range strings.Fields(string(out)) {
		if !strings.Contains(p, filepath.Join("codename-spandex", "spandex")) && !strings.Contains(p, "/internal/") && !strings.Contains(p, "/pkg/") {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files++
		if bytes.Contains(b, []byte("SPANDEX_TEST_COMMIT_DELAY")) {
			t.Errorf("%s reads SPANDEX_TEST_COMMIT_DELAY in a release build", p)
		}
	}
	if files == 0 {
		t.Fatal("go list named no file of the project")
	}
}
