package herocmd

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// benchLines are the lines the check benchmarks repeat: one line of
// gen hero -n N (a player hero, about 7 KB) and one of gen npc goon -n
// N (a goon, about 2.6 KB), the two streams of scripts/bench-check.sh.
var benchLines = []struct{ name, file string }{
	{"hero", "../../../pkg/hero/testdata/bench-line.json"},
	{"goon", "../../../pkg/hero/testdata/bench-goon.json"},
}

// readBenchLine reads one of benchLines as a line.
func readBenchLine(b *testing.B, file string) []byte {
	b.Helper()
	line, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	return append(bytes.TrimSpace(line), '\n')
}

// BenchmarkCheckStream checks a JSON Lines stream of one generated line
// repeated, on every core as hero check does: one op is one hero (or
// goon). docs/benchmarks.md records the figures.
func BenchmarkCheckStream(b *testing.B) {
	for _, l := range benchLines {
		b.Run(l.name, func(b *testing.B) {
			line := readBenchLine(b, l.file)
			opts := &CheckOptions{Env: cmdutil.NewTestEnv(cmdutil.FormatJSONL).Env}
			b.SetBytes(int64(len(line)))
			b.ReportAllocs()
			b.ResetTimer()
			defer reportCPU(b)()
			if err := newChecker(opts, chargen.Options{DodgeStacking: "add"}).stream("bench.jsonl", &repeatReader{line: line, n: b.N}); err != nil {
				b.Fatal(err)
			}
		})
	}
}

// repeatReader reads line n times, holding it once (a stream of
// millions of lines would otherwise be gigabytes the benchmark writes
// before it starts, and the profile's memory traffic).
type repeatReader struct {
	line []byte
	n    int
	off  int // into line
}

func (r *repeatReader) Read(p []byte) (int, error) {
	read := 0
	for read < len(p) && r.n > 0 {
		k := copy(p[read:], r.line[r.off:])
		read += k
		r.off += k
		if r.off == len(r.line) {
			r.off = 0
			r.n--
		}
	}
	if read == 0 {
		return 0, io.EOF
	}
	return read, nil
}

// BenchmarkCheckParts splits one hero's check into its steps, on one
// core (one op is one hero or goon): splitting the stream into
// documents, decoding, the rules' validation and the cross-check of
// derived figures, and the whole check of one document as a worker
// makes it.
func BenchmarkCheckParts(b *testing.B) {
	for _, l := range benchLines {
		b.Run(l.name, func(b *testing.B) { benchParts(b, readBenchLine(b, l.file)) })
	}
}

func benchParts(b *testing.B, line []byte) {
	// The floor: the standard library's syntax check of the line alone
	// (scripts/stream-floor -mode=valid per line), so that a loaded
	// machine's figures can be read as ratios within one run.
	b.Run("floor-valid", func(b *testing.B) {
		b.SetBytes(int64(len(line)))
		b.ReportAllocs()
		defer reportCPU(b)()
		for b.Loop() {
			if !json.Valid(line) {
				b.Fatal("invalid")
			}
		}
	})
	b.Run("split", func(b *testing.B) {
		stream := bytes.Repeat(line, b.N)
		b.SetBytes(int64(len(line)))
		b.ReportAllocs()
		b.ResetTimer()
		defer reportCPU(b)()
		s := jsonfile.NewStream(bytes.NewReader(stream), hero.MaxFileSize, "hero")
		for {
			if _, _, err := s.Next(); err != nil {
				break
			}
		}
	})
	b.Run("decode", func(b *testing.B) {
		b.SetBytes(int64(len(line)))
		b.ReportAllocs()
		defer reportCPU(b)()
		for b.Loop() {
			if _, err := hero.DecodeDraft(line); err != nil {
				b.Fatal(err)
			}
		}
	})
	h, err := hero.DecodeDraft(line)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("validate", func(b *testing.B) {
		var v hero.Validator
		b.ReportAllocs()
		defer reportCPU(b)()
		for b.Loop() {
			if err := v.Validate(h); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("verify", func(b *testing.B) {
		ver := chargen.NewVerifier(chargen.Options{DodgeStacking: "add"})
		b.ReportAllocs()
		defer reportCPU(b)()
		for b.Loop() {
			if err := ver.Verify(h); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("check", func(b *testing.B) {
		var (
			r   hero.Reader
			val hero.Validator
		)
		ver := chargen.NewVerifier(chargen.Options{DodgeStacking: "add"})
		b.SetBytes(int64(len(line)))
		b.ReportAllocs()
		defer reportCPU(b)()
		for b.Loop() {
			if _, err := check(&r, &val, ver, line); err != nil {
				b.Fatal(err)
			}
		}
	})
}
