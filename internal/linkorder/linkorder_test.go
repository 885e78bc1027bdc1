package linkorder

import (
	"debug/elf"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// initialiser matches a package initialiser's symbol: pkg.init, pkg.init.N
// and the map initialisers the compiler outlines (pkg.map.init.N).
var initialiser = regexp.MustCompile(`^(.+?)\.(init(\.\d+)?|map\.init\.\d+)$`)

// TestLinkOrder builds spandex and checks that every package initialiser
// outside spandex is laid out ahead of spandex's own code.
// The FIPS 140 module's code is left out: the linker always puts it last,
// in one block, so it can be checksummed.
func TestLinkOrder(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads the ELF symbol table")
	}
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "spandex")
	build := exec.Command("go", "build", "-trimpath", "-o", bin, "../../cmd/spandex")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	const own = "github.com/codename-spandex/spandex/"
	first := ^uint64(0) // spandex's first function
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) == elf.STT_FUNC && strings.HasPrefix(s.Name, own) {
			first = min(first, s.Value)
		}
	}
	if first == ^uint64(0) {
		t.Fatal("no spandex function in the symbol table")
	}
	var late []string
	for _, s := range syms {
		m := initialiser.FindStringSubmatch(s.Name)
		if elf.ST_TYPE(s.Info) != elf.STT_FUNC || m == nil {
			continue
		}
		pkg := m[1]
		if strings.HasPrefix(pkg, own) || pkg == "main" || strings.HasPrefix(pkg, "crypto/internal/fips140") {
			continue
		}
		if s.Value > first && !slices.Contains(late, pkg) {
			late = append(late, pkg)
		}
	}
	if len(late) > 0 {
		t.Errorf("these packages' initialisers are laid out behind spandex's code; import them (or the library that brings them) in package linkorder: %s", strings.Join(late, ", "))
	}
}
