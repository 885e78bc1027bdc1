package cmdutil

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/codename-spandex/spandex/internal/hostile"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// TestOversizedHeroCostsNothing: a 50 MB hero file is refused before it
// is read (it took 169 MB: the size was checked after buffering), and a
// 50 MB stream on stdin costs at most the limit.
func TestOversizedHeroCostsNothing(t *testing.T) {
	hostile.Slow(t)
	e := newTestEnv(t)
	big := filepath.Join(e.dir, "big.json")
	fh, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := fh.Truncate(50 << 20); err != nil {
		t.Fatal(err)
	}
	fh.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, err = e.env(t, FormatJSON).ReadHero(big)
	if err == nil || !strings.Contains(err.Error(), "big.json: $: file larger than 16 MB") {
		t.Fatalf("ReadHero = %v", err)
	}
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("refusing a 50 MB file allocated %d bytes", alloc)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("refusal took %v", d)
	}

	e.in.Write(make([]byte, 50<<20))
	runtime.ReadMemStats(&before)
	_, err = e.env(t, FormatJSON).ReadHero("-")
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "stdin: $: file larger than 16 MB") {
		t.Fatalf("ReadHero(stdin) = %v", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 3*hero.MaxFileSize+1<<20 { // the doublings up to the limit, under 100 MB
		t.Errorf("refusing 50 MB on stdin allocated %d MB", alloc>>20)
	}
}

// TestReplaceFileWithoutTransaction: outside cli.Run (no BeginFiles)
// ReplaceFile writes at once; inside, it stages until Commit, and a
// marked file is locked from its read on.
func TestReplaceFileWithoutTransaction(t *testing.T) {
	e := newTestEnv(t)
	if err := e.env(t, FormatJSON).WriteFile(e.heroPath, []byte("{}\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(e.heroPath); string(b) != "{}\n" {
		t.Fatalf("file %q", b)
	}
	if err := os.WriteFile(e.heroPath, e.original, 0o600); err != nil {
		t.Fatal(err)
	}
	files := e.f.BeginFiles()
	e.f.MarkUpdate(e.heroPath)
	env := e.env(t, FormatJSON)
	if _, err := env.ReadHero(e.heroPath); err != nil {
		t.Fatal(err)
	}
	if !files.Locked(e.heroPath) {
		t.Error("a marked file read without its lock")
	}
	if err := env.WriteFile(e.heroPath, []byte("{}\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(e.heroPath); string(b) != string(e.original) {
		t.Fatal("ReplaceFile in a transaction wrote before Commit")
	}
	if err := files.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(e.heroPath); string(b) != "{}\n" || files.Locked(e.heroPath) {
		t.Fatalf("after Commit: %q, locked %v", b, files.Locked(e.heroPath))
	}
}

// TestFactoryDir: a Factory with a Dir reads, locks and replaces relative
// files in it, names them as given, and leaves absolute paths alone.
func TestFactoryDir(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("in dir"), 0o644); err != nil {
		t.Fatal(err)
	}
	f := &Factory{Dir: dir}
	if got := f.Path("a.txt"); got != filepath.Join(dir, "a.txt") {
		t.Errorf("Path(a.txt) = %q", got)
	}
	if got := f.Path("/x/a.txt"); got != "/x/a.txt" {
		t.Errorf("Path(/x/a.txt) = %q", got)
	}
	r, err := f.open("a.txt")
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	if _, err := f.open("missing.txt"); err == nil || fileError(err).Error() != "missing.txt: no such file" {
		t.Errorf("open(missing.txt) = %v", err)
	}
	files := f.BeginFiles()
	f.MarkUpdate("a.txt")
	if err := f.lockForUpdate("a.txt"); err != nil {
		t.Fatal(err)
	}
	if !files.Locked(filepath.Join(dir, "a.txt")) {
		t.Error("a.txt in Dir is not locked")
	}
	if err := f.ReplaceFile("a.txt", []byte("new")); err != nil {
		t.Fatal(err)
	}
	if err := files.Commit(); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "a.txt")); string(data) != "new" {
		t.Errorf("a.txt = %q, want new", data)
	}
	if got := PathIn(f.WithDir(t.Context()), "a.txt"); got != filepath.Join(dir, "a.txt") {
		t.Errorf("PathIn = %q", got)
	}
}
