package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// inlineMessages counts, per file, the Cassandra messages still written inline
// at a call site (cqlerr.Invalid, New, Config or Syntax with a string literal
// in its message) rather than by a named constructor: a function whose name
// starts with "err", beside the check, that records the rule
// (docs/engine.md, "Errors and explanations"). The counts only go down: a
// file may not gain an inline message, and a file that lost some must lower
// its count here, so the remaining work stays visible.
var inlineMessages = map[string]int{
	"cql/errors.go":        2,
	"cqltype/assign.go":    20,
	"cqltype/cast.go":      5,
	"cqltype/duration.go":  4,
	"cqltype/fromjson.go":  13,
	"cqltype/fromref.go":   11,
	"cqltype/parse.go":     12,
	"cqltype/timeparse.go": 8,
	"session.go":           1,
}

func TestNoNewInlineMessages(t *testing.T) {
	got := map[string]int{}
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
			if !ok || strings.HasPrefix(fn.Name.Name, "err") {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && inlineMessage(call) {
					got[filepath.ToSlash(path)]++
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	for f := range got {
		files[f] = true
	}
	for f := range inlineMessages {
		files[f] = true
	}
	var names []string
	for f := range files {
		names = append(names, f)
	}
	sort.Strings(names)
	for _, f := range names {
		switch g, w := got[f], inlineMessages[f]; {
		case g > w:
			t.Errorf("%s has %d inline Cassandra messages, more than its %d: raise the new one through a named constructor (func errX(...) *cqlerr.Error) beside its check", f, g, w)
		case g < w:
			t.Errorf("%s has %d inline Cassandra messages, fewer than its %d: lower its count in inlineMessages to %d", f, g, w, g)
		}
	}
	if t.Failed() {
		var b strings.Builder
		for _, f := range names {
			if got[f] > 0 {
				b.WriteString("\t" + strconv.Quote(f) + ": " + strconv.Itoa(got[f]) + ",\n")
			}
		}
		t.Logf("the counts now:\n%s", b.String())
	}
}

// inlineMessage reports whether call is cqlerr.Invalid, New, Config or Syntax
// with a string literal somewhere in its message argument.
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
		if b, ok := n.(*ast.BasicLit); ok && b.Kind == token.STRING {
			lit = true
		}
		return !lit
	})
	return lit
}
