package main

import (
	"bytes"
	"os"
	"testing"
)

const genFile = "../../../pkg/hero/jsonenc_gen.go"

// TestGeneratedIsCurrent fails when the hero types changed and
// pkg/hero/jsonenc_gen.go was not regenerated (go generate ./pkg/hero).
func TestGeneratedIsCurrent(t *testing.T) {
	src, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile(genFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, src) {
		t.Fatalf("%s is stale: the hero types changed; run go generate ./pkg/hero", genFile)
	}
	if !bytes.HasPrefix(src, []byte("// Code generated ")) || !bytes.Contains(src, []byte("DO NOT EDIT.\n")) {
		t.Fatal("the generated file lacks its Code generated ... DO NOT EDIT. header")
	}
}
