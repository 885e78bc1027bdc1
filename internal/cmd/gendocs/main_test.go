package main

import (
	"os"
	"testing"
)

// TestGeneratedDocsAreCurrent fails when docs/cli.md, the man pages or the
// JSON Schemas no longer match the code: run `go run ./internal/cmd/gendocs`.
func TestGeneratedDocsAreCurrent(t *testing.T) {
	wd, _ := os.Getwd()
	if err := os.Chdir("../../.."); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	stale, err := Stale("docs")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range stale {
		t.Errorf("%s is out of date: run `go run ./internal/cmd/gendocs`", p)
	}
}
