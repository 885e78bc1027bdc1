package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// codeDirs are the packages whose non-test code must name powers,
// states and effects by constant: every package with Go code, but for
// pkg/rulebook's hand-written tables, where a row's power is spelled as
// the row's own words are (the generated constants come from them).
func codeDirs(t *testing.T) []string {
	seen := map[string]bool{}
	var dirs []string
	for _, root := range []string{"cmd", "internal", "pkg"} {
		err := filepath.WalkDir(filepath.Join("../../..", root), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || path == filepath.Join("../../..", "pkg", "rulebook")) {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(path, ".go") && !seen[filepath.Dir(path)] {
				seen[filepath.Dir(path)] = true
				dirs = append(dirs, filepath.Dir(path))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return dirs
}

// powerArgs: calls whose listed arguments are powers (any literal there
// is refused, a typo included).
var powerArgs = map[string][]int{
	"PowerRank": {0}, "FindPower": {0}, "hasPower": {1}, "hasFlavour": {0, 1, 2},
	"FindMentalPower": {0}, "StateOfPower": {0}, "KnowsSpell": {1}, "HasFlavour": {0},
	"bind": {2},
	// a ruling's step labelled by the power it applies, steps.Add(rule,
	// ...): only a literal equal to a power id is refused there
	"Add": {0},
	// pkg/chargen's: b.hasFlavour(power, flavour) beside combat's
	// hasFlavour(h, power, flavour) above.
	"powerIndex": {1}, "GainPowerRank": {1}, "maxRank": {0}, "powerName": {0}, "lookupPower": {0},
}

// effectArgs: calls whose listed arguments are state or effect names.
var effectArgs = map[string][]int{
	"PresetEffect": {0}, "findEffect": {1}, "hasEffect": {1}, "removeEffect": {1},
}

// powerFields and effectFields: an expression ending in one of these
// names holds a power (or a state or effect); a literal compared with it,
// or a case of a switch on it, is refused.
var (
	powerFields  = map[string]bool{"Power": true, "power": true, "PowerID": true, "Spell": true, "spell": true, "Slug": true}
	effectFields = map[string]bool{"Effect": true, "State": true}
)

// isEffect reports whether e holds a state or effect name: a field in
// effectFields, or the Name of an effect (ef.Name, c.Effects[i].Name).
func isEffect(e ast.Expr) bool {
	if effectFields[lastName(e)] {
		return true
	}
	s, ok := e.(*ast.SelectorExpr)
	if !ok || s.Sel.Name != "Name" {
		return false
	}
	switch x := s.X.(type) {
	case *ast.Ident:
		return x.Name == "ef" || x.Name == "effect"
	case *ast.IndexExpr:
		return lastName(x.X) == "Effects"
	}
	return false
}

func lastName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	case *ast.CallExpr:
		return lastName(x.Fun)
	case *ast.ParenExpr:
		return lastName(x.X)
	}
	return ""
}

// TestNoSlugLiterals fails when fight code names a power, spell, state or
// effect by a string literal where it uses one: an argument to PowerRank
// and its kin, a comparison with (or a switch on) a power or effect, a
// composite literal's Power field. Constants (rulebook.PowerForcefield,
// combat.StateGrown, encounter.EffectBound) make a typo a compile error.
func TestNoSlugLiterals(t *testing.T) {
	known := map[string]bool{}
	for _, id := range rulebook.PowerIDs() {
		known[string(id)] = true
	}
	dirs := codeDirs(t)
	for _, want := range []string{"pkg/combat", "pkg/encounter", "pkg/chargen", "internal/render", "internal/cli/fight"} {
		if !slices.Contains(dirs, filepath.Join("../../..", want)) {
			t.Fatalf("%s is not checked (%v)", want, dirs)
		}
	}
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") || strings.HasSuffix(path, "_gen.go") {
				continue
			}
			for _, bad := range slugLiterals(t, path, known) {
				t.Errorf("%s: %s", strings.TrimPrefix(path, "../../../"), bad)
			}
		}
	}
}

