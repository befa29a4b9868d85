package cqltype

import (
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/golden"
)

// renderCases are values, built from literals, whose three renderings
// (cqlsh, CQL literal, toJSONString) are pinned in testdata/render.golden.
var renderCases = []struct {
	typ  string
	expr cql.Expr
}{
	{"int", num("-42")},
	{"bigint", num("9223372036854775807")},
	{"smallint", num("-300")},
	{"tinyint", num("-128")},
	{"varint", num("-123456789012345678901234567890")},
	{"counter", num("17")},
	{"decimal", flt("12.50")},
	{"decimal", flt("1e3")},
	{"decimal", flt("0.0000001")},
	{"decimal", flt("0.000001")},
	{"decimal", flt("-123456789.123456789")},
	{"decimal", num("0")},
	{"double", flt("1.5")},
	{"double", num("2")},
	{"double", num("0")},
	{"double", flt("-0.0")},
	{"double", flt("3.14159")},
	{"double", flt("1234.5678")},
	{"double", num("100000")},
	{"double", flt("123456.7")},
	{"double", flt("99999.5")},
	{"double", flt("0.001234567")},
	{"double", flt("0.0001")},
	{"double", flt("0.00001234")},
	{"double", flt("1e-20")},
	{"double", flt("1e20")},
	{"double", flt("12345678.9")},
	{"double", flt("NaN")},
	{"double", flt("Infinity")},
	{"double", flt("-Infinity")},
	{"float", flt("1.1")},
	{"float", flt("3.14159")},
	{"float", num("16777217")},
	{"float", flt("1e-3")},
	{"boolean", boolean("true")},
	{"boolean", boolean("false")},
	{"text", str("plain")},
	{"text", str("it's")},
	{"text", str(`back\slash`)},
	{"text", str("tab\tnew\nline\x01 nbsp\u00a0 del\x7f")},
	{"text", str("中文 é")},
	{"text", str(`quote"d`)},
	{"text", str("")},
	{"ascii", str("ascii")},
	{"blob", hexLit("0xCAFEbabe")},
	{"blob", hexLit("0x")},
	{"uuid", uuidLit("5132b130-ae79-11e4-ab27-0800200c9a66")},
	{"timeuuid", uuidLit("5132B130-AE79-11E4-AB27-0800200C9A66")},
	{"timestamp", str("2026-01-01 00:00:00+0000")},
	{"timestamp", str("2023-06-15 13:45:30.123Z")},
	{"timestamp", num("-1")},
	{"timestamp", str("0001-01-01 00:00:00+0000")},
	{"timestamp", num("253402300800000")},
	{"date", str("2026-01-01")},
	{"date", str("1969-12-31")},
	{"date", num("0")},
	{"time", str("12:30:00")},
	{"time", str("23:59:59.999999999")},
	{"duration", dur("1h2m")},
	{"duration", dur("-1y2mo3d")},
	{"duration", dur("1w")},
	{"duration", dur("90ns")},
	{"duration", dur("0s")},
	{"inet", str("127.0.0.1")},
	{"inet", str("::1")},
	{"inet", str("::")},
	{"inet", str("2001:db8:0:0:1:0:0:1")},
	{"inet", str("fe80::")},
	{"inet", str("::10.1.2.3")},
	{"int", null()},
	{"list<text>", list(str("a"), str("it's"), str(""))},
	{"list<int>", list()},
	{"frozen<list<double>>", list(flt("1.5"), num("100000"))},
	{"set<int>", set(num("3"), num("-1"), num("2"))},
	{"set<timestamp>", set(str("2026-01-02"), str("2026-01-01"))},
	{"set<timeuuid>", set(uuidLit("00000000-0000-1000-8000-000000000000"), uuidLit("ffffffff-ffff-1fff-bfff-ffffffffffff"), uuidLit("00000000-0000-1001-8000-000000000000"))},
	{"map<text, int>", mapLit(str("b"), num("2"), str("a"), num("1"))},
	{"map<int, text>", mapLit(num("10"), str("ten"), num("-1"), str("minus one"), num("2"), str("two"))},
	{"map<timeuuid, text>", mapLit(uuidLit("ffffffff-ffff-1000-8000-000000000000"), str("late low"), uuidLit("00000000-0000-1fff-8000-000000000000"), str("early high"))},
	{"map<inet, boolean>", mapLit(str("10.0.0.1"), boolean("true"), str("9.0.0.1"), boolean("false"))},
	{"map<text, frozen<list<int>>>", mapLit(str("k"), list(num("1"), num("2")))},
	{"list<frozen<map<text, blob>>>", list(mapLit(str("x"), hexLit("0x01")), braces())},
	{"tuple<int, text, boolean>", tuple(num("1"), str("a"), boolean("true"))},
	{"tuple<int, text>", tuple(num("1"), null())},
	{"tuple<timestamp, frozen<set<text>>>", tuple(str("2026-01-01"), set(str("b"), str("a")))},
	{"frozen<map<text, tuple<int, int>>>", mapLit(str("p"), tuple(num("1"), num("2")))},
}

