package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLayers checks the layering docs/architecture.md states: nothing
// under pkg/ imports internal/,
// and the rules packages do no I/O (no os, net or io/ioutil; pkg/jsonfile
// is the file layer).
func TestLayers(t *testing.T) {
	const mod = "github.com/codename-spandex/spandex/"
	noIO := map[string]bool{"os": true, "net": true, "net/http": true, "io/ioutil": true}
	err := filepath.WalkDir("../../../pkg", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(filepath.ToSlash(path), "../../../")
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if strings.HasPrefix(p, mod+"internal/") {
				t.Errorf("%s imports %s: pkg/ does not import internal/", rel, p)
			}
			if noIO[p] && !strings.HasPrefix(rel, "pkg/jsonfile/") {
				t.Errorf("%s imports %s: a rules package does no I/O", rel, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
