package loader

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/refusal"
)

// FuzzLoad feeds Load an arbitrary config file and SPANDEX_* variables:
// it never panics; it either returns a configuration that passes its own
// validation or a refusal (the file is a regular file: nothing else can
// go wrong) of one line.
func FuzzLoad(f *testing.F) {
	f.Add("output: text\nseed: 12\nrules:\n  dodge_stacking: best\n", "", "")
	f.Add("", "json", "7")
	f.Add("seed: -1\n", "", "")
	f.Add("rules: [1, 2]\n", "table", "x")
	f.Add("output: {a: b}\n", "", "18446744073709551616")
	f.Add("\xff\xfe: :\n\t- [", "", "")
	f.Add("seed: 1e3\nrules:\n  carry_over_downtime: maybe\n", "auto", "0x10")
	f.Add("seed: 1\n---\nseed: 2\n", "", "")
	f.Add("---\noutput: text\n...\n", "", "")
	f.Add("a: &a [*a, *a]\n", "", "")
	f.Add("rules: &r\n  judo_column: rank\nmns: *r\n", "", "")
	f.Fuzz(func(t *testing.T, file, output, seed string) {
		dir := t.TempDir()
		path := filepath.Join(dir, "config.yaml")
		if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
			t.Fatal(err)
		}
		vars := map[string]string{"SPANDEX_OUTPUT": output, "SPANDEX_SEED": seed, "HOME": dir}
		c, err := Load("", path, func(k string) string { return vars[k] })
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("error spans lines: %q", err)
			}
			if !refusal.Is(err) {
				t.Fatalf("not a refusal: %v", err)
			}
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("Load accepted an invalid config: %v", err)
		}
	})
}
