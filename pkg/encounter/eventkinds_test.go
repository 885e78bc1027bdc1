package encounter

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestEventKindsAreConstants: the fight's code names an event's kind by
// its constant (eventkinds.go), never by a string literal, in an Event
// literal, an assignment to a Kind or a comparison with one (the empty
// kind of a damaged file aside).
func TestEventKindsAreConstants(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	isKind := func(e ast.Expr) bool {
		s, ok := e.(*ast.SelectorExpr)
		return ok && s.Sel.Name == "Kind"
	}
	isLit := func(e ast.Expr) bool {
		bl, ok := e.(*ast.BasicLit)
		return ok && bl.Kind == token.STRING && bl.Value != `""`
	}
	checked := 0
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") || path == "eventkinds.go" {
			continue
		}
		fs := token.NewFileSet()
		f, err := parser.ParseFile(fs, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CompositeLit:
				if id, ok := x.Type.(*ast.Ident); ok && id.Name == "Event" {
					for _, el := range x.Elts {
						if kv, ok := el.(*ast.KeyValueExpr); ok && isIdent(kv.Key, "Kind") && isLit(kv.Value) {
							t.Errorf("%s: an Event's kind as a literal", fs.Position(kv.Pos()))
						}
					}
				}
			case *ast.AssignStmt:
				for i, l := range x.Lhs {
					if isKind(l) && i < len(x.Rhs) && isLit(x.Rhs[i]) {
						t.Errorf("%s: a kind assigned a literal", fs.Position(x.Pos()))
					}
				}
			case *ast.BinaryExpr:
				if (x.Op == token.EQL || x.Op == token.NEQ) && (isKind(x.X) && isLit(x.Y) || isKind(x.Y) && isLit(x.X)) {
					t.Errorf("%s: a kind compared with a literal", fs.Position(x.Pos()))
				}
			}
			return true
		})
	}
	if checked < 20 {
		t.Fatalf("only %d files checked", checked)
	}
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}
