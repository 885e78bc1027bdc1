package cli

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Limits of the work a package of spandex's own may do when the program
// starts (docs/benchmarks.md, "Start-up": no work at package
// initialisation). A costly value (a compiled expression, the JSON
// library's options, a table built by a loop) belongs in a sync.OnceValue
// built on first use; what is left at initialisation is small literals.
const (
	initBytesPerPackage  = 8 << 10
	initAllocsPerPackage = 64
	initBytesInAll       = 16 << 10
)

// initTrace is a line of the runtime's GODEBUG=inittrace=1 report.
var initTrace = regexp.MustCompile(`^init (\S+) @\S+ ms, \S+ ms clock, (\d+) bytes, (\d+) allocs$`)

// TestPackagesInitialiseLittle holds spandex's packages to the limits
// above on a real start of the program, by the runtime's own account of
// each package's initialisation (allocations, which unlike time do not
// depend on the machine). internal/cli is left out: in this test binary
// its initialisation is the tests' too.
func TestPackagesInitialiseLittle(t *testing.T) {
	cmd := spandex(t, t.TempDir(), "version", "-o", "text")
	cmd.Env = append(cmd.Env, "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("spandex version: %v\n%s", err, out)
	}
	const module = "github.com/codename-spandex/spandex/"
	seen, total := 0, 0
	for line := range strings.Lines(string(out)) {
		m := initTrace.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil || !strings.HasPrefix(m[1], module) || m[1] == module+"internal/cli" {
			continue
		}
		seen++
		bytes, _ := strconv.Atoi(m[2])
		allocs, _ := strconv.Atoi(m[3])
		total += bytes
		if bytes > initBytesPerPackage || allocs > initAllocsPerPackage {
			t.Errorf("%s allocates %d bytes in %d allocations when the program starts (at most %d bytes, %d allocations): build it on first use (sync.OnceValue)",
				strings.TrimPrefix(m[1], module), bytes, allocs, initBytesPerPackage, initAllocsPerPackage)
		}
	}
	if seen == 0 {
		t.Fatalf("no initialisation of spandex's packages in the runtime's trace:\n%s", out)
	}
	if total > initBytesInAll {
		t.Errorf("spandex's packages allocate %d bytes in all when the program starts (at most %d)", total, initBytesInAll)
	}
}
