package herocmd

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// BenchmarkCheckStream checks a JSON Lines stream of generated heroes
// (pkg/hero/testdata/bench-line.json, one gen hero line, repeated): one
// op is one hero. docs/benchmarks.md records the figures.
func BenchmarkCheckStream(b *testing.B) {
	line, err := os.ReadFile("../../../pkg/hero/testdata/bench-line.json")
	if err != nil {
		b.Fatal(err)
	}
	line = append(bytes.TrimSpace(line), '\n')
	stream := bytes.Repeat(line, b.N)
	opts := &CheckOptions{Env: cmdutil.NewTestEnv(cmdutil.FormatJSONL).Env}
	b.SetBytes(int64(len(line)))
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b)()
	if err := newChecker(opts, chargen.Options{DodgeStacking: "add"}).stream("bench.jsonl", bytes.NewReader(stream)); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkCheckParts splits one hero's check into its steps (one op is
// one hero): splitting the stream into documents, decoding, the rules'
// validation and the cross-check of derived figures.
func BenchmarkCheckParts(b *testing.B) {
	line, err := os.ReadFile("../../../pkg/hero/testdata/bench-line.json")
	if err != nil {
		b.Fatal(err)
	}
	line = append(bytes.TrimSpace(line), '\n')
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
}
