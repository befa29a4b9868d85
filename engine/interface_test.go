package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestEntryPointsInInterface keeps every entry point of the facade in
// interface.go, as go/parser keeps its own: an exported function, or an
// exported method of Session, declared in any other file fails. (The
// methods of the result types, such as Outcome.AppendJSON, stay beside
// their types.)
func TestEntryPointsInInterface(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "interface.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || !fn.Name.IsExported() {
				continue
			}
			if fn.Recv != nil {
				star, ok := fn.Recv.List[0].Type.(*ast.StarExpr)
				if !ok || star.X.(*ast.Ident).Name != "Session" {
					continue
				}
			}
			t.Errorf("%s: %s is an entry point: declare it in interface.go, its machinery here", fset.Position(fn.Pos()), fn.Name.Name)
		}
	}
}
