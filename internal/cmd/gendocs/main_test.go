package main

import (
	"sync"
	"testing"
)

// generated is generate()'s output, made once for the package's tests
// (it builds the whole command tree and every schema).
var generated = sync.OnceValues(generate)

// generatedFiles returns the generated files, with the test in the
// module root (generate reads the schemas' sources from there).
func generatedFiles(t *testing.T) map[string][]byte {
	t.Helper()
	t.Chdir("../../..")
	files, err := generated()
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestGeneratedDocsAreCurrent fails when docs/cli.md, the man pages or the
// JSON Schemas no longer match the code: run `go run ./internal/cmd/gendocs`.
func TestGeneratedDocsAreCurrent(t *testing.T) {
	for _, p := range stale("docs", generatedFiles(t)) {
		t.Errorf("%s is out of date: run `go run ./internal/cmd/gendocs`", p)
	}
}
