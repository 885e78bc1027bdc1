package main

import (
	"bytes"
	"os"
	"testing"
)

// TestGeneratedIsCurrent fails when the hero types changed and
// pkg/hero/jsonenc_gen.go or pkg/hero/jsondec_gen.go was not
// regenerated (go generate ./pkg/hero).
func TestGeneratedIsCurrent(t *testing.T) {
	for _, f := range []struct {
		name string
		gen  func() ([]byte, error)
	}{
		{"../../../pkg/hero/jsonenc_gen.go", generate},
		{"../../../pkg/hero/jsondec_gen.go", generateDecoder},
	} {
		src, err := f.gen()
		if err != nil {
			t.Fatal(err)
		}
		have, err := os.ReadFile(f.name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(have, src) {
			t.Errorf("%s is stale: the hero types changed; run go generate ./pkg/hero", f.name)
		}
		if !bytes.HasPrefix(src, []byte("// Code generated ")) || !bytes.Contains(src, []byte("DO NOT EDIT.\n")) {
			t.Errorf("%s lacks its Code generated ... DO NOT EDIT. header", f.name)
		}
	}
}
