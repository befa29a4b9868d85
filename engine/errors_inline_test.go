package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// TestNoInlineMessages: every Cassandra message the engine raises comes from
// a named constructor, a function whose name starts with "err" (or "Err",
// exported) written beside the check that calls it, citing the Cassandra
// class the text comes from (docs/engine.md, "Errors and explanations"). A
// call of cqlerr.Invalid, New, Config or Syntax with the words of a message
// anywhere else fails, so one home per message stays true.
func TestNoInlineMessages(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || strings.HasPrefix(fn.Name.Name, "err") || strings.HasPrefix(fn.Name.Name, "Err") {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && inlineMessage(call) {
					t.Errorf("%s: %s writes a Cassandra message inline: raise it through a named constructor (func errX(...) *cqlerr.Error) beside the check",
						fset.Position(call.Pos()), fn.Name.Name)
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// inlineMessage reports whether call is cqlerr.Invalid, New, Config or Syntax
// with a string literal holding a letter somewhere in its message argument
// (a separator such as " " joining parts is not a message).
func inlineMessage(call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	if !ok || pkg.Name != "cqlerr" || len(call.Args) == 0 {
		return false
	}
	switch sel.Sel.Name {
	case "Invalid", "New", "Config", "Syntax":
	default:
		return false
	}
	lit := false
	ast.Inspect(call.Args[len(call.Args)-1], func(n ast.Node) bool {
		if b, ok := n.(*ast.BasicLit); ok && b.Kind == token.STRING && strings.ContainsFunc(b.Value, unicode.IsLetter) {
			lit = true
		}
		return !lit
	})
	return lit
}

// TestConstructorsDocumented: every named constructor of a message (a
// function errX or ErrX) has the doc comment CONTRIBUTING.md promises,
// starting with its name ("errX is ..." or "errX: ..."), which says the
// Cassandra class the text comes from and when it is returned.
func TestConstructorsDocumented(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || !isConstructorName(fn.Name.Name) {
				continue
			}
			rest, named := strings.CutPrefix(fn.Doc.Text(), fn.Name.Name)
			if !named || rest == "" || !strings.ContainsRune(" :,", rune(rest[0])) {
				t.Errorf("%s: %s has no doc comment starting with its name: say which Cassandra class its message comes from and when it is returned",
					fset.Position(fn.Pos()), fn.Name.Name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// isConstructorName reports whether name is errX or ErrX, X upper case.
func isConstructorName(name string) bool {
	rest, ok := strings.CutPrefix(name, "err")
	if !ok {
		rest, ok = strings.CutPrefix(name, "Err")
	}
	return ok && rest != "" && unicode.IsUpper(rune(rest[0]))
}
