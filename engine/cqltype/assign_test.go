package cqltype

import (
	"encoding/hex"
	"testing"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

func TestAssign(t *testing.T) {
	cases := []struct {
		typ  string
		expr cql.Expr
		hex  string // serialized value, when checked
		show string // Format of the value, when checked
		err  string
	}{
		// Integers.
		{typ: "int", expr: num("42"), hex: "0000002a", show: "42"},
		{typ: "int", expr: num("-1"), hex: "ffffffff", show: "-1"},
		{typ: "int", expr: num("+7"), hex: "00000007"},
		{typ: "int", expr: num("3000000000"), err: "Unable to make int from '3000000000'"},
		{typ: "int", expr: str("abc"), err: `Invalid STRING constant (abc) for "x" of type int`},
		{typ: "int", expr: flt("1.5"), err: `Invalid FLOAT constant (1.5) for "x" of type int`},
		{typ: "int", expr: boolean("true"), err: `Invalid BOOLEAN constant (true) for "x" of type int`},
		{typ: "bigint", expr: num("-9223372036854775808"), hex: "8000000000000000", show: "-9223372036854775808"},
		{typ: "bigint", expr: num("9223372036854775808"), err: "Unable to make long from '9223372036854775808'"},
		{typ: "counter", expr: num("5"), hex: "0000000000000005"},
		{typ: "counter", expr: null(), err: "Invalid null value for counter increment/decrement"},
		{typ: "smallint", expr: num("-32768"), hex: "8000"},
		{typ: "smallint", expr: num("40000"), err: "Unable to make short from '40000'"},
		{typ: "tinyint", expr: num("127"), hex: "7f"},
		{typ: "tinyint", expr: num("128"), err: "Unable to make byte from '128'"},
		{typ: "varint", expr: num("128"), hex: "0080", show: "128"},
		{typ: "varint", expr: num("-129"), hex: "ff7f", show: "-129"},
		{typ: "varint", expr: num("123456789012345678901234567890"), show: "123456789012345678901234567890"},
		{typ: "varint", expr: flt("1.5"), err: `Invalid FLOAT constant (1.5) for "x" of type varint`},
		// Decimals and floating point.
		{typ: "decimal", expr: flt("12.50"), hex: "00000002" + "04e2", show: "12.50"},
		{typ: "decimal", expr: num("10"), hex: "00000000" + "0a", show: "10"},
		{typ: "decimal", expr: flt("1e3"), show: "1E+3"},
		{typ: "decimal", expr: flt("NaN"), err: "unable to make BigDecimal from 'NaN'"},
		{typ: "double", expr: flt("1.5"), hex: "3ff8000000000000", show: "1.5"},
		{typ: "double", expr: num("2"), show: "2"},
		{typ: "double", expr: flt("-Infinity"), show: "-Infinity"},
		{typ: "double", expr: flt("NaN"), show: "NaN"},
		{typ: "float", expr: flt("3.14159"), hex: "40490fd0", show: "3.14159"},
		{typ: "float", expr: flt("1e39"), show: "Infinity"},
		// Text and friends.
		{typ: "text", expr: str("it's"), hex: "69742773", show: "it's"},
		{typ: "text", expr: str(""), hex: "", show: ""},
		{typ: "varchar", expr: str("héllo"), show: "héllo"},
		{typ: "text", expr: num("19904"), err: `Invalid INTEGER constant (19904) for "x" of type text`},
		{typ: "text", expr: hexLit("0xcafe"), err: `Invalid HEX constant (0xcafe) for "x" of type text`},
		{typ: "ascii", expr: str("plain"), show: "plain"},
		{typ: "ascii", expr: str("héllo"), err: "Invalid ASCII character in string literal: java.nio.charset.UnmappableCharacterException: Input length = 1"},
		{typ: "ascii", expr: str("a😀"), err: "Invalid ASCII character in string literal: java.nio.charset.UnmappableCharacterException: Input length = 2"},
		{typ: "boolean", expr: boolean("true"), hex: "01", show: "True"},
		{typ: "boolean", expr: boolean("FALSE"), hex: "00", show: "False"},
		{typ: "boolean", expr: str("true"), err: `Invalid STRING constant (true) for "x" of type boolean`},
		{typ: "blob", expr: hexLit("0xCAFE"), hex: "cafe", show: "0xcafe"},
		{typ: "blob", expr: hexLit("0x"), hex: "", show: "0x"},
		{typ: "blob", expr: hexLit("0xabc"), err: "cannot parse 'abc' as hex bytes"},
		{typ: "blob", expr: str("cafe"), err: `Invalid STRING constant (cafe) for "x" of type blob`},
		// UUIDs.
		{typ: "uuid", expr: uuidLit("5132B130-AE79-11E4-AB27-0800200C9A66"), show: "5132b130-ae79-11e4-ab27-0800200c9a66"},
		{typ: "uuid", expr: str("5132b130-ae79-11e4-ab27-0800200c9a66"), err: `Invalid STRING constant (5132b130-ae79-11e4-ab27-0800200c9a66) for "x" of type uuid`},
		{typ: "timeuuid", expr: uuidLit("5132b130-ae79-11e4-ab27-0800200c9a66"), show: "5132b130-ae79-11e4-ab27-0800200c9a66"},
		{typ: "timeuuid", expr: uuidLit("9f1e3b5c-3a2b-4c1d-8e2f-0123456789ab"), err: "TimeUUID supports only version 1 UUIDs"},
		{typ: "timeuuid", expr: &cql.FuncCall{Name: "now"}, show: "d0c3c000-e6a4-11f0-9234-000000abcdef"},
		// Timestamps, dates, times.
		{typ: "timestamp", expr: str("2026-01-01 00:00:00+0000"), hex: "0000019b76daa800", show: "2026-01-01 00:00:00.000000+0000"},
		{typ: "timestamp", expr: str("2026-01-01T10:30:15.123Z"), show: "2026-01-01 10:30:15.123000+0000"},
		{typ: "timestamp", expr: str("2026-01-01 12:00+01:00"), show: "2026-01-01 11:00:00.000000+0000"},
		{typ: "timestamp", expr: str("2026-01-01 12:00:00 -0530"), show: "2026-01-01 17:30:00.000000+0000"},
		{typ: "timestamp", expr: str("2026-01-01 12:00:00 UTC"), show: "2026-01-01 12:00:00.000000+0000"},
		{typ: "timestamp", expr: str("2026-01-01"), show: "2026-01-01 00:00:00.000000+0000"},
		{typ: "timestamp", expr: str("2026-1-5 3:04"), show: "2026-01-05 03:04:00.000000+0000"},
		{typ: "timestamp", expr: str("2023-02-30 00:00"), show: "2023-02-28 00:00:00.000000+0000"},
		{typ: "timestamp", expr: str("2026-01-01 00:00:00.123456789"), show: "2026-01-01 00:00:00.123000+0000"},
		{typ: "timestamp", expr: num("1767225600000"), show: "2026-01-01 00:00:00.000000+0000"},
		{typ: "timestamp", expr: num("-1"), show: "1969-12-31 23:59:59.999000+0000"},
		{typ: "timestamp", expr: str("now"), show: "2026-01-01 00:00:00.000000+0000"},
		{typ: "timestamp", expr: str(""), hex: "", show: ""},
		{typ: "timestamp", expr: str("yesterday"), err: "Unable to parse a date/time from 'yesterday'"},
		{typ: "timestamp", expr: str("2026-13-01"), err: "Unable to parse a date/time from '2026-13-01'"},
		{typ: "timestamp", expr: str("2026-01-01 25:00"), err: "Unable to parse a date/time from '2026-01-01 25:00'"},
		{typ: "timestamp", expr: num("99999999999999999999"), err: "Unable to make long (for date) from: '99999999999999999999'"},
		{typ: "date", expr: str("2026-01-01"), hex: "80004fe6", show: "2026-01-01"},
		{typ: "date", expr: str("1969-12-31"), show: "1969-12-31"},
		{typ: "date", expr: num("2147483648"), show: "1970-01-01"},
		{typ: "date", expr: num("-1"), err: "Unable to make unsigned int (for date) from: '-1'"},
		{typ: "date", expr: str("2026-02-30"), err: "Unable to coerce '2026-02-30' to a formatted date (long)"},
		{typ: "date", expr: str("2026-1-1"), err: "Unable to coerce '2026-1-1' to a formatted date (long)"},
		{typ: "date", expr: str(""), err: "Unable to coerce '' to a formatted date (long)"},
		{typ: "time", expr: str("12:30:00"), hex: "000028ed6103d000", show: "12:30:00.000000000"},
		{typ: "time", expr: str("08:12:54.123456789"), show: "08:12:54.123456789"},
		{typ: "time", expr: str("8:12:54.1"), show: "08:12:54.100000000"},
		{typ: "time", expr: num("1000"), show: "00:00:00.000001000"},
		{typ: "time", expr: num("86400000000000"), err: "Unable to make long (for time) from: '86400000000000'"},
		{typ: "time", expr: str("24:00:00"), err: "(TimeType) Unable to coerce '24:00:00' to a formatted time (long)"},
		{typ: "time", expr: str("12:30"), err: "(TimeType) Unable to coerce '12:30' to a formatted time (long)"},
		// Inet and duration.
		{typ: "inet", expr: str("127.0.0.1"), hex: "7f000001", show: "127.0.0.1"},
		{typ: "inet", expr: str("::1"), show: "::1"},
		{typ: "inet", expr: str("2001:DB8::8:800:200C:417A"), show: "2001:db8::8:800:200c:417a"},
		{typ: "inet", expr: str("::ffff:10.0.0.1"), hex: "0a000001", show: "10.0.0.1"},
		{typ: "inet", expr: str("127.1"), show: "127.0.0.1"},
		{typ: "inet", expr: str("localhost"), show: "127.0.0.1"},
		{typ: "inet", expr: str("256.0.0.1"), err: "Unable to make inet address from '256.0.0.1'"},
		{typ: "inet", expr: str("cassandra.apache.org"), err: "Unable to make inet address from 'cassandra.apache.org'"},
		{typ: "duration", expr: dur("1h30m"), hex: "0000fc09d29229e000", show: "1h30m"},
		{typ: "duration", expr: dur("1y2mo3w4d5h6m7s8ms9us10ns"), show: "1y2mo25d5h6m7s8ms9us10ns"},
		{typ: "duration", expr: dur("-P1DT2H"), show: "-1d2h"},
		{typ: "duration", expr: dur("P2W"), show: "14d"},
		{typ: "duration", expr: dur("P0001-02-03T04:05:06"), show: "1y2mo3d4h5m6s"},
		{typ: "duration", expr: dur("2µs"), show: "2us"},
		{typ: "duration", expr: dur("1h1h"), err: "Invalid duration. The hours are specified multiple times"},
		{typ: "duration", expr: dur("1m1h"), err: "Invalid duration. The minutes should be after hours"},
		{typ: "duration", expr: num("12"), err: "Unable to convert '12' to a duration"},
		{typ: "duration", expr: dur("3000000000mo"), err: "Invalid duration. The total number of months must be less or equal to 2147483647"},
		{typ: "duration", expr: str("1h"), err: `Invalid STRING constant (1h) for "x" of type duration`},
		// Null.
		{typ: "int", expr: null(), hex: "null", show: "null"},
		// Collections.
		{typ: "list<int>", expr: list(num("3"), num("1"), num("3")), show: "[3, 1, 3]", hex: "00000003" + "00000004" + "00000003" + "00000004" + "00000001" + "00000004" + "00000003"},
		{typ: "list<text>", expr: list(str("a"), str("it's")), show: "['a', 'it''s']"},
		{typ: "list<int>", expr: list(), hex: "00000000", show: "[]"},
		{typ: "list<int>", expr: list(num("1"), str("a")), err: "Invalid list literal for x: value 'a' is not of type int"},
		{typ: "list<int>", expr: list(num("3000000000")), err: "Unable to make int from '3000000000'"},
		{typ: "list<int>", expr: list(num("1"), null()), err: "null is not supported inside collections"},
		{typ: "list<int>", expr: set(num("1")), err: "Invalid set literal for x of type list<int>"},
		{typ: "list<int>", expr: braces(), err: "Invalid set literal for x of type list<int>"},
		{typ: "list<int>", expr: num("1"), err: `Invalid INTEGER constant (1) for "x" of type list<int>`},
		{typ: "list<frozen<list<int>>>", expr: list(list(num("1")), list(str("x"))), err: "Invalid list literal for x: value ['x'] is not of type frozen<list<int>>"},
		{typ: "list<frozen<list<int>>>", expr: list(list(num("1"), num("2")), list()), show: "[[1, 2], []]"},
		{typ: "set<int>", expr: set(num("3"), num("1"), num("3"), num("-2")), show: "{-2, 1, 3}"},
		{typ: "set<text>", expr: set(str("b"), str("B"), str("a")), show: "{'B', 'a', 'b'}"},
		{typ: "set<int>", expr: braces(), hex: "00000000", show: "{}"},
		{typ: "set<int>", expr: list(num("1")), err: "Invalid list literal for x of type set<int>"},
		{typ: "set<int>", expr: mapLit(num("1"), num("2")), err: "Invalid map literal for x of type set<int>"},
		{typ: "set<int>", expr: set(str("x")), err: "Invalid set literal for x: value 'x' is not of type int"},
		{typ: "map<text, int>", expr: mapLit(str("b"), num("2"), str("a"), num("1"), str("b"), num("3")), show: "{'a': 1, 'b': 3}"},
		{typ: "map<text, int>", expr: braces(), hex: "00000000", show: "{}"},
		{typ: "map<text, int>", expr: set(str("a")), err: "Invalid set literal for x of type map<text, int>"},
		{typ: "map<text, int>", expr: mapLit(num("1"), num("2")), err: "Invalid map literal for x: key 1 is not of type text"},
		{typ: "map<text, int>", expr: mapLit(str("a"), str("b")), err: "Invalid map literal for x: value 'b' is not of type int"},
		{typ: "map<text, int>", expr: mapLit(str("a"), null()), err: "null is not supported inside collections"},
		{typ: "map<int, boolean>", expr: mapLit(num("2"), boolean("true"), num("10"), boolean("false")), show: "{2: True, 10: False}"},
		// Tuples.
		{typ: "tuple<int, text>", expr: tuple(num("1"), str("a")), show: "(1, 'a')", hex: "00000004" + "00000001" + "00000001" + "61"},
		{typ: "tuple<int, text>", expr: tuple(num("1"), null()), show: "(1, None)", hex: "00000004" + "00000001" + "ffffffff"},
		{typ: "tuple<int, text>", expr: tuple(num("1")), show: "(1, None)"},
		{typ: "tuple<int, text>", expr: tuple(num("1"), str("a"), num("2")), err: "Invalid tuple literal for x: too many elements. Type frozen<tuple<int, text>> expects 2 but got 3"},
		{typ: "tuple<int, text>", expr: tuple(str("a"), str("b")), err: "Invalid tuple literal for x: component 0 is not of type int"},
		{typ: "int", expr: tuple(num("5")), show: "5"},
		{typ: "int", expr: tuple(num("5"), num("6")), err: "Invalid tuple type literal for x of type int"},
		{typ: "tuple<int, frozen<list<text>>>", expr: tuple(num("1"), list(str("a"))), show: "(1, ['a'])"},
		// Type hints.
		{typ: "int", expr: hint("int", num("5")), show: "5"},
		{typ: "blob", expr: hint("text", str("abc")), err: `Invalid STRING constant (abc) for "x" of type blob`},
		{typ: "int", expr: hint("text", num("5")), err: "Cannot cast value 5 to type text"},
		{typ: "int", expr: hint("bigint", num("5")), err: "Cannot assign value (bigint)5 to x of type int"},
		{typ: "bigint", expr: hint("timestamp", num("5")), show: "5"},
		// Negation of a hinted value.
		{typ: "int", expr: &cql.Negate{Expr: hint("int", num("5"))}, show: "-5"},
		{typ: "double", expr: &cql.Negate{Expr: hint("double", flt("1.5"))}, show: "-1.5"},
		// Bind markers go to the engine.
		{typ: "int", expr: &cql.BindMarker{}, err: "cannot evaluate ? for x"},
		{typ: "list<int>", expr: list(&cql.BindMarker{}), err: "Invalid list literal for x: bind variables are not supported inside collection literals"},
	}
	for _, c := range cases {
		typ := mustType(t, c.typ)
		v, err := typ.Assign(c.expr, "x", testEnv{})
		name := c.typ + " <- " + exprText(c.expr)
		if c.err != "" {
			if err == nil {
				t.Errorf("%s: no error, want %q (value %x)", name, c.err, v)
			} else if err.Message != c.err {
				t.Errorf("%s: error %q\n\twant %q", name, err.Message, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: unexpected error %q", name, err.Message)
			continue
		}
		if c.hex == "null" {
			if v != nil {
				t.Errorf("%s: got %x, want null", name, v)
			}
		} else if c.hex != "" || (c.show == "" && v != nil) {
			if got := hex.EncodeToString(v); got != c.hex && c.hex != "" {
				t.Errorf("%s: bytes %s, want %s", name, got, c.hex)
			}
		}
		if c.show != "" || c.hex == "" {
			if got := typ.Format(v); got != c.show {
				t.Errorf("%s: Format = %q, want %q", name, got, c.show)
			}
		}
	}
}

func TestAssignEmptyIsNotNull(t *testing.T) {
	v, err := TextType.Assign(str(""), "t", nil)
	if err != nil || v == nil || len(v) != 0 {
		t.Fatalf("'' assigned to text = %#v, %v; want empty non-nil", v, err)
	}
}

func BenchmarkAssignInt(b *testing.B) {
	e := num("123456")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := IntType.Assign(e, "k", nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAssignText(b *testing.B) {
	e := str("northamerica")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := TextType.Assign(e, "k", nil); err != nil {
			b.Fatal(err)
		}
	}
}

// callEnv has no Clock: 'now' must become currenttimestamp().
type callEnv struct{ called string }

func (c *callEnv) Eval(e cql.Expr, want *Type, receiver string) (Value, *cqlerr.Error) {
	c.called = exprText(e) + " as " + want.String() + " for " + receiver
	return TimestampValue(42), nil
}

func TestAssignNowWithoutClock(t *testing.T) {
	env := &callEnv{}
	v, err := TimestampType.Assign(str("NOW"), "ts", env)
	if err != nil || TimestampType.Literal(v) != "'1970-01-01T00:00:00.042Z'" || env.called != "currenttimestamp() as timestamp for ts" {
		t.Errorf("got %x, %v, call %q", v, err, env.called)
	}
}

func TestAssignErrorPosition(t *testing.T) {
	bad := &cql.Literal{Kind: cql.StringLit, Text: "x", Pos: cql.Pos{Offset: 20, Line: 1, Col: 21}}
	e := &cql.Collection{Kind: cql.ListColl, Pos: cql.Pos{Offset: 10, Line: 1, Col: 11},
		Elems: []cql.Expr{&cql.Literal{Kind: cql.IntegerLit, Text: "3000000000", Pos: cql.Pos{Offset: 11, Line: 1, Col: 12}}, bad}}
	_, err := ListOf(IntType, false).Assign(e, "l", nil)
	if err == nil || err.Pos.Col != 11 {
		t.Fatalf("a list-level error points at the list: %+v", err)
	}
	e.Elems = e.Elems[:1]
	_, err = ListOf(IntType, false).Assign(e, "l", nil)
	if err == nil || err.Pos.Col != 12 || err.Len != 10 {
		t.Fatalf("an element's parse error points at the element: %+v", err)
	}
}

func TestNegate(t *testing.T) {
	cases := []struct {
		typ  *Type
		v    Value
		want string
	}{
		{TinyintType, Int8Value(-128), "-128"},
		{SmallintType, Int16Value(5), "-5"},
		{BigintType, Int64Value(7), "-7"},
		{VarintType, varint("123456789012345678901234567890"), "-123456789012345678901234567890"},
		{DecimalType, dec("1.50"), "-1.50"},
		{FloatType, FloatValue(2.5), "-2.5"},
		{DoubleType, DoubleValue(0), "-0"},
	}
	for _, c := range cases {
		if got := c.typ.Format(Negate(c.typ, c.v)); got != c.want {
			t.Errorf("-%s = %s, want %s", c.typ.Format(c.v), got, c.want)
		}
	}
	// Negating a non-number goes to the engine's function resolution.
	_, err := TextType.Assign(&cql.Negate{Expr: str("a")}, "t", testEnv{})
	if err == nil || err.Message != "cannot evaluate -'a' for t" {
		t.Errorf("-'a': %v", err)
	}
}

func TestHintWithCollectionType(t *testing.T) {
	h := &cql.TypeHint{Type: &cql.TypeRef{Name: "list", Params: []*cql.TypeRef{{Name: "text"}}}, Expr: list(num("1"))}
	_, err := ListOf(IntType, false).Assign(h, "l", nil)
	if err == nil || err.Message != "Cannot cast value [1] to type list<text>" {
		t.Errorf("(list<text>)[1]: %v", err)
	}
	h.Expr = list(str("a"))
	_, err = ListOf(IntType, false).Assign(h, "l", nil)
	if err == nil || err.Message != "Cannot assign value (list<text>)['a'] to l of type list<int>" {
		t.Errorf("(list<text>)['a']: %v", err)
	}
}

func TestSimpleAndDuration(t *testing.T) {
	for k := Ascii; k <= Varint; k++ {
		if s := Simple(k); s == nil || s.Kind != k || s.String() != k.String() {
			t.Errorf("Simple(%v) = %v", k, s)
		}
	}
	if Simple(List) != nil || Kind(0).String() != "kind(0)" {
		t.Error("Simple(List) must be nil")
	}
	if !SetOf(TupleOf(IntType, DurationType), true).ReferencesDuration() || ListOf(IntType, false).ReferencesDuration() {
		t.Error("ReferencesDuration")
	}
}
