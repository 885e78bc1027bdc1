package main

import (
	"bytes"
	"os"
	"testing"
)

// TestGeneratedFileIsCurrent fails when the Power Table or a sub-table
// changed and pkg/rulebook/powerids_gen.go was not regenerated.
func TestGeneratedFileIsCurrent(t *testing.T) {
	want, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../../pkg/rulebook/powerids_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("pkg/rulebook/powerids_gen.go is out of date; run `go generate ./pkg/rulebook`")
	}
}

func TestIdent(t *testing.T) {
	for slug, want := range map[string]string{
		"density-control-self": "DensityControlSelf",
		"forcefield":           "Forcefield",
		"x-ray-vision":         "XRayVision",
	} {
		if got := ident(slug); got != want {
			t.Errorf("ident(%q) = %q, want %q", slug, got, want)
		}
	}
}
