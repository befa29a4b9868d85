package cqltype

import (
	"testing"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// Builders for syntax trees, as the parser would produce them.
func str(s string) cql.Expr     { return &cql.Literal{Kind: cql.StringLit, Text: s} }
func num(s string) cql.Expr     { return &cql.Literal{Kind: cql.IntegerLit, Text: s} }
func flt(s string) cql.Expr     { return &cql.Literal{Kind: cql.FloatLit, Text: s} }
func boolean(s string) cql.Expr { return &cql.Literal{Kind: cql.BooleanLit, Text: s} }
func uuidLit(s string) cql.Expr { return &cql.Literal{Kind: cql.UUIDLit, Text: s} }
func hexLit(s string) cql.Expr  { return &cql.Literal{Kind: cql.HexLit, Text: s} }
func dur(s string) cql.Expr     { return &cql.Literal{Kind: cql.DurationLit, Text: s} }
func null() cql.Expr            { return &cql.Literal{Kind: cql.NullLit, Text: "null"} }
func list(es ...cql.Expr) cql.Expr {
	return &cql.Collection{Kind: cql.ListColl, Elems: es}
}
func set(es ...cql.Expr) cql.Expr { return &cql.Collection{Kind: cql.SetColl, Elems: es} }
func braces() cql.Expr            { return &cql.Collection{Kind: cql.EmptyBraces} }
func mapLit(kv ...cql.Expr) cql.Expr {
	c := &cql.Collection{Kind: cql.MapColl}
	for i := 0; i+1 < len(kv); i += 2 {
		c.Keys = append(c.Keys, kv[i])
		c.Elems = append(c.Elems, kv[i+1])
	}
	return c
}
func tuple(es ...cql.Expr) cql.Expr { return &cql.Tuple{Elems: es} }
func hint(t string, e cql.Expr) cql.Expr {
	return &cql.TypeHint{Type: &cql.TypeRef{Name: t}, Expr: e}
}

// mustType resolves a type written as CQL, e.g. "frozen<map<text, int>>".
func mustType(t testing.TB, s string) *Type {
	t.Helper()
	ref, rest := parseTypeRef(s)
	if rest != "" {
		t.Fatalf("bad type %q", s)
	}
	typ, err := FromRef(ref)
	if err != nil {
		t.Fatalf("FromRef(%q): %v", s, err)
	}
	return typ
}

// parseTypeRef is a tiny test-only reader of type syntax.
func parseTypeRef(s string) (*cql.TypeRef, string) {
	i := 0
	for i < len(s) && s[i] != '<' && s[i] != '>' && s[i] != ',' {
		i++
	}
	ref := &cql.TypeRef{Name: trim(s[:i])}
	s = s[i:]
	if len(s) > 0 && s[0] == '<' {
		s = s[1:]
		for {
			var p *cql.TypeRef
			p, s = parseTypeRef(s)
			ref.Params = append(ref.Params, p)
			if len(s) > 0 && s[0] == ',' {
				s = s[1:]
				continue
			}
			if len(s) > 0 && s[0] == '>' {
				s = s[1:]
			}
			break
		}
	}
	return ref, s
}

func trim(s string) string {
	for len(s) > 0 && s[0] == ' ' {
		s = s[1:]
	}
	for len(s) > 0 && s[len(s)-1] == ' ' {
		s = s[:len(s)-1]
	}
	return s
}

// testEnv evaluates now() to a fixed timestamp and rejects markers.
type testEnv struct{}

func (testEnv) Eval(e cql.Expr, want *Type, receiver string) (Value, *cqlerr.Error) {
	if f, ok := e.(*cql.FuncCall); ok && f.Name == "now" && want.Kind == Timeuuid {
		return TimeUUIDAt(1767225600000*1e6, 0x1234, 0xabcdef), nil
	}
	return nil, cqlerr.Invalid("cannot evaluate " + exprText(e) + " for " + receiver)
}

func (testEnv) NowMillis() int64 { return 1767225600000 } // 2026-01-01T00:00:00Z