func TestRenderGolden(t *testing.T) {
	var b strings.Builder
	for _, c := range renderCases {
		typ := mustType(t, c.typ)
		v, err := typ.Assign(c.expr, "x", testEnv{})
		if err != nil {
			t.Fatalf("%s <- %s: %v", c.typ, exprText(c.expr), err)
		}
		b.WriteString(typ.String() + " <- " + exprText(c.expr) + "\n")
		b.WriteString("  cqlsh:   " + typ.Format(v) + "\n")
		b.WriteString("  literal: " + typ.Literal(v) + "\n")
		b.WriteString("  json:    " + typ.JSON(v) + "\n")
		b.WriteString("  string:  " + typ.CassandraString(v) + "\n")
	}
	golden.Check(t, "testdata/render.golden", b.String())
}

// Literal output parses back to the same value: the renderer and the
// assigner agree.
func TestLiteralRoundTrip(t *testing.T) {
	for _, c := range renderCases {
		typ := mustType(t, c.typ)
		v, _ := typ.Assign(c.expr, "x", testEnv{})
		lit := typ.Literal(v)
		if v == nil || strings.Contains(c.typ, "tuple<int, text>") {
			continue // null, and a short tuple rendering as written
		}
		back, err := typ.Assign(literalExpr(t, typ, lit), "x", testEnv{})
		if err != nil {
			t.Errorf("%s: re-reading %s: %v", c.typ, lit, err)
			continue
		}
		if typ.Compare(back, v) != 0 {
			t.Errorf("%s: %s reads back as %s", c.typ, lit, typ.Literal(back))
		}
	}
}

// literalExpr turns a simple literal rendering back into a syntax tree (for
// the simple types only; collections reuse their source expression).
func literalExpr(t *testing.T, typ *Type, s string) cql.Expr {
	for _, c := range renderCases {
		if tt := mustType(t, c.typ); tt.Equal(typ) && (typ.IsCollection() || typ.Kind == Tuple) {
			if v, err := tt.Assign(c.expr, "x", testEnv{}); err == nil && tt.Literal(v) == s {
				return c.expr
			}
		}
	}
	switch {
	case strings.HasPrefix(s, "'"):
		return str(strings.ReplaceAll(s[1:len(s)-1], "''", "'"))
	case strings.HasPrefix(s, "0x"):
		return hexLit(s)
	case s == "true" || s == "false":
		return boolean(s)
	case typ.Kind == UUID || typ.Kind == Timeuuid:
		return uuidLit(s)
	case typ.Kind == Duration:
		return dur(s)
	case strings.ContainsAny(s, ".EN") || strings.Contains(s, "Infinity"):
		return flt(s)
	}
	return num(s)
}
