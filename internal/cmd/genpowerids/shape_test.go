package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"
)

// maxDispatchLines is how long the two dispatches of an action may grow:
// each typed action's own work belongs in its own function (a power's in
// its power file), not in a branch here.
const maxDispatchLines = 80

// TestDispatchStaysShort: Encounter.Do dispatches on the action's type
// and the CLI's translation (ActOptions.action) builds one typed action;
// each stays under maxDispatchLines lines.
func TestDispatchStaysShort(t *testing.T) {
	for _, c := range []struct{ file, recv, name string }{
		{"pkg/encounter/act.go", "Encounter", "Do"},
		{"internal/cli/fight/act.go", "ActOptions", "action"},
	} {
		fs := token.NewFileSet()
		f, err := parser.ParseFile(fs, filepath.Join("../../..", c.file), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Name.Name != c.name || fn.Recv == nil || recvName(fn.Recv.List[0].Type) != c.recv {
				continue
			}
			found = true
			n := fs.Position(fn.End()).Line - fs.Position(fn.Pos()).Line + 1
			if n >= maxDispatchLines {
				t.Errorf("%s: %s.%s is %d lines; keep it under %d", c.file, c.recv, c.name, n, maxDispatchLines)
			}
		}
		if !found {
			t.Errorf("%s: no %s.%s", c.file, c.recv, c.name)
		}
	}
}

func recvName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