func slugLiterals(t *testing.T, path string, known map[string]bool) []string {
	fs := token.NewFileSet()
	f, err := parser.ParseFile(fs, path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var bad []string
	flag := func(e ast.Expr, what string, any bool) {
		bl, ok := e.(*ast.BasicLit)
		if !ok || bl.Kind != token.STRING {
			return
		}
		v, _ := strconv.Unquote(bl.Value)
		if v == "" || (!any && !known[v]) {
			return
		}
		bad = append(bad, fs.Position(bl.Pos()).String()[len(path)+1:]+": "+what+" "+bl.Value+" as a literal")
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			name := lastName(x.Fun)
			for _, i := range powerArgs[name] {
				if i < len(x.Args) {
					flag(x.Args[i], "power", name != "HasFlavour" && name != "hasFlavour" && name != "Add")
				}
			}
			for _, i := range effectArgs[name] {
				if i < len(x.Args) {
					flag(x.Args[i], "effect", true)
				}
			}
		case *ast.BinaryExpr:
			if x.Op == token.EQL || x.Op == token.NEQ {
				for _, side := range [2][2]ast.Expr{{x.X, x.Y}, {x.Y, x.X}} {
					if powerFields[lastName(side[0])] {
						flag(side[1], "power", false)
					}
					if isEffect(side[0]) {
						flag(side[1], "effect", true)
					}
				}
			}
		case *ast.SwitchStmt:
			if x.Tag == nil {
				return true
			}
			p, e := powerFields[lastName(x.Tag)], isEffect(x.Tag)
			for _, st := range x.Body.List {
				for _, c := range st.(*ast.CaseClause).List {
					if p {
						flag(c, "power", false)
					}
					if e {
						flag(c, "effect", true)
					}
				}
			}
		case *ast.KeyValueExpr:
			if k, ok := x.Key.(*ast.Ident); ok && (k.Name == "Power" || k.Name == "Rule" || k.Name == "Slug") {
				flag(x.Value, "power", false)
			}
		}
		return true
	})
	return bad
}

// TestSlugLiteralsFinds pins what the check refuses and what it lets be.
func TestSlugLiteralsFinds(t *testing.T) {
	known := map[string]bool{"forcefield": true, "teleport": true}
	for _, c := range []struct {
		name, src string
		bad       int
	}{
		{"typo in PowerRank", `h.PowerRank("forcefeild")`, 1},
		{"power compared", `_ = a.Power == "teleport"`, 1},
		{"power switch", "switch power {\ncase \"forcefield\", \"other\":\n}", 1},
		{"Power field", `_ = X{Power: "forcefield"}`, 1},
		{"effect name", `_ = ef.Name == "bound"`, 1},
		{"effect lookup", `findEffect(c, "gliding")`, 1},
		{"chargen's lookup", `powerIndex(h, "forcefeild")`, 1},
		{"slug compared", `_ = p.Slug == "teleport"`, 1},
		{"attack slug", `_ = a.Slug == "haymaker"`, 0},
		{"constant", `h.PowerRank(rulebook.PowerForcefield)`, 0},
		{"step label", `steps.Add("teleport", "p. 76", "")`, 1},
		{"step's rule", `_ = ruling.Step{Rule: "teleport"}`, 1},
		{"modifier slug", `_ = Modifier{Slug: "forcefield"}`, 1},
		{"step label by constant", `steps.Add(string(rulebook.PowerTeleport), "p. 76", "")`, 0},
		{"step label not a power", `steps.Add("to-hit", "p. 30", "")`, 0},
		{"pool name", `_ = p.Name == "magic"`, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "x.go")
			src := "package x\n\nfunc f() {\n" + c.src + "\n}\n"
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			if got := slugLiterals(t, path, known); len(got) != c.bad {
				t.Errorf("%s: %d refused, want %d: %v", c.src, len(got), c.bad, got)
			}
		})
	}
}
